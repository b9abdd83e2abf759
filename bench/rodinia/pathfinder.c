/* SPDX-License-Identifier: MIT */
/* Pathfinder (Rodinia): the cost of the cheapest path from the top row of
   a grid of weights to each cell of its bottom row, moving down a row a
   step, straight or one column aside; each launch advances PYRAMID rows
   (pathfinder-kernels.h).

     pathfinder [COLS [ROWS [PYRAMID]]]   (100000, 100, 20)

   Checked against the same rows on the host.  */

#include "rodinia.h"

#include "pathfinder-kernels.h"

static const char usage[] = "[COLS [ROWS [PYRAMID]]]";

enum
{
  MAX_WEIGHT = 10
};

struct pathfinder
{
  int cols, rows, pyramid;
  int *data, *d_wall, *d_result[2];
  int result;
};

static void
setup (void *data)
{
  struct pathfinder *p = (struct pathfinder *) data;
  to_device (p->d_result[0], p->data, (size_t) p->cols * sizeof (int));
}

static void
run (void *data)
{
  struct pathfinder *p = (struct pathfinder *) data;
  int small = PATHFINDER_BLOCK - p->pyramid * 2;
  int blocks = (p->cols + small - 1) / small;
  int src = 0;

  for (int t = 0; t < p->rows - 1; t += p->pyramid)
    {
      LAUNCH (pathfinder_step, blocks, PATHFINDER_BLOCK)
      (rodinia_min (p->pyramid, p->rows - t - 1), p->d_wall, p->d_result[src],
       p->d_result[1 - src], p->cols, t, p->pyramid);
      src = 1 - src;
    }
  p->result = src;
}

/* The same rows, cell by cell, into COST (the top row's weights).  */
static void
reference (const struct pathfinder *p, int *cost)
{
  int cols = p->cols;
  int *next = (int *) host_alloc ((size_t) cols * sizeof *next);

  for (int r = 1; r < p->rows; r++)
    {
      for (int x = 0; x < cols; x++)
        {
          int best = cost[x];
          if (x > 0)
            best = rodinia_min (best, cost[x - 1]);
          if (x < cols - 1)
            best = rodinia_min (best, cost[x + 1]);
          next[x] = best + p->data[(size_t) r * cols + x];
        }
      memcpy (cost, next, (size_t) cols * sizeof *cost);
    }
  free (next);
}

int
main (int argc, char **argv)
{
  struct pathfinder p;
  p.cols = int_argument (argc, argv, 1, 100000, 1, usage);
  p.rows = int_argument (argc, argv, 2, 100, 1, usage);
  p.pyramid = int_argument (argc, argv, 3, 20, 1, usage);
  if (PATHFINDER_BLOCK - p.pyramid * 2 <= 0 || p.rows < 2)
    {
      fprintf (stderr,
               "pathfinder: a pyramid of %d and %d rows leave "
               "nothing to do\n",
               p.pyramid, p.rows);
      return 2;
    }
  size_t cells = (size_t) p.cols * p.rows, row = p.cols * sizeof (int);
  p.data = (int *) host_alloc (cells * sizeof (int));
  for (size_t i = 0; i < cells; i++)
    p.data[i] = (int) (random_u32 () % MAX_WEIGHT);
  /* The wall is the rows below the first, which starts the costs.  */
  p.d_wall = (int *) device_alloc (cells * sizeof (int) - row);
  p.d_result[0] = (int *) device_alloc (row);
  p.d_result[1] = (int *) device_alloc (row);
  to_device (p.d_wall, p.data + p.cols, cells * sizeof (int) - row);

  time_runs ("pathfinder", setup, run, &p);

  int *got = (int *) host_alloc (row);
  int *want = (int *) host_alloc (row);
  to_host (got, p.d_result[p.result], row);
  memcpy (want, p.data, row);
  reference (&p, want);
  long mismatches = 0;
  double worst = 0;
  for (int x = 0; x < p.cols; x++)
    if (got[x] != want[x])
      {
        mismatches++;
        worst = fmax (worst, fabs ((double) got[x] - want[x]));
      }
  device_free (p.d_wall);
  device_free (p.d_result[0]);
  device_free (p.d_result[1]);
  free (got);
  free (want);
  free (p.data);
  return verdict ("pathfinder", mismatches, worst);
}
