/* Declarations shared by the files of libcudajit.  Include first.  */

#ifndef CUDAJIT_INTERNAL_H
#define CUDAJIT_INTERNAL_H

/* For dlopen, pthreads, sysconf and flockfile under -std=c11.  */
#define _POSIX_C_SOURCE 200809L

#include <stdatomic.h>
#include <stdbool.h>
#include "cudajit.h"
#include "cuda-api.h"

/* Only the API of cudajit.h is exported; this also keeps the calls between
   the runtime's files direct, which the launch path needs.  */
#pragma GCC visibility push(hidden)

/* error.c */

/* Report an error and end the program.  With KERNEL, the message names the
   kernel and its launch at FILE:LINE; with only FILE, it starts with
   FILE:LINE.  */
_Noreturn void cudajit_fatal (const char *kernel, const char *file, int line,
                              const char *format, ...)
  __attribute__ ((cold, format (printf, 4, 5)));

/* "CUDA_ERROR_NAME (description)" for ERROR, valid until the next call in
   this thread; for error messages.  */
const char *cudajit_cuda_error (CUresult error);

/* realloc that cannot fail.  */
void *cudajit_xrealloc (void *p, size_t size);

/* driver.c */

/* The dlopen'ed functions, called as cudajit_cu.cuInit (0).  */
struct cudajit_cuda_lib
{
#define CUDA_ONE_CALL(name, params) CUresult (*name) params;
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
};

struct cudajit_nvrtc_lib
{
#define NVRTC_ONE_CALL(result, name, params) result (*name) params;
#include "nvrtc-lib.def"
#undef NVRTC_ONE_CALL
};

extern struct cudajit_cuda_lib cudajit_cu;
extern struct cudajit_nvrtc_lib cudajit_nvrtc;

/* What a launch configuration must respect.  */
struct cudajit_limits
{
  unsigned int threads;
  cuda_dim3 block;
  cuda_dim3 grid;
  size_t shared_bytes;
};

/* The GPU that kernels run on when the CUDA backend is chosen.  */
struct cudajit_gpu
{
  CUdevice device;
  CUcontext context;
  /* The compute capability as major * 10 + minor, as NVRTC numbers it.  */
  int arch;
  struct cudajit_limits limits;
};

extern struct cudajit_gpu cudajit_gpu;

/* Choose the backend on the first call.  Return true if it is the GPU,
   whose context is then made current in the calling thread.  */
bool cudajit_gpu_p (void);

/* Load NVRTC into cudajit_nvrtc on the first call.  Return null if it is
   loaded, else why not.  Exported for nvrtc-check.  */
const char *cudajit_load_nvrtc (void)
  __attribute__ ((visibility ("default")));

/* jit.c */

/* The kernels of a translation unit, compiled together.  */
struct cudajit_module
{
  const char *unit_name;
  /* The unit's prelude, then the CUDA C of each kernel.  */
  char *cuda_source;
  /* Loaded on the first launch of one of its kernels; both under the JIT's
     lock.  */
  CUmodule handle;
};

struct cudajit_kernel
{
  const char *name;
  struct cudajit_module *module;
  void (*host_entry) (void **args);
  /* Null until loaded; once set, launches read it without locking.  */
  _Atomic (CUfunction) function;
};

/* The kernel's function on the GPU, compiling and loading its module on the
   kernel's first launch, at FILE:LINE.  */
CUfunction cudajit_kernel_function (struct cudajit_kernel *kernel,
                                    const char *file, int line);

/* What NVRTC made of a CUDA C source.  */
struct cudajit_image
{
  /* A cubin, or PTX with its terminating NUL.  */
  char *code;
  size_t size;
  /* The architecture compiled for, and whether code is PTX for the driver
     to compile further.  */
  int arch;
  bool ptx;
  /* NVRTC's log, without trailing newlines; never null.  */
  char *log;
};

/* Compile SOURCE, called NAME in NVRTC's log, for a GPU of architecture
   ARCH: a cubin if NVRTC supports ARCH, else PTX for the newest
   architecture below it that NVRTC supports.  Return null on success,
   otherwise NVRTC's error, with the log in IMAGE.  The caller frees
   IMAGE->code and IMAGE->log.  NVRTC must have been loaded.  Exported for
   nvrtc-check.  */
const char *cudajit_nvrtc_compile (const char *source, const char *name,
                                   int arch, struct cudajit_image *image)
  __attribute__ ((visibility ("default")));

/* launch.c */

/* If ERROR is not CUDA_SUCCESS, end the program with a message saying that
   WHAT failed, for KERNEL launched at FILE:LINE if KERNEL is not null.  An
   error that a failing kernel left behind is reported against the last
   kernel launched instead, as that is the one to blame.  */
void cudajit_check (CUresult error, const char *kernel, const char *file,
                    int line, const char *what);

/* cpu-backend.c */

/* Run KERNEL's grid on the host; return when it is done.  */
void cudajit_cpu_launch (const struct cudajit_kernel *kernel,
                         const struct cudajit_launch_config *config,
                         void **args);

#pragma GCC visibility pop

#endif /* internal.h */
