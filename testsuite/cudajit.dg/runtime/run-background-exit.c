/* A program that launches one of a unit's kernels and ends at once ends
   normally, although the others are still being compiled in the
   background: exit waits for that compilation, which has stored its code
   in the disk cache when the program has ended.  The test runs itself
   with a cache of its own.  */
/* { dg-do run } */

#define _GNU_SOURCE
#include <cudajit.h>
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000

__attribute__ ((cuda_jit)) void
fill (int n, int x[n])
{
  int i = cuda_grid_x ();
  if (i < n)
    x[i] = i;
}

/* The others, which take NVRTC longer than fill.  */

__attribute__ ((cuda_jit)) void
histogram (const int *x, int n, unsigned long long *bins)
{
  int i = cuda_grid_x ();
  if (i < n)
    cuda_atomic_add (&bins[x[i] % 16], 1ull);
}

__attribute__ ((cuda_jit)) void
warp_sums (const double *x, int n, double *sums)
{
  int i = cuda_grid_x ();
  double v = i < n ? x[i] : 0;
  for (int offset = 16; offset > 0; offset /= 2)
    v += cuda_shfl_down_sync (0xffffffffu, v, offset);
  if (cuda_laneid () == 0 && i < n)
    sums[i / 32] = v;
}

/* The entries in DIR.  */
static int
entries (const char *dir)
{
  DIR *d = opendir (dir);
  struct dirent *e;
  int n = 0;

  while (d && (e = readdir (d)))
    n += strlen (e->d_name) == 64;
  if (d)
    closedir (d);
  return n;
}

int
main (int argc, char **argv)
{
  static int x[N];
  char dir[] = "/tmp/cudajit-exit-XXXXXX", command[4096];
  cpu_set_t cpus;

  if (argc > 1)
    {
      cuda_launch (fill, (N + 127) / 128, 128) (N, x);
      return x[N - 1] != N - 1;
    }
  if (!mkdtemp (dir))
    return 1;
  snprintf (command, sizeof command, "CUDAJIT_CACHE_DIR=%s '%s' child", dir,
            argv[0]);
  int status = system (command);
  /* fill's code and the others', unless the program has one core, where
     the others are not compiled before they are launched.  */
  int expected = !cuda_is_available () ? 0
                 : sched_getaffinity (0, sizeof cpus, &cpus) == 0
                         && CPU_COUNT (&cpus) == 1
                     ? 1
                     : 2;
  int found = entries (dir);
  printf ("child: exit status %d; %d entries in its cache, %d expected\n",
          status, found, expected);
  snprintf (command, sizeof command, "rm -rf '%s'", dir);
  if (system (command) != 0)
    return 1;
  return status != 0 || found != expected;
}

/* { dg-output "child: exit status 0; (\[0-9\]) entries in its cache, \\1 expected" } */
/* { dg-cudajit-levels all } */
