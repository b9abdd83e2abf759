/* cuda_copy_device past the end of either array is an error that names
   the call and the memory, as for the other copies, on both backends.  */
/* { dg-do run } */
/* { dg-shouldfail "copy past the end" } */

#include <cudajit.h>

int
main (void)
{
  char *a = cuda_device_array (128);
  char *b = cuda_device_array (256);

  cuda_copy_device (b, a, 128);
  cuda_copy_device (b, a, 256);
  cuda_synchronize ();
  return 0;
}

/* { dg-output "cudajit: error: cuda_copy_device: the 256 bytes at 0x\[0-9a-f\]+ run 128 bytes past the end of the 128 bytes of device memory from cuda_device_array or cuda_to_device at 0x\[0-9a-f\]+" } */
/* { dg-cudajit-levels all } */
