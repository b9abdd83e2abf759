/* cuda_atomic_add_block and cuda_atomic_add_system, CUDA's
   atomicAdd_block and atomicAdd_system: each block sums its threads'
   values in shared memory at the block's scope, and every thread adds to
   totals in global memory at the system's, on each type of int and
   wider, against the sums computed in plain C.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */

#include <cudajit.h>
#include <stdio.h>

#define BLOCKS 16
#define THREADS 128
/* Small integers, whose sums every type holds exactly.  */
#define VALUE(i) ((int) ((i) * 37 % 101) - 50)

/* The types and their totals' format.  */
#define TYPES(T)                                                              \
  T (int, i) T (unsigned, u) T (long, l) T (unsigned long, ul)                \
  T (long long, ll) T (unsigned long long, ull) T (float, f) T (double, d)

#define FIELD(type, t) type t;
struct sums
{
  TYPES (FIELD)
};

#define ZERO(type, t) shared->t = 0;
#define BLOCK_ADD(type, t) cuda_atomic_add_block (&shared->t, (type) v);
#define SYSTEM_ADD(type, t) cuda_atomic_add_system (&total->t, (type) v);
#define BLOCK_OUT(type, t) block[blockIdx.x].t = shared->t;

__attribute__ ((cuda_jit)) void
kernel (struct sums block[BLOCKS], struct sums total[1])
{
  static __attribute__ ((cuda_shared)) struct sums shared_sums[1];
  struct sums *shared = shared_sums;
  if (threadIdx.x == 0)
    {
      TYPES (ZERO)
    }
  cuda_syncthreads ();
  int v = VALUE (cuda_grid_x ());
  TYPES (BLOCK_ADD)
  TYPES (SYSTEM_ADD)
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    {
      TYPES (BLOCK_OUT)
    }
}

/* The prelude's, which NVRTC compiles with CUDA's atomicAdd_block and
   atomicAdd_system.  */
/* { dg-final { scan-cuda "cudajit_atomic_add_block_float \\(" } } */
/* { dg-final { scan-cuda "cudajit_atomic_add_system_ull \\(" } } */

#define WANT_ADD(type, t) want.t += (type) VALUE (i);
#define CHECK(type, t)                                                        \
  if (got->t != want.t && errors++ < 10)                                      \
    printf ("%s %s: %.17g, not %.17g\n", what, #type, (double) got->t,        \
            (double) want.t);

int
main (void)
{
  static struct sums block[BLOCKS], total[1];
  struct sums all = { 0 };
  int errors = 0;

  cuda_launch (kernel, BLOCKS, THREADS) (block, total);
  for (int b = 0; b < BLOCKS; b++)
    {
      struct sums want = { 0 }, *got = &block[b];
      const char *what = "block";
      for (int i = b * THREADS; i < (b + 1) * THREADS; i++)
        {
          TYPES (WANT_ADD)
        }
      TYPES (CHECK)
    }
  {
    struct sums want = all, *got = total;
    const char *what = "total";
    for (int i = 0; i < BLOCKS * THREADS; i++)
      {
        TYPES (WANT_ADD)
      }
    TYPES (CHECK)
  }
  printf ("atomic scopes: %d errors\n", errors);
  return errors != 0;
}
/* { dg-cudajit-levels all } */
