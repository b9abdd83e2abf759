/* Running out of GPU memory is a clear error, and with
   CUDAJIT_ERRORS=return a null pointer and a message for
   cuda_last_error.  */
/* { dg-do run } */
/* { dg-require-effective-target cuda_gpu } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cuda" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

int
main (void)
{
  void *huge = cuda_device_array ((size_t) 1 << 50);
  const char *error = cuda_last_error ();
  printf ("pointer %s; %s\n", huge ? "not null" : "null",
          error ? error : "no error");
  return huge != NULL || error == NULL;
}

/* { dg-output "pointer null; cuda_device_array: out of GPU memory allocating 1125899906842624 bytes" } */
