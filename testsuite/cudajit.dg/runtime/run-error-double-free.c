/* Freeing device memory twice is an error on both backends, not a crash
   of the C library.  */
/* { dg-do run } */
/* { dg-shouldfail "double free" } */

#include <cudajit.h>

int
main (void)
{
  float *dev = cuda_device_array (64 * sizeof (float));
  cuda_free (dev);
  cuda_free (dev);
  return 0;
}

/* { dg-output "cudajit: error: cuda_free: 0x\[0-9a-f\]+ is device memory from cuda_device_array or cuda_to_device that was freed by cuda_free" } */
/* { dg-cudajit-levels all } */
