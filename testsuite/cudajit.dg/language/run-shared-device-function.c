/* Shared arrays declared in device functions: one block's threads share
   them whichever kernel calls the function, each block has its own, and
   they are apart from the kernel's own shared arrays.  Called from a
   kernel that the CPU backend cuts at its barriers, from one whose
   threads run as fibers because the function itself waits at
   cuda_syncthreads, and from a kernel defined before the function.  */
/* { dg-do run } */
/* { dg-final { scan-cuda "__shared__ int tile\\\[32\\\];" } } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 32,
  BLOCKS = 4,
  N = THREADS * BLOCKS
};

/* With PUT, keep V for thread T; else the value that thread T + 1
   kept.  */
static int
exchange (int put, unsigned int t, int v)
{
  static __attribute__ ((cuda_shared)) int tile[THREADS];
  if (put)
    {
      tile[t] = v;
      return 0;
    }
  return tile[(t + 1) % THREADS];
}

__attribute__ ((cuda_device)) int rotate (unsigned int t, int v);

/* Barriers in the kernel alone, and a shared array of its own.  */
__attribute__ ((cuda_jit)) void
split (const int in[N], int out[N][2])
{
  static __attribute__ ((cuda_shared)) int own[THREADS];
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  own[t] = -in[i];
  exchange (1, t, in[i] * 3);
  cuda_syncthreads ();
  out[i][0] = exchange (0, t, 0);
  out[i][1] = own[(t + 2) % THREADS];
}

/* The function that waits itself, after the other one.  */
__attribute__ ((cuda_jit)) void
waiting (const int in[N], int out[N][2])
{
  unsigned int t = threadIdx.x;
  long i = cuda_grid_x ();
  exchange (1, t, in[i] + 7);
  cuda_syncthreads ();
  out[i][0] = exchange (0, t, 0);
  out[i][1] = rotate (t, in[i] * 2);
}

/* The value of thread T - 1, through an array defined after a kernel that
   calls the function.  */
__attribute__ ((cuda_device)) int
rotate (unsigned int t, int v)
{
  static __attribute__ ((cuda_shared)) int ring[THREADS];
  ring[t] = v;
  cuda_syncthreads ();
  int previous = ring[(t + THREADS - 1) % THREADS];
  cuda_syncthreads ();
  return previous;
}

int
main (void)
{
  static int in[N], out[N][2];
  int errors = 0;

  for (int i = 0; i < N; i++)
    in[i] = i * 5 % 17 + i;

  cuda_launch (split, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    {
      int block = i / THREADS * THREADS, t = i % THREADS;
      errors += out[i][0] != in[block + (t + 1) % THREADS] * 3;
      errors += out[i][1] != -in[block + (t + 2) % THREADS];
    }

  cuda_launch (waiting, BLOCKS, THREADS) (in, out);
  for (int i = 0; i < N; i++)
    {
      int block = i / THREADS * THREADS, t = i % THREADS;
      errors += out[i][0] != in[block + (t + 1) % THREADS] + 7;
      errors += out[i][1] != in[block + (t + THREADS - 1) % THREADS] * 2;
    }

  if (errors)
    printf ("%d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
