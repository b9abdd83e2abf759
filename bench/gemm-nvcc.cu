/* SPDX-License-Identifier: MIT */
/* bench/gemm for nvcc: the same kernels and driver as cudajit's.  */
#include "gemm.c"
