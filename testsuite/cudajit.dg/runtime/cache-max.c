/* Once the disk cache's entries take more than CUDAJIT_CACHE_MAX bytes,
   the entries used longest ago are removed, never the one just written;
   a lookup counts as a use.  A bad CUDAJIT_CACHE_MAX is an error that
   says what it takes.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

/* The size in bytes of the one entry in the cache.  */
static long
entry_size (void)
{
  char path[sizeof cache_dir + 256];
  struct stat st;

  snprintf (path, sizeof path, "%s/%s", cache_dir, single_entry ());
  if (stat (path, &st) != 0)
    fail ("%s: %s", path, strerror (errno));
  return st.st_size;
}

/* Let the clock of files' times move on, which may tick only every few
   milliseconds, so that the next use is later than the last.  */
static void
next_tick (void)
{
  usleep (50000);
}

int
main (void)
{
  char max[64];
  long size;

  setup ();
  /* A third source that differs from the others only in a comment of the
     same length, so that the three entries have the same size.  */
  write_file ("third.cu", "extern \"C\" __global__ void k (int *p)\n"
                          "{\n"
                          "  p[threadIdx.x] = threadIdx.x; // third\n"
                          "}\n");
  write_file ("fourth.cu", "extern \"C\" __global__ void k (int *p)\n"
                           "{\n"
                           "  p[threadIdx.x] = threadIdx.x; // forth\n"
                           "}\n");
  expect ("third.cu", "third.cu: compiled\n");
  size = entry_size ();

  /* Room for two entries and a half.  */
  snprintf (max, sizeof max, "%ld", 2 * size + size / 2);
  setenv ("CUDAJIT_CACHE_MAX", max, 1);
  expect ("fourth.cu", "fourth.cu: compiled\n");
  expect_entries (cache_dir, 2);
  /* Used again, third.cu's entry is now the newer: fourth.cu's goes.  */
  next_tick ();
  expect ("third.cu", "third.cu: from the cache\n");
  next_tick ();
  expect ("other.cu", "other.cu: compiled\n");
  expect_entries (cache_dir, 2);
  next_tick ();
  expect ("third.cu", "third.cu: from the cache\n");
  next_tick ();
  expect ("other.cu", "other.cu: from the cache\n");
  next_tick ();
  expect ("fourth.cu", "fourth.cu: compiled\n");
  expect_entries (cache_dir, 2);

  /* Smaller than an entry: only the newest is kept.  */
  setenv ("CUDAJIT_CACHE_MAX", "1", 1);
  expect ("third.cu", "third.cu: compiled\n");
  expect_entries (cache_dir, 1);
  expect ("third.cu", "third.cu: from the cache\n");

  /* Sizes in KiB, MiB and GiB, in either case.  */
  static const char *const goods[] = { "2K", "64M", "1G", "64m" };
  for (int i = 0; i < 4; i++)
    {
      setenv ("CUDAJIT_CACHE_MAX", goods[i], 1);
      expect ("third.cu", "third.cu: from the cache\n");
    }
  static const char *const bads[]
      = { "0", "lots", "-5", "5T", "1KB", "99999999999999999999G" };
  for (int i = 0; i < 6; i++)
    {
      char message[256];

      setenv ("CUDAJIT_CACHE_MAX", bads[i], 1);
      snprintf (message, sizeof message,
                "CUDAJIT_CACHE_MAX is '%s'; it can be a size of 1 byte or "
                "more, with K, M or G (in any case) for KiB, MiB or GiB",
                bads[i]);
      expect_failure ("third.cu", message);
    }

  cleanup ();
  return 0;
}
