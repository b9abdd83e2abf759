/* SPDX-License-Identifier: MIT */
/* Gaussian elimination for nvcc: the same kernels and driver as
   cudajit's.  */
#include "gaussian.c"
