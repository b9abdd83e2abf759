/* SPDX-License-Identifier: MIT */
/* Pathfinder for nvcc: the same kernels and driver as cudajit's.  */
#include "pathfinder.c"
