/* numba.cuda's cg.this_grid ().sync (): cuda_grid_sync, a barrier of the
   whole grid.  Each round, every thread writes its element, waits for the
   grid, then reads the element that a thread of the next block wrote,
   which a block barrier alone would not order; directly in the kernel,
   through a device function, with small blocks, blocks of one thread,
   and a 2D grid.  Checked against the same rounds in plain C.  A grid larger than the
   device holds at once is an error at the launch, with CUDAJIT_ERRORS=
   return, that names the kernel and the launch, not a hang.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  THREADS = 64,
  BLOCKS = 4,
  N = THREADS * BLOCKS,
  ROUNDS = 5
};

/* Round R of element I, from what the grid had after round R - 1.  */
static long
step (long mine, long next, int round)
{
  return mine * 3 + next + round;
}

/* Element I reads element I + AHEAD, of another block.  */
__attribute__ ((cuda_jit)) void
rounds (long n, long ahead, long *a, long *scratch)
{
  long i = cuda_grid_x ();

  for (int round = 0; round < ROUNDS; round++)
    {
      scratch[i] = a[i];
      cuda_grid_sync ();
      a[i] = step (scratch[i], scratch[(i + ahead) % n], round);
      cuda_grid_sync ();
    }
}

/* The same through a device function, defined before the kernel.  */
static void
publish_and_wait (long *scratch, long i, long value)
{
  scratch[i] = value;
  cuda_grid_sync ();
}

__attribute__ ((cuda_jit)) void
rounds_via_device (long n, long *a, long *scratch)
{
  long i = cuda_grid_x ();

  for (int round = 0; round < ROUNDS; round++)
    {
      publish_and_wait (scratch, i, a[i]);
      a[i] = step (scratch[i], scratch[(i + THREADS) % n], round);
      cuda_grid_sync ();
    }
}

/* A 2D grid of 2D blocks: each thread sums the row of the grid written
   by all the blocks of that row.  */
__attribute__ ((cuda_jit)) void
row_sums (long width, long *a, long *sums)
{
  long x = cuda_grid_x (), y = cuda_grid_y ();

  a[y * width + x] = y * 100 + x;
  cuda_grid_sync ();
  long sum = 0;
  for (long k = 0; k < width; k++)
    sum += a[y * width + k];
  sums[y * width + x] = sum;
}

/* Each block sums its part of A in shared memory, at cuda_syncthreads;
   after the grid's barrier every thread sums the blocks' sums.  On the
   CPU backend, every block of the grid has shared memory of its own.  */
__attribute__ ((cuda_jit)) void
total (const long *a, long *block_sums, long *totals)
{
  static __attribute__ ((cuda_shared)) long part[THREADS];
  long i = cuda_grid_x ();

  part[threadIdx.x] = a[i];
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    {
      long sum = 0;
      for (int t = 0; t < THREADS; t++)
        sum += part[t];
      block_sums[blockIdx.x] = sum;
    }
  cuda_grid_sync ();
  long sum = 0;
  for (unsigned int b = 0; b < gridDim.x; b++)
    sum += block_sums[b];
  totals[i] = sum + part[(threadIdx.x + 1) % THREADS];
}

static void
expect (long *got, const char *what, int *errors)
{
  static long want[N], scratch[N];

  for (int i = 0; i < N; i++)
    want[i] = i * 7 % 13;
  for (int round = 0; round < ROUNDS; round++)
    {
      memcpy (scratch, want, sizeof want);
      for (int i = 0; i < N; i++)
        want[i] = step (scratch[i], scratch[(i + THREADS) % N], round);
    }
  for (int i = 0; i < N; i++)
    if (got[i] != want[i])
      {
        printf ("%s: a[%d] = %ld, not %ld\n", what, i, got[i], want[i]);
        (*errors)++;
        return;
      }
}

static void
start (long *host, long *a)
{
  for (int i = 0; i < N; i++)
    host[i] = i * 7 % 13;
  cuda_copy_to_device (a, host, N * sizeof *host);
}

