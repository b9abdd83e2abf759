/* What writers that were killed leave in the cache, temporary files and
   lock files, is removed by the next process that writes to the cache,
   once it is old enough for its writer to be surely dead; files of live
   writers, and files that are not the cache's, are left alone.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"
#include <fcntl.h>
#include <sys/file.h>
#include <time.h>
#include <utime.h>

/* Names of entries, 64 hex digits.  */
#define ZEROS "00000000000000000000000000000000" "00000000000000000000000000000000"
#define ONES "11111111111111111111111111111111" "11111111111111111111111111111111"

/* Make the file NAME in the cache, AGE seconds old.  */
static void
make_file (const char *name, long age)
{
  char path[sizeof cache_dir + 256];
  struct utimbuf times;

  snprintf (path, sizeof path, "%s/%s", cache_dir, name);
  write_file (path, "left over");
  times.actime = times.modtime = time (NULL) - age;
  if (utime (path, &times) != 0)
    fail ("utime %s: %s", path, strerror (errno));
}

/* Whether the file NAME is in the cache.  */
static int
present (const char *name)
{
  char path[sizeof cache_dir + 256];

  snprintf (path, sizeof path, "%s/%s", cache_dir, name);
  return access (path, F_OK) == 0;
}

int
main (void)
{
  static const struct
  {
    const char *name;
    long age;
    int kept;
  } files[] = {
    /* A killed writer's.  */
    { ZEROS ".tmp-123-0-456", 3600, 0 },
    { ZEROS ".lock", 3600, 0 },
    /* A live writer's.  */
    { ONES ".tmp-123-0-456", 0, 1 },
    /* Locked below: its holder is compiling.  */
    { ONES ".lock", 3600, 1 },
    /* Not the cache's.  */
    { "notes.tmp-1", 3600, 1 },
    { "notes.lock", 3600, 1 },
  };
  char path[sizeof cache_dir + 256];
  int fd;

  setup ();
  expect ("kernel.cu", "kernel.cu: compiled\n");
  for (size_t i = 0; i < sizeof files / sizeof *files; i++)
    make_file (files[i].name, files[i].age);
  snprintf (path, sizeof path, "%s/%s.lock", cache_dir, ONES);
  if ((fd = open (path, O_RDWR | O_CLOEXEC)) < 0 || flock (fd, LOCK_EX) != 0)
    fail ("cannot lock %s: %s", path, strerror (errno));

  expect ("other.cu", "other.cu: compiled\n");
  for (size_t i = 0; i < sizeof files / sizeof *files; i++)
    if (present (files[i].name) != files[i].kept)
      fail ("%s was %s", files[i].name,
            files[i].kept ? "removed" : "left in the cache");
  close (fd);

  cleanup ();
  return 0;
}
