/* The shuffles on _Float16 and cuda_half2, CUDA's __shfl_sync and the
   rest on __half and __half2, with and without a width, against the
   lanes' values picked in plain C: the bits of the lane read, NaNs and
   negative zeros too.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wall" } */
/* { dg-require-effective-target float16 } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

#define N 256
#define THREADS 64
#define FULL 0xffffffffu
#define OUT 5

__attribute__ ((cuda_jit)) void
kernel (long n, const _Float16 a[n], const cuda_half2 b[n],
        _Float16 out[n * OUT], cuda_half2 out2[n * OUT])
{
  long i = cuda_grid_x ();
  _Float16 v = a[i];
  cuda_half2 w = b[i];
  out[i * OUT] = cuda_shfl_sync (FULL, v, (int) (i * 7 % 32));
  out[i * OUT + 1] = cuda_shfl_up_sync (FULL, v, 3);
  out[i * OUT + 2] = cuda_shfl_down_sync (FULL, v, 5, 16);
  out[i * OUT + 3] = cuda_shfl_xor_sync (FULL, v, 6);
  out[i * OUT + 4] = cuda_shfl_sync (FULL, v, 3, 8);
  out2[i * OUT] = cuda_shfl_sync (FULL, w, (int) (i * 7 % 32));
  out2[i * OUT + 1] = cuda_shfl_up_sync (FULL, w, 3);
  out2[i * OUT + 2] = cuda_shfl_down_sync (FULL, w, 5, 16);
  out2[i * OUT + 3] = cuda_shfl_xor_sync (FULL, w, 6);
  out2[i * OUT + 4] = cuda_shfl_sync (FULL, w, 3, 8);
}

/* The thread whose value thread I reads in shuffle K.  */
static int
source (int i, int k)
{
  int warp = i & ~31, lane = i & 31;
  switch (k)
    {
    case 0:
      return warp + i * 7 % 32;
    case 1:
      return lane >= 3 ? i - 3 : i;
    case 2:
      return lane % 16 + 5 < 16 ? i + 5 : i;
    case 3:
      return warp + (lane ^ 6);
    default:
      return warp + (lane & ~7) + 3;
    }
}

int
main (void)
{
  static _Float16 a[N], out[N * OUT];
  static cuda_half2 b[N], out2[N * OUT];
  int errors = 0;

  for (int i = 0; i < N; i++)
    {
      a[i] = i % 11 == 0 ? (_Float16) __builtin_nanf ("")
             : i % 13 == 0 ? -(_Float16) 0.0f
                           : (_Float16) ((i * 37 % 101 - 50) / 7.0f);
      b[i] = (cuda_half2) { (_Float16) (i * 0.25f), -a[i] };
    }
  cuda_launch (kernel, N / THREADS, THREADS) (N, a, b, out, out2);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < OUT; k++)
      {
        int from = source (i, k);
        if ((memcmp (&out[i * OUT + k], &a[from], sizeof a[0])
             || memcmp (&out2[i * OUT + k], &b[from], sizeof b[0]))
            && errors++ < 10)
          printf ("thread %d, shuffle %d: %g %g, not thread %d's %g %g\n", i,
                  k, (double) out[i * OUT + k], (double) out2[i * OUT + k][1],
                  from, (double) a[from], (double) b[from][1]);
      }
  printf ("half shuffles: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "half shuffles: 0 errors" } */
/* { dg-cudajit-levels all } */
