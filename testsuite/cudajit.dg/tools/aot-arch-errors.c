/* -fplugin-arg-cudajit-arch refuses what is not an architecture that the
   NVRTC it loads compiles for, and says so when NVRTC cannot be loaded,
   each time naming the option.  The test runs the compiler with the
   plugin, which the harness names in CUDAJIT_TEST_CC and
   CUDAJIT_TEST_PLUGIN.  */
/* { dg-do run } */
/* { dg-require-effective-target nvrtc } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static int failures;

/* Compile a unit with a kernel with the plugin and ARGS, ENV before the
   command; check that it fails with a message that holds EXPECTED.  */
static void
expect_error (const char *env, const char *args, const char *expected)
{
  char command[4096], output[8192];
  FILE *pipe;
  size_t n;
  int status;

  snprintf (command, sizeof command,
            "printf '__attribute__ ((cuda_%s)) void k (int *p) { *p = 1; }\\n'"
            " | LC_ALL=C %s '%s' -fplugin='%s' %s -x c -c - -o /dev/null 2>&1",
            "jit", env, getenv ("CUDAJIT_TEST_CC"),
            getenv ("CUDAJIT_TEST_PLUGIN"), args);
  if (!(pipe = popen (command, "r")))
    {
      perror ("popen");
      exit (1);
    }
  n = fread (output, 1, sizeof output - 1, pipe);
  output[n] = '\0';
  status = pclose (pipe);
  if (!WIFEXITED (status) || WEXITSTATUS (status) == 0
      || !strstr (output, expected))
    {
      printf ("FAIL: %s %s: status %d, output:\n%s\n(expected: %s)\n", env,
              args, status, output, expected);
      failures++;
    }
}

int
main (void)
{
  if (!getenv ("CUDAJIT_TEST_CC") || !getenv ("CUDAJIT_TEST_PLUGIN"))
    {
      puts ("CUDAJIT_TEST_CC or CUDAJIT_TEST_PLUGIN is not set: run this "
            "with make check");
      return 1;
    }
  expect_error ("", "-fplugin-arg-cudajit-arch=sm_9x",
                "'-fplugin-arg-cudajit-arch=sm_9x': 'sm_9x' is not a GPU "
                "architecture: write 'sm_XY', as 'sm_90', or 'sm_XYa'");
  expect_error ("", "-fplugin-arg-cudajit-arch=sm_80,compute_90",
                "'-fplugin-arg-cudajit-arch=sm_80,compute_90': 'compute_90' "
                "is not a GPU architecture");
  expect_error ("", "-fplugin-arg-cudajit-arch=sm_80,sm_10",
                "'-fplugin-arg-cudajit-arch=sm_80,sm_10': NVRTC ");
  expect_error ("", "-fplugin-arg-cudajit-arch=sm_80,sm_10",
                " does not compile for 'sm_10'; it compiles for 'sm_");
  expect_error ("", "-fplugin-arg-cudajit-arch",
                "'-fplugin-arg-cudajit-arch' needs the GPU architectures to "
                "compile the kernels for: "
                "'-fplugin-arg-cudajit-arch=sm_80,sm_90'");
  expect_error ("CUDAJIT_NVRTC_LIBRARY=/nonexistent/libnvrtc.so",
                "-fplugin-arg-cudajit-arch=sm_90",
                "'-fplugin-arg-cudajit-arch=sm_90': NVRTC compiles the "
                "kernels ahead of time, but cannot load NVRTC from "
                "CUDAJIT_NVRTC_LIBRARY: ");
  /* A name is checked before NVRTC is looked for.  */
  expect_error ("CUDAJIT_NVRTC_LIBRARY=/nonexistent/libnvrtc.so",
                "-fplugin-arg-cudajit-arch=sm_10x",
                "'sm_10x' is not a GPU architecture");
  printf ("%d failures\n", failures);
  return failures != 0;
}

/* { dg-output "0 failures" } */
