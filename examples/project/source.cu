// SPDX-License-Identifier: MIT
// CUDA C that cudajit did not write: the heat that a point gains, linked
// with the kernel of project-heat.c by cuda_jit ("link=project/source.cu").
// project/source.c is the same function in C, for the CPU backend.

extern "C" __device__ float
source_term (float x)
{
  return 0.01f * x * (1.0f - x);
}
