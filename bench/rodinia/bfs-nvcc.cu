/* SPDX-License-Identifier: MIT */
/* Breadth-first search for nvcc: the same kernels and driver as
   cudajit's.  */
#include "bfs.c"
