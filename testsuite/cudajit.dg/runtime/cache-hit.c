/* Compiling the same CUDA C again loads it from the disk cache, without
   loading NVRTC; another architecture or another source is compiled, and
   kept apart.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

int
main (void)
{
  setup ();
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect_entries (cache_dir, 1);
  expect ("kernel.cu", "kernel.cu: from the cache\n");
  expect ("kernel.cu kernel.cu",
          "kernel.cu: from the cache\nkernel.cu: from the cache\n");
  expect_entries (cache_dir, 1);

  expect ("--arch=sm_80 kernel.cu", "kernel.cu: compiled\n");
  expect ("--arch=sm_80 kernel.cu", "kernel.cu: from the cache\n");
  expect_entries (cache_dir, 2);

  expect ("other.cu kernel.cu",
          "other.cu: compiled\nkernel.cu: from the cache\n");
  expect ("other.cu", "other.cu: from the cache\n");
  expect_entries (cache_dir, 3);

  /* What the cache has loads without NVRTC; what it lacks needs it.  */
  setenv ("CUDAJIT_NVRTC_LIBRARY", "/nonexistent/libnvrtc.so", 1);
  expect ("kernel.cu other.cu",
          "kernel.cu: from the cache\nother.cu: from the cache\n");
  expect_failure ("--arch=sm_75 kernel.cu",
                  "kernel.cu: cannot load NVRTC from CUDAJIT_NVRTC_LIBRARY");
  expect_entries (cache_dir, 3);

  cleanup ();
  return 0;
}
