/* cuda_guvectorize over more than 2^31 bytes: offsets into the rows past
   what 32 bits hold reach the right rows.  On a GPU only, where such
   arrays are common; the CPU backend's offsets are the same C.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */

#include <cudajit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum
{
  ROW = 17
};

static void
row_norm (int n, const float row[n], float norm[1])
{
  float sum = 0;
  for (int j = 0; j < n; j++)
    sum += row[j] * row[j];
  norm[0] = sqrtf (sum);
}

/* Row I's value in each of its columns.  */
static float
value (long i)
{
  return (float) (i % 1000) / 1000;
}

int
main (void)
{
  const long count = 1L << 25;
  size_t bytes = (size_t) count * ROW * sizeof (float);
  float *host = malloc (bytes), *norms = malloc (count * sizeof *norms);

  if (bytes <= 1UL << 31 || !host || !norms)
    abort ();
  for (long i = 0; i < count; i++)
    for (int j = 0; j < ROW; j++)
      host[i * ROW + j] = value (i);
  float *rows = cuda_to_device (host, bytes);
  float *d_norms = cuda_device_array (count * sizeof *norms);
  cuda_guvectorize (row_norm, count) (ROW, rows, d_norms);
  cuda_copy_to_host (norms, d_norms, count * sizeof *norms);
  long wrong = 0;
  for (long i = 0; i < count; i++)
    {
      float want;
      row_norm (ROW, &host[i * ROW], &want);
      wrong += fabsf (norms[i] - want) > 1e-5f * (want + 1);
    }
  printf ("%ld rows over %zu bytes: %ld wrong\n", count, bytes, wrong);
  return wrong != 0;
}

/* { dg-output "33554432 rows over 2281701376 bytes: 0 wrong\n" } */
/* { dg-cudajit-levels all } */
