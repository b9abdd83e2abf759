/* Issue 44's program: two matrix multiplications, each launched again
   and again with the same arguments, so that their variants compile in
   the background (on a GPU), then the product copied back, the arrays
   freed and main returned from while the first variant compiles:
   CUDAJIT_TEST_COMPILE_DELAY makes the exit come during the compilation
   every time.  The test runs the program three times on a kernel cache
   of its own.  Each run ends normally, with the right product.  On a
   GPU, the first run's exit waits for the variant, which the second run
   takes from the cache; there NVRTC has compiled nothing yet, as the
   modules come from the cache, so the second kernel's variant is made
   at its launch rather than in the background, where exit used to tear
   NVRTC down under it (a crash at exit on the second run, or a hang);
   the third run takes both variants from the cache.  */
/* { dg-do run } */

#define _GNU_SOURCE
#include <cudajit.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

enum
{
  N = 128,
  BLOCK = 16,
  /* A variant is queued at the third launch of a key, and taken at the
     next once ready.  */
  LAUNCHES = 6,
  RUNS = 3
};

/* T = A B.  */
__attribute__ ((cuda_jit)) void
mm1 (int n, const float *a, const float *b, float *t)
{
  int i = cuda_grid_y (), j = cuda_grid_x ();
  if (i < n && j < n)
    {
      float sum = 0;
      for (int k = 0; k < n; k++)
        sum += a[i * n + k] * b[k * n + j];
      t[i * n + j] = sum;
    }
}

/* D = T C.  */
__attribute__ ((cuda_jit)) void
mm2 (int n, const float *t, const float *c, float *d)
{
  int i = cuda_grid_y (), j = cuda_grid_x ();
  if (i < n && j < n)
    {
      float sum = 0;
      for (int k = 0; k < n; k++)
        sum += t[i * n + k] * c[k * n + j];
      d[i * n + j] = sum;
    }
}

/* P = X Y, N by N, in plain C.  */
static void
multiply (const float *x, const float *y, float *p)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        float sum = 0;
        for (int k = 0; k < N; k++)
          sum += x[i * N + k] * y[k * N + j];
        p[i * N + j] = sum;
      }
}

/* The program: print how many elements of the product are wrong, and
   return that.  Small integers, whose sums floats hold exactly.  */
static int
program (void)
{
  static float a[N * N], b[N * N], c[N * N], d[N * N], t[N * N], e[N * N];
  const size_t bytes = sizeof a;

  for (int i = 0; i < N * N; i++)
    {
      a[i] = i % 3;
      b[i] = i % 5 - 2;
      c[i] = i % 7 - 3;
    }
  float *a_dev = cuda_to_device (a, bytes), *b_dev = cuda_to_device (b, bytes),
        *c_dev = cuda_to_device (c, bytes), *t_dev = cuda_device_array (bytes),
        *d_dev = cuda_device_array (bytes);
  cuda_dim3 grid = cuda_dim3 (N / BLOCK, N / BLOCK),
            block = cuda_dim3 (BLOCK, BLOCK);
  for (int launch = 0; launch < LAUNCHES; launch++)
    {
      cuda_launch (mm1, grid, block) (N, a_dev, b_dev, t_dev);
      cuda_launch (mm2, grid, block) (N, t_dev, c_dev, d_dev);
    }
  cuda_copy_to_host (d, d_dev, bytes);
  cuda_free (a_dev);
  cuda_free (b_dev);
  cuda_free (c_dev);
  cuda_free (t_dev);
  cuda_free (d_dev);
  multiply (a, b, t);
  multiply (t, c, e);
  int wrong = 0;
  for (int i = 0; i < N * N; i++)
    wrong += d[i] != e[i];
  printf ("product: %d wrong\n", wrong);
  return wrong;
}

static int failures;

/* Whether a line of OUTPUT has both WHAT and THAT.  */
static bool
line_with (const char *output, const char *what, const char *that)
{
  for (const char *line = output; *line;)
    {
      const char *end = strchrnul (line, '\n');
      const char *w = memmem (line, end - line, what, strlen (what));
      if (w && memmem (line, end - line, that, strlen (that)))
        return true;
      line = *end ? end + 1 : end;
    }
  return false;
}

/* Count a failure of run RUN, whose output is OUTPUT, unless a line has
   WHAT and THAT.  */
static void
expect (int run, const char *output, const char *what, const char *that)
{
  if (!line_with (output, what, that))
    {
      printf ("run %d: no line with \"%s\" and \"%s\"\n", run, what, that);
      failures++;
    }
}

int
main (int argc, char **argv)
{
  char dir[] = "/tmp/cudajit-exit-compile-XXXXXX", command[4096];
  static char output[1 << 16];
  cpu_set_t cpus;

  if (argc > 1)
    return program () != 0;
  if (!mkdtemp (dir))
    return 1;
  /* Where the variants compile in the background: on a GPU, with more
     than one core.  */
  bool variants = cuda_is_available ()
                  && !(sched_getaffinity (0, sizeof cpus, &cpus) == 0
                       && CPU_COUNT (&cpus) == 1);
  for (int run = 1; run <= RUNS; run++)
    {
      snprintf (command, sizeof command,
                "CUDAJIT_CACHE=1 CUDAJIT_CACHE_DIR=%s CUDAJIT_VERBOSE=1 "
                "CUDAJIT_TEST_COMPILE_DELAY=1 '%s' child 2>&1",
                dir, argv[0]);
      FILE *pipe = popen (command, "r");
      size_t n = pipe ? fread (output, 1, sizeof output - 1, pipe) : 0;
      output[n] = '\0';
      int status = pipe ? pclose (pipe) : -1;
      bool normal = status != -1 && WIFEXITED (status)
                    && WEXITSTATUS (status) == 0
                    && strstr (output, "product: 0 wrong\n");
      int failed = failures;
      if (variants && run == 1)
        expect (run, output, "waiting at exit for NVRTC",
                "to finish compiling");
      if (variants && run == 2)
        {
          expect (run, output, "kernel 'mm1' at ",
                  ": variant 1 came from the cache in ");
          expect (run, output, "kernel 'mm2' at ",
                  ": variant 1 made now, not in the background");
        }
      if (variants && run == 3)
        for (int k = 1; k <= 2; k++)
          {
            char kernel[32];
            snprintf (kernel, sizeof kernel, "kernel 'mm%d' at ", k);
            expect (run, output, kernel,
                    ": variant 1 came from the cache in ");
          }
      if (!normal || strstr (output, "still compiling"))
        {
          printf ("run %d: wait status %#x\n", run, status);
          failures++;
        }
      if (failures != failed)
        printf ("run %d's output:\n%s\n", run, output);
    }
  snprintf (command, sizeof command, "rm -rf '%s'", dir);
  if (system (command) != 0)
    return 1;
  printf ("%d runs on one cache: %d failures\n", RUNS, failures);
  return failures != 0;
}

/* { dg-output "3 runs on one cache: 0 failures" } */
/* { dg-cudajit-levels all } */
