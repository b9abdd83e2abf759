/* A copy past the end of a device variable is an error that names the
   variable and the call's line, on both backends.  */
/* { dg-do run } */
/* { dg-shouldfail "copy past the end" } */

#include <cudajit.h>

__attribute__ ((cuda_device)) float weights[4];

__attribute__ ((cuda_jit)) void
weigh (float out[4])
{
  out[threadIdx.x] *= weights[threadIdx.x];
}

int
main (void)
{
  float host[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

  cuda_copy_to_symbol (weights, host, sizeof weights);
  cuda_launch (weigh, 1, 4) (host);
  cuda_copy_to_symbol (weights, host, sizeof host);
  return 0;
}

/* { dg-output "cudajit: error: \[^\n\]*run-device-variable-size.c:23: cuda_copy_to_symbol: 32 bytes are more than the 16 bytes of device variable 'weights'" } */
/* { dg-cudajit-levels all } */
