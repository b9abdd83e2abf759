// CUDA C that cudajit did not write, which run-link-cu-toolkit-headers.c's
// kernel links: it includes the CUDA toolkit's own headers, which NVRTC
// finds in the toolkit's include (and include/cccl: CUB, libcu++), and a
// header of the unit's -I directories, which the plugin puts in its
// place.  CUB's headers need NVRTC without -minimal.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/functional>
#include <cuda/std/limits>
#include <cub/block/block_reduce.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include <toolkit-headers-tile.h>

namespace cg = cooperative_groups;

// Half and bfloat16 arithmetic, on values that neither rounds.
extern "C" __device__ float
half_fma (float x, float y, float z)
{
  __half h = __hfma (__float2half (x), __float2half (y), __float2half (z));
  return __half2float (h) + __bfloat162float (__float2bfloat16 (z));
}

// The rank of the calling thread in its tile, and the tile's in the block,
// from cooperative groups; the C version takes them from THREAD.
extern "C" __device__ int
tile_rank (int thread)
{
  cg::thread_block_tile<TILE> tile
      = cg::tiled_partition<TILE> (cg::this_thread_block ());
  return tile.thread_rank () + TILE_SCALE * tile.meta_group_rank ();
}

// libcu++'s.
extern "C" __device__ int
larger (int x, int y)
{
  static_assert (cuda::std::numeric_limits<int>::digits == 31, "int");
  return cuda::maximum<int> () (x, y);
}
