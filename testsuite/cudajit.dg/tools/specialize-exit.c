/* A program that exits while a variant compiles in the background ends
   normally, seen without a GPU through tools/specialize-check and its
   --cache: with CUDAJIT_TEST_COMPILE_DELAY the exit comes during the
   compilation every time, and waits for it, so that the next run takes
   the variant from the cache; a compilation that runs past the exit's
   wait is left to the end of the process, at once, and the next run
   compiles the variant again and keeps it in the cache.  An exit from
   another thread, and that of a fatal error, whose status is kept, do
   as a return from main does.  NVRTC's first compilation in a process
   is never in the background: exit would tear NVRTC down under it
   (issue 44: a crash or a hang at exit).  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include "specialize-check.h"

#include <dirent.h>

/* A delay past the exit's wait for a compilation (10 s in
   gpu-background-compile.c), and a bound between the two.  */
#define PAST_EXIT_WAIT 30
#define STRINGIFY(x) #x
#define STRING(x) STRINGIFY (x)

static char cache[] = "/tmp/cudajit-specialize-exit-XXXXXX";
static char env[sizeof cache + 64];

/* The entries in the cache.  */
static int
entries (void)
{
  DIR *d = opendir (cache);
  struct dirent *e;
  int n = 0;

  while (d && (e = readdir (d)))
    n += strlen (e->d_name) == 64
         && strspn (e->d_name, "0123456789abcdef") == 64;
  if (d)
    closedir (d);
  return n;
}

static void
expect_entries (const char *what, int n)
{
  if (entries () != n)
    {
      printf ("%s: %d entries in the cache, not %d\n", what, entries (), n);
      failures++;
    }
}

/* Run specialize-check ARGS with the cache and ENV_MORE, with
   CUDAJIT_VERBOSE; it must end with exit status STATUS_WANTED, and
   within SECONDS_MAX.  */
static char *
run_ending (const char *env_more, const char *args, int status_wanted,
            double seconds_max)
{
  char settings[512];
  int status;
  double seconds;

  snprintf (settings, sizeof settings, "%s CUDAJIT_VERBOSE=1 %s", env,
            env_more);
  char *output = run_status (settings, args, &status, &seconds);
  if (status != status_wanted || seconds > seconds_max)
    {
      printf ("%s specialize-check %s: exit status %d after %.1f s:\n%s\n",
              settings, args, status, seconds, output);
      failures++;
    }
  return output;
}

/* Run specialize-check ARGS as run_ending does; it must end normally.  */
static char *
run_exiting (const char *env_more, const char *args, double seconds_max)
{
  return run_ending (env_more, args, 0, seconds_max);
}

int
main (void)
{
  char *output;

  if (!mkdtemp (cache))
    return 1;
  snprintf (env, sizeof env, "CUDAJIT_CACHE_DIR=%s", cache);

  /* v = 0's variant, NVRTC's first compilation, is made at the launch
     that queues it; v = 5's compiles in the background, for a second
     longer than NVRTC takes, and the exit waits for it.  */
  output = run_exiting ("CUDAJIT_TEST_COMPILE_DELAY=1",
                        "--cache 0 0 0 0! 5 5 5", 50);
  expect ("the first compilation", output,
          "variant 1 made now, not in the background, as NVRTC has not "
          "compiled in this process yet\n");
  expect ("the second", output, "variant 2 compiling in the background\n");
  expect ("the exit", output,
          "cudajit: waiting at exit for NVRTC to finish compiling\n");
  expect_entries ("after the exit's wait", 2);
  output = run_exiting ("", "--cache 0 0 0 0! 5 5 5 5!", 50);
  expect ("the second run", output, "variant 2 came from the cache in ");
  expect ("its variant", output, "5!: variant 2\n");

  /* v = 9's compilation runs past the exit's wait, which ends the
     process without it.  */
  output = run_exiting ("CUDAJIT_TEST_COMPILE_DELAY=" STRING (PAST_EXIT_WAIT),
                        "--cache 1 1 1 1! 9 9 9", PAST_EXIT_WAIT - 5);
  expect ("the exit cut short", output,
          "cudajit: warning: NVRTC is still compiling in the background "
          "after ");
  expect ("the end", output, " s at exit: the program ends now");
  expect_entries ("after the exit cut a compilation short", 3);
  output = run_exiting ("", "--cache 1 1 1 1! 9 9 9 9!", 50);
  expect ("compiled again", output, "variant 2 compiled by NVRTC in ");
  expect_entries ("once compiled again", 4);
  output = run_exiting ("", "--cache 1 1 1 1! 9 9 9 9!", 50);
  expect ("then from the cache", output, "variant 2 came from the cache in ");

  /* exit called by another thread than main's waits as well.  */
  output = run_exiting ("CUDAJIT_TEST_COMPILE_DELAY=1",
                        "--cache --exit-thread 2 2 2 2! 6 6 6", 50);
  expect ("the exit from a thread", output,
          "cudajit: waiting at exit for NVRTC to finish compiling\n");
  expect_entries ("after the exit from a thread", 6);

  /* So does a fatal error's; cut short, it keeps its status.  */
  output = run_ending ("CUDAJIT_TEST_COMPILE_DELAY=1",
                       "--cache --fatal 3 3 3 3! 7 7 7", 1, 50);
  expect ("the fatal error", output,
          "cudajit: error: specialize-check ends as a fatal error would\n");
  expect ("its exit", output,
          "cudajit: waiting at exit for NVRTC to finish compiling\n");
  expect_entries ("after the fatal error", 8);
  output = run_ending ("CUDAJIT_TEST_COMPILE_DELAY=" STRING (PAST_EXIT_WAIT),
                       "--cache --fatal 4 4 4 4! 8 8 8", 1,
                       PAST_EXIT_WAIT - 5);
  expect ("the fatal error cut short", output,
          " s at exit: the program ends now");
  expect_entries ("after the fatal error cut short", 9);

  char command[sizeof cache + 16];
  snprintf (command, sizeof command, "rm -rf '%s'", cache);
  if (system (command) != 0)
    return 1;
  fflush (stdout);
  if (failures)
    abort ();
  puts ("ok");
  return 0;
}

/* { dg-output "ok" } */
