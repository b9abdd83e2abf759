/* SPDX-License-Identifier: MIT */
/* SRAD for nvcc: the same kernels and driver as cudajit's.  */
#include "srad.c"
