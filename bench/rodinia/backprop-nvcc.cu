/* SPDX-License-Identifier: MIT */
/* Backpropagation for nvcc: the same kernels and driver as cudajit's.  */
#include "backprop.c"
