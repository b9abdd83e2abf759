/* SPDX-License-Identifier: MIT */
/* The benchmark suite of issue 15, cudajit's side: the seeds' kernels and
   the benchmark kernels, each timed as bench/suite-nvcc.cu (CUDA C built
   with nvcc) and bench/suite-numba.py (Numba) time theirs: a warm-up run,
   then the best of REPEATS runs, each timed by the clock from a
   synchronized start to cuda_synchronize after it.  Each result is checked
   against the host's; each measure is one JSON line:
     {"bench": NAME, "impl": "cudajit", "ms": T, "bytes": B, "ok": true}
   with "bytes" (the memory that the kernel reads and writes) or "flops"
   where they tell a rate.  "copy", a kernel that copies device memory to
   device memory, is the bandwidth that bench/bench-table.py measures the
   others against.  On the CPU backend each also runs as the same loop in
   plain C on one thread ("c") and with OpenMP ("openmp").

     bench/suite [--scale N] [--repeats N] [--first-launch LABEL]

   --scale N (or $BENCH_SCALE) divides the sizes by N (the sides of the
   square ones by its square root); on the CPU backend N is CPU_SCALE
   unless given.  --first-launch LABEL only times the
   first launch of a kernel in this process, as bench "first launch
   (LABEL)": bench/bench.sh runs it with an empty and then a warm kernel
   cache.  */

#include <cudajit.h>
#include <cudajit-random.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
  BLOCK = 256,
  STRIDE_BLOCKS = 1024,
  TILE = 32,
  BLOCK_ROWS = 8,
  MM_TILE = 16,
  BINS = 256,
  PI_ITERATIONS = 10000,
  LAUNCHES = 10000,
  /* Launches between synchronizations, which keep the launch queue short:
     a full one makes each launch wait for the GPU (bench/launch-cost.c).  */
  LAUNCH_BATCH = 1000,
  MATMUL_SAMPLES = 997,
  GPU_REPEATS = 10,
  CPU_REPEATS = 3,
  /* The CPU backend's sizes, unless told: the suite then takes a minute
     or so on two cores.  */
  CPU_SCALE = 16,
  FIRST_LAUNCH_N = 1 << 20
};

static const float SQRT_2PI = 2.5066282746310002f;
static const float PDF_MEAN = 0.0f, PDF_SIGMA = 1.0f;
static const double PI_TOLERANCE = 0.01;

/* The kernels.  */

__attribute__ ((cuda_jit)) void
copy_kernel (long n, const float *x, float *out)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = x[i];
}

/* Seed 001's.  The extents let it take host arrays too, which the launch
   copies to the GPU and back.  */
__attribute__ ((cuda_jit)) void
double_kernel (long n, const double input[n], double output[n])
{
  long i = cuda_grid_x ();
  if (i < n)
    output[i] = input[i] * 2;
}

__attribute__ ((cuda_jit)) void
add_stride (long n, const float *x, const float *y, float *out)
{
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    out[i] = x[i] + y[i];
}

/* Seed 002's.  */
static float
gaussian_pdf (float x, float mean, float sigma)
{
  float z = (x - mean) / sigma;
  return expf (-0.5f * z * z) / (sigma * SQRT_2PI);
}

__attribute__ ((cuda_jit)) void
gaussian_kernel (long n, const float *x, float *out, float mean, float sigma)
{
  long i = cuda_grid_x ();
  if (i < n)
    out[i] = gaussian_pdf (x[i], mean, sigma);
}

__attribute__ ((cuda_jit)) void
transpose (int side, const float *in, float *out)
{
  long x = cuda_grid_x (), y = cuda_grid_y ();
  if (x < side && y < side)
    out[x * side + y] = in[y * side + x];
}

