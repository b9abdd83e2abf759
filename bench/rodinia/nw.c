/* SPDX-License-Identifier: MIT */
/* Needleman-Wunsch (Rodinia's nw): the global alignment scores of two
   random sequences of N residues, with a gap PENALTY, by diagonals of
   blocks (nw-kernels.h).

     nw [N [PENALTY]]   (2048, 10; N a multiple of 16)

   Checked, the whole matrix, against the same recurrence on the host.  */

#include "rodinia.h"

#include "nw-kernels.h"

static const char usage[] = "[N [PENALTY]]";

enum
{
  RESIDUES = 24
};

struct nw
{
  int n, cols, penalty;
  int *reference, *initial, *d_reference, *d_matrix;
};

/* The score of residues A and B: a match gains by its residue, a
   mismatch costs by the pair.  */
static int
score (int a, int b)
{
  return a == b ? 4 + a % 8 : (a * 7 + b * 3) % 9 - 6;
}

static void
setup (void *data)
{
  struct nw *w = (struct nw *) data;
  to_device (w->d_matrix, w->initial,
             (size_t) w->cols * w->cols * sizeof (int));
}

static void
run (void *data)
{
  struct nw *w = (struct nw *) data;
  int block_width = w->n / NW_BLOCK;

  for (int i = 1; i <= block_width; i++)
    {
      LAUNCH (nw_upper, i, NW_BLOCK)
      (w->d_reference, w->d_matrix, w->cols, w->penalty, i);
    }
  for (int i = block_width - 1; i >= 1; i--)
    {
      LAUNCH (nw_lower, i, NW_BLOCK)
      (w->d_reference, w->d_matrix, w->cols, w->penalty, i, block_width);
    }
}

int
main (int argc, char **argv)
{
  struct nw w;
  w.n = int_argument (argc, argv, 1, 2048, NW_BLOCK, usage);
  w.penalty = int_argument (argc, argv, 2, 10, 0, usage);
  if (w.n % NW_BLOCK)
    {
      fprintf (stderr, "nw: %d is not a multiple of %d\n", w.n, NW_BLOCK);
      return 2;
    }
  int cols = w.cols = w.n + 1;
  size_t cells = (size_t) cols * cols, bytes = cells * sizeof (int);
  int *a = (int *) host_alloc (cols * sizeof *a);
  int *b = (int *) host_alloc (cols * sizeof *b);
  for (int i = 1; i < cols; i++)
    {
      a[i] = (int) (random_u32 () % RESIDUES);
      b[i] = (int) (random_u32 () % RESIDUES);
    }
  w.reference = (int *) host_alloc (bytes);
  w.initial = (int *) host_alloc (bytes);
  for (int r = 0; r < cols; r++)
    for (int c = 0; c < cols; c++)
      {
        w.reference[r * cols + c] = r && c ? score (a[r], b[c]) : 0;
        w.initial[r * cols + c] = r == 0   ? -c * w.penalty
                                  : c == 0 ? -r * w.penalty
                                           : 0;
      }
  w.d_reference = (int *) device_alloc (bytes);
  w.d_matrix = (int *) device_alloc (bytes);
  to_device (w.d_reference, w.reference, bytes);

  time_runs ("nw", setup, run, &w);

  int *got = (int *) host_alloc (bytes);
  to_host (got, w.d_matrix, bytes);
  int *want = w.initial;
  for (int r = 1; r < cols; r++)
    for (int c = 1; c < cols; c++)
      want[r * cols + c]
          = max3 (want[(r - 1) * cols + c - 1] + w.reference[r * cols + c],
                  want[r * cols + c - 1] - w.penalty,
                  want[(r - 1) * cols + c] - w.penalty);
  long mismatches = 0;
  double worst = 0;
  for (size_t i = 0; i < cells; i++)
    if (got[i] != want[i])
      {
        mismatches++;
        worst = fmax (worst, fabs ((double) got[i] - want[i]));
      }
  device_free (w.d_reference);
  device_free (w.d_matrix);
  free (got);
  free (a);
  free (b);
  free (w.reference);
  free (w.initial);
  return verdict ("nw", mismatches, worst);
}
