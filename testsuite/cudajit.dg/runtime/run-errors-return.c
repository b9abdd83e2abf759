/* With CUDAJIT_ERRORS=return, errors return to the caller: an empty grid
   and a block too large are launches that do nothing, an allocation
   beyond any memory gives null, the time between events never recorded is
   NaN; cuda_last_error gives each message once, with the kernel and the
   launch's file:line for a launch, and the program goes on.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include "errors-return.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
kernel (int *out)
{
  out[threadIdx.x] = 1;
}

int
main (void)
{
  int host[32] = { 0 };
  int *out = cuda_to_device (host, sizeof host);
  int blocks = 0, errors = 0;
  char wanted[512];

  errors += cuda_last_error () != NULL;

  int line = __LINE__ + 1;
  cuda_launch (kernel, blocks, 32) (out);
  snprintf (wanted, sizeof wanted,
            "kernel 'kernel' launched at %s:%d: grid (0, 1, 1)", __FILE__,
            line);
  errors += !reported (wanted);

  line = __LINE__ + 1;
  cuda_launch (kernel, 1, cuda_dim3 (64, 32)) (out);
  snprintf (wanted, sizeof wanted,
            "kernel 'kernel' launched at %s:%d: block (64, 32, 1) has more "
            "than",
            __FILE__, line);
  errors += !reported (wanted);

  errors += cuda_device_array ((size_t) 1 << 62) != NULL;
  errors += !reported ("cuda_device_array: out of");

  cuda_event_t event = cuda_event ();
  errors += !isnan (cuda_event_elapsed_ms (event, event));
  errors += !reported ("cuda_event_elapsed_ms: ");
  cuda_event_destroy (event);

  /* Nothing ran so far; now a launch that works.  */
  cuda_copy_to_host (host, out, sizeof host);
  errors += host[0] != 0;
  cuda_launch (kernel, 1, 32) (out);
  cuda_copy_to_host (host, out, sizeof host);
  for (int i = 0; i < 32; i++)
    errors += host[i] != 1;
  errors += cuda_last_error () != NULL;
  cuda_free (out);
  printf ("errors returned: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "error: kernel 'kernel' launched at \[^\n\]*run-errors-return.c:\[0-9\]+: grid \\(0, 1, 1\\)\[^\n\]*\n" } */
/* { dg-output "error: kernel 'kernel' launched at \[^\n\]*run-errors-return.c:\[0-9\]+: block \\(64, 32, 1\\)\[^\n\]*\n" } */
/* { dg-output "error: cuda_device_array: out of (GPU|host) memory allocating \[0-9\]+ bytes\n" } */
/* { dg-output "error: cuda_event_elapsed_ms: \[^\n\]+\n" } */
/* { dg-output "errors returned: 0 errors" } */
/* { dg-cudajit-levels all } */
