/* SPDX-License-Identifier: MIT */
/* Cooperative groups' tiles: cuda_tiled_partition, cuda_coalesced_threads
   and the cuda_tile_* functions on what they give.  On the CPU backend
   these inline functions are the warp functions of cudajit.h with the
   tile's mask, and cuda_tile_reduce the runtime's; on the GPU, kernels
   call the functions of the plugin's CUDA prelude (cudajit_tile_* and
   CUDA's).  Included by cudajit.h after cudajit-collectives.h; programs
   do not include it themselves.  */

#ifndef CUDAJIT_TILES_H
#define CUDAJIT_TILES_H

/* As cudajit.h, which includes it: faults in the uses of its macros are
   reported on the user's line alone.  */
#pragma GCC system_header

#ifdef __cplusplus
extern "C"
{
#endif

  /* CUDA's cooperative_groups::thread_block_tile and coalesced_group,
     without <cooperative_groups.h>.  A tile is a set of lanes of the
     caller's warp, and a cuda_tile is their mask, which the warp
     functions take too: cuda_tiled_partition (n), with N a constant
     power of two from 1 to 32 (anything else is an error at compile
     time), is cg::tiled_partition<N> (cg::this_thread_block ()): the N
     lanes laneid / N * N to laneid / N * N + N - 1, of which the last
     warp of a block whose size is not a multiple of 32 may have fewer;
     cuda_coalesced_threads () is cg::coalesced_threads (): the lanes
     that run the call together, cuda_activemask ()'s.

     cuda_tile_size (t) is the number of the tile's lanes, and
     cuda_tile_rank (t) the caller's rank among them, from 0 in the order
     of the lanes (laneid % N in a tile of N).  cuda_tile_sync (t) is
     cuda_syncwarp on the tile's lanes.  The shuffles exchange VALUE, of
     the types of cuda_shfl_sync, among the tile's lanes by rank:
     cuda_tile_shfl (t, v, src) gives the V of rank SRC % size,
     cuda_tile_shfl_down (t, v, delta) that of rank + DELTA, and
     cuda_tile_shfl_xor (t, v, mask) that of rank ^ MASK; where that rank
     is not in the tile, the caller's own V.  cuda_tile_ballot (t, p) has
     bit N set where the lane of rank N has a nonzero P.
     cuda_tile_reduce (t, v, op) gives every lane of the tile the V of
     all its lanes combined by OP, a constant of cuda_warp_reduce's
     (CUDA_ADD...), on its types.  As with CUDA's tiles, every lane of the
     tile must make the same call.  On the CPU backend, a kernel that calls
     them (but cuda_tiled_partition, cuda_tile_size and cuda_tile_rank)
     runs its blocks' threads as fibers.  */
  typedef unsigned int cuda_tile;

  static __inline__ cuda_tile
  cuda_tiled_partition (unsigned int size)
  {
    unsigned int thread
        = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned int threads = blockDim.x * blockDim.y * blockDim.z;
    unsigned int lane = thread % CUDAJIT_WARP_SIZE, first = thread - lane;
    unsigned int tile = (size >= CUDAJIT_WARP_SIZE ? ~0u : (1u << size) - 1)
                        << (lane & ~(size - 1));

    return tile & cudajit_warp_lanes (threads - first);
  }

  static __inline__ cuda_tile
  cuda_coalesced_threads (void)
  {
    return cuda_activemask ();
  }

  static __inline__ unsigned int
  cuda_tile_size (cuda_tile t)
  {
    return (unsigned int) __builtin_popcount (t);
  }

  static __inline__ unsigned int
  cuda_tile_rank (cuda_tile t)
  {
    return (unsigned int) __builtin_popcount (t & cuda_lanemask_lt ());
  }

  static __inline__ void
  cuda_tile_sync (cuda_tile t)
  {
    cuda_syncwarp (t);
  }

  /* The lane of rank RANK in T, or the caller's where T has no such
     rank: the shuffles' source, as the CUDA prelude finds it too; in a
     tile of contiguous lanes, the first's plus RANK.  */
  static __inline__ int
  cudajit_tile_lane (cuda_tile t, unsigned int rank)
  {
    unsigned int low = t ? (unsigned int) __builtin_ctz (t) : 0;
    unsigned int run = t >> low;

    if (rank >= cuda_tile_size (t))
      return cuda_laneid ();
    if ((run & (run + 1)) == 0)
      return (int) (low + rank);
    for (; rank > 0; rank--)
      t &= t - 1;
    return __builtin_ctz (t);
  }

  /* The bits of BALLOT at T's lanes, packed from bit 0 in rank order.  */
  static __inline__ unsigned int
  cudajit_tile_pack (cuda_tile t, unsigned int ballot)
  {
    unsigned int packed = 0, rank = 0;

    for (; t; t &= t - 1, rank++)
      packed |= (ballot >> __builtin_ctz (t) & 1) << rank;
    return packed;
  }

  static __inline__ unsigned int
  cuda_tile_ballot (cuda_tile t, int predicate)
  {
    return cudajit_tile_pack (t, cuda_ballot_sync (t, predicate));
  }

#define cuda_tile_shfl(t, v, src) CUDAJIT_TILE_SHFL (shfl, v) (t, v, src)
#define cuda_tile_shfl_down(t, v, delta)                                      \
  CUDAJIT_TILE_SHFL (shfl_down, v) (t, v, delta)
#define cuda_tile_shfl_xor(t, v, mask)                                        \
  CUDAJIT_TILE_SHFL (shfl_xor, v) (t, v, mask)
#define CUDAJIT_TILE_SHFL(op, value)                                          \
  CUDAJIT_WARP_TYPED (tile_##op, value, cuda_shfl_not_available_for_this_type)
#define cuda_tile_reduce(t, v, op)                                            \
  CUDAJIT_BY_SCALAR_TYPE ((v), tile_reduce,                                   \
                          cuda_tile_reduce_not_available_for_this_type)       \
  ((t), (v), (int) (op))

  void cuda_tile_reduce_not_available_for_this_type (
      cuda_tile t, struct cudajit_no_such_type value, ...);

  /* The shuffles by rank: cuda_shfl_sync from the lane of that rank.  */
#define CUDAJIT_TILE_SHUFFLES(t, type)                                        \
  static __inline__ type cudajit_tile_shfl_##t (cuda_tile tile, type v,       \
                                                int src)                      \
  {                                                                           \
    return cudajit_shfl_sync_##t (                                            \
        tile, v,                                                              \
        cudajit_tile_lane (tile, (unsigned int) src % cuda_tile_size (tile)), \
        CUDAJIT_WARP_SIZE);                                                   \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_tile_shfl_down_##t (cuda_tile tile, type v,  \
                                                     unsigned int delta)      \
  {                                                                           \
    unsigned int rank = cuda_tile_rank (tile);                                \
    return cudajit_shfl_sync_##t (                                            \
        tile, v,                                                              \
        cudajit_tile_lane (tile, delta < cuda_tile_size (tile) - rank         \
                                     ? rank + delta                           \
                                     : rank),                                 \
        CUDAJIT_WARP_SIZE);                                                   \
  }                                                                           \
                                                                              \
  static __inline__ type cudajit_tile_shfl_xor_##t (cuda_tile tile, type v,   \
                                                    int mask)                 \
  {                                                                           \
    return cudajit_shfl_sync_##t (                                            \
        tile, v,                                                              \
        cudajit_tile_lane (tile,                                              \
                           cuda_tile_rank (tile) ^ (unsigned int) mask),      \
        CUDAJIT_WARP_SIZE);                                                   \
  }
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_IF_WARP_##kind (CUDAJIT_TILE_SHUFFLES (t, type))
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_TILE_SHUFFLES

#define CUDAJIT_TILE_REDUCE_DECLARE(t, type)                                  \
  type cudajit_tile_reduce_##t (cuda_tile tile, type v, int op);
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  CUDAJIT_TILE_REDUCE_DECLARE (t, type)
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef CUDAJIT_TILE_REDUCE_DECLARE

#ifdef __cplusplus
}
#endif

#endif /* cudajit-tiles.h */
