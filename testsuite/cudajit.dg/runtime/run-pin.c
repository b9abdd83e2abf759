/* Numba's cuda.pinned (array): cuda_pin pins memory that the program
   allocated itself, which copies, copies queued on a stream and launches
   that take it as a host array then use where it is, with the same
   results as from pageable memory; cuda_unpin gives it back, after which
   it is ordinary memory again, as a host array too, and may be pinned
   again.  Pinning memory that cudajit handed out, pinning twice, and
   unpinning what cuda_pin did not pin are errors, the same on both
   backends.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__ ((cuda_jit)) void
affine (int n, int x[n], int factor, int offset)
{
  long i = cuda_grid_x ();
  if (i < n)
    x[i] = x[i] * factor + offset;
}

enum { n = 3 << 20 };

static int errors;

/* Whether X[i] is I * FACTOR + OFFSET for each I, as WHAT left it.  */
static void
check (const char *what, const int *x, int factor, int offset)
{
  int wrong = 0;
  for (int i = 0; i < n; i++)
    wrong += x[i] != i * factor + offset;
  printf ("%s: %d wrong\n", what, wrong);
  errors += wrong != 0 || cuda_last_error () != NULL;
}

/* Whether the last call failed with a message that has EXPECTED.  */
static void
refused (const char *expected)
{
  const char *error = cuda_last_error ();

  printf ("refused: %s\n", error ? error : "(none)");
  errors += !error || !strstr (error, expected);
}

static void
count (int *x)
{
  for (int i = 0; i < n; i++)
    x[i] = i;
}

int
main (void)
{
  int *x = malloc (n * sizeof *x);
  int *other = malloc (n * sizeof *other);
  int *dev = cuda_device_array_of (int, n);
  int *pinned = cuda_pinned_array_of (int, n);
  cuda_stream_t stream = cuda_stream ();

  errors += !x || !other || !dev || !pinned || !stream;
  count (x);
  cuda_pin (x, n * sizeof *x);
  errors += cuda_last_error () != NULL;

  /* Copies, at once and on a stream, from and to the pinned memory.  */
  cuda_copy_to_device (dev, x, n * sizeof *x);
  cuda_launch (affine, (n + 255) / 256, 256) (n, dev, 3, 1);
  cuda_copy_to_host (x, dev, n * sizeof *x);
  check ("copies", x, 3, 1);
  count (x);
  cuda_copy_to_device_async (dev, x, n * sizeof *x, stream);
  cuda_launch (affine, (n + 255) / 256, 256, .stream = stream) (n, dev, 2, 5);
  cuda_copy_to_host_async (x, dev, n * sizeof *x, stream);
  cuda_stream_synchronize (stream);
  check ("copies on a stream", x, 2, 5);

  /* A host array, copied in and back without staging.  */
  count (x);
  cuda_launch (affine, (n + 255) / 256, 256) (n, x, -1, 7);
  check ("pinned host array", x, -1, 7);

  /* Errors.  */
  cuda_pin (x, n * sizeof *x);
  refused ("reach into host memory pinned by cuda_pin at");
  cuda_pin (x + n / 2, n * sizeof *x);
  refused ("which is pinned already");
  cuda_pin (x - 16, 32 * sizeof *x);
  refused ("which is pinned already");
  cuda_pin (dev, sizeof *dev);
  refused ("reach into device memory from cuda_device_array or cuda_to_device "
           "at");
  cuda_pin (pinned, sizeof *pinned);
  refused ("cuda_pin does not take: it pins the program's own memory");
  cuda_pin (NULL, 16);
  refused ("cuda_pin: nothing to pin, 16 bytes at");
  cuda_pin (other, 0);
  refused ("cuda_pin: nothing to pin, 0 bytes at");
  cuda_unpin (x + 1);
  refused ("bytes into the ");
  cuda_unpin (other);
  refused ("is not host memory pinned by cuda_pin");
  cuda_unpin (pinned);
  refused ("is pinned memory from cuda_pinned_array, not host memory pinned "
           "by cuda_pin");

  /* Unpinned, it is ordinary memory again, and may be pinned again.  */
  cuda_unpin (x);
  errors += cuda_last_error () != NULL;
  cuda_unpin (x);
  refused ("is not host memory pinned by cuda_pin");
  count (x);
  cuda_launch (affine, (n + 255) / 256, 256) (n, x, 5, -3);
  check ("unpinned host array", x, 5, -3);
  cuda_pin (x, n * sizeof *x);
  cuda_pin (other, n * sizeof *other);
  errors += cuda_last_error () != NULL;
  cuda_unpin (other);
  cuda_unpin (x);
  errors += cuda_last_error () != NULL;

  cuda_stream_destroy (stream);
  cuda_free_pinned (pinned);
  cuda_free (dev);
  free (other);
  free (x);
  printf ("pin: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "copies: 0 wrong\n" } */
/* { dg-output "copies on a stream: 0 wrong\n" } */
/* { dg-output "pinned host array: 0 wrong\n" } */
/* { dg-output "refused: cuda_pin: the \[0-9\]+ bytes at \[^ \]+ reach into host memory pinned by cuda_pin at \[^ \]+, which is pinned already\n" } */
/* { dg-output "(refused: \[^\n\]*\n){9}" } */
/* { dg-output "refused: cuda_unpin: \[^ \]+ is not host memory pinned by cuda_pin\n" } */
/* { dg-output "unpinned host array: 0 wrong\n" } */
/* { dg-output "pin: 0 errors" } */
/* { dg-cudajit-levels all } */
