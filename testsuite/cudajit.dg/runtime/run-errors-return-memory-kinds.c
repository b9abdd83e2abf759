/* Mapped and managed memory are each freed by their own function, which
   refuses the other kinds, and the other functions refuse them, with the
   same messages on both backends; a launch on freed managed memory is
   refused.  The typed helpers refuse a negative count and one whose bytes
   overflow size_t, naming the call's line, and return null.  With
   CUDAJIT_ERRORS=return each call returns, cuda_last_error says why, and
   the program goes on.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <limits.h>
#include <stdio.h>

__attribute__ ((cuda_jit)) void
fill (int *out)
{
  out[threadIdx.x] = threadIdx.x + 1;
}

static int errors;

/* Print the last error; count it as wrong if there was none.  */
static void
show (const char *what)
{
  const char *error = cuda_last_error ();

  printf ("%s: %s\n", what, error ? error : "(none)");
  errors += !error;
}

int
main (void)
{
  int *dev = cuda_device_array_of (int, 32);
  int *mapped = cuda_mapped_array_of (int, 32);
  int *managed = cuda_managed_array_of (int, 32);
  int *pinned = cuda_pinned_array_of (int, 32);
  /* Large, so that the driver does not keep its pages for others.  */
  int *freed = cuda_managed_array_of (int, 1 << 20);

  cuda_free_managed (freed);
  errors += cuda_last_error () != NULL;

  cuda_free (mapped);
  show ("mapped as device");
  cuda_free (managed);
  show ("managed as device");
  cuda_free_mapped (dev);
  show ("device as mapped");
  cuda_free_mapped (pinned);
  show ("pinned as mapped");
  cuda_free_managed (mapped);
  show ("mapped as managed");
  cuda_free_pinned (managed);
  show ("managed as pinned");
  cuda_free_managed (freed);
  show ("managed twice");
  cuda_free_mapped (mapped + 1);
  show ("inside mapped");
  cuda_launch (fill, 1, 32) (freed);
  show ("launch on freed managed");
  if (cuda_device_array_of (double, LLONG_MAX / 2) != NULL)
    errors++;
  show ("overflow");
  if (cuda_managed_array_of (int, -3) != NULL)
    errors++;
  show ("negative");

  /* What is right still works.  */
  cuda_launch (fill, 1, 32) (mapped);
  cuda_launch (fill, 1, 32) (managed);
  cuda_synchronize ();
  for (int i = 0; i < 32; i++)
    errors += mapped[i] != i + 1 || managed[i] != i + 1;
  cuda_free (dev);
  cuda_free_mapped (mapped);
  cuda_free_managed (managed);
  cuda_free_pinned (pinned);
  errors += cuda_last_error () != NULL;
  printf ("memory kinds errors returned: %d errors\n", errors);
  return errors != 0;
}

/* { dg-output "mapped as device: cuda_free: 0x\[0-9a-f\]+ is mapped memory from cuda_mapped_array, not device memory from cuda_device_array or cuda_to_device\n" } */
/* { dg-output "managed as device: cuda_free: 0x\[0-9a-f\]+ is managed memory from cuda_managed_array, not device memory from cuda_device_array or cuda_to_device\n" } */
/* { dg-output "device as mapped: cuda_free_mapped: 0x\[0-9a-f\]+ is device memory from cuda_device_array or cuda_to_device, not mapped memory from cuda_mapped_array\n" } */
/* { dg-output "pinned as mapped: cuda_free_mapped: 0x\[0-9a-f\]+ is pinned memory from cuda_pinned_array, not mapped memory from cuda_mapped_array\n" } */
/* { dg-output "mapped as managed: cuda_free_managed: 0x\[0-9a-f\]+ is mapped memory from cuda_mapped_array, not managed memory from cuda_managed_array\n" } */
/* { dg-output "managed as pinned: cuda_free_pinned: 0x\[0-9a-f\]+ is managed memory from cuda_managed_array, not pinned memory from cuda_pinned_array\n" } */
/* { dg-output "managed twice: cuda_free_managed: 0x\[0-9a-f\]+ is managed memory from cuda_managed_array that was freed by cuda_free_managed\n" } */
/* { dg-output "inside mapped: cuda_free_mapped: 0x\[0-9a-f\]+ is 4 bytes into the 128 bytes of mapped memory from cuda_mapped_array at 0x\[0-9a-f\]+, not at their start\n" } */
/* { dg-output "launch on freed managed: kernel 'fill' launched at \[^\n\]*run-errors-return-memory-kinds.c:62: argument 1, 'out', points into managed memory from cuda_managed_array that was freed by cuda_free_managed\n" } */
/* { dg-output "overflow: \[^\n\]*run-errors-return-memory-kinds.c:64: cuda_device_array_of: \[0-9\]+ elements of 8 bytes are more bytes than size_t holds\n" } */
/* { dg-output "negative: \[^\n\]*run-errors-return-memory-kinds.c:67: cuda_managed_array_of: the count, -3, is negative\n" } */
/* { dg-output "memory kinds errors returned: 0 errors" } */
/* { dg-cudajit-levels all } */
