/* SPDX-License-Identifier: MIT */
/* LU decomposition for nvcc: the same kernels and driver as cudajit's.  */
#include "lud.c"
