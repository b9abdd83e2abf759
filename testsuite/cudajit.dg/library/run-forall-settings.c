/* cuda_forall's settings, Numba's forall(n, tpb, stream, sharedmem): the
   block size given, a stream, and dynamic shared memory, whose use by
   the threads of a block shows the block's extent.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
block_sums (long n, const int *in, int *sums, unsigned int *widths)
{
  extern __attribute__ ((cuda_shared)) int partial[];
  long i = cuda_grid_x ();
  partial[threadIdx.x] = i < n ? in[i] : 0;
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    {
      int sum = 0;
      for (unsigned int t = 0; t < blockDim.x; t++)
        sum += partial[t];
      sums[blockIdx.x] = sum;
      widths[blockIdx.x] = blockDim.x;
    }
}

int
main (void)
{
  enum { n = 10007, block = 96, blocks = (n + block - 1) / block };
  static int in[n], sums[blocks], expected[blocks];
  static unsigned int widths[blocks];
  for (int i = 0; i < n; i++)
    {
      in[i] = (i * 37) % 101 - 50;
      expected[i / block] += in[i];
    }
  int *d_in = cuda_to_device (in, sizeof in);
  int *d_sums = cuda_device_array (sizeof sums);
  unsigned int *d_widths = cuda_device_array (sizeof widths);
  cuda_stream_t stream = cuda_stream ();
  cuda_forall (block_sums, n, .block = block, .stream = stream,
               .shared_bytes = block * sizeof (int)) (n, d_in, d_sums,
                                                      d_widths);
  cuda_stream_synchronize (stream);
  cuda_copy_to_host (sums, d_sums, sizeof sums);
  cuda_copy_to_host (widths, d_widths, sizeof widths);
  int errors = 0;
  for (int b = 0; b < blocks; b++)
    errors += sums[b] != expected[b] || widths[b] != block;

  /* Without .block, the runtime's choice still covers every element.  */
  cuda_memset (d_sums, 0, sizeof sums);
  cuda_forall (block_sums, n, .shared_bytes = 1024 * sizeof (int)) (
      n, d_in, d_sums, d_widths);
  cuda_copy_to_host (widths, d_widths, sizeof widths);
  cuda_copy_to_host (sums, d_sums, sizeof sums);
  long total = 0, expected_total = 0;
  for (int i = 0; i < n; i++)
    expected_total += in[i];
  for (unsigned int b = 0; b * widths[0] < n; b++)
    total += sums[b];
  errors += total != expected_total;

  cuda_stream_destroy (stream);
  cuda_free (d_in);
  cuda_free (d_sums);
  cuda_free (d_widths);
  printf ("forall settings: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "forall settings: 0 errors" } */
/* { dg-cudajit-levels all } */
