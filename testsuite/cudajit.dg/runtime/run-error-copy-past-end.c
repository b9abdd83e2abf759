/* A copy past the end of an allocation is an error on both backends, not
   a write over whatever follows it.  */
/* { dg-do run } */
/* { dg-shouldfail "copy past the end" } */

#include <cudajit.h>

int
main (void)
{
  float host[64] = { 0 };
  float *dev = cuda_device_array (32 * sizeof (float));
  cuda_copy_to_device (dev, host, sizeof host);
  cuda_free (dev);
  return 0;
}

/* { dg-output "cudajit: error: cuda_copy_to_device: the 256 bytes at 0x\[0-9a-f\]+ run 128 bytes past the end of the 128 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+" } */
/* { dg-cudajit-levels all } */
