/* cuda_jit ("shared_carveout=N"), Numba's shared_memory_carveout: on the
   GPU libcudajit sets the kernel's preferred share of shared memory when
   it loads it, which CUDAJIT_VERBOSE says; the CPU backend, which has no
   such split, ignores it.  Either way the kernels, which sum a block's
   values in shared memory, compute what plain C does.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-set-target-env-var CUDAJIT_VERBOSE "1" } */

#include <cudajit.h>
#include <stdio.h>

#define BLOCKS 8
#define THREADS 128
#define VALUE(i) ((int) ((i) * 37 % 101) - 50)

#define BLOCK_SUMS(name, carveout)                                            \
  __attribute__ ((cuda_jit ("shared_carveout=" carveout))) void name (        \
      int sums[BLOCKS])                                                       \
  {                                                                           \
    static __attribute__ ((cuda_shared)) int values[THREADS];                 \
    values[threadIdx.x] = VALUE (cuda_grid_x ());                             \
    cuda_syncthreads ();                                                      \
    for (unsigned int half = THREADS / 2; half > 0; half /= 2)                \
      {                                                                       \
        if (threadIdx.x < half)                                               \
          values[threadIdx.x] += values[threadIdx.x + half];                  \
        cuda_syncthreads ();                                                  \
      }                                                                       \
    if (threadIdx.x == 0)                                                     \
      sums[blockIdx.x] = values[0];                                           \
  }
BLOCK_SUMS (most_shared, "MaxShared")
BLOCK_SUMS (quarter_shared, "25")
BLOCK_SUMS (driver_default, "default")

static int
check (const char *what, const int sums[BLOCKS])
{
  int errors = 0;
  for (int b = 0; b < BLOCKS; b++)
    {
      int want = 0;
      for (int i = b * THREADS; i < (b + 1) * THREADS; i++)
        want += VALUE (i);
      if (sums[b] != want && errors++ < 5)
        printf ("%s: block %d: %d, not %d\n", what, b, sums[b], want);
    }
  return errors;
}

int
main (void)
{
  int sums[BLOCKS];
  int errors = 0;

  cuda_launch (most_shared, BLOCKS, THREADS) (sums);
  errors += check ("MaxShared", sums);
  cuda_launch (quarter_shared, BLOCKS, THREADS) (sums);
  errors += check ("25", sums);
  cuda_launch (driver_default, BLOCKS, THREADS) (sums);
  errors += check ("default", sums);
  printf ("shared carveout: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "kernel 'most_shared' at \[^\n\]*run-shared-carveout.c:\[0-9\]+: shared_carveout=100 set\n.*kernel 'quarter_shared' at \[^\n\]*: shared_carveout=25 set\n.*" { target cuda_gpu } } */
/* { dg-output "shared carveout: 0 errors" } */
/* { dg-cudajit-levels all } */
