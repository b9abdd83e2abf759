// CUDA C that run-error-link-cu-jit.c's kernel links.  Its mistake is in
// the code for sm_80 and newer, which a GPU compiles at the first launch,
// while the testsuite's NVRTC check compiles it for sm_75.
extern "C" __device__ float
arch_twice (float x)
{
#if __CUDA_ARCH__ >= 800
  return 2 * x + undefined_on_new_gpus;
#else
  return 2 * x;
#endif
}
