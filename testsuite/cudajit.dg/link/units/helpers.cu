// CUDA C that cudajit did not write, which run-link-cu.c's kernel links.
// A fused multiply-add, rounded once, as C's fmaf is.
extern "C" __device__ float
fused_poly (float x, float c)
{
  return __fmaf_rn (x, x, c);
}

// Not called from C: it stays the file's own.
__device__ static int
unused_helper (int x)
{
  return x + 1;
}
