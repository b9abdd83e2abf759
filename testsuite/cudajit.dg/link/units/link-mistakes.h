// Included by link-mistakes.cu.
static __device__ int
mistaken_header (void)
{
  return not_declared_here;
}
