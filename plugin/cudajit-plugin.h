/* Interfaces between the stages of the cudajit plugin.  */

#ifndef CUDAJIT_PLUGIN_H
#define CUDAJIT_PLUGIN_H

#include "gcc-compat.h"

/* attributes.cc: the cuda_jit attribute.  */
void cudajit_register_attributes (void *gcc_data, void *user_data);
bool cudajit_kernel_p (const_tree fndecl);

/* subset-check.cc: diagnoses everything in a kernel that is outside the
   C subset that runs on the GPU.  True when the kernel is clean.  */
bool cudajit_check_kernel (tree fndecl);

/* The functions of cudajit.h that kernels may call, which the CUDA prelude
   defines for the device.  */
bool cudajit_intrinsic_p (const_tree fndecl);

/* The names under which the CUDA built-in variables are declared in
   cudajit.h; the emitter prints them as they are.  */
bool cudajit_builtin_variable_p (const_tree decl);

/* cuda-emit.cc: CUDA C for a checked kernel (xmalloc'ed), and the prelude
   that every kernel's CUDA C is compiled after.  */
char *cudajit_emit_kernel (tree fndecl);
const char *cudajit_cuda_prelude (void);

/* embed.cc: keeps a kernel's CUDA C and host entry in the object file and
   registers them with the runtime at load time; writes the dump.  */
void cudajit_embed_kernel (tree fndecl, const char *cuda_source);
tree cudajit_kernel_handle (tree fndecl);
void cudajit_embed_register_roots (const char *plugin_name);
void cudajit_write_dump (const char *dir);

/* array-params.cc: for parameter INDEX of a kernel of type FNTYPE that
   points to an array of declared extent, the directions in which the array
   is copied when the argument is host memory, and its size in bytes: the
   product of *CONSTANT_BYTES and of the arguments at the positions that it
   puts in BOUNDS.  0 for other parameters.  */
#define CUDAJIT_COPY_IN 1
#define CUDAJIT_COPY_OUT 2
int cudajit_array_param (tree fntype, unsigned int index,
                         vec<unsigned int> *bounds,
                         unsigned HOST_WIDE_INT *constant_bytes);

/* launch-rewrite.cc: turns each cuda_launch in FNDECL into a call of
   cudajit_launch, and diagnoses kernels called any other way.  */
void cudajit_rewrite_launches (tree fndecl);

/* embed.cc: builds a static function NAME of type FNTYPE with parameters
   PARMS and the GENERIC body BODY, and hands it to the call graph.  */
tree cudajit_build_function (const char *name, tree fntype, tree parms,
                             tree body);

#endif /* cudajit-plugin.h */
