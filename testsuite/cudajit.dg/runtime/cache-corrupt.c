/* An entry of the disk cache that is damaged, cut short, not a file, or
   cannot be read is compiled again and replaced, or left alone if it is a
   directory.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"

/* The entries have a 60-byte header before the code.  */
enum
{
  HEADER_SIZE = 60
};

/* The cache's only entry.  */
static char entry[sizeof cache_dir + 256];
static unsigned char contents[1 << 20];
static long size;

static void
read_entry (void)
{
  DIR *d = opendir (cache_dir);
  struct dirent *e;
  FILE *f;

  expect_entries (cache_dir, 1);
  while ((e = readdir (d)))
    if (e->d_name[0] != '.')
      snprintf (entry, sizeof entry, "%s/%s", cache_dir, e->d_name);
  closedir (d);
  if (!(f = fopen (entry, "rb")))
    fail ("%s: %s", entry, strerror (errno));
  size = fread (contents, 1, sizeof contents, f);
  fclose (f);
  if (size <= HEADER_SIZE || size == sizeof contents)
    fail ("%s has %ld bytes", entry, size);
}

/* Replace the entry with the first BYTES bytes of CONTENTS.  */
static void
write_entry (long bytes)
{
  FILE *f = fopen (entry, "wb");

  if (!f || fwrite (contents, 1, bytes, f) != (size_t) bytes || fclose (f))
    fail ("cannot write %s", entry);
}

/* After the entry was damaged as WHAT says, the kernel is compiled again,
   and the new entry serves the next compilation.  */
static void
expect_replaced (const char *what)
{
  printf ("entry %s\n", what);
  expect ("kernel.cu", "kernel.cu: compiled\n");
  expect ("kernel.cu", "kernel.cu: from the cache\n");
  read_entry ();
}

int
main (void)
{
  char expected[512];

  setup ();
  expect ("kernel.cu", "kernel.cu: compiled\n");
  read_entry ();

  write_entry (size / 2);
  expect_replaced ("cut in half");
  write_entry (size - 1);
  expect_replaced ("one byte short");
  write_entry (HEADER_SIZE);
  expect_replaced ("with the header only");
  write_entry (0);
  expect_replaced ("empty");

  contents[size - 1] ^= 1;
  write_entry (size);
  expect_replaced ("with a bit of the code flipped");
  contents[0] ^= 1;
  write_entry (size);
  expect_replaced ("with a bit of the magic string flipped");
  contents[8]++;
  write_entry (size);
  expect_replaced ("of another format version");
  contents[12]++;
  write_entry (size);
  expect_replaced ("with a wrong size");
  contents[size] = 0;
  write_entry (size + 1);
  expect_replaced ("one byte long");

  if (unlink (entry) != 0 || mkfifo (entry, 0600) != 0)
    fail ("cannot make %s a FIFO: %s", entry, strerror (errno));
  expect_replaced ("a FIFO");

  /* Root reads it all the same.  */
  if (geteuid () != 0)
    {
      if (chmod (entry, 0) != 0)
        fail ("chmod %s: %s", entry, strerror (errno));
      expect_replaced ("unreadable");
    }

  /* A directory cannot be replaced: the kernel is compiled each time, and
     the file that would have replaced it is removed.  */
  if (unlink (entry) != 0 || mkdir (entry, 0700) != 0)
    fail ("cannot make %s a directory: %s", entry, strerror (errno));
  snprintf (expected, sizeof expected,
            "cudajit: cannot write to the kernel cache %s: %s\n"
            "kernel.cu: compiled\n"
            "kernel.cu: compiled\n",
            cache_dir, strerror (EISDIR));
  expect ("kernel.cu kernel.cu", expected);
  expect_entries (cache_dir, 1);

  cleanup ();
  return 0;
}
