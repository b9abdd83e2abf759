/* SPDX-License-Identifier: MIT */
/* The device functions of project/stencil.c, which the kernels of other
   files call: on a GPU the runtime links the files' code at the first
   launch, as nvcc -rdc would; on the CPU backend they are C functions
   linked as any.  */

#ifndef PROJECT_STENCIL_H
#define PROJECT_STENCIL_H

/* The second difference of U at I, of N points on a ring.  */
__attribute__ ((cuda_device)) float laplacian (const float *u, long i,
                                               long n);

#endif
