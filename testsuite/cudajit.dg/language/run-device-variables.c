/* Device variables, CUDA's __device__ variables: a scalar without an
   initializer that kernels count in with atomics, launch after launch; an
   initialized array that a device function reads, then changed by
   cuda_copy_to_symbol; a structure; one that a kernel writes and
   another reads; and the _async copies on a stream.  Each is checked
   against plain C; on a GPU they live in the module's memory.  */
/* { dg-do run } */
/* { dg-final { scan-cuda "__device__ unsigned int counted;" } } */
/* { dg-final { scan-cuda "__device__ float scales\\\[4\\\] = .0x0\\.8p\\+1f, " } } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 1000,
  SCALES = 4
};

struct shift
{
  int offset;
  float factor;
};

static __attribute__ ((cuda_device)) unsigned int counted;
__attribute__ ((cuda_device)) float scales[SCALES] = { 1, 2, 3, 4 };
static __attribute__ ((cuda_device)) struct shift shift = { 3, 0.5f };
static __attribute__ ((cuda_device)) int largest;

static float
scaled (int i, float x)
{
  return x * scales[i % SCALES];
}

/* Counts the positive elements of IN, into COUNTED.  */
__attribute__ ((cuda_jit)) void
count_positive (int n, const float in[n])
{
  int i = cuda_grid_x ();
  if (i < n && in[i] > 0)
    cuda_atomic_add (&counted, 1u);
}

__attribute__ ((cuda_jit)) void
transform (int n, const float in[n], float out[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] = scaled (i, in[i]) * shift.factor + shift.offset;
}

__attribute__ ((cuda_jit)) void
find_largest (int n, const int in[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    cuda_atomic_max (&largest, in[i]);
}

/* What find_largest left, read by another kernel.  */
__attribute__ ((cuda_jit)) void
subtract_largest (int n, int out[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    out[i] -= largest;
}

int
main (void)
{
  static float in[N], out[N];
  static int values[N], differences[N];
  int errors = 0;
  unsigned int positive = 0, got = 0;
  int most = -1000000;

  for (int i = 0; i < N; i++)
    {
      in[i] = (i * 37 % 101) - 50;
      positive += in[i] > 0;
      values[i] = (i * 7919) % 1009 - 500;
      most = values[i] > most ? values[i] : most;
    }

  /* The count goes on from launch to launch.  */
  cuda_launch (count_positive, (N + 127) / 128, 128) (N, in);
  cuda_launch (count_positive, (N + 127) / 128, 128) (N, in);
  cuda_copy_from_symbol (&got, counted, sizeof counted);
  errors += got != 2 * positive;
  unsigned int zero = 0;
  cuda_copy_to_symbol (counted, &zero, sizeof zero);
  cuda_launch (count_positive, (N + 127) / 128, 128) (N, in);
  cuda_copy_from_symbol (&got, counted, sizeof got);
  errors += got != positive;

  float initial[SCALES] = { 1, 2, 3, 4 }, changed[SCALES] = { -1, 0.25f, 8 };
  struct shift host_shift = { 3, 0.5f };
  cuda_launch (transform, (N + 127) / 128, 128) (N, in, out);
  for (int i = 0; i < N; i++)
    errors += out[i]
              != in[i] * initial[i % SCALES] * host_shift.factor
                     + host_shift.offset;

  /* Part of the array, and the structure, on a stream.  */
  cuda_stream_t stream = cuda_stream ();
  host_shift.offset = -7;
  host_shift.factor = 2;
  cuda_copy_to_symbol_async (scales, changed, 3 * sizeof (float), stream);
  cuda_copy_to_symbol_async (shift, &host_shift, sizeof host_shift, stream);
  cuda_stream_synchronize (stream);
  changed[3] = initial[3];
  cuda_launch (transform, (N + 127) / 128, 128) (N, in, out);
  for (int i = 0; i < N; i++)
    errors += out[i]
              != in[i] * changed[i % SCALES] * host_shift.factor
                     + host_shift.offset;
  float read_back[SCALES];
  cuda_copy_from_symbol_async (read_back, scales, sizeof read_back, stream);
  cuda_stream_synchronize (stream);
  for (int i = 0; i < SCALES; i++)
    errors += read_back[i] != changed[i];
  cuda_stream_destroy (stream);

  int start = -1000000;
  cuda_copy_to_symbol (largest, &start, sizeof start);
  cuda_launch (find_largest, (N + 127) / 128, 128) (N, values);
  for (int i = 0; i < N; i++)
    differences[i] = values[i];
  cuda_launch (subtract_largest, (N + 127) / 128, 128) (N, differences);
  for (int i = 0; i < N; i++)
    errors += differences[i] != values[i] - most;

  if (errors)
    printf ("%d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
