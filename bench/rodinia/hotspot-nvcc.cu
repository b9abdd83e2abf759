/* SPDX-License-Identifier: MIT */
/* Hotspot for nvcc: the same kernels and driver as cudajit's.  */
#include "hotspot.c"
