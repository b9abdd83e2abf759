/* Cooperative groups' tiles: cuda_tiled_partition (n) for each size from
   1 to 32, and cuda_tile_rank, cuda_tile_size, cuda_tile_sync, the
   shuffles by rank (int, double and long long values), cuda_tile_ballot
   and cuda_tile_reduce (several operations and types) on it, in blocks
   of 32, 64 and 40 threads (whose second warp has 8 lanes, fewer than
   the larger tiles), and the rank and size alone, with no wait; and
   cuda_coalesced_threads () in a branch that only some lanes take, with
   the same functions on it, and in a device function called in a loop
   whose rounds differ between lanes; and tiles under a branch that only
   some of them take.  Checked against plain C.  */
/* { dg-do run } */

#include <cudajit.h>
#include <stdio.h>
#include <string.h>

enum
{
  BLOCKS = 3,
  MAX_THREADS = 64,
  N = BLOCKS * MAX_THREADS,
  /* What each thread writes in out[i][...].  */
  RANK = 0,
  SIZE,
  SHFL,
  SHFL_DOWN_1,
  SHFL_DOWN_3,
  SHFL_XOR_1,
  SHFL_XOR_5,
  SHFL_DOUBLE,
  SHFL_LL,
  BALLOT,
  REDUCE_ADD,
  REDUCE_MIN,
  REDUCE_MAX,
  REDUCE_XOR,
  REDUCE_LL_ADD,
  REDUCE_FLOAT_MIN,
  SYNCED,
  RESULTS
};

static long long
wide (int v)
{
  return (long long) v * (1ll << 33);
}

/* The functions of cudajit-tiles.h on T, each thread's into R.  */
static void
tile_functions (cuda_tile t, const int *in, int *scratch, long i,
                long long r[RESULTS])
{
  int v = in[i];
  unsigned int rank = cuda_tile_rank (t);

  r[RANK] = rank;
  r[SIZE] = cuda_tile_size (t);
  r[SHFL] = cuda_tile_shfl (t, v, rank * 3 + 1);
  r[SHFL_DOWN_1] = cuda_tile_shfl_down (t, v, 1);
  r[SHFL_DOWN_3] = cuda_tile_shfl_down (t, v, 3);
  r[SHFL_XOR_1] = cuda_tile_shfl_xor (t, v, 1);
  r[SHFL_XOR_5] = cuda_tile_shfl_xor (t, v, 5);
  r[SHFL_DOUBLE] = cuda_tile_shfl (t, v * 0.5, 0) * 2;
  r[SHFL_LL] = cuda_tile_shfl_down (t, wide (v), 2);
  r[BALLOT] = cuda_tile_ballot (t, v % 3 == 0);
  r[REDUCE_ADD] = cuda_tile_reduce (t, v, CUDA_ADD);
  r[REDUCE_MIN] = cuda_tile_reduce (t, v, CUDA_MIN);
  r[REDUCE_MAX] = cuda_tile_reduce (t, v, CUDA_MAX);
  r[REDUCE_XOR] = cuda_tile_reduce (t, (unsigned int) v, CUDA_XOR);
  r[REDUCE_LL_ADD] = cuda_tile_reduce (t, wide (v), CUDA_ADD);
  r[REDUCE_FLOAT_MIN] = cuda_tile_reduce (t, (float) v, CUDA_MIN);
  /* What the lane of the next rank wrote before the barrier, the only
     wait between its store and the load.  */
  int next = cuda_tile_shfl (t, cuda_laneid (), rank + 1);
  scratch[i] = v + 1;
  cuda_tile_sync (t);
  r[SYNCED] = scratch[i - cuda_laneid () + next];
}

__attribute__ ((cuda_jit)) void
tiles (int size, const int in[N], int scratch[N], long long out[N][RESULTS])
{
  long i = cuda_grid_x ();
  cuda_tile t;

  switch (size)
    {
    case 1:
      t = cuda_tiled_partition (1);
      break;
    case 2:
      t = cuda_tiled_partition (2);
      break;
    case 4:
      t = cuda_tiled_partition (4);
      break;
    case 8:
      t = cuda_tiled_partition (8);
      break;
    case 16:
      t = cuda_tiled_partition (16);
      break;
    default:
      t = cuda_tiled_partition (32);
      break;
    }
  tile_functions (t, in, scratch, i, out[i]);
}

/* The tile's rank and size alone, which wait for no one: the CPU
   backend's block function runs the threads in loops.  */
