/* aligned (N) and _Alignas on shared arrays (static, dynamic, and a
   device function's), on local arrays that live across cuda_syncthreads,
   and on a device variable: each thread writes where each one is, which
   must be a multiple of its alignment on both backends, and reads the
   shared array with vector loads, which fault where it is not.  The
   values are checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdint.h>
#include <stdio.h>

enum
{
  THREADS = 64,
  /* The places that each thread writes.  */
  PLACES = 7,
  DYNAMIC = 32
};

/* The alignment of each place.  */
static const unsigned int alignments[PLACES] = { 64, 128, 256, 64, 32, 64, 32 };
static const char *const names[PLACES]
    = { "sh", "sh2", "dynamic", "loc", "loc2", "part", "table" };

__attribute__ ((cuda_device)) _Alignas (32) float table[3] = { 1, 2, 3 };

static __attribute__ ((cuda_device)) float
block_part (float v, unsigned long long *where)
{
  static __attribute__ ((cuda_shared)) float part[THREADS]
      __attribute__ ((aligned (64)));
  int t = threadIdx.x;
  part[t] = v;
  cuda_syncthreads ();
  *where = (uintptr_t) part;
  float r = part[THREADS - 1 - t];
  cuda_syncthreads ();
  return r;
}

__attribute__ ((cuda_jit)) void
aligned_places (unsigned long long *where, float *sums)
{
  static __attribute__ ((cuda_shared)) float sh[THREADS]
      __attribute__ ((aligned (64)));
  /* An odd size between them, so that the next one's place is moved.  */
  static __attribute__ ((cuda_shared)) char odd[3];
  static __attribute__ ((cuda_shared)) _Alignas (128) char sh2[THREADS];
  extern __attribute__ ((cuda_shared)) _Alignas (256) float dynamic[];
  float loc[8] __attribute__ ((aligned (64)));
  _Alignas (32) int loc2[4];
  int t = threadIdx.x;
  for (int i = 0; i < 8; i++)
    loc[i] = t + i;
  for (int i = 0; i < 4; i++)
    loc2[i] = t - i;
  sh[t] = t;
  sh2[t] = t;
  if (t < 3)
    odd[t] = 1;
  if (t < DYNAMIC)
    dynamic[t] = 2 * t;
  cuda_syncthreads ();
  cuda_float4 four = *(const cuda_float4 *) &sh[t / 4 * 4];
  unsigned long long *w = where + t * PLACES;
  w[0] = (uintptr_t) sh;
  w[1] = (uintptr_t) sh2;
  w[2] = (uintptr_t) dynamic;
  w[3] = (uintptr_t) loc;
  w[4] = (uintptr_t) loc2;
  w[6] = (uintptr_t) table;
  sums[t] = four[t % 4] + sh2[(t + 1) % THREADS] + dynamic[t % DYNAMIC]
            + loc[t % 8] + loc2[t % 4] + block_part (t, &w[5])
            + table[t % 3] + odd[t % 3];
}

int
main (void)
{
  static unsigned long long where[THREADS * PLACES];
  static float sums[THREADS];
  unsigned long long *dwhere = cuda_device_array (sizeof where);
  float *dsums = cuda_device_array (sizeof sums);
  cuda_launch (aligned_places, 1, THREADS,
               .shared_bytes = DYNAMIC * sizeof (float)) (dwhere, dsums);
  cuda_copy_to_host (where, dwhere, sizeof where);
  cuda_copy_to_host (sums, dsums, sizeof sums);
  int bad = 0;
  for (int t = 0; t < THREADS; t++)
    for (int p = 0; p < PLACES; p++)
      if (where[t * PLACES + p] % alignments[p] && bad++ < 5)
        printf ("thread %d: %s at %#llx, not a multiple of %u\n", t,
                names[p], where[t * PLACES + p], alignments[p]);
  for (int t = 0; t < THREADS; t++)
    {
      float expected = t + (t + 1) % THREADS + 2 * (t % DYNAMIC) + (t + t % 8)
                       + (t - t % 4) + (THREADS - 1 - t) + (t % 3 + 1) + 1;
      if (sums[t] != expected && bad++ < 10)
        printf ("thread %d: %g, expected %g\n", t, sums[t], expected);
    }
  cuda_free (dwhere);
  cuda_free (dsums);
  printf ("aligned arrays: %d errors\n", bad);
  return bad != 0;
}

/* { dg-output "aligned arrays: 0 errors" } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(64\\) float sh\\\[64\\\];" } } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(128\\) char sh2\\\[64\\\];" } } */
/* { dg-final { scan-cuda "extern __shared__ __align__ \\(256\\) float dynamic\\\[\\\];" } } */
/* { dg-final { scan-cuda "__shared__ __align__ \\(64\\) float part\\\[64\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(64\\) float loc\\\[8\\\];" } } */
/* { dg-final { scan-cuda "\n  __align__ \\(32\\) int loc2\\\[4\\\];" } } */
/* { dg-final { scan-cuda "__device__ __align__ \\(32\\) float " } } */
/* { dg-final { scan-cuda-not "__align__ \\(\[0-9\]*\\) char odd" } } */
/* { dg-cudajit-levels all } */
