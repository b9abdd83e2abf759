/* cuda_kernel_info, cuda_kernel_ptx and cuda_kernel_cubin, Numba's
   get_regs_per_thread, inspect_asm and the rest: on a GPU what the driver
   says of the kernel's code, on the CPU backend the limits it enforces;
   the PTX and the cubin of its unit wherever NVRTC is.  */
/* { dg-do run } */
/* Without NVRTC, the PTX and the cubin are errors, which return.  */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
tile_sum (float *out, const float *in)
{
  static __attribute__ ((cuda_shared)) float tile[64];
  tile[threadIdx.x] = in[cuda_grid_x ()];
  cuda_syncthreads ();
  if (threadIdx.x == 0)
    {
      float sum = 0;
      for (int i = 0; i < 64; i++)
        sum += tile[i];
      out[blockIdx.x] = sum;
    }
}

int
main (void)
{
  struct cuda_kernel_info info = cuda_kernel_info (tile_sum);
  printf ("registers %d, shared %zu, local %zu, max threads %d, arch %d\n",
          info.registers, info.shared_bytes, info.local_bytes,
          info.max_threads_per_block, info.arch);
  if (info.shared_bytes != 64 * sizeof (float)
      || info.max_threads_per_block < 64)
    abort ();
  if (cuda_is_available () ? info.registers <= 0 || info.arch < 30
                           : info.registers != 0 || info.arch != 0)
    abort ();

  const char *ptx = cuda_kernel_ptx (tile_sum);
  if (!ptx)
    {
      const char *error = cuda_last_error ();
      printf ("no PTX: %s\n", error);
      if (!error || !strstr (error, "run-kernel-info.c:")
          || !strstr (error, "the code of kernel 'tile_sum' needs NVRTC"))
        abort ();
      return 0;
    }
  if (!strstr (ptx, ".entry tile_sum(") || !strstr (ptx, "bar.sync"))
    abort ();
  if (cuda_kernel_ptx (tile_sum) != ptx)
    abort ();
  size_t size = 0;
  const unsigned char *cubin = cuda_kernel_cubin (tile_sum, &size);
  if (!cubin || size < 64 || memcmp (cubin, "\177ELF", 4) != 0)
    abort ();
  printf ("PTX %zu bytes, cubin %zu bytes\n", strlen (ptx), size);
  return 0;
}

/* { dg-output "registers \[0-9\]+, shared 256, local \[0-9\]+, max threads \[0-9\]+, arch \[0-9\]+" } */
/* { dg-cudajit-levels all } */