__attribute__ ((cuda_jit)) void
ranks (int size, long long out[N][RESULTS])
{
  long i = cuda_grid_x ();
  cuda_tile t = size == 4 ? cuda_tiled_partition (4)
                : size == 8 ? cuda_tiled_partition (8)
                            : cuda_tiled_partition (32);

  out[i][RANK] = cuda_tile_rank (t);
  out[i][SIZE] = cuda_tile_size (t);
}

/* Tiles of 8 under a branch that only every other one takes.  */
__attribute__ ((cuda_jit)) void
some_tiles (const int in[N], long long out[N][RESULTS])
{
  long i = cuda_grid_x ();
  cuda_tile t = cuda_tiled_partition (8);

  if (cuda_laneid () / 8 % 2 == 0)
    {
      out[i][REDUCE_MAX] = cuda_tile_reduce (t, in[i], CUDA_MAX);
      out[i][SHFL] = cuda_tile_shfl (t, in[i], cuda_tile_rank (t) * 3 + 1);
    }
}

/* Whether the thread of input X takes the branch.  */
static int
takes_branch (int x)
{
  return x % 4 != 1;
}

__attribute__ ((cuda_jit)) void
coalesced (const int in[N], int scratch[N], long long out[N][RESULTS])
{
  long i = cuda_grid_x ();

  if (takes_branch (in[i]))
    tile_functions (cuda_coalesced_threads (), in, scratch, i, out[i]);
}

enum
{
  TRIPS = 4
};

/* How many times the thread of input X goes round the loop.  */
static int
trips (int x)
{
  return (x + 500) % (TRIPS + 1);
}

/* The lanes still in the caller's loop, from a device function.  */
static cuda_tile
still_going (void)
{
  return cuda_coalesced_threads ();
}

__attribute__ ((cuda_jit)) void
coalesced_loop (const int in[N], long long out[N][RESULTS])
{
  long i = cuda_grid_x ();

  for (int k = 0; k < trips (in[i]); k++)
    {
      cuda_tile c = still_going ();
      out[i][k] = cuda_tile_reduce (c, in[i] + k, CUDA_ADD);
      out[i][TRIPS + k] = cuda_tile_rank (c);
    }
}

static int errors;

/* WHAT of thread I, in blocks of THREADS, in tiles of SIZE (0 for
   coalesced threads) or in round SIZE of coalesced_loop.  */
static void
check (long long got, long long want, const char *what, int size,
       int threads, int i)
{
  if (got == want)
    return;
  if (errors++ < 20)
    printf ("%s (%d), blocks of %d, thread %d: %lld, not %lld\n", what,
            size, threads, i, got, want);
}

/* What tile_functions gives thread I, whose tile is the threads LANES[0]
   to LANES[COUNT - 1] (global indices in rank order), into R.  */
static void
expect (const int *in, const long *lanes, unsigned int count, long i,
        long long r[RESULTS])
{
  unsigned int rank = 0;
  while (lanes[rank] != i)
    rank++;
  int v = in[i];
  unsigned int ballot = 0, xor = 0;
  long long add = 0, ll_add = 0;
  int min = v, max = v;
  for (unsigned int k = 0; k < count; k++)
    {
      int w = in[lanes[k]];
      add += w, ll_add += wide (w);
      min = w < min ? w : min, max = w > max ? w : max;
      xor ^= (unsigned int) w;
      ballot |= (unsigned int) (w % 3 == 0) << k;
    }
  r[RANK] = rank;
  r[SIZE] = count;
  r[SHFL] = in[lanes[(rank * 3 + 1) % count]];
  r[SHFL_DOWN_1] = rank + 1 < count ? in[lanes[rank + 1]] : v;
  r[SHFL_DOWN_3] = rank + 3 < count ? in[lanes[rank + 3]] : v;
  r[SHFL_XOR_1] = (rank ^ 1) < count ? in[lanes[rank ^ 1]] : v;
  r[SHFL_XOR_5] = (rank ^ 5) < count ? in[lanes[rank ^ 5]] : v;
  r[SHFL_DOUBLE] = in[lanes[0]];
  r[SHFL_LL] = wide (rank + 2 < count ? in[lanes[rank + 2]] : v);
  r[BALLOT] = ballot;
  r[REDUCE_ADD] = (int) add;
  r[REDUCE_MIN] = min;
  r[REDUCE_MAX] = max;
  r[REDUCE_XOR] = xor;
  r[REDUCE_LL_ADD] = ll_add;
  r[REDUCE_FLOAT_MIN] = min;
  r[SYNCED] = in[lanes[(rank + 1) % count]] + 1;
}

