/* cuda-samples' reduce7 (Samples/2_Concepts_and_Techniques/reduction,
   reduction_kernel.cu), as it writes it, with T int: its last warp
   reduction shuffles down with the mask of a ballot of the lanes below
   blockDim.x / warpSize, so that lane 0 reads lane 16, outside that
   mask, which CUDA leaves undefined (cuda-samples issue 398).
   CUDAJIT_CHECK=warps says so, at 256 threads and at 32, naming the
   kernel, its launch and the shuffle's line.  Without the check the
   CPU backend's lane gets its own value, and the sum is 4 times the
   right one at 256 threads, 32 times at 32.  */
/* { dg-do run } */
/* { dg-set-target-env-var CUDAJIT_BACKEND "cpu" } */
/* { dg-set-target-env-var CUDAJIT_CHECK "warps" } */
/* { dg-set-target-env-var CUDAJIT_ERRORS "return" } */

#include <cudajit.h>
#include <stdio.h>

static int
warp_reduce_sum (unsigned int mask, int my_sum)
{
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    my_sum += cuda_shfl_down_sync (mask, my_sum, offset);
  return my_sum;
}

/* reduce7<int, BLOCK_SIZE, N_IS_POW2>.  */
#define REDUCE7(BLOCK_SIZE, N_IS_POW2)                                        \
  __attribute__ ((cuda_jit)) void reduce7_##BLOCK_SIZE##_##N_IS_POW2 (        \
      const int *restrict g_idata, int *restrict g_odata, unsigned int n)     \
  {                                                                           \
    extern __attribute__ ((cuda_shared)) int sdata[];                         \
    unsigned int tid = threadIdx.x;                                           \
    unsigned int grid_size = BLOCK_SIZE * gridDim.x;                          \
    unsigned int mask_length = (BLOCK_SIZE & 31);                             \
    mask_length = (mask_length > 0) ? (32 - mask_length) : mask_length;       \
    const unsigned int mask = (0xffffffff) >> mask_length;                    \
    int my_sum = 0;                                                           \
                                                                              \
    if (N_IS_POW2)                                                            \
      {                                                                       \
        unsigned int i = blockIdx.x * BLOCK_SIZE * 2 + threadIdx.x;           \
        grid_size = grid_size << 1;                                           \
        while (i < n)                                                         \
          {                                                                   \
            my_sum += g_idata[i];                                             \
            if ((i + BLOCK_SIZE) < n)                                         \
              my_sum += g_idata[i + BLOCK_SIZE];                              \
            i += grid_size;                                                   \
          }                                                                   \
      }                                                                       \
    else                                                                      \
      {                                                                       \
        unsigned int i = blockIdx.x * BLOCK_SIZE + threadIdx.x;               \
        while (i < n)                                                         \
          {                                                                   \
            my_sum += g_idata[i];                                             \
            i += grid_size;                                                   \
          }                                                                   \
      }                                                                       \
    my_sum = warp_reduce_sum (mask, my_sum);                                  \
    if ((tid % warpSize) == 0)                                                \
      sdata[tid / warpSize] = my_sum;                                         \
    cuda_syncthreads ();                                                      \
    const unsigned int shmem_extent                                           \
        = (BLOCK_SIZE / warpSize) > 0 ? (BLOCK_SIZE / warpSize) : 1;          \
    const unsigned int ballot_result                                          \
        = cuda_ballot_sync (mask, tid < shmem_extent);                        \
    if (tid < shmem_extent)                                                   \
      {                                                                       \
        my_sum = sdata[tid];                                                  \
        my_sum = warp_reduce_sum (ballot_result, my_sum);                     \
      }                                                                       \
    if (tid == 0)                                                             \
      g_odata[blockIdx.x] = my_sum;                                           \
  }

REDUCE7 (256, 1)
REDUCE7 (32, 1)

enum
{
  SIZE = 1 << 16,
  BLOCKS = 64
};

/* Whether CUDAJIT_CHECK=warps reported reduce7 at THREADS threads.  */
static int
reported (int threads, const int *d_idata, int *d_odata)
{
  /* What reduction.cpp gives it: a warp's worth, and one more.  */
  size_t shared_bytes = (threads / 32 + 1) * sizeof (int);

  if (threads == 256)
    cuda_launch (reduce7_256_1, BLOCKS, 256, .shared_bytes = shared_bytes) (
        d_idata, d_odata, SIZE);
  else
    cuda_launch (reduce7_32_1, BLOCKS, 32, .shared_bytes = shared_bytes) (
        d_idata, d_odata, SIZE);
  const char *message = cuda_last_error ();

  printf ("%d threads: %s\n", threads, message ? message : "not reported");
  return message != NULL;
}

int
main (void)
{
  static int in[SIZE];

  for (int i = 0; i < SIZE; i++)
    in[i] = i % 7;
  int *d_idata = cuda_to_device (in, sizeof in);
  int *d_odata = cuda_device_array (BLOCKS * sizeof (int));
  int both = reported (256, d_idata, d_odata) + reported (32, d_idata, d_odata);
  printf ("%d of 2 reported\n", both);
  return both != 2;
}

/* { dg-output "^256 threads: kernel 'reduce7_256_1' launched at \[^\n\]*cpu-check-warps-reduce7.c:94: cuda_shfl_down_sync at \[^\n\]*cpu-check-warps-reduce7.c:22, in lane 0 of warp 0 of block \\(0, 0, 0\\), reads lane 16, which its mask 0x000000ff leaves out: CUDA leaves the value undefined\n" } */
/* { dg-output "32 threads: kernel 'reduce7_32_1' launched at \[^\n\]*cpu-check-warps-reduce7.c:97: cuda_shfl_down_sync at \[^\n\]*cpu-check-warps-reduce7.c:22, in lane 0 of warp 0 of block \\(0, 0, 0\\), reads lane 16, which its mask 0x00000001 leaves out: CUDA leaves the value undefined\n" } */
/* { dg-output "2 of 2 reported\n" } */
