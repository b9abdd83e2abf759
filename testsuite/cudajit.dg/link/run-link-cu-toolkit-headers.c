/* A kernel links CUDA C that includes the CUDA toolkit's own headers
   (cuda_fp16.h, cuda_bf16.h, cooperative_groups.h, mma.h, CUB and
   libcu++), which NVRTC finds in the toolkit's include directories, and
   a header of the unit's -I directory, #include <FILE>, which the plugin
   puts in its place at compile time.  On the GPU the functions of the
   toolkit compute; the CPU backend runs their C versions.  The results
   are checked against plain C, on values that no rounding changes.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_toolkit_headers } */
/* { dg-options "-O2 -I$srcdir/cudajit.dg/link/units/toolkit-include" } */
/* { dg-additional-sources "units/toolkit-headers-c.c" } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  N = 200,
  BLOCK = 64,
  TILE = 8,
  TILE_SCALE = 100
};

extern __attribute__ ((cuda_device)) float half_fma (float x, float y,
                                                     float z);
extern __attribute__ ((cuda_device)) int tile_rank (int thread);
extern __attribute__ ((cuda_device)) int larger (int x, int y);

__attribute__ ((cuda_jit ("link=units/toolkit-headers.cu"))) void
use_headers (int n, float *f, int *rank, int *big, const float *x,
             const float *y)
{
  int i = cuda_grid_x ();
  if (i < n)
    {
      f[i] = half_fma (x[i], y[i], 1.0f);
      rank[i] = tile_rank (threadIdx.x);
      big[i] = larger (i, n - i);
    }
}

int
main (void)
{
  static float x[N], y[N], f[N];
  static int rank[N], big[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i % 13 - 6;
      y[i] = i % 7;
    }
  float *dx = cuda_to_device (x, sizeof x);
  float *dy = cuda_to_device (y, sizeof y);
  float *df = cuda_device_array (sizeof f);
  int *drank = cuda_device_array (sizeof rank);
  int *dbig = cuda_device_array (sizeof big);
  cuda_launch (use_headers, (N + BLOCK - 1) / BLOCK, BLOCK) (N, df, drank,
                                                              dbig, dx, dy);
  cuda_copy_to_host (f, df, sizeof f);
  cuda_copy_to_host (rank, drank, sizeof rank);
  cuda_copy_to_host (big, dbig, sizeof big);
  int bad = 0;
  for (int i = 0; i < N; i++)
    {
      int thread = i % BLOCK;
      float ef = x[i] * y[i] + 1.0f + 1.0f;
      int erank = thread % TILE + TILE_SCALE * (thread / TILE);
      int ebig = i > N - i ? i : N - i;
      if ((f[i] != ef || rank[i] != erank || big[i] != ebig) && bad++ < 5)
        printf ("%d: %g %d %d, expected %g %d %d\n", i, f[i], rank[i],
                big[i], ef, erank, ebig);
    }
  cuda_free (dx);
  cuda_free (dy);
  cuda_free (df);
  cuda_free (drank);
  cuda_free (dbig);
  printf ("%d wrong\n", bad);
  return bad != 0;
}

/* { dg-output "0 wrong" } */
/* { dg-final { scan-cuda "#include <cuda_fp16.h>" } } */
/* { dg-final { scan-cuda "#include <cooperative_groups.h>" } } */
/* { dg-final { scan-cuda-not "#include <toolkit-headers-tile.h>" } } */
/* { dg-final { scan-cuda "#line 1 \"\[^\"\n\]*units/toolkit-include/toolkit-headers-tile.h\"\n" } } */
/* { dg-cudajit-levels all } */
