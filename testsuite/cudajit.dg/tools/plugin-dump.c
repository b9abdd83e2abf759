/* -fplugin-arg-cudajit-dump=DIR keeps the CUDA C of units of the same
   name in different directories apart, and gives a unit the same name
   whatever directory it is compiled from; without =DIR it says what it
   needs.  The test runs the compiler with the plugin, which the harness
   names in CUDAJIT_TEST_CC and CUDAJIT_TEST_PLUGIN.  */
/* { dg-do run } */

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Split, as the harness looks for the CUDA C of a test that names the
   attribute.  */
#define KERNEL                                                                \
  "__attribute__ ((cuda_"                                                     \
  "jit)) void\n"

static char test_dir[] = "/tmp/cudajit-dump-XXXXXX";

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

/* Compile SOURCE in DIR with the plugin and ARGS; return the compiler's
   output and its exit status in *STATUS.  */
static const char *
compile (const char *dir, const char *source, const char *args, int *status)
{
  static char output[8192];
  char command[4096];
  FILE *pipe;
  size_t n;

  snprintf (command, sizeof command,
            "cd '%s/%s' && '%s' -fplugin='%s' %s -c %s -o /dev/null 2>&1",
            test_dir, dir, getenv ("CUDAJIT_TEST_CC"),
            getenv ("CUDAJIT_TEST_PLUGIN"), args, source);
  if (!(pipe = popen (command, "r")))
    fail ("popen: %s", strerror (errno));
  n = fread (output, 1, sizeof output - 1, pipe);
  output[n] = '\0';
  *status = pclose (pipe);
  *status = WIFEXITED (*status) ? WEXITSTATUS (*status) : 128;
  return output;
}

static void
compile_ok (const char *dir, const char *source, const char *args)
{
  int status;
  const char *output = compile (dir, source, args, &status);

  if (status != 0 || *output)
    fail ("compiling %s in %s/%s with %s: status %d, output:\n%s", source,
          test_dir, dir, args, status, output);
}

/* The names of the files in DUMP, sorted, in NAMES, of which there are
   at most MAX; return how many there are.  */
static int
list_dump (char names[][256], int max)
{
  DIR *d = opendir ("dump");
  struct dirent *e;
  int n = 0;

  if (!d)
    fail ("dump: %s", strerror (errno));
  while ((e = readdir (d)))
    if (e->d_name[0] != '.')
      {
        if (n == max)
          fail ("dump holds more than %d files", max);
        snprintf (names[n++], 256, "%s", e->d_name);
      }
  closedir (d);
  qsort (names, n, sizeof *names,
         (int (*) (const void *, const void *)) strcmp);
  return n;
}

/* Whether the file NAME in dump mentions WORD.  */
static int
dump_mentions (const char *name, const char *word)
{
  char path[512], text[65536];
  FILE *f;
  size_t n;

  snprintf (path, sizeof path, "dump/%s", name);
  if (!(f = fopen (path, "r")))
    fail ("%s: %s", path, strerror (errno));
  n = fread (text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose (f);
  return strstr (text, word) != NULL;
}

int
main (void)
{
  char names[4][256], again[4][256], dump_arg[128];
  const char *output;
  int status;

  if (!getenv ("CUDAJIT_TEST_CC") || !getenv ("CUDAJIT_TEST_PLUGIN"))
    fail ("CUDAJIT_TEST_CC or CUDAJIT_TEST_PLUGIN is not set: run this "
          "with make check");
  if (!mkdtemp (test_dir) || chdir (test_dir) != 0 || mkdir ("x", 0777) != 0
      || mkdir ("y", 0777) != 0 || mkdir ("dump", 0777) != 0)
    fail ("%s: %s", test_dir, strerror (errno));
  write_file ("x/k.c", KERNEL "in_x (int *p)\n"
                              "{\n"
                              "  *p = 1;\n"
                              "}\n");
  write_file ("y/k.c", KERNEL "in_y (int *p)\n"
                              "{\n"
                              "  *p = 2;\n"
                              "}\n");
  snprintf (dump_arg, sizeof dump_arg, "-fplugin-arg-cudajit-dump=%s/dump",
            test_dir);

  compile_ok (".", "x/k.c", dump_arg);
  compile_ok (".", "y/k.c", dump_arg);
  if (list_dump (names, 4) != 2)
    fail ("dump does not hold one file for each of x/k.c and y/k.c");
  if (strncmp (names[0], "k.c.", 4) != 0 || strncmp (names[1], "k.c.", 4) != 0)
    fail ("the dumps, %s and %s, are not named after k.c", names[0], names[1]);
  if (dump_mentions (names[0], "in_x") == dump_mentions (names[1], "in_x")
      || dump_mentions (names[0], "in_y") == dump_mentions (names[1], "in_y"))
    fail ("%s and %s do not hold one kernel each", names[0], names[1]);

  /* From the unit's own directory, the same names.  */
  compile_ok ("x", "k.c", dump_arg);
  compile_ok ("y", "k.c", dump_arg);
  if (list_dump (again, 4) != 2 || strcmp (names[0], again[0]) != 0
      || strcmp (names[1], again[1]) != 0)
    fail ("compiling from x and y gave other dumps than from the parent");

  output = compile (".", "x/k.c", "-fplugin-arg-cudajit-dump", &status);
  if (status == 0
      || !strstr (output, "'-fplugin-arg-cudajit-dump' needs a directory: "
                          "'-fplugin-arg-cudajit-dump=DIR'"))
    fail ("-fplugin-arg-cudajit-dump without a directory: status %d, "
          "output:\n%s",
          status, output);

  if (chdir ("/") != 0)
    fail ("chdir: %s", strerror (errno));
  snprintf (dump_arg, sizeof dump_arg, "rm -rf '%s'", test_dir);
  if (system (dump_arg) != 0)
    fail ("cannot remove %s", test_dir);
  puts ("dumps kept apart");
  return 0;
}

/* { dg-output "dumps kept apart" } */
