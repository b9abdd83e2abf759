/* A variant's CUDA C, the kernel's with the #define lines of its values
   before it, goes through the disk cache as the generic code does, kept
   apart from it: compiled once, then loaded from the cache.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

int
main (void)
{
  setup ();
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect ("--variant kernel.cu", "kernel.cu: compiled\n");
  expect_entries (cache_dir, 2);
  expect ("--variant kernel.cu", "kernel.cu: from the cache\n");
  expect ("kernel.cu", "kernel.cu: from the cache\n");
  expect_entries (cache_dir, 2);
  cleanup ();
  return 0;
}
