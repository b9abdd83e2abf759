/* For the tests of the disk cache of compiled kernels, cache-*.c.  They
   compile kernel.cu and other.cu, in a directory of their own, with the
   build tree's nvrtc-check --cache, which the harness names in
   CUDAJIT_NVRTC_CHECK and which goes through the cache as the JIT does;
   the cache is the directory's cache/ unless a test says otherwise.  */

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char test_dir[] = "/tmp/cudajit-cache-XXXXXX";
static char cache_dir[sizeof test_dir + 16];

static void __attribute__ ((noreturn, format (printf, 1, 2)))
fail (const char *format, ...)
{
  va_list ap;

  fputs ("FAIL: ", stderr);
  va_start (ap, format);
  vfprintf (stderr, format, ap);
  va_end (ap);
  fprintf (stderr, "\n(the files are in %s)\n", test_dir);
  exit (1);
}

static void
write_file (const char *name, const char *text)
{
  FILE *f = fopen (name, "w");

  if (!f || fputs (text, f) == EOF || fclose (f) != 0)
    fail ("cannot write %s/%s", test_dir, name);
}

/* Make the directory with kernel.cu and other.cu, go there, and use its
   cache/ as the cache.  */
static void
setup (void)
{
  if (!getenv ("CUDAJIT_NVRTC_CHECK"))
    fail ("CUDAJIT_NVRTC_CHECK is not set: run this with make check");
  if (!mkdtemp (test_dir) || chdir (test_dir) != 0)
    fail ("%s: %s", test_dir, strerror (errno));
  snprintf (cache_dir, sizeof cache_dir, "%s/cache", test_dir);
  setenv ("CUDAJIT_CACHE_DIR", cache_dir, 1);
  unsetenv ("CUDAJIT_CACHE");
  write_file ("kernel.cu", "extern \"C\" __global__ void k (int *p)\n"
                           "{\n"
                           "  p[threadIdx.x] = threadIdx.x;\n"
                           "}\n");
  /* The same but for a comment, which NVRTC ignores but the cache may
     not.  */
  write_file ("other.cu", "extern \"C\" __global__ void k (int *p)\n"
                          "{\n"
                          "  p[threadIdx.x] = threadIdx.x; // other\n"
                          "}\n");
}

/* Run SHELL_COMMAND in the directory; return its output, stdout and
   stderr, and its exit status in *STATUS.  */
static const char *
run (const char *shell_command, int *status)
{
  static char output[8192];
  char command[4096];
  FILE *pipe;
  size_t n;

  snprintf (command, sizeof command, "%s 2>&1", shell_command);
  if (!(pipe = popen (command, "r")))
    fail ("popen: %s", strerror (errno));
  n = fread (output, 1, sizeof output - 1, pipe);
  output[n] = '\0';
  *status = pclose (pipe);
  *status = WIFEXITED (*status) ? WEXITSTATUS (*status) : 128;
  return output;
}

/* nvrtc-check --cache ARGS as a shell command.  */
static const char *
check_command (const char *args)
{
  static char command[1024];

  snprintf (command, sizeof command, "'%s' --cache %s",
            getenv ("CUDAJIT_NVRTC_CHECK"), args);
  return command;
}

/* Check that nvrtc-check --cache ARGS succeeds and prints EXPECTED.  */
static void
expect (const char *args, const char *expected)
{
  int status;
  const char *output = run (check_command (args), &status);

  if (status != 0 || strcmp (output, expected) != 0)
    fail ("nvrtc-check --cache %s: exit status %d, output:\n%s\n"
          "expected exit status 0, output:\n%s",
          args, status, output, expected);
}

/* Check that nvrtc-check --cache ARGS fails with MESSAGE in its output.  */
static void __attribute__ ((unused))
expect_failure (const char *args, const char *message)
{
  int status;
  const char *output = run (check_command (args), &status);

  if (status == 0 || !strstr (output, message))
    fail ("nvrtc-check --cache %.200s: exit status %d, output:\n%s\n"
          "expected a failure with:\n%s",
          args, status, output, message);
}

/* The number of entries in DIR, a cache directory, which may not exist;
   fail if it holds anything else, such as a temporary file.  */
static int
count_entries (const char *dir)
{
  DIR *d = opendir (dir);
  struct dirent *e;
  int n = 0;

  if (!d && errno == ENOENT)
    return 0;
  if (!d)
    fail ("%s: %s", dir, strerror (errno));
  while ((e = readdir (d)))
    if (strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0)
      {
        if (strlen (e->d_name) != 64
            || strspn (e->d_name, "0123456789abcdef") != 64)
          fail ("%s/%s is not a cache entry", dir, e->d_name);
        n++;
      }
  closedir (d);
  return n;
}

/* Check that DIR holds N entries and nothing else.  */
static void
expect_entries (const char *dir, int n)
{
  int found = count_entries (dir);

  if (found != n)
    fail ("%s holds %d entries, not %d", dir, found, n);
}

/* The file name of the one entry in the cache directory, which holds
   nothing else.  */
static __attribute__ ((unused)) const char *
single_entry (void)
{
  static char name[256];
  DIR *d;
  struct dirent *e;

  expect_entries (cache_dir, 1);
  if (!(d = opendir (cache_dir)))
    fail ("%s: %s", cache_dir, strerror (errno));
  while ((e = readdir (d)))
    if (e->d_name[0] != '.')
      snprintf (name, sizeof name, "%s", e->d_name);
  closedir (d);
  return name;
}

/* Remove the directory: the test passed.  */
static void
cleanup (void)
{
  char command[2 * sizeof test_dir + 32];

  snprintf (command, sizeof command, "chmod -R u+w '%s'; rm -rf '%s'",
            test_dir, test_dir);
  if (chdir ("/") != 0 || system (command) != 0)
    fail ("cannot remove %s", test_dir);
}
