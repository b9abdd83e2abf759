/* A null host pointer given to the copies between host and device memory
   or device variables is an error that names the call, which returns with
   CUDAJIT_ERRORS=return, and so is a copy to a const variable that the
   plugin cannot see is const (here through a pointer to it): the CPU
   backend would write into read-only memory.  Nothing is copied, and the
   program goes on.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include "errors-return.h"
#include <stdio.h>
#include <string.h>

enum
{
  N = 8
};

__attribute__ ((cuda_device)) int scales[N];
static const int limits[N] = { 1, 2, 3, 4, 5, 6, 7, 8 };

__attribute__ ((cuda_jit)) void
scale (int *out)
{
  out[threadIdx.x] *= scales[threadIdx.x];
}

int
main (void)
{
  int host[N], expected[N];
  for (int i = 0; i < N; i++)
    {
      host[i] = i + 1;
      expected[i] = (i + 1) * 2;
    }
  int *dev = cuda_to_device (host, sizeof host);
  int two[N];
  for (int i = 0; i < N; i++)
    two[i] = 2;
  cuda_copy_to_symbol (scales, two, sizeof two);
  int errors = 0;
  char wanted[256];

  int line = __LINE__ + 1;
  cuda_copy_to_symbol (scales, NULL, sizeof scales);
  snprintf (wanted, sizeof wanted,
            "%s:%d: cuda_copy_to_symbol: the host pointer is null",
            __FILE__, line);
  errors += !reported (wanted);
  line = __LINE__ + 1;
  cuda_copy_from_symbol (NULL, scales, sizeof scales);
  snprintf (wanted, sizeof wanted,
            "%s:%d: cuda_copy_from_symbol: the host pointer is null",
            __FILE__, line);
  errors += !reported (wanted);
  cuda_copy_to_device (dev, NULL, sizeof host);
  errors += !reported ("cuda_copy_to_device: the host pointer is null");
  cuda_copy_to_host (NULL, dev, sizeof host);
  errors += !reported ("cuda_copy_to_host: the host pointer is null");
  cuda_copy_to_host_async (NULL, dev, sizeof host, NULL);
  errors += !reported ("cuda_copy_to_host_async: the host pointer is null");
  errors += cuda_to_device (NULL, sizeof host) != NULL;
  errors += !reported ("cuda_to_device: the host pointer is null");

  const int (*through)[N] = &limits;
  line = __LINE__ + 1;
  cuda_copy_to_symbol (*through, two, sizeof two);
  snprintf (wanted, sizeof wanted,
            "%s:%d: cuda_copy_to_symbol: device variable '*through' is "
            "const: no copy may change it",
            __FILE__, line);
  errors += !reported (wanted);

  /* The copies that failed changed nothing.  */
  cuda_launch (scale, 1, N) (dev);
  cuda_copy_to_host (host, dev, sizeof host);
  for (int i = 0; i < N; i++)
    if (host[i] != expected[i] || limits[i] != i + 1)
      errors++;
  cuda_free (dev);
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
