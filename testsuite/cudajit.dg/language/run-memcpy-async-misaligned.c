/* A cuda_memcpy_async whose address is not aligned to the size of its
   copy ends the program with an error that names the kernel and its
   launch, on both backends, where the CPU would copy: on the CPU backend
   the error names the thread too; on a GPU the copy faults, cp.async or
   the vector copy that stands for it.  */
/* { dg-do run } */
/* { dg-shouldfail "a misaligned asynchronous copy" } */

#include <cudajit.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
stage (const float *x, float *out, int shift)
{
  static __attribute__ ((cuda_shared, aligned (16))) float s[4 * 64 + 4];
  int t = threadIdx.x;
  cuda_memcpy_async (&s[4 * t], x + 4 * t + (t == 9 ? shift : 0), 16);
  cuda_pipeline_commit ();
  cuda_pipeline_wait (0);
  out[t] = s[4 * t];
}

int
main (void)
{
  static float x[4 * 64 + 4], out[64];
  for (int i = 0; i < 4 * 64 + 4; i++)
    x[i] = i;
  float *d_x = cuda_to_device (x, sizeof x);
  float *d_out = cuda_device_array (sizeof out);
  /* Aligned: every copy is made.  */
  cuda_launch (stage, 1, 64) (d_x, d_out, 4);
  cuda_copy_to_host (out, d_out, sizeof out);
  printf ("first launch: %g %g\n", out[9], out[10]);
  fflush (stdout);
  cuda_launch (stage, 1, 64) (d_x, d_out, 2); /* Launch line 36.  */
  cuda_synchronize ();
  printf ("not reached\n");
  return 0;
}

/* { dg-output "first launch: 40 40\n" } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'stage' launched at \[^\n\]*run-memcpy-async-misaligned.c:36: cuda_memcpy_async: an address not aligned to the size of its copy, in thread \\(9, 0, 0\\) of block \\(0, 0, 0\\)" { target { ! cuda_gpu } } } */
/* { dg-output "(.*\n)?cudajit: error: kernel 'stage' launched at \[^\n\]*run-memcpy-async-misaligned.c:36: CUDA_ERROR_MISALIGNED_ADDRESS" { target cuda_gpu } } */
/* { dg-cudajit-levels all } */
