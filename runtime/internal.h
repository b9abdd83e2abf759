/* Declarations shared by the files of libcudajit.  Include first.  */

#ifndef CUDAJIT_INTERNAL_H
#define CUDAJIT_INTERNAL_H

/* For dlopen, pthreads, sysconf and flockfile under -std=c11.  */
#define _POSIX_C_SOURCE 200809L

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include "cudajit.h"
#include "cuda-api.h"

/* Only the API of cudajit.h is exported; this also keeps the calls between
   the runtime's files direct, which the launch path needs.  */
#pragma GCC visibility push(hidden)

/* error.c */

/* Report an error and end the program.  With KERNEL, the message names the
   kernel and its launch at FILE:LINE; with only FILE, it starts with
   FILE:LINE.  With CUDAJIT_ERRORS=return, keep the message for
   cuda_last_error and return instead: the caller then returns at once,
   with a null pointer if it returns one.  */
void cudajit_fatal (const char *kernel, const char *file, int line,
                    const char *format, ...)
  __attribute__ ((cold, format (printf, 4, 5)));

/* The same, but end the program whatever CUDAJIT_ERRORS says: for errors
   that leave the program no way to go on, such as a bad setting of the
   environment or the lack of a backend.  */
_Noreturn void cudajit_die (const char *kernel, const char *file, int line,
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

/* The most GPUs that a process uses: the size of the arrays that keep
   something for each, indexed by ordinal.  */
#define CUDAJIT_MAX_GPUS 32

/* A GPU that kernels run on when the CUDA backend is chosen.  */
struct cudajit_gpu
{
  /* Its number among the driver's devices, from 0.  */
  int ordinal;
  CUdevice device;
  /* Its primary context.  */
  CUcontext context;
  /* The compute capability as major * 10 + minor, as NVRTC numbers it.  */
  int arch;
  struct cudajit_limits limits;
};

/* The GPU that the calling thread selected (the first unless it called
   cuda_select_device), once cudajit_gpu_p has made its context current in
   the thread; null before, and again from cuda_select_device to the next
   cudajit_gpu_p.  Once set, the context is taken to stay current, so
   that launches need not ask the driver: only cuda_select_device changes
   it, not the CUDA runtime's cudaSetDevice.  */
extern __thread struct cudajit_gpu *cudajit_current_gpu;

/* Choose the backend on the first call.  Return true if it is the GPU;
   cudajit_current_gpu is then set, and its context current.  */
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
  /* What NVRTC made of the source for GPUs of architecture code_arch, on
     the first launch of one of the kernels, to load on each GPU of that
     architecture; null before.  Under the JIT's lock, as is handle.  */
  char *code;
  int code_arch;
  /* Loaded on each GPU, indexed by ordinal, on the first launch of one of
     the kernels there.  */
  CUmodule handle[CUDAJIT_MAX_GPUS];
};

struct cudajit_kernel
{
  const char *name;
  struct cudajit_module *module;
  void (*host_entry) (void **args);
  /* From cudajit_register_params, for the transfer of host arrays.  */
  struct cudajit_params *params;
  /* From cudajit_register_block_needs, for the CPU backend.  */
  size_t static_shared_bytes;
  bool barrier;
  /* On each GPU, by ordinal: null until loaded; once set, launches read it
     without locking.  */
  _Atomic (CUfunction) function[CUDAJIT_MAX_GPUS];
};

/* The kernel's function on the calling thread's GPU, cudajit_current_gpu,
   compiling and loading its module on the kernel's first launch there, at
   FILE:LINE.  Null if that fails, after the error was reported.  */
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
  /* Whether code comes from the disk cache, with an empty log.  */
  bool cached;
};

/* Compile SOURCE, called NAME in NVRTC's log, for a GPU of architecture
   ARCH: a cubin if NVRTC supports ARCH, else PTX for the newest
   architecture below it that NVRTC supports.  With USE_CACHE, look the
   code up in the disk cache first, and keep what NVRTC makes there.
   Return null on success, otherwise NVRTC's error, with the log in IMAGE.
   The caller frees IMAGE->code and IMAGE->log.  NVRTC must have been
   loaded.  Exported for nvrtc-check.  */
const char *cudajit_nvrtc_compile (const char *source, const char *name,
                                   int arch, bool use_cache,
                                   struct cudajit_image *image)
  __attribute__ ((visibility ("default")));

/* sha256.c */

/* SHA-256 of data given in pieces: init, update for each, final.  */
enum
{
  CUDAJIT_SHA256_SIZE = 32
};

struct cudajit_sha256
{
  uint32_t state[8];
  uint64_t length;
  unsigned char block[64];
};

void cudajit_sha256_init (struct cudajit_sha256 *sha);
void cudajit_sha256_update (struct cudajit_sha256 *sha, const void *data,
                            size_t size);
void cudajit_sha256_final (struct cudajit_sha256 *sha,
                           unsigned char digest[CUDAJIT_SHA256_SIZE]);

/* cache.c */

/* What names a compilation in the disk cache.  */
struct cudajit_cache_key
{
  unsigned char hash[CUDAJIT_SHA256_SIZE];
};

/* Set KEY for compiling SOURCE with the COUNT OPTIONS by the NVRTC loaded
   now, for the driver loaded now if any.  If the disk cache holds the code
   for KEY, set IMAGE->code, size, log and cached as
   cudajit_nvrtc_compile does, and return true.  Unless CUDAJIT_CACHE is 0,
   the cache is in $CUDAJIT_CACHE_DIR, $XDG_CACHE_HOME/cudajit or
   ~/.cache/cudajit.  */
bool cudajit_cache_lookup (struct cudajit_cache_key *key, const char *source,
                           int count, const char *const *options,
                           struct cudajit_image *image);

/* Keep IMAGE's code in the disk cache under KEY, if it can be written.  */
void cudajit_cache_store (const struct cudajit_cache_key *key,
                          const struct cudajit_image *image);

/* launch.c */

/* If ERROR is not CUDA_SUCCESS, report with cudajit_fatal that WHAT
   failed, for KERNEL launched at FILE:LINE if KERNEL is not null.  An
   error that a failing kernel left behind is reported against the last
   kernel launched instead, as that is the one to blame.  Return whether
   ERROR is CUDA_SUCCESS.  */
bool cudajit_check (CUresult error, const char *kernel, const char *file,
                    int line, const char *what);

/* transfer.c */

/* Launch KERNEL's FUNCTION on the GPU with its host arrays copied to the
   GPU and back, and return true, if an argument is a host array; else
   return false and launch nothing.  The arguments are as for
   cudajit_launch.  */
bool cudajit_launch_host_arrays (struct cudajit_kernel *kernel,
                                 CUfunction function,
                                 const struct cudajit_launch_config *config,
                                 const char *file, int line, void **args,
                                 const size_t *extent_bytes);

/* Counts the frees of device memory, which make what transfer.c knows of
   the arguments of earlier launches stale.  */
extern atomic_uint cudajit_free_generation;

/* cpu-backend.c */

/* Run KERNEL's grid, launched at FILE:LINE, on the host; return when it
   is done.  */
void cudajit_cpu_launch (const struct cudajit_kernel *kernel,
                         const struct cudajit_launch_config *config,
                         void **args, const char *file, int line);

/* Whether the calling thread runs a kernel on the CPU backend; if so, the
   kernel's name and where it was launched.  */
bool cudajit_cpu_current_launch (const char **kernel, const char **file,
                                 int *line);

#pragma GCC visibility pop

#endif /* internal.h */