int
main (void)
{
  static long host[N];
  long *a = cuda_device_array (N * sizeof (long));
  long *scratch = cuda_device_array (N * sizeof (long));
  int errors = 0;

  start (host, a);
  cuda_launch (rounds, BLOCKS, THREADS) (N, THREADS, a, scratch);
  cuda_copy_to_host (host, a, sizeof host);
  expect (host, "rounds", &errors);

  start (host, a);
  cuda_launch (rounds_via_device, BLOCKS, THREADS) (N, a, scratch);
  cuda_copy_to_host (host, a, sizeof host);
  expect (host, "rounds_via_device", &errors);

  /* Small blocks: THREADS ahead is several blocks ahead.  Of 8 threads,
     32 blocks, which any device holds at once.  */
  start (host, a);
  cuda_launch (rounds, N / 8, 8) (N, THREADS, a, scratch);
  cuda_copy_to_host (host, a, sizeof host);
  expect (host, "blocks of 8 threads", &errors);

  /* Blocks of one thread, a grid of 16, each reading 3 blocks ahead.  */
  enum
  {
    FEW = 16
  };
  static long few[FEW], want_few[FEW];
  long *dfew = cuda_device_array (sizeof few);
  for (int i = 0; i < FEW; i++)
    few[i] = want_few[i] = i * 5 % 7;
  for (int round = 0; round < ROUNDS; round++)
    {
      long before[FEW];
      memcpy (before, want_few, sizeof before);
      for (int i = 0; i < FEW; i++)
        want_few[i] = step (before[i], before[(i + 3) % FEW], round);
    }
  cuda_copy_to_device (dfew, few, sizeof few);
  cuda_launch (rounds, FEW, 1) (FEW, 3, dfew, scratch);
  cuda_copy_to_host (few, dfew, sizeof few);
  for (int i = 0; i < FEW; i++)
    if (few[i] != want_few[i])
      {
        printf ("blocks of one thread: a[%d] = %ld, not %ld\n", i, few[i],
                want_few[i]);
        errors++;
        break;
      }
  cuda_free (dfew);

  /* 4 x 2 blocks of 8 x 4 threads: rows of 32, 8 of them.  */
  enum
  {
    WIDTH = 32,
    HEIGHT = 8
  };
  static long sums[WIDTH * HEIGHT];
  long *dsums = cuda_device_array (sizeof sums);
  cuda_launch (row_sums, cuda_dim3 (4, 2), cuda_dim3 (8, 4)) (WIDTH, a, dsums);
  cuda_copy_to_host (sums, dsums, sizeof sums);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      if (sums[y * WIDTH + x] != y * 100L * WIDTH + WIDTH * (WIDTH - 1) / 2)
        {
          printf ("row_sums: sums[%d][%d] = %ld\n", y, x, sums[y * WIDTH + x]);
          errors++;
          y = HEIGHT;
          break;
        }
  start (host, a);
  long *block_sums = cuda_device_array (BLOCKS * sizeof (long));
  cuda_launch (total, BLOCKS, THREADS) (a, block_sums, scratch);
  static long totals[N];
  cuda_copy_to_host (totals, scratch, sizeof totals);
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += host[i];
  for (int i = 0; i < N; i++)
    {
      int b = i / THREADS, next = b * THREADS + (i % THREADS + 1) % THREADS;
      if (totals[i] != sum + host[next])
        {
          printf ("total: totals[%d] = %ld, not %ld\n", i, totals[i],
                  sum + host[next]);
          errors++;
          break;
        }
    }
  cuda_free (block_sums);
  errors += cuda_last_error () != NULL;

  /* More blocks than any device holds at once: a launch that does
     nothing, and an error.  */
  int line = __LINE__ + 1;
  cuda_launch (rounds, 1 << 24, 1024) (N, THREADS, a, scratch);
  const char *error = cuda_last_error ();
  char wanted[256];
  snprintf (wanted, sizeof wanted,
            "kernel 'rounds' launched at %s:%d: grid (16777216, 1, 1) of "
            "16777216 blocks of 1024 threads waits at cuda_grid_sync",
            __FILE__, line);
  printf ("error: %s\n", error ? error : "(none)");
  errors += !error || !strstr (error, wanted);

  /* The barrier is left as it was for the launches after.  */
  start (host, a);
  cuda_launch (rounds, BLOCKS, THREADS) (N, THREADS, a, scratch);
  cuda_copy_to_host (host, a, sizeof host);
  expect (host, "rounds after the error", &errors);
  errors += cuda_last_error () != NULL;

  cuda_free (a);
  cuda_free (scratch);
  cuda_free (dsums);
  printf ("grid sync: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "error: kernel 'rounds' launched at \[^\n\]*run-grid-sync.c:\[0-9\]+: grid \\(16777216, 1, 1\\) of 16777216 blocks of 1024 threads waits at cuda_grid_sync, where all its blocks must be resident at once, but at most \[0-9\]+ fit: \[0-9\]+ on each of \[0-9\]+ multiprocessors\n" } */
/* { dg-output "grid sync: 0 errors" } */
/* { dg-cudajit-levels all } */