__attribute__ ((cuda_jit)) void
tile_transpose (int side, const float *in, float *out)
{
  static __attribute__ ((cuda_shared)) float tile[TILE][TILE + 1];
  long x = blockIdx.x * TILE + threadIdx.x;
  long y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * side + x];
  cuda_syncthreads ();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    out[(y + j) * side + x] = tile[threadIdx.x][threadIdx.y + j];
}

static double
sum (double a, double b)
{
  return a + b;
}

__attribute__ ((cuda_jit)) void
matmul (int side, const float *a, const float *b, float *c)
{
  static __attribute__ ((cuda_shared)) float sa[MM_TILE][MM_TILE];
  static __attribute__ ((cuda_shared)) float sb[MM_TILE][MM_TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  long col = cuda_grid_x (), row = cuda_grid_y ();
  float acc = 0;
  for (int t = 0; t < side; t += MM_TILE)
    {
      sa[ty][tx] = a[row * side + t + tx];
      sb[ty][tx] = b[(t + ty) * side + col];
      cuda_syncthreads ();
      for (int k = 0; k < MM_TILE; k++)
        acc += sa[ty][k] * sb[k][tx];
      cuda_syncthreads ();
    }
  c[row * side + col] = acc;
}

/* Each block counts in its shared memory, then adds its counts to the
   grid's.  */
__attribute__ ((cuda_jit)) void
histogram (long n, const unsigned char *values, unsigned int *bins)
{
  static __attribute__ ((cuda_shared)) unsigned int local[BINS];
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  cuda_syncthreads ();
  for (long i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
    cuda_atomic_add (&local[values[i]], 1u);
  cuda_syncthreads ();
  for (unsigned int b = threadIdx.x; b < BINS; b += blockDim.x)
    cuda_atomic_add (&bins[b], local[b]);
}

/* Seed 003's.  */
__attribute__ ((cuda_jit)) void
compute_pi (cuda_xoroshiro128p_state_t *rng_states, int iterations, float *out)
{
  long tid = cuda_grid_x ();
  int inside = 0;
  for (int i = 0; i < iterations; i++)
    {
      float x = cuda_xoroshiro128p_uniform_float32 (rng_states, tid);
      float y = cuda_xoroshiro128p_uniform_float32 (rng_states, tid);
      if (x * x + y * y <= 1.0f)
        inside++;
    }
  out[tid] = 4.0f * inside / iterations;
}

__attribute__ ((cuda_jit)) void
tiny (int *out)
{
  out[threadIdx.x] = threadIdx.x;
}

/* The data, made once.  */

static long n, m, reduce_n, pi_threads;
static int side, mm_side;
static float *x, *y, *out, *c_out, *d_x, *d_y, *d_out;
static double *in_doubles, *out_doubles, *d_in_doubles, *d_out_doubles;
static double *reduce_host, *d_reduce, reduce_expected, reduce_result;
static float *square, *d_square, *d_square_out, *square_out;
static float *mm_a, *mm_b, *mm_c, *d_mm_a, *d_mm_b, *d_mm_c;
static unsigned char *values, *d_values;
static unsigned int *d_bins, bins[BINS], expected_bins[BINS];
static cuda_xoroshiro128p_state_t *d_states, *c_states;
static float *d_pi, *c_pi;
static int *d_small;
/* What each moves or computes.  */
static double copy_bytes, double_bytes, add_bytes, pdf_bytes, square_bytes,
    reduce_bytes, mm_flops, hist_bytes;

static void *
allocate (size_t bytes)
{
  void *p = malloc (bytes);
  if (!p)
    {
      fprintf (stderr, "suite: out of memory\n");
      exit (1);
    }
  return p;
}

/* SIDE divided by the square root of SCALE, a multiple of MULTIPLE.  */
static int
scaled_side (int full, long scale, int multiple)
{
  int s = full / (int) sqrt ((double) scale) / multiple * multiple;
  return s < multiple ? multiple : s;
}

static void
make_data (long scale)
{
  n = (64L << 20) / scale;
  m = 30000000L / scale;
  reduce_n = (64L << 20) / scale;
  side = scaled_side (8192, scale, TILE);
  mm_side = scaled_side (4096, scale, MM_TILE);
  pi_threads = (262144L / scale + BLOCK - 1) / BLOCK * BLOCK;

  x = allocate (n * sizeof *x);
  y = allocate (n * sizeof *y);
  out = allocate (n * sizeof *out);
  c_out = allocate (n * sizeof *c_out);
  for (long i = 0; i < n; i++)
    {
      x[i] = (i % 6001) / 1000.0f - 3;
      y[i] = (i % 77) * 0.5f;
    }
  d_x = cuda_to_device (x, n * sizeof *x);
  d_y = cuda_to_device (y, n * sizeof *y);
  d_out = cuda_device_array (n * sizeof *out);

  in_doubles = allocate (m * sizeof *in_doubles);
  out_doubles = allocate (m * sizeof *out_doubles);
  for (long i = 0; i < m; i++)
    in_doubles[i] = (i % 1000) * 0.125;
  d_in_doubles = cuda_to_device (in_doubles, m * sizeof *in_doubles);
  d_out_doubles = cuda_device_array (m * sizeof *out_doubles);

  reduce_host = allocate (reduce_n * sizeof *reduce_host);
  reduce_expected = 0;
  for (long i = 0; i < reduce_n; i++)
    reduce_expected += reduce_host[i] = i & 1023;
  d_reduce = cuda_to_device (reduce_host, reduce_n * sizeof *reduce_host);

  long cells = (long) side * side;
  square = allocate (cells * sizeof *square);
  square_out = allocate (cells * sizeof *square_out);
  for (long i = 0; i < cells; i++)
    square[i] = i;
  d_square = cuda_to_device (square, cells * sizeof *square);
  d_square_out = cuda_device_array (cells * sizeof *square_out);

  /* Small integers, whose sums of products are exact in float.  */
  long mm_cells = (long) mm_side * mm_side;
  mm_a = allocate (mm_cells * sizeof *mm_a);
  mm_b = allocate (mm_cells * sizeof *mm_b);
  mm_c = allocate (mm_cells * sizeof *mm_c);
  for (long i = 0; i < mm_cells; i++)
    {
      mm_a[i] = i % 5;
      mm_b[i] = i % 3 - 1.0f;
    }
  d_mm_a = cuda_to_device (mm_a, mm_cells * sizeof *mm_a);
  d_mm_b = cuda_to_device (mm_b, mm_cells * sizeof *mm_b);
  d_mm_c = cuda_device_array (mm_cells * sizeof *mm_c);

  values = allocate (n);
  memset (expected_bins, 0, sizeof expected_bins);
  for (long i = 0; i < n; i++)
    expected_bins[values[i] = (i * 2654435761u) >> 7]++;
  d_values = cuda_to_device (values, n);
  d_bins = cuda_device_array (sizeof bins);

  d_states = cuda_create_xoroshiro128p_states (pi_threads, 1);
  d_pi = cuda_device_array (pi_threads * sizeof *d_pi);
  c_states = allocate (pi_threads * sizeof *c_states);
  c_pi = allocate (pi_threads * sizeof *c_pi);
  d_small = cuda_device_array (BLOCK * sizeof *d_small);

  copy_bytes = 2.0 * n * sizeof (float);
  double_bytes = 2.0 * m * sizeof (double);
  add_bytes = 3.0 * n * sizeof (float);
  pdf_bytes = copy_bytes;
  square_bytes = 2.0 * cells * sizeof (float);
  reduce_bytes = (double) reduce_n * sizeof (double);
  mm_flops = 2.0 * mm_side * mm_side * (double) mm_side;
  hist_bytes = n;
}

/* Each benchmark's kernel, and on the CPU backend its C loop and the same
   loop with OpenMP.  */

#define C_AND_OPENMP(name, loop)                                              \
  static void c_##name (void) { loop }                                        \
  static void openmp_##name (void) { _Pragma ("omp parallel for") loop }

static long
blocks_for (long count)
{
  return (count + BLOCK - 1) / BLOCK;
}

static void
kernel_copy (void)
{
  cuda_launch (copy_kernel, blocks_for (n), BLOCK) (n, d_x, d_out);
}
C_AND_OPENMP (copy, for (long i = 0; i < n; i++) c_out[i] = x[i];)

static void
kernel_double (void)
{
  cuda_launch (double_kernel, blocks_for (m), BLOCK) (m, d_in_doubles,
                                                      d_out_doubles);
}
C_AND_OPENMP (double,
              for (long i = 0; i < m; i++) out_doubles[i] = in_doubles[i] * 2;)

static void
kernel_add_stride (void)
{
  cuda_launch (add_stride, STRIDE_BLOCKS, BLOCK) (n, d_x, d_y, d_out);
}
C_AND_OPENMP (add_stride, for (long i = 0; i < n; i++) c_out[i] = x[i] + y[i];)

static void
kernel_gaussian (void)
{
  cuda_launch (gaussian_kernel, blocks_for (n), BLOCK) (n, d_x, d_out,
                                                        PDF_MEAN, PDF_SIGMA);
}
C_AND_OPENMP (gaussian, for (long i = 0; i < n; i++) c_out[i]
                        = gaussian_pdf (x[i], PDF_MEAN, PDF_SIGMA);)

static void
kernel_transpose (void)
{
  cuda_launch (transpose, cuda_dim3 (side / TILE, side / BLOCK_ROWS),
               cuda_dim3 (TILE, BLOCK_ROWS)) (side, d_square, d_square_out);
}
C_AND_OPENMP (transpose,
              for (long r = 0; r < side; r++) for (long c = 0; c < side; c++)
                  square_out[c * side + r]
              = square[r * side + c];)

static void
kernel_tile_transpose (void)
{
  cuda_launch (tile_transpose, cuda_dim3 (side / TILE, side / TILE),
               cuda_dim3 (TILE, BLOCK_ROWS)) (side, d_square, d_square_out);
}

static void
kernel_reduce (void)
{
  reduce_result = cuda_reduce (sum, d_reduce, reduce_n);
}
static void
c_reduce (void)
{
  double s = 0;
  for (long i = 0; i < reduce_n; i++)
    s += reduce_host[i];
  reduce_result = s;
}
static void
openmp_reduce (void)
{
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < reduce_n; i++)
    s += reduce_host[i];
  reduce_result = s;
}

static void
kernel_matmul (void)
{
  cuda_launch (matmul, cuda_dim3 (mm_side / MM_TILE, mm_side / MM_TILE),
               cuda_dim3 (MM_TILE, MM_TILE)) (mm_side, d_mm_a, d_mm_b, d_mm_c);
}
/* The loop in the order that reads B's rows, as C programmers write it.  */
C_AND_OPENMP (
    matmul, for (long r = 0; r < mm_side; r++) {
      float *row = mm_c + r * mm_side;
      memset (row, 0, mm_side * sizeof *row);
      for (long k = 0; k < mm_side; k++)
        {
          float a = mm_a[r * mm_side + k];
          for (long c = 0; c < mm_side; c++)
            row[c] += a * mm_b[k * mm_side + c];
        }
    })

static void
kernel_histogram (void)
{
  cuda_launch (histogram, STRIDE_BLOCKS, BLOCK) (n, d_values, d_bins);
}
static void
c_histogram (void)
{
  for (long i = 0; i < n; i++)
    bins[values[i]]++;
}
static void
openmp_histogram (void)
{
#pragma omp parallel for reduction(+ : bins[:BINS])
  for (long i = 0; i < n; i++)
    bins[values[i]]++;
}

static void
kernel_pi (void)
{
  cuda_launch (compute_pi, pi_threads / BLOCK, BLOCK) (d_states, PI_ITERATIONS,
                                                       d_pi);
}
/* Each thread's loop, in turn, on the same states.  */
C_AND_OPENMP (
    pi_loop, for (long t = 0; t < pi_threads; t++) {
      int inside = 0;
      for (int i = 0; i < PI_ITERATIONS; i++)
        {
          float px = cuda_xoroshiro128p_uniform_float32 (c_states, t);
          float py = cuda_xoroshiro128p_uniform_float32 (c_states, t);
          if (px * px + py * py <= 1.0f)
            inside++;
        }
      c_pi[t] = 4.0f * inside / PI_ITERATIONS;
    })

static void
kernel_launch (void)
{
  for (int i = 0; i < LAUNCHES; i++)
    {
      cuda_launch (tiny, 1, 32) (d_small);
      if ((i + 1) % LAUNCH_BATCH == 0)
        cuda_synchronize ();
    }
}

/* The seed's way: host arrays, which the launch copies to the GPU and
   back.  */
static void
kernel_host_double (void)
{
  cuda_launch (double_kernel, blocks_for (m), BLOCK) (m, in_doubles,
                                                      out_doubles);
}

/* What runs before each run, outside its time.  */

static void
clear_bins (void)
{
  memset (bins, 0, sizeof bins);
  cuda_copy_to_device (d_bins, bins, sizeof bins);
}

static void
copy_states (void)
{
  cuda_copy_to_host (c_states, d_states, pi_threads * sizeof *c_states);
}

static void
clear_doubles (void)
{
  memset (out_doubles, 0, m * sizeof *out_doubles);
}

/* Whether the kernel computed what it should.  */

static int
check_floats (const float *expected, long count)
{
  cuda_copy_to_host (out, d_out, count * sizeof *out);
  return memcmp (out, expected, count * sizeof *out) == 0;
}

static int
check_copy (void)
{
  return check_floats (x, n);
}

static int
check_doubles (const double *got)
{
  for (long i = 0; i < m; i++)
    if (got[i] != in_doubles[i] * 2)
      return 0;
  return 1;
}

static int
check_double (void)
{
  cuda_copy_to_host (out_doubles, d_out_doubles, m * sizeof *out_doubles);
  return check_doubles (out_doubles);
}

static int
check_host_double (void)
{
  return check_doubles (out_doubles);
}

static int
check_add (void)
{
  cuda_copy_to_host (out, d_out, n * sizeof *out);
  for (long i = 0; i < n; i++)
    if (out[i] != x[i] + y[i])
      return 0;
  return 1;
}

/* The GPU's expf may differ from the host's in the last bits.  */
static int
check_gaussian (void)
{
  cuda_copy_to_host (out, d_out, n * sizeof *out);
  for (long i = 0; i < n; i++)
    if (fabsf (out[i] - gaussian_pdf (x[i], PDF_MEAN, PDF_SIGMA)) > 1e-6f)
      return 0;
  return 1;
}

static int
check_transpose (void)
{
  cuda_copy_to_host (square_out, d_square_out,
                     (long) side * side * sizeof *square_out);
  for (long r = 0; r < side; r++)
    for (long c = 0; c < side; c++)
      if (square_out[c * side + r] != square[r * side + c])
        return 0;
  return 1;
}

static int
check_reduce (void)
{
  return reduce_result == reduce_expected;
}

/* Some of the elements, as computing them all would take the host
   longer than the rest of the suite.  */
static int
check_matmul (void)
{
  long cells = (long) mm_side * mm_side;
  cuda_copy_to_host (mm_c, d_mm_c, cells * sizeof *mm_c);
  for (long s = 0; s < MATMUL_SAMPLES; s++)
    {
      long cell = s * 7919 % cells, r = cell / mm_side, c = cell % mm_side;
      float expected = 0;
      for (long k = 0; k < mm_side; k++)
        expected += mm_a[r * mm_side + k] * mm_b[k * mm_side + c];
      if (mm_c[cell] != expected)
        return 0;
    }
  return 1;
}

static int
check_histogram (void)
{
  cuda_copy_to_host (bins, d_bins, sizeof bins);
  return memcmp (bins, expected_bins, sizeof bins) == 0;
}

static int
check_pi (void)
{
  cuda_copy_to_host (c_pi, d_pi, pi_threads * sizeof *c_pi);
  double mean = 0;
  for (long t = 0; t < pi_threads; t++)
    mean += c_pi[t];
  return fabs (mean / pi_threads - M_PI) < PI_TOLERANCE;
}

static int
check_launch (void)
{
  int got[32];
  cuda_copy_to_host (got, d_small, sizeof got);
  for (int i = 0; i < 32; i++)
    if (got[i] != i)
      return 0;
  return 1;
}

static const struct benchmark
{
  const char *name;
  void (*kernel) (void), (*c) (void), (*openmp) (void);
  void (*prepare) (void);
  int (*check) (void);
  /* What a run moves, or computes, and how many operations it is: the
     time printed is a run's over that.  */
  const double *bytes, *flops;
  int per_run;
} benchmarks[] = {
  { "copy", kernel_copy, c_copy, openmp_copy, NULL, check_copy, &copy_bytes,
    NULL, 1 },
  { "double", kernel_double, c_double, openmp_double, NULL, check_double,
    &double_bytes, NULL, 1 },
  { "add_stride", kernel_add_stride, c_add_stride, openmp_add_stride, NULL,
    check_add, &add_bytes, NULL, 1 },
  { "gaussian_pdf", kernel_gaussian, c_gaussian, openmp_gaussian, NULL,
    check_gaussian, &pdf_bytes, NULL, 1 },
  { "transpose", kernel_transpose, c_transpose, openmp_transpose, NULL,
    check_transpose, &square_bytes, NULL, 1 },
  /* The C loops have no shared memory to tile with.  */
  { "tile_transpose", kernel_tile_transpose, c_transpose, openmp_transpose,
    NULL, check_transpose, &square_bytes, NULL, 1 },
  { "reduce_sum", kernel_reduce, c_reduce, openmp_reduce, NULL, check_reduce,
    &reduce_bytes, NULL, 1 },
  { "matmul", kernel_matmul, c_matmul, openmp_matmul, NULL, check_matmul, NULL,
    &mm_flops, 1 },
  { "histogram", kernel_histogram, c_histogram, openmp_histogram, clear_bins,
    check_histogram, &hist_bytes, NULL, 1 },
  { "pi", kernel_pi, c_pi_loop, openmp_pi_loop, copy_states, check_pi, NULL,
    NULL, 1 },
  { "launch", kernel_launch, NULL, NULL, NULL, check_launch, NULL, NULL,
    LAUNCHES },
  { "host_double", kernel_host_double, c_double, openmp_double, clear_doubles,
    check_host_double, &double_bytes, NULL, 1 },
};

static double
now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* On the CPU backend, OpenMP's threads and the backend's look for work a
   while after each run before they sleep, on cores that the next run
   wants: each run starts after they have gone to sleep.  */
#define SETTLE_NS 5000000

/* The best of REPEATS runs of RUN after a warm-up, in ms.  */
static double
best_ms (void (*run) (void), void (*prepare) (void), int repeats, int gpu)
{
  double best = INFINITY;
  for (int r = 0; r <= repeats; r++)
    {
      if (prepare)
        prepare ();
      cuda_synchronize ();
      if (!gpu)
        nanosleep (&(struct timespec){ 0, SETTLE_NS }, NULL);
      double start = now_ms ();
      run ();
      cuda_synchronize ();
      double t = now_ms () - start;
      if (r > 0 && t < best)
        best = t;
    }
  return best;
}

static void
print_json (const char *bench, const char *impl, double ms,
            const struct benchmark *b, int ok)
{
  printf ("{\"bench\": \"%s\", \"impl\": \"%s\", \"ms\": %.6g", bench, impl,
          ms);
  if (b && b->bytes && *b->bytes > 0)
    printf (", \"bytes\": %.0f", *b->bytes);
  if (b && b->flops)
    printf (", \"flops\": %.0f", *b->flops);
  printf (", \"ok\": %s}\n", ok ? "true" : "false");
  fflush (stdout);
}

/* The first launch of a kernel in this process, compiling it or loading
   it from the cache, with its device's start left out.  */
static int
first_launch (const char *label)
{
  static double host[FIRST_LAUNCH_N], doubled[FIRST_LAUNCH_N];
  for (long i = 0; i < FIRST_LAUNCH_N; i++)
    host[i] = i;
  double *d_host = cuda_to_device (host, sizeof host);
  double *d_doubled = cuda_device_array (sizeof doubled);
  cuda_synchronize ();
  double start = now_ms ();
  cuda_launch (double_kernel, blocks_for (FIRST_LAUNCH_N),
               BLOCK) (FIRST_LAUNCH_N, d_host, d_doubled);
  cuda_synchronize ();
  double ms = now_ms () - start;
  cuda_copy_to_host (doubled, d_doubled, sizeof doubled);
  int ok = 1;
  for (long i = 0; i < FIRST_LAUNCH_N; i++)
    ok &= doubled[i] == host[i] * 2;
  char bench[64];
  snprintf (bench, sizeof bench, "first launch (%s)", label);
  print_json (bench, "cudajit", ms, NULL, ok);
  return !ok;
}

int
main (int argc, char **argv)
{
  const char *env = getenv ("BENCH_SCALE"), *first = NULL;
  int gpu = cuda_is_available ();
  long scale = env ? atol (env) : gpu ? 1 : CPU_SCALE;
  int repeats = gpu ? GPU_REPEATS : CPU_REPEATS, all_ok = 1;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--scale") == 0 && i + 1 < argc)
      scale = atol (argv[++i]);
    else if (strcmp (argv[i], "--repeats") == 0 && i + 1 < argc)
      repeats = atoi (argv[++i]);
    else if (strcmp (argv[i], "--first-launch") == 0 && i + 1 < argc)
      first = argv[++i];
    else
      {
        fprintf (stderr,
                 "usage: %s [--scale N] [--repeats N] [--first-launch "
                 "LABEL]\n",
                 argv[0]);
        return 2;
      }
  if (scale < 1 || scale > 4096 || repeats < 1)
    {
      fprintf (stderr, "suite: --scale 1 to 4096, --repeats 1 or more\n");
      return 2;
    }
  if (first)
    return first_launch (first);

  struct cuda_device_properties p = cuda_device_properties (0);
  printf ("{\"device\": \"%s\", \"impl\": \"cudajit\", \"backend\": \"%s\", "
          "\"scale\": %ld, \"repeats\": %d}\n",
          p.name, gpu ? "gpu" : "cpu", scale, repeats);
  make_data (scale);
  for (size_t i = 0; i < sizeof benchmarks / sizeof *benchmarks; i++)
    {
      const struct benchmark *b = &benchmarks[i];
      double ms = best_ms (b->kernel, b->prepare, repeats, gpu);
      int ok = b->check ();
      all_ok &= ok;
      print_json (b->name, "cudajit", ms / b->per_run, b, ok);
      if (gpu || !b->c)
        continue;
      print_json (b->name, "openmp",
                  best_ms (b->openmp, b->prepare, repeats, gpu), b, 1);
      print_json (b->name, "c", best_ms (b->c, b->prepare, repeats, gpu), b,
                  1);
    }
  return !all_ok;
}
