/* A cache directory that cannot be made or written only turns the disk
   cache off: kernels are compiled all the same, and the user hears of it
   once, and only if CUDAJIT_CACHE_DIR named the directory.  A cache that
   can be read but not written still serves what it holds.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

int
main (void)
{
  char dir[sizeof test_dir + 32], expected[512];

  setup ();
  /* A file where a directory should be stops even root.  */
  write_file ("file", "");
  snprintf (dir, sizeof dir, "%s/file/cache", test_dir);
  setenv ("CUDAJIT_CACHE_DIR", dir, 1);
  /* stderr comes first: stdout goes to a pipe, and out at the end.  */
  snprintf (expected, sizeof expected,
            "cudajit: cannot write to the kernel cache %s: %s\n"
            "kernel.cu: compiled\n"
            "kernel.cu: compiled\n",
            dir, strerror (ENOTDIR));
  expect ("kernel.cu kernel.cu", expected);

  unsetenv ("CUDAJIT_CACHE_DIR");
  unsetenv ("XDG_CACHE_HOME");
  snprintf (dir, sizeof dir, "%s/file", test_dir);
  setenv ("HOME", dir, 1);
  expect ("kernel.cu kernel.cu", "kernel.cu: compiled\nkernel.cu: compiled\n");

  setenv ("CUDAJIT_CACHE_DIR", cache_dir, 1);
  expect ("kernel.cu", "kernel.cu: compiled\n");
  if (chmod (cache_dir, 0555) != 0)
    fail ("chmod %s: %s", cache_dir, strerror (errno));
  expect ("kernel.cu", "kernel.cu: from the cache\n");
  /* Root writes it all the same.  */
  if (geteuid () != 0)
    {
      snprintf (expected, sizeof expected,
                "cudajit: cannot write to the kernel cache %s: %s\n"
                "kernel.cu: compiled\n",
                cache_dir, strerror (EACCES));
      expect ("--arch=sm_80 kernel.cu", expected);
    }
  expect_entries (cache_dir, 1);

  cleanup ();
  return 0;
}
