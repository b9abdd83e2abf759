/* SPDX-License-Identifier: MIT */
/* K-means for nvcc: the same kernels and driver as cudajit's.  */
#include "kmeans.c"
