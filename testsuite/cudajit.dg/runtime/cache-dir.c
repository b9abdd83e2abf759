/* Where the disk cache is: $CUDAJIT_CACHE_DIR, else $XDG_CACHE_HOME/cudajit
   if that is an absolute path, else ~/.cache/cudajit; CUDAJIT_CACHE=0, off,
   false or no turns it off, and 1, on, true or yes leaves it on.  Another
   value of CUDAJIT_CACHE, or a CUDAJIT_CACHE_DIR too long for a path, is
   an error that says what the variable takes.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

int
main (void)
{
  static const char *const offs[] = { "0", "off", "false", "no", "OFF" };
  static const char *const ons[] = { "1", "on", "true", "yes" };
  char xdg[sizeof test_dir + 32], home[sizeof test_dir + 32];
  char dir[5000], expected[256];

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

  setenv ("CUDAJIT_CACHE_DIR", "off", 1);
  for (int i = 0; i < (int) (sizeof offs / sizeof *offs); i++)
    {
      setenv ("CUDAJIT_CACHE", offs[i], 1);
      expect ("kernel.cu", "kernel.cu: compiled\n");
      expect ("kernel.cu", "kernel.cu: compiled\n");
      expect_entries ("off", 0);
    }
  expect_entries ("home/.cache/cudajit", 1);

  for (int i = 0; i < (int) (sizeof ons / sizeof *ons); i++)
    {
      snprintf (dir, sizeof dir, "%s/on-%d", test_dir, i);
      setenv ("CUDAJIT_CACHE_DIR", dir, 1);
      setenv ("CUDAJIT_CACHE", ons[i], 1);
      expect ("kernel.cu", "kernel.cu: compiled\n");
      expect ("kernel.cu", "kernel.cu: from the cache\n");
    }

  setenv ("CUDAJIT_CACHE", "maybe", 1);
  expect_failure ("kernel.cu", "cudajit: error: CUDAJIT_CACHE is 'maybe'; "
                               "it can be 0, 1, off, on, false, true, no or "
                               "yes\n");
  unsetenv ("CUDAJIT_CACHE");

  /* Too long a path is not silently no cache.  */
  memset (dir, 'd', sizeof dir - 1);
  dir[0] = '/';
  dir[sizeof dir - 1] = '\0';
  setenv ("CUDAJIT_CACHE_DIR", dir, 1);
  snprintf (expected, sizeof expected,
            "cudajit: error: CUDAJIT_CACHE_DIR is '/%.59s...' (%zu bytes); "
            "it can be the path of a directory, of at most ",
            dir + 1, strlen (dir));
  expect_failure ("kernel.cu", expected);

  cleanup ();
  return 0;
}
