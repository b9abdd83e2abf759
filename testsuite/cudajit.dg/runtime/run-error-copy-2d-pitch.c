/* A cuda_copy_2d whose width is past a pitch ends the program with a
   message that names the call, on both backends.  */
/* { dg-do run } */
/* { dg-shouldfail "width past the pitch" } */

#include <cudajit.h>

int
main (void)
{
  float host[4][16] = { { 0 } };
  size_t pitch;
  float *dev = cuda_device_array_pitched (&pitch, sizeof host[0], 4);
  cuda_copy_2d (dev, pitch, host, 32, sizeof host[0], 4, CUDA_COPY_TO_DEVICE);
  cuda_free (dev);
  return 0;
}

/* { dg-output "cudajit: error: cuda_copy_2d: the width, 64 bytes, is more than the source's pitch, 32 bytes" } */
/* { dg-cudajit-levels all } */
