/* SPDX-License-Identifier: MIT */
/* What gpu-background-compile.c offers the GPU's JIT (gpu-jit.c,
   gpu-specialize.c): compilations with NVRTC in threads of their own.  */

#ifndef CUDAJIT_GPU_BACKGROUND_COMPILE_H
#define CUDAJIT_GPU_BACKGROUND_COMPILE_H

#include "internal.h"

/* Not exported, as internal.h's declarations.  */
#pragma GCC visibility push(hidden)

/* A compilation in a thread of its own, which the program need not wait
   for until it launches a kernel that it compiles.  */
struct cudajit_background_compile;

/* Start compiling SOURCE, named NAME, both of which it takes, for ARCH as
   FLAGS say and with the disk cache, as cudajit_nvrtc_compile does, in a
   thread of its own; null, and both freed, where
   CUDAJIT_BACKGROUND_COMPILE is off, the process has a single core, is a
   child that fork made, has begun to exit, or the thread cannot be made.
   Until NVRTC has compiled something in the process, compile it now
   instead, in the calling thread: the compilation returned has ended.
   Exit waits for the compilation, for a while (gpu-background-compile.c
   says how long).  */
struct cudajit_background_compile *
cudajit_compile_in_background (char *source, char *name, int arch, int flags);

/* Whether COMPILATION runs in a thread of its own; if not, it has
   ended.  */
bool cudajit_background_in_thread (
    const struct cudajit_background_compile *compilation);

/* Whether COMPILATION has ended, so that cudajit_background_image would
   not wait.  */
bool cudajit_background_done (struct cudajit_background_compile *compilation);

/* Wait for COMPILATION to end, and free it.  Return true with its code
   in *IMAGE and its milliseconds in *MS if it made code, or false if it
   failed: the caller compiles again to say why.  */
bool cudajit_background_image (struct cudajit_background_compile *compilation,
                               struct cudajit_image *image, double *ms);

#pragma GCC visibility pop

#endif /* gpu-background-compile.h */
