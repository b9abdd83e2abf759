/* Where the disk cache is: $CUDAJIT_CACHE_DIR, else $XDG_CACHE_HOME/cudajit
   if that is an absolute path, else ~/.cache/cudajit; and CUDAJIT_CACHE=0
   turns it off.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

int
main (void)
{
  char xdg[sizeof test_dir + 32], home[sizeof test_dir + 32];

  setup ();
  snprintf (xdg, sizeof xdg, "%s/xdg", test_dir);
  snprintf (home, sizeof home, "%s/home", test_dir);
  setenv ("XDG_CACHE_HOME", xdg, 1);
  setenv ("HOME", home, 1);

  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect_entries (cache_dir, 1);
  expect_entries ("xdg/cudajit", 0);

  unsetenv ("CUDAJIT_CACHE_DIR");
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect ("kernel.cu", "kernel.cu: from the cache\n");
  expect_entries ("xdg/cudajit", 1);
  expect_entries ("home/.cache/cudajit", 0);

  /* A relative XDG_CACHE_HOME is ignored, as the XDG specification
     says.  */
  setenv ("XDG_CACHE_HOME", "xdg", 1);
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect ("kernel.cu", "kernel.cu: from the cache\n");
  expect_entries ("home/.cache/cudajit", 1);
  expect_entries ("xdg/cudajit", 1);

  setenv ("CUDAJIT_CACHE", "0", 1);
  setenv ("CUDAJIT_CACHE_DIR", "off", 1);
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect_entries ("off", 0);
  expect_entries ("home/.cache/cudajit", 1);

  cleanup ();
  return 0;
}