static const char *const names[RESULTS]
    = { "rank",       "size",       "shfl",          "shfl_down 1",
        "shfl_down 3", "shfl_xor 1", "shfl_xor 5",   "shfl double",
        "shfl_down long long",      "ballot",        "reduce add",
        "reduce min", "reduce max", "reduce xor",    "reduce long long add",
        "reduce float min",         "sync" };

static void
compare (long long out[N][RESULTS], const int *in, int size, int threads,
         int coalesced_only, int results)
{
  for (long i = 0; i < (long) BLOCKS * threads; i++)
    {
      long block_first = i / threads * threads;
      long warp_first = block_first + (i - block_first) / 32 * 32;
      long block_end = block_first + threads;
      long lanes[32] = { 0 };
      unsigned int count = 0;
      long long want[RESULTS];

      if (coalesced_only)
        {
          if (!takes_branch (in[i]))
            continue;
          for (long j = warp_first; j < warp_first + 32 && j < block_end; j++)
            if (takes_branch (in[j]))
              lanes[count++] = j;
        }
      else
        {
          long first = warp_first + (i - warp_first) / size * size;
          for (long j = first; j < first + size && j < block_end; j++)
            lanes[count++] = j;
        }
      expect (in, lanes, count, i, want);
      for (int k = 0; k < results; k++)
        check (out[i][k], want[k], names[k], size, threads, i);
    }
}

/* some_tiles's results, of the tiles that took the branch.  */
static void
compare_some_tiles (long long out[N][RESULTS], const int *in, int threads)
{
  for (long i = 0; i < (long) BLOCKS * threads; i++)
    {
      long block_first = i / threads * threads;
      long lane = (i - block_first) % 32;
      long first = i - lane % 8, end = first + 8;
      int max = in[i];
      long tile[8] = { 0 };
      unsigned int count = 0;

      if (lane / 8 % 2)
        continue;
      if (end > block_first + threads)
        end = block_first + threads;
      for (long j = first; j < end; j++)
        {
          max = in[j] > max ? in[j] : max;
          tile[count++] = j;
        }
      check (out[i][REDUCE_MAX], max, "reduce max in a branch", 8, threads,
             i);
      check (out[i][SHFL], in[tile[(lane % 8 * 3 + 1) % count]],
             "shfl in a branch", 8, threads, i);
    }
}

/* Each round's tile in coalesced_loop: the lanes of the warp whose
   threads go round it that many times or more.  */
static void
compare_loop (long long out[N][RESULTS], const int *in, int threads)
{
  for (long i = 0; i < (long) BLOCKS * threads; i++)
    {
      long block_first = i / threads * threads;
      long warp_first = block_first + (i - block_first) / 32 * 32;
      long block_end = block_first + threads;

      for (int k = 0; k < trips (in[i]); k++)
        {
          long long sum = 0, rank = 0;
          for (long j = warp_first; j < warp_first + 32 && j < block_end; j++)
            if (trips (in[j]) > k)
              {
                sum += in[j] + k;
                rank += j < i;
              }
          check (out[i][k], sum, "coalesced reduce in a loop", k, threads, i);
          check (out[i][TRIPS + k], rank, "coalesced rank in a loop", k,
                 threads, i);
        }
    }
}

int
main (void)
{
  static int in[N], scratch[N];
  static long long out[N][RESULTS];
  static const int threads[] = { 32, 64, 40 };

  for (int i = 0; i < N; i++)
    in[i] = (i * 7919) % 1009 - 500;
  for (int b = 0; b < 3; b++)
    {
      for (int size = 1; size <= 32; size *= 2)
        {
          memset (scratch, 0, sizeof scratch);
          cuda_launch (tiles, BLOCKS, threads[b]) (size, in, scratch, out);
          compare (out, in, size, threads[b], 0, RESULTS);
          if (size == 4 || size == 8 || size == 32)
            {
              cuda_launch (ranks, BLOCKS, threads[b]) (size, out);
              compare (out, in, size, threads[b], 0, SIZE + 1);
            }
        }
      memset (scratch, 0, sizeof scratch);
      cuda_launch (coalesced, BLOCKS, threads[b]) (in, scratch, out);
      compare (out, in, 0, threads[b], 1, RESULTS);
      cuda_launch (some_tiles, BLOCKS, threads[b]) (in, out);
      compare_some_tiles (out, in, threads[b]);
      cuda_launch (coalesced_loop, BLOCKS, threads[b]) (in, out);
      compare_loop (out, in, threads[b]);
    }
  printf ("%d errors\n", errors);
  return errors != 0;
}

/* { dg-output "0 errors" } */
/* { dg-cudajit-levels all } */
