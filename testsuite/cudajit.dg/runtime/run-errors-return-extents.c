/* With CUDAJIT_ERRORS=return, each way in which a launch's arguments give
   a host array's computed extent no size is an error that says which,
   names the kernel, the launch's file:line and the argument, and skips
   the launch: a division by zero, a size of zero, a size in bytes past
   size_t (of a plain x[n] too), a shift past the type's bits, a floating
   value past the integer's range, a floating value that truncates to a
   negative.  Device memory, which is not copied, takes any extent.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
quotient (int n, int d, float x[n / d])
{
  (void) x;
}

__attribute__ ((cuda_jit)) void
plain (long n, float x[n])
{
  (void) x;
}

__attribute__ ((cuda_jit)) void
shifted (int s, float x[1L << s])
{
  (void) x;
}

__attribute__ ((cuda_jit)) void
truncated (double f, float x[(int) f])
{
  (void) x;
}

__attribute__ ((cuda_jit)) void
blocks (int n, float x[n / 256])
{
  if ((int) threadIdx.x < n / 256)
    x[threadIdx.x] = 1;
}

static int failures;

/* Whether the last error is about argument ARG, 'x', of KERNEL launched
   at LINE, and says WHY.  */
static void
expect (const char *kernel, int line, int arg, const char *why)
{
  const char *error = cuda_last_error ();
  char wanted[512];

  snprintf (wanted, sizeof wanted,
            "kernel '%s' launched at %s:%d: argument %d, 'x', is host "
            "memory, but the extent that its parameter declares %s",
            kernel, __FILE__, line, arg, why);
  printf ("error: %s\n", error ? error : "(none)");
  failures += !error || !strstr (error, wanted);
}

int
main (int argc, char **argv)
{
  float host[16];
  /* Not constants, which GCC would fold.  */
  int zero = argc > 5, three = 3 + zero;
  volatile double big = 1e10, negative = -2.5;

  (void) argv;
  int line = __LINE__ + 1;
  cuda_launch (quotient, 1, 1) (16, zero, host);
  expect ("quotient", line, 3, "divides by zero at this launch");

  line = __LINE__ + 1;
  cuda_launch (quotient, 1, 1) (three, 4, host);
  expect ("quotient", line, 3, "comes to zero at this launch");

  line = __LINE__ + 1;
  cuda_launch (plain, 1, 1) (1L << 62, host);
  expect ("plain", line, 2, "overflows at this launch");

  line = __LINE__ + 1;
  cuda_launch (shifted, 1, 1) (64 + zero, host);
  expect ("shifted", line, 2, "overflows at this launch");

  line = __LINE__ + 1;
  cuda_launch (truncated, 1, 1) (big, host);
  expect ("truncated", line, 2, "overflows at this launch");

  line = __LINE__ + 1;
  cuda_launch (truncated, 1, 1) (negative, host);
  expect ("truncated", line, 2, "is negative at this launch");

  float *device = cuda_device_array (sizeof host);
  cuda_launch (blocks, 1, 32) (-1024 + zero, device);
  cuda_synchronize ();
  failures += cuda_last_error () != NULL;
  cuda_free (device);

  printf ("%d failures\n", failures);
  return failures != 0;
}

/* { dg-output "0 failures\n" } */
/* { dg-cudajit-levels all } */
