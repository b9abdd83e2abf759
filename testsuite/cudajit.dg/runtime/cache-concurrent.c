/* Processes that compile the same kernels into one empty disk cache at
   once all succeed, and leave one whole entry for each kernel and no
   temporary or lock files; only one of them compiles each kernel, and the
   others wait for it and load its entry.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "cache-test.h"
#include <stdbool.h>

enum
{
  PROCESSES = 16
};

/* Whether FILE says that kernel.cu and other.cu were each compiled or came
   from the cache; count those compiled in COMPILED.  */
static bool
compiled_or_cached (const char *file, int compiled[2])
{
  static const char *const kernel[]
      = { "kernel.cu: compiled\n", "kernel.cu: from the cache\n" };
  static const char *const other[]
      = { "other.cu: compiled\n", "other.cu: from the cache\n" };
  char text[256], expected[256];
  FILE *f = fopen (file, "r");
  size_t n;

  if (!f)
    return false;
  n = fread (text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose (f);
  for (int i = 0; i < 4; i++)
    {
      snprintf (expected, sizeof expected, "%s%s", kernel[i / 2],
                other[i % 2]);
      if (strcmp (text, expected) == 0)
        {
          compiled[0] += i / 2 == 0;
          compiled[1] += i % 2 == 0;
          return true;
        }
    }
  return false;
}

int
main (void)
{
  pid_t pids[PROCESSES];
  char command[4096], output[64];
  int status, compiled[2] = { 0, 0 };

  setup ();
  /* Each process compiles two kernels in turn, so that the processes also
     read entries that others write.  */
  for (int i = 0; i < PROCESSES; i++)
    {
      snprintf (output, sizeof output, "out%d", i);
      snprintf (command, sizeof command, "%s > %s 2>&1",
                check_command ("kernel.cu other.cu"), output);
      if ((pids[i] = fork ()) == 0)
        {
          execl ("/bin/sh", "sh", "-c", command, (char *) NULL);
          _exit (127);
        }
      if (pids[i] < 0)
        fail ("fork: %s", strerror (errno));
    }
  for (int i = 0; i < PROCESSES; i++)
    {
      snprintf (output, sizeof output, "out%d", i);
      if (waitpid (pids[i], &status, 0) != pids[i])
        fail ("waitpid: %s", strerror (errno));
      if (!WIFEXITED (status) || WEXITSTATUS (status) != 0
          || !compiled_or_cached (output, compiled))
        fail ("process %d failed; %s has its output", i, output);
    }
  if (compiled[0] != 1 || compiled[1] != 1)
    fail ("kernel.cu was compiled %d times and other.cu %d, not once each",
          compiled[0], compiled[1]);
  expect_entries (cache_dir, 2);
  expect ("kernel.cu other.cu",
          "kernel.cu: from the cache\nother.cu: from the cache\n");

  cleanup ();
  return 0;
}
