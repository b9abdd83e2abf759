/* cuda_activemask in code that only some lanes of a warp reach: as on a
   GPU, the lanes that reached the call in the same branch, and once the
   branch or loop is behind them, every lane again.  In an if, in the
   else of another, in a loop whose trip count differs between lanes
   (each iteration's mask, then the mask after it), there in a device
   function too, and as the mask of votes in a branch; in blocks of 80
   threads (two full warps and one of 16 lanes), compared with plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>

enum
{
  THREADS = 80,
  BLOCKS = 3,
  N = THREADS * BLOCKS,
  TRIPS = 4,
  /* What each thread writes in out[i][...].  */
  IN_IF = 0,
  IN_ELSE,
  AFTER_IF,
  BALLOT,
  ANY,
  ALL,
  VOTE_MASK,
  AFTER_LOOP,
  IN_LOOP,
  RESULTS = IN_LOOP + TRIPS
};

/* Whether the thread of input X takes the branch, and how many times it
   goes round the loop.  */
static int
takes_if (int x)
{
  return x % 3 != 0;
}

static int
trips (int x)
{
  return x % (TRIPS + 1);
}

__attribute__ ((cuda_jit)) void
branches (long n, const int in[n], unsigned int out[n][RESULTS])
{
  long i = cuda_grid_x ();
  int x = in[i];

  out[i][IN_IF] = 0;
  if (takes_if (x))
    out[i][IN_IF] = cuda_activemask ();
  if (x % 4 == 0)
    out[i][IN_ELSE] = 0;
  else
    out[i][IN_ELSE] = cuda_activemask ();
  out[i][AFTER_IF] = cuda_activemask ();
}

__attribute__ ((cuda_jit)) void
votes (long n, const int in[n], unsigned int out[n][RESULTS])
{
  long i = cuda_grid_x ();
  int x = in[i];

  out[i][BALLOT] = out[i][ANY] = out[i][ALL] = out[i][VOTE_MASK] = 0;
  if (takes_if (x))
    {
      unsigned int mask = cuda_activemask ();
      out[i][BALLOT] = cuda_ballot_sync (mask, x % 2);
      out[i][ANY] = cuda_any_sync (mask, x % 7 == 0);
      out[i][ALL] = cuda_all_sync (mask, x % 5 != 0);
      out[i][VOTE_MASK] = mask;
    }
}

__attribute__ ((cuda_jit)) void
loop (long n, const int in[n], unsigned int out[n][RESULTS])
{
  long i = cuda_grid_x ();
  int t = trips (in[i]);

  for (int k = 0; k < TRIPS; k++)
    out[i][IN_LOOP + k] = 0;
  for (int k = 0; k < t; k++)
    out[i][IN_LOOP + k] = cuda_activemask ();
  out[i][AFTER_LOOP] = cuda_activemask ();
}

/* The same loop in a device function, defined before the kernel, whose
   loops the front end has lowered to jumps by the time the kernel needs
   it; as a while loop left by a break.  */
static void
loop_masks (int t, unsigned int masks[TRIPS])
{
  int k = 0;
  while (1)
    {
      if (k >= t)
        break;
      masks[k++] = cuda_activemask ();
    }
}

__attribute__ ((cuda_jit)) void
loop_in_function (long n, const int in[n], unsigned int out[n][RESULTS])
{
  long i = cuda_grid_x ();

  for (int k = 0; k < TRIPS; k++)
    out[i][IN_LOOP + k] = 0;
  loop_masks (trips (in[i]), &out[i][IN_LOOP]);
  out[i][AFTER_LOOP] = cuda_activemask ();
}

/* The lanes of the warp of thread I whose input passes KEEP with the
   argument A.  */
static unsigned int
lanes (const int in[N], long i, int (*keep) (int x, int a), int a)
{
  long first = i - i % THREADS % 32;
  unsigned int mask = 0;

  for (long j = first; j < first + 32 && j / THREADS == i / THREADS; j++)
    if (keep (in[j], a))
      mask |= 1u << (j - first);
  return mask;
}

static int
taken (int x, int a)
{
  (void) a;
  return takes_if (x);
}

static int
not_multiple (int x, int a)
{
  return x % a != 0;
}

static int
every (int x, int a)
{
  (void) x, (void) a;
  return 1;
}

static int
more_trips (int x, int k)
{
  return trips (x) > k;
}

static int
taken_odd (int x, int a)
{
  (void) a;
  return takes_if (x) && x % 2;
}

static int
taken_multiple (int x, int a)
{
  return takes_if (x) && x % a == 0;
}

/* How many of the results in OUT, for the inputs IN, differ from plain
   C's, saying which.  */
static int
check (const char *kernel, const int in[N], unsigned int out[N][RESULTS])
{
  int errors = 0;

  for (long i = 0; i < N; i++)
    {
      int x = in[i];
      unsigned int branch = lanes (in, i, taken, 0);
      unsigned int want[RESULTS];

      want[IN_IF] = takes_if (x) ? branch : 0;
      want[IN_ELSE] = x % 4 ? lanes (in, i, not_multiple, 4) : 0;
      want[AFTER_IF] = lanes (in, i, every, 0);
      want[BALLOT] = takes_if (x) ? lanes (in, i, taken_odd, 0) : 0;
      want[ANY] = takes_if (x) && lanes (in, i, taken_multiple, 7) != 0;
      want[ALL] = takes_if (x) && lanes (in, i, taken_multiple, 5) == 0;
      want[VOTE_MASK] = takes_if (x) ? branch : 0;
      want[AFTER_LOOP] = lanes (in, i, every, 0);
      for (int k = 0; k < TRIPS; k++)
        want[IN_LOOP + k] = k < trips (x) ? lanes (in, i, more_trips, k) : 0;
      for (int r = 0; r < RESULTS; r++)
        if (out[i][r] != want[r] && errors++ < 10)
          printf ("%s: thread %ld, result %d: %#x, not %#x\n", kernel, i, r,
                  out[i][r], want[r]);
    }
  return errors;
}

int
main (void)
{
  static int in[N];
  static unsigned int out[N][RESULTS];
  unsigned int seed = 12345;
  int errors;

  for (long i = 0; i < N; i++)
    {
      seed = seed * 1103515245 + 12345;
      in[i] = seed >> 16 & 0x7fff;
    }
  cuda_launch (branches, BLOCKS, THREADS) (N, in, out);
  cuda_launch (votes, BLOCKS, THREADS) (N, in, out);
  cuda_launch (loop, BLOCKS, THREADS) (N, in, out);
  errors = check ("branches, votes and loop", in, out);
  for (long i = 0; i < N; i++)
    for (int r = AFTER_LOOP; r < RESULTS; r++)
      out[i][r] = 0;
  cuda_launch (loop_in_function, BLOCKS, THREADS) (N, in, out);
  errors += check ("loop_in_function", in, out);
  printf ("%s\n", errors ? "FAIL" : "activemask ok");
  return errors != 0;
}

/* { dg-output "activemask ok" } */
/* { dg-cudajit-levels all } */
