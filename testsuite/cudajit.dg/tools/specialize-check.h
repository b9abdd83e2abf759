/* For the tests that run the build tree's tools/specialize-check, which
   lies beside nvrtc-check, which the harness names in
   CUDAJIT_NVRTC_CHECK: specialize-*.c.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

static int failures;

/* The output, stdout and stderr, of specialize-check ARGS run with the
   environment settings ENV before it, for a minute at most; its exit
   status in *STATUS (that of timeout(1), which ends it after the minute
   with 124, or 128 and the signal's number if one ended it), and the
   seconds it took in *SECONDS.  */
static char *
run_status (const char *env, const char *args, int *status, double *seconds)
{
  static char output[16384];
  char command[4096], tool[2048];
  const char *check = getenv ("CUDAJIT_NVRTC_CHECK");
  struct timespec start, end;

  if (!check)
    {
      puts ("CUDAJIT_NVRTC_CHECK is not set: run this with make check");
      exit (1);
    }
  snprintf (tool, sizeof tool, "%.*s/specialize-check",
            (int) (strrchr (check, '/') - check), check);
  snprintf (command, sizeof command, "%s timeout 60 '%s' %s 2>&1", env, tool,
            args);
  clock_gettime (CLOCK_MONOTONIC, &start);
  FILE *pipe = popen (command, "r");
  size_t n = pipe ? fread (output, 1, sizeof output - 1, pipe) : 0;
  output[n] = '\0';
  int wait_status = pipe ? pclose (pipe) : -1;
  clock_gettime (CLOCK_MONOTONIC, &end);
  *seconds = end.tv_sec - start.tv_sec + (end.tv_nsec - start.tv_nsec) / 1e9;
  *status = !pipe || wait_status == -1 ? -1
            : WIFEXITED (wait_status)  ? WEXITSTATUS (wait_status)
                                       : 128 + WTERMSIG (wait_status);
  return output;
}

/* The output of specialize-check ARGS, as run_status has it, which must
   exit with 0.  */
static __attribute__ ((unused)) char *
run (const char *env, const char *args)
{
  int status;
  double seconds;
  char *output = run_status (env, args, &status, &seconds);

  if (status != 0)
    {
      printf ("%s specialize-check %s: exit status %d:\n%s\n", env, args,
              status, output);
      exit (1);
    }
  return output;
}

/* Count a failure unless OUTPUT has WANTED; WHAT names it.  */
static void
expect (const char *what, const char *output, const char *wanted)
{
  if (!strstr (output, wanted))
    {
      printf ("%s: no\n%s\nin:\n%s\n", what, wanted, output);
      failures++;
    }
}
