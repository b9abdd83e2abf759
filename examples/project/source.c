/* SPDX-License-Identifier: MIT */
/* The C version of project/source.cu's source_term, which the CPU
   backend runs where the GPU runs the CUDA C.  It lives in a file of its
   own: in the kernel's file, beside the kernel's cuda_device declaration
   of it, it would be a device function of cudajit's.  */

float source_term (float x);

float
source_term (float x)
{
  return 0.01f * x * (1.0f - x);
}
