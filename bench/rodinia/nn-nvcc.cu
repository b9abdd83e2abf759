/* SPDX-License-Identifier: MIT */
/* Nearest neighbour for nvcc: the same kernels and driver as cudajit's.  */
#include "nn.c"
