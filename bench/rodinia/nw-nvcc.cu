/* SPDX-License-Identifier: MIT */
/* Needleman-Wunsch for nvcc: the same kernels and driver as cudajit's.  */
#include "nw.c"
