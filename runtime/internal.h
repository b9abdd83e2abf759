/* SPDX-License-Identifier: MIT */
/* Declarations shared by the files of libcudajit.  Include first.  */

#ifndef CUDAJIT_INTERNAL_H
#define CUDAJIT_INTERNAL_H

/* For dlopen, pthreads, sysconf and flockfile under -std=c11.  */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include "cudajit.h"
#include "cuda-api.h"
#include "nvrtc-common.h"

/* Only the API of cudajit.h is exported; this also keeps the calls between
   the runtime's files direct, which the launch path needs.  */
#pragma GCC visibility push(hidden)

/* Where a kernel was launched, which the errors of its launch and of the
   kernel itself name.  */
struct cudajit_site
{
  const char *kernel;
  const char *file;
  int line;
};

/* fatal.c */

/* What every error message, and every other line, starts with.  */
#define CUDAJIT_ERROR_PREFIX "cudajit: error: "
#define CUDAJIT_VERBOSE_PREFIX "cudajit: "
#define CUDAJIT_WARNING_PREFIX "cudajit: warning: "

/* The end of the message about a launch, or a query of a kernel, that was
   compiled without the plugin: the flag that loads the plugin as it is
   installed (cudajit-config.h), by its whole path outside GCC's own
   plugin directory, where its short name is not found.  */
#define CUDAJIT_UNPLUGGED_HINT                                                \
  "compile with " CUDAJIT_PLUGIN_FLAG ", as pkg-config --cflags cudajit "     \
  "gives it"

/* Report an error and end the program, whatever CUDAJIT_ERRORS says: for
   errors that leave the program no way to go on, such as a bad setting of
   the environment or the lack of a backend.  With SITE, the message names
   its kernel and its launch at its file and line, or starts with its file
   and line where it has no kernel.  */
_Noreturn void cudajit_fatal (const struct cudajit_site *site,
                              const char *format, ...)
    __attribute__ ((cold, format (printf, 2, 3)));
_Noreturn void cudajit_vfatal (const struct cudajit_site *site,
                               const char *format, va_list ap);

/* Write the message of an error, as above, to STREAM.  */
void cudajit_write_message (FILE *stream, const struct cudajit_site *site,
                            const char *format, va_list ap);

/* Write PREFIX and the message, as above, as a line on stderr, in one
   write, so that the lines of processes that share stderr, such as the
   ranks of an MPI program, do not mix.  */
void cudajit_write_line (const char *prefix, const struct cudajit_site *site,
                         const char *format, va_list ap);

/* Write a line as cudajit_write_line does, and go on.  */
void cudajit_report (const char *prefix, const struct cudajit_site *site,
                     const char *format, ...)
    __attribute__ ((format (printf, 3, 4)));

/* xalloc.c */

/* realloc that cannot fail.  */
void *cudajit_xrealloc (void *p, size_t size);

/* TEXT, or a new string if null, with MORE appended.  */
char *cudajit_append (char *text, const char *more);

/* error.c */

/* How many errors of the calling thread have returned, under
   CUDAJIT_ERRORS=return: a call that makes several compares it before and
   after.  */
unsigned int cudajit_errors_returned (void);

/* Report an error as cudajit_fatal does and end the program; but with
   CUDAJIT_ERRORS=return, keep the message for cuda_last_error and return
   instead: the caller then returns at once, with a null pointer if it
   returns one.  */
void cudajit_error (const struct cudajit_site *site, const char *format, ...)
    __attribute__ ((cold, format (printf, 2, 3)));

/* environment.c */

/* What CUDAJIT_BACKEND chooses.  */
enum cudajit_backend
{
  /* Unset: the GPU if there is one, else the CPU.  */
  CUDAJIT_BACKEND_ANY,
  CUDAJIT_BACKEND_CPU,
  CUDAJIT_BACKEND_CUDA
};

/* The largest CUDAJIT_CPU_THREADS.  */
#define CUDAJIT_CPU_THREADS_MAX 4096

/* The longest CUDAJIT_CACHE_DIR, which leaves room in PATH_MAX for the
   names of the files in it.  */
#define CUDAJIT_CACHE_DIR_MAX 3840

/* CUDAJIT_CACHE_MAX's default, CUDA_CACHE_MAXSIZE's for the driver's own
   cache of PTX compiled for the GPU: 256 MiB.  */
#define CUDAJIT_CACHE_MAX_DEFAULT ((size_t) 256 << 20)

/* The largest CUDAJIT_TIMEOUT, in seconds, some thirty years: its
   deadline stays within a time_t.  */
#define CUDAJIT_TIMEOUT_MAX 1000000000

/* The environment variables that cudajit reads, a field for each row of
   cudajit-environment.def.  A variable that is unset or empty leaves its
   field at its row's UNSET.  */
struct cudajit_environment
{
  /* CUDAJIT_BACKEND.  */
  enum cudajit_backend backend;
  /* CUDAJIT_NVRTC_LIBRARY and CUDA_HOME.  */
  const char *nvrtc_library;
  const char *cuda_home;
  /* CUDAJIT_CPU_THREADS; 0, unset, for one thread a processor.  */
  long cpu_threads;
  /* CUDAJIT_CACHE_DIR.  */
  const char *cache_dir;
  /* CUDAJIT_CACHE, whether the disk cache is used.  */
  bool cache;
  /* CUDAJIT_BACKGROUND_COMPILE, whether the first launch of a kernel
     of a module of several starts compiling the others.  */
  bool background_compile;
  /* CUDAJIT_SPECIALIZE, whether kernels launched again with the same
     values get variants compiled for them (gpu-specialize.c).  */
  bool specialize;
  /* CUDAJIT_CACHE_MAX, the most bytes that the disk cache's entries
     take before the least recently used are removed.  */
  size_t cache_max;
  /* CUDAJIT_PER_THREAD_DEFAULT_STREAM, whether the null stream is each
     host thread's own on a GPU.  */
  bool per_thread_default_stream;
  /* Whether CUDAJIT_ERRORS is return.  */
  bool errors_return;
  /* CUDAJIT_TIMEOUT, the seconds that a kernel may run; 0, unset, for no
     limit.  */
  double timeout;
  /* CUDAJIT_PROFILE, whether a table of the kernels' times is printed at
     exit.  */
  bool profile;
  /* CUDAJIT_WARN_LOW_OCCUPANCY, whether a launch of fewer blocks than
     the multiprocessors, or the CPU backend's threads, is warned of.  */
  bool warn_low_occupancy;
  /* CUDAJIT_VERBOSE, whether the runtime says what it does.  */
  bool verbose;
  /* CUDAJIT_CHECK, the checks made: CUDAJIT_CHECK_* bits.  */
  unsigned int check;
  /* CUDAJIT_TEST_COMPILE_DELAY, for the tests: the seconds that each
     compilation in the background waits before it starts; 0, unset, for
     none.  */
  double test_compile_delay;
  /* CUDAJIT_CPU_AS_WRITTEN, whether the CPU backend runs each thread
     through the kernel as written, never the block functions' loops.  */
  bool cpu_as_written;
};

/* The checks of CUDAJIT_CHECK.  */
#define CUDAJIT_CHECK_BOUNDS 1u
#define CUDAJIT_CHECK_RACES 2u
#define CUDAJIT_CHECK_WARPS 4u

/* The environment, read on the first call, which ends the program with a
   message that names the variable and the values it takes if one of them
   has a value that it does not take.  */
const struct cudajit_environment *cudajit_environment (void);

/* watchdog.c */

/* A wait for a kernel, which CUDAJIT_TIMEOUT limits.  */
struct cudajit_watch
{
  /* Whether CUDAJIT_TIMEOUT is set, which the fields below need.  */
  bool armed;
  struct cudajit_site site;
  /* Of CLOCK_MONOTONIC.  */
  struct timespec deadline;
  struct cudajit_watch *next;
  /* Where the kernel's threads wait for memory that another thread
     changes, "file:line" of the loop, if they do; the CPU backend sets
     it, and a timeout says it.  */
  _Atomic (const char *) spinning;
};

/* From now until cudajit_unwatch (WATCH), should CUDAJIT_TIMEOUT seconds
   pass, end the program at once with an error that names the kernel and
   launch of SITE, whose strings must live as long; or the GPU, if SITE
   has no kernel.  Nothing if CUDAJIT_TIMEOUT is unset.  */
void cudajit_watch (struct cudajit_watch *watch,
                    const struct cudajit_site *site);
void cudajit_unwatch (struct cudajit_watch *watch);

/* gpu-driver.c */

/* The dlopen'ed functions, called as cudajit_cu.cuInit (0).  */
struct cudajit_cuda_lib
{
#define CUDA_ONE_CALL(name, params) CUresult (*name) params;
#define CUDA_OPTIONAL_CALL CUDA_ONE_CALL
#include "cuda-lib.def"
#undef CUDA_ONE_CALL
#undef CUDA_OPTIONAL_CALL
};

extern struct cudajit_cuda_lib cudajit_cu;
extern struct cudajit_nvrtc_lib cudajit_nvrtc;

/* "CUDA_ERROR_NAME (description)" for ERROR, valid until the next call in
   this thread; for error messages.  */
const char *cudajit_cuda_error (CUresult error);

/* What a launch configuration must respect.  */
struct cudajit_limits
{
  unsigned int threads;
  cuda_dim3 block;
  cuda_dim3 grid;
  /* The shared memory that a block may have, the dynamic of a launch
     that asks for more than SHARED_BYTES_DEFAULT, the most without
     asking, included (CUDA's sharedMemPerBlockOptin and
     sharedMemPerBlock).  */
  size_t shared_bytes;
  size_t shared_bytes_default;
};

/* What every GPU since compute capability 3.0 allows, which the CPU backend
   enforces too so that what runs on the CPU also runs on a GPU.  */
extern const struct cudajit_limits cudajit_cpu_limits;

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
  /* Bit N: its kernels may use the memory of GPU N, by
     cuda_enable_peer_access.  */
  atomic_uint peers;
};

/* The GPU that the calling thread selected (the first unless it called
   cuda_select_device), once cudajit_gpu_p has made its context current in
   the thread; null before, and again from cuda_select_device to the next
   cudajit_gpu_p.  Once set, the context is taken to stay current, so
   that launches need not ask the driver: only cuda_select_device changes
   it, not the CUDA runtime's cudaSetDevice.  */
extern __thread struct cudajit_gpu *cudajit_current_gpu;

/* The stream callback that the calling thread runs
   (cuda_stream_add_callback), or null: it may not call cudajit, as
   CUDA's may not call CUDA, and cudajit_gpu_p, which every call that
   could wait or queue work reaches, ends the program if it does.  */
extern __thread void (*cudajit_stream_callback) (void *);

/* Choose the backend on the first call.  Return true if it is the GPU;
   cudajit_current_gpu is then set, and its context current.  */
bool cudajit_gpu_p (void);

/* The GPU that the calling thread uses: its ordinal, 0 on the CPU
   backend.  */
int cudajit_current_gpu_ordinal (void);

/* Set up GPU DEVICE, given to FUNCTION, for the calling thread to use or
   to reach; report why it cannot be and return null.  On the CPU backend,
   only device 0, the CPU, exists, and null is returned for it too.  */
struct cudajit_gpu *cudajit_usable_gpu (int device, const char *function);

/* The driver's handle of STREAM, a handle that was checked: for the null
   one, the calling thread's default stream under
   CUDAJIT_PER_THREAD_DEFAULT_STREAM, else the context's.  */
CUstream cudajit_driver_stream (cuda_stream_t stream);

/* Whether kernels launched on the calling thread's GPU may use memory of
   GPU OWNER.  */
bool cudajit_gpu_reaches (int owner);

/* Whether the driver knows P as memory that kernels use as it is, though
   the runtime did not hand it out (cudaMalloc's, another library's, or
   an IPC mapping's): device memory of GPU *OWNER, or managed memory,
   which every GPU reaches, with *OWNER -1.  */
bool cudajit_driver_device_memory (const void *p, int *owner);

/* This process's rank among the processes of its node that an MPI
   launcher started, and in *SIZE their number; -1 and 1 without one.  */
int cudajit_local_rank (int *size);

/* The cores this process may use, or its share of the node's among the
   processes of an MPI launcher, whose number is put in *PROCESSES.  */
long cudajit_cpu_share (int *processes);

/* How many threads run a launch on the CPU backend unless
   CUDAJIT_CPU_THREADS says: cudajit_cpu_share.  */
long cudajit_default_cpu_threads (void);

/* The major version of the CUDA driver, 0 before it is known.  */
int cudajit_driver_major (void);
/* The architecture of the GPU that the calling thread uses, as 90 for
   sm_90, or 0 where kernels run on the CPU, without saying why as the
   first use of the runtime otherwise does: for cudajit-inspect.  */
int cudajit_gpu_arch_quietly (void);
/* cudajit_gpu_p, as quiet.  */
bool cudajit_gpu_quietly_p (void);
/* Why kernels run on the CPU, once the backend is chosen, quietly; null
   when they run on a GPU.  */
const char *cudajit_cpu_reason (void);

/* gpu-nvrtc.c */

/* Load NVRTC into cudajit_nvrtc on the first call.  Return null if it is
   loaded, else why not.  Exported for nvrtc-check.  */
const char *cudajit_load_nvrtc (void) __attribute__ ((visibility ("default")));

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

/* The newest and the oldest architecture that NVRTC compiles for.  NVRTC
   must have been loaded.  */
int cudajit_nvrtc_newest_arch (void);
int cudajit_nvrtc_oldest_arch (void);

/* Compile SOURCE, called NAME in NVRTC's log, for a GPU of architecture
   ARCH, as FLAGS say: a cubin if NVRTC supports ARCH, else PTX for the
   newest architecture below it that NVRTC supports.  With USE_CACHE, look the
   code up in the disk cache first, and keep what NVRTC makes there.
   Load NVRTC unless the cache has the code.  Return null on success,
   otherwise NVRTC's error, with the log in IMAGE, or, with an empty log,
   cudajit_load_nvrtc's.  The caller frees IMAGE->code and IMAGE->log.
   Exported for nvrtc-check.  */
const char *cudajit_nvrtc_compile (const char *source, const char *name,
                                   int arch, int flags, bool use_cache,
                                   struct cudajit_image *image)
    __attribute__ ((visibility ("default")));

/* Whether NVRTC has compiled something in this process, which registers
   the last of the functions that it has exit run.  */
bool cudajit_nvrtc_has_compiled (void);

/* module.c */

/* Guards the modules: their CUDA C, which constructors add to, and their
   compiled code, which launches make.  */
extern pthread_mutex_t cudajit_module_lock;

/* The kernels of a translation unit that have the same compile options,
   compiled together.  */
struct cudajit_module
{
  const char *unit_name;
  /* The unit's module handle, which its linkage names too.  */
  void **unit;
  /* The CUDA C of each kernel and device function of the unit, of
     whatever options: those of the unit's other modules too, whose
     kernels it leaves out (cudajit_module_source).  */
  struct cudajit_segment *segments;
  size_t segment_count;
  /* How NVRTC compiles it, enum cudajit_compile_flag.  */
  int compile_flags;
  /* The unit's next module, of other options.  */
  struct cudajit_module *next;
  /* Its kernels, chained by next_in_module, and how many.  */
  struct cudajit_kernel *kernels;
  int kernel_count;
  /* The first of several kernels to be launched, which is compiled alone
     into code of its own (gpu-jit.c); null before.  */
  struct cudajit_kernel *alone_kernel;
  /* What NVRTC made of the source for GPUs of architecture code_arch, all
     the kernels but alone_kernel, to load on each GPU of that
     architecture; null before.  Under the JIT's lock, as is handle.  */
  char *code;
  int code_arch;
  /* Whether the others wait to be compiled for background_arch, as the
     compilation of alone_kernel left them, chained by next_pending; then
     their compilation in the background, until the first launch of one
     of them takes it.  Under the JIT's lock.  */
  bool others_pending;
  struct cudajit_module *next_pending;
  struct cudajit_background_compile *background;
  int background_arch;
  /* What cuda_kernel_ptx and cuda_kernel_cubin return, with their sizes,
     once asked for; under the JIT's lock.  */
  char *ptx;
  size_t ptx_size;
  char *cubin;
  size_t cubin_size;
  /* How long its first compilation took, and whether the code came from
     the disk cache, for CUDAJIT_PROFILE; 0 before.  */
  double compile_ms;
  bool compile_cached;
  /* Loaded on each GPU, indexed by ordinal, on the first launch of one of
     the kernels there.  */
  CUmodule handle[CUDAJIT_MAX_GPUS];
  /* What the plugin compiled ahead of time, -fplugin-arg-cudajit-arch:
     under the JIT's lock.  */
  struct cudajit_embedded_image *images;
  size_t image_count;
  /* Whether its CUDA C defines device variables, which its kernels must
     share: then it is compiled whole, none of them alone.  */
  bool has_variables;
  /* The files of code that its kernels link, each once.  */
  struct cudajit_link_input *linked_code;
  size_t linked_code_count;
};

/* A device variable that a constructor registered: the host variable
   that the host copies name it by, and its size; its name in the CUDA C
   of MODULE, which defines it.  Chained by next, under the module
   lock.  */
struct cudajit_device_variable
{
  const void *host;
  size_t size;
  const char *name;
  struct cudajit_module *module;
  struct cudajit_device_variable *next;
};

/* What the driver links into a module's code: a unit's relocatable
   compilation, or a file of code that a kernel links.  */
struct cudajit_link_input
{
  const char *name;
  const void *code;
  size_t size;
  enum cudajit_linked_kind kind;
};

/* An image that a constructor registered, in the program's read-only
   data.  */
struct cudajit_embedded_image
{
  const char *name;
  struct cudajit_target target;
  const void *code;
  size_t size;
};

/* The image of MODULE that a GPU of architecture ARCH runs best, or null:
   a cubin for ARCH, else one of the same major and an older minor (but
   for an sm_XYa, which runs on X.Y alone), else the newest PTX for ARCH
   or older, which the driver compiles.  Under the JIT's lock.  */
const struct cudajit_embedded_image *
cudajit_module_image (const struct cudajit_module *module, int arch);

/* The newest PTX image of MODULE for architecture ARCH or older, or
   null.  Under the JIT's lock.  */
const struct cudajit_embedded_image *
cudajit_module_ptx_image (const struct cudajit_module *module, int arch);

/* What the registration of a kernel says of its parameters.  */
struct cudajit_param
{
  char *name;
  bool pointer;
  /* The size of its argument, which a graph's capture copies.  */
  size_t bytes;
  /* CUDAJIT_COPY_IN and CUDAJIT_COPY_OUT, for an array of declared
     extent.  */
  unsigned char copies;
  /* The last argument found to be device memory, while the generation of
     frees is KNOWN_GENERATION, so that repeated launches with the same
     arrays ask the driver nothing.  */
  _Atomic (void *) known_device;
  atomic_uint known_generation;
  /* The GPU that launched with it, which may reach it.  */
  atomic_int known_gpu;
  /* For an integer that a variant may take as a constant, its bytes and
     signedness; 0 bytes for the others.  */
  unsigned char specialize_bytes;
  bool specialize_signed;
  /* For a pointer, whether a variant may declare it __restrict__, and
     whether it points to const, as the plugin found.  */
  bool restrict_candidate;
  bool read_only;
};

struct cudajit_params
{
  unsigned int count;
  bool any_pointer;
  struct cudajit_param param[];
};

struct cudajit_kernel
{
  const char *name;
  struct cudajit_module *module;
  void (*host_entry) (void **args);
  /* For the transfer of host arrays.  */
  struct cudajit_params *params;
  /* For the CPU backend; whether the kernel's threads wait for each
     other, so that HOST_ENTRY runs as a fiber for each thread where it
     runs one, and whether it runs the threads of a whole block itself
     (see enum cudajit_host_entry).  */
  size_t static_shared_bytes;
  bool barrier;
  bool host_entry_runs_block;
  /* Whether GCC compiled HOST_ENTRY at -O0 or -Og (cudajit-abi.h).  */
  bool host_unoptimized;
  /* Whether it may reach cuda_grid_sync, so that its grid must be
     resident at once: launched cooperatively on a GPU, its whole grid as
     fibers on the CPU backend.  */
  bool grid_sync;
  /* Whether its C version reports its accesses to memory, for
     CUDAJIT_CHECK=races; whether a launch has said that it does not.  */
  bool checks_races;
  bool said_unchecked;
  /* Why the plugin made its threads run as fibers, a row of
     cudajit-fiber-reasons.def (0 for none), and the line of its unit
     (0 unknown); whether CUDAJIT_VERBOSE has said how the CPU backend
     runs it.  */
  unsigned int fiber_reason;
  unsigned int fiber_line;
  atomic_bool told_path;
  /* On each GPU, by ordinal: null until loaded; once set, launches read it
     without locking.  */
  _Atomic (CUfunction) function[CUDAJIT_MAX_GPUS];
  /* The next kernel of its module.  */
  struct cudajit_kernel *next_in_module;
  /* For its module's alone_kernel, its code, compiled alone for GPUs of
     architecture own_arch, and loaded on each GPU as the module's is.
     Under the JIT's lock.  */
  char *own_code;
  int own_arch;
  CUmodule own_handle[CUDAJIT_MAX_GPUS];
  /* Its row of CUDAJIT_PROFILE's table, from its first launch.  */
  struct cudajit_profile *profile;
  /* The block size that CUDAJIT_VERBOSE said cuda_forall chose last.  */
  unsigned int verbose_block;
  /* Its variants (gpu-specialize.c), from its first launch on a GPU.  */
  _Atomic (struct cudajit_specialization *) specialization;
  /* Whether CUDAJIT_WARN_LOW_OCCUPANCY has warned of a launch of it.  */
  atomic_bool warned_low_occupancy;
  /* The files of CUDA C that it links, separated by spaces, and the first
     function of theirs that it calls of which the program has no C
     version, which the CPU backend would run; null, or empty, for none.  */
  const char *linked_files;
  const char *missing_c_version;
};

/* A registration's CUDA C, as a module holds it: the parts of the
   prelude that it uses (each of which defines itself once in a
   compilation), then its own.  Each kernel's carries what it shares with
   the others, such as types, so that it compiles alone or with any of
   them.  */
struct cudajit_segment
{
  /* The kernel; null for a device function, which every compilation of
     the module has.  */
  const struct cudajit_kernel *kernel;
  const char *text;
};

/* MODULE's file name for NVRTC and messages, from malloc.  */
char *cudajit_module_file_name (const struct cudajit_module *module);

/* The text of a segment, from malloc: PRELUDE, then CUDA_SOURCE.  */
char *cudajit_module_piece (const char *prelude, const char *cuda_source);

/* The CUDA C that compiles MODULE's kernels, or ONLY if it is not null,
   but EXCEPT, with its device functions; from malloc.  */
char *cudajit_module_source (const struct cudajit_module *module,
                             const struct cudajit_kernel *only,
                             const struct cudajit_kernel *except);

/* gpu-specialize.c */

struct cudajit_specialization;

/* The function that the launch of KERNEL at SITE with CONFIG and ARGS
   runs on the calling thread's GPU: a variant compiled for values that
   its launches repeat, where one is ready, else GENERIC; and where the
   values repeat, a variant queued for compilation.  */
CUfunction
cudajit_specialized_function (struct cudajit_kernel *kernel,
                              CUfunction generic,
                              const struct cudajit_launch_config *config,
                              void **args, const struct cudajit_site *site);

/* The #define lines, from malloc, that make a kernel's CUDA C a variant
   for blocks of BLOCK, with its pointers __restrict__ if RESTRICT_PARAMS,
   and the parameter of index INDEX[I] the constant VALUE[I], signed if
   IS_SIGNED[I], for each I below COUNT (cudajit-abi.h).  */
char *cudajit_variant_defines (cuda_dim3 block, bool restrict_params,
                               unsigned int count, const unsigned int *index,
                               const unsigned long long *value,
                               const bool *is_signed);

/* What a unit's registration says of the device functions that it
   defines for other units and of those of others that its kernels call
   (cudajit-abi.h), chained by next in cudajit_linkages.  */
struct cudajit_linkage
{
  void **unit;
  const char *unit_name;
  const char *exports, *imports;
  struct cudajit_linkage *next;
};

/* Every unit's linkage; under cudajit_module_lock.  */
extern struct cudajit_linkage *cudajit_linkages;

/* The CUDA C of the device functions of MODULE, from malloc.  */
char *cudajit_module_device_source (const struct cudajit_module *module);

/* gpu-link.c */

/* Whether MODULE's kernels call device functions of other units, so that
   it is compiled relocatable and linked with them.  Under the JIT's
   lock.  */
bool cudajit_module_links_p (const struct cudajit_module *module);

/* KERNEL's module compiled relocatable for ARCH and linked with the units
   that define the device functions that it calls, into the module's
   code, for the launch at SITE; return false, having said why, if it
   cannot be.  Under the JIT's lock.  */
bool cudajit_link_module (struct cudajit_kernel *kernel, int arch,
                          const struct cudajit_site *site);

/* Link COUNT INPUTS, for ARCH, into a cubin in *CODE, malloc'ed, of *SIZE
   bytes: by the driver if it is loaded, else by nvJitLink.  Return null,
   or why not, with the linker's log, if any, in *LOG, malloc'ed.  Exported
   for nvrtc-check.  */
const char *cudajit_link (const struct cudajit_link_input *inputs,
                          size_t count, int arch, char **code, size_t *size,
                          char **log) __attribute__ ((visibility ("default")));

/* gpu-jit.c */

/* The program has waited for the GPU, and may work on the CPU next:
   start compiling in the background the other kernels of the modules
   whose first launch compiled one kernel alone.  */
void cudajit_gpu_waited (void);

/* The kernel's function on the calling thread's GPU, cudajit_current_gpu,
   compiling and loading its module on the kernel's first launch there, at
   SITE.  Null if that fails, after the error was reported.  */
CUfunction cudajit_kernel_function (struct cudajit_kernel *kernel,
                                    const struct cudajit_site *site);

/* Set on FUNCTION, one of KERNEL's, what KERNEL's options ask of the
   driver rather than of NVRTC: shared_carveout.  False if that fails,
   after the error was reported for SITE.  */
bool cudajit_set_function_attributes (const struct cudajit_kernel *kernel,
                                      CUfunction function,
                                      const struct cudajit_site *site);

/* MODULE, compiled and loaded on the calling thread's GPU as the first
   launch of one of its kernels there would, for SITE; null if that fails,
   after the error was reported.  */
CUmodule cudajit_module_handle (struct cudajit_module *module,
                                const struct cudajit_site *site);

/* registration.c */

/* The device variable whose host variable is at HOST, or null if no
   kernel's CUDA C defines it.  */
const struct cudajit_device_variable *
cudajit_device_variable_at (const void *host);

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
  /* The descriptor of the entry's lock file while this process holds the
     lock, else -1.  */
  int lock;
};

/* The directory of the disk cache, or null when it is off.  */
const char *cudajit_cache_directory (void);

/* Set KEY for compiling SOURCE for a GPU of architecture ARCH as FLAGS
   say (those of cudajit_nvrtc_compile), for DRIVER, the version of the
   driver loaded now, 0 if none.
   The key needs no NVRTC, so that a kernel in the cache loads without it.
   If the disk cache holds the code for KEY, set IMAGE as
   cudajit_nvrtc_compile does, with an empty log and cached set, and
   return true.  If another process is compiling it, wait for it to write
   it first.  Otherwise return false with the entry locked, for the caller
   to compile the code, store it and call cudajit_cache_unlock.  Unless
   CUDAJIT_CACHE is off, the cache is in $CUDAJIT_CACHE_DIR,
   $XDG_CACHE_HOME/cudajit or ~/.cache/cudajit.  */
bool cudajit_cache_lookup (struct cudajit_cache_key *key, const char *source,
                           int arch, int flags, int driver,
                           struct cudajit_image *image);

/* Keep IMAGE's code in the disk cache under KEY, if it can be written;
   then remove the least recently used entries while the cache's entries
   take more than CUDAJIT_CACHE_MAX bytes.  */
void cudajit_cache_store (const struct cudajit_cache_key *key,
                          const struct cudajit_image *image);

/* Let other processes compile KEY's entry, or read it once it is stored:
   after a cudajit_cache_lookup that returned false.  */
void cudajit_cache_unlock (struct cudajit_cache_key *key);

/* gpu-check.c */

/* Remember the kernel launched at SITE as the last kernel launched on
   the GPU, which the faults that later calls report are blamed on.  */
void cudajit_note_launch (const struct cudajit_site *site);

/* cudajit_watch for a wait of the calling thread for the GPU, which
   blames the last kernel launched.  */
void cudajit_watch_gpu (struct cudajit_watch *watch);

/* cuCtxSynchronize, cuStreamSynchronize and cuEventSynchronize, which
   CUDAJIT_TIMEOUT limits, as cudajit_watch_gpu.  */
CUresult cudajit_wait_context (void);
CUresult cudajit_wait_stream (CUstream stream);
CUresult cudajit_wait_event (CUevent event);

/* Whether ERROR means that a kernel failed while it ran.  Such an error
   spoils the context: every later call returns it.  */
bool cudajit_kernel_fault_p (CUresult error);

/* If ERROR is not CUDA_SUCCESS, report with cudajit_error that WHAT
   failed, for the launch at SITE if SITE is not null.  An
   error that a failing kernel left behind is reported against the last
   kernel launched instead, as that is the one to blame.  Return whether
   ERROR is CUDA_SUCCESS.  */
bool cudajit_check (CUresult error, const struct cudajit_site *site,
                    const char *what);

/* objects.c: what the runtime handed out.  */
#include "objects.h"
#include "backend.h"

/* gpu-host-arrays.c */

/* Launch KERNEL's FUNCTION on the GPU with its host arrays copied to the
   GPU and back, and return true, if an argument is a host array; else
   return false and launch nothing.  The arguments are as for
   cudajit_launch.  */
bool cudajit_launch_host_arrays (struct cudajit_kernel *kernel,
                                 CUfunction function,
                                 const struct cudajit_launch_config *config,
                                 const struct cudajit_site *site, void **args,
                                 const size_t *extent_bytes);

/* Why EXTENT, a launch's size in bytes of an array, is none (enum
   cudajit_extent_error), or 0 for a size.  */
static inline enum cudajit_extent_error
cudajit_extent_error (size_t extent)
{
  size_t code = -extent;

  return code < CUDAJIT_EXTENT_ERRORS ? (enum cudajit_extent_error) code : 0;
}

/* host-arrays.c */

/* What an argument for a pointer parameter is.  */
enum cudajit_argument_memory
{
  CUDAJIT_DEVICE_ARGUMENT,
  /* Host memory, including pinned memory, which the GPU could reach only
     across the bus.  */
  CUDAJIT_HOST_ARGUMENT,
  /* Memory that cudajit has freed.  */
  CUDAJIT_FREED_ARGUMENT,
  /* Memory of a GPU that the launching one cannot reach.  */
  CUDAJIT_OTHER_GPU_ARGUMENT
};

/* What PTR, an argument of a launch, is, of which the registry knows
   INFO (a handle's as unknown), on a backend; with the GPU whose memory
   it is in *OWNER for CUDAJIT_OTHER_GPU_ARGUMENT.  Each backend's
   (gpu-host-arrays.c, cpu-host-arrays.c).  */
typedef enum cudajit_argument_memory
cudajit_classify_argument (const struct cudajit_object_info *info, void *ptr,
                           int *owner);
cudajit_classify_argument cudajit_gpu_classify_argument;

/* Whether PTR, the argument for PARAM, was found to be device memory
   since the last free, at GENERATION.  */
bool cudajit_known_device_p (struct cudajit_param *param, void *ptr,
                             unsigned int generation);

/* Set HOST[i] for the arguments of KERNEL's launch at SITE that are
   host arrays, as CLASSIFY says.  Return the number of them, or -1 after
   reporting an argument that cannot be passed.  */
int cudajit_find_host_arrays (struct cudajit_kernel *kernel,
                              const struct cudajit_site *site, void **args,
                              const size_t *extent_bytes,
                              cudajit_classify_argument *classify, bool *host);

/* The number of host arrays among the arguments of KERNEL's launch at
   SITE, as CLASSIFY says, or -1 after reporting an argument that no
   launch takes.  */
int cudajit_count_host_arrays (struct cudajit_kernel *kernel,
                               const struct cudajit_site *site, void **args,
                               const size_t *extent_bytes,
                               cudajit_classify_argument *classify);

/* Counts the frees of device memory, which make what host-arrays.c knows of
   the arguments of earlier launches stale.  */
extern atomic_uint cudajit_free_generation;

/* staging.c */

/* A transfer of host arrays for a launch at SITE, through the staging
   area of the GPU of the launching thread.  */
struct cudajit_staging_area;
struct cudajit_transfer
{
  struct cudajit_site site;
  struct cudajit_staging_area *staging;
};

/* Take the staging area of the calling thread's GPU for TRANSFER, and make
   it ready; false if that fails, which is reported.  Either way, end with
   cudajit_staging_end.  The functions below also return whether they
   succeeded, reporting why not: with CUDAJIT_ERRORS=return, the launch
   then goes on no further.  */
bool cudajit_staging_begin (struct cudajit_transfer *transfer);
void cudajit_staging_end (struct cudajit_transfer *transfer);

/* Device memory of BYTES bytes for the host array of parameter PARAM, a
   spare block if one fits; 0 if there is none.  Give it back with
   cudajit_spare_block.  */
CUdeviceptr cudajit_device_block (size_t bytes,
                                  const struct cudajit_transfer *transfer,
                                  const char *param);
void cudajit_spare_block (CUdeviceptr dev, size_t bytes,
                          const struct cudajit_transfer *transfer);

/* Copy BYTES bytes from HOST to DEV, or back, on STREAM.  */
bool cudajit_copy_in (CUdeviceptr dev, const char *host, size_t bytes,
                      CUstream stream,
                      const struct cudajit_transfer *transfer);
bool cudajit_copy_out (char *host, CUdeviceptr dev, size_t bytes,
                       CUstream stream,
                       const struct cudajit_transfer *transfer);

/* cudajit_check for TRANSFER's launch.  */
bool cudajit_transfer_check (CUresult error,
                             const struct cudajit_transfer *transfer,
                             const char *what);

/* thread-pool.c */

/* The bytes of a cache line, which what threads write apart lies at least
   apart, so that one's writes do not take the line from another.  */
#define CUDAJIT_CACHE_LINE 64

/* Run WORK (ARG, N) on the calling thread, with N 0, and at once on up
   to HELPERS workers of the library's pool, with N from 1 to HELPERS: on
   those that start it before the caller's has returned, so WORK must
   share out its work as it goes, each run taking what is left.  Return
   when all that started have returned.  One call at a time.  */
void cudajit_pool_run (void (*work) (void *arg, unsigned int worker),
                       void *arg, unsigned int helpers);

/* cpu-execution.c */

/* How many threads run a launch on the CPU backend: CUDAJIT_CPU_THREADS,
   or cudajit_default_cpu_threads.  */
long cudajit_cpu_threads (void);

/* The threads, and the blocks, that a thread of the CPU backend, one of
   its multiprocessors, holds at once for a grid that waits at
   cuda_grid_sync: as many as a multiprocessor of an H100.  */
#define CUDAJIT_CPU_RESIDENT_THREADS 2048
#define CUDAJIT_CPU_RESIDENT_BLOCKS 32

/* Run KERNEL's grid, launched at SITE, on the host; return when it
   is done.  HINT, if not null, ends the message of a fault in it.  */
void cudajit_cpu_launch (const struct cudajit_kernel *kernel,
                         const struct cudajit_launch_config *config,
                         void **args, const struct cudajit_site *site,
                         const char *hint);

/* The stack of a thread that runs as a fiber: the local memory that a GPU
   gives each thread (cudajit-abi.h), which the C version of a kernel keeps
   on its stack, with room besides for the frames of the C library's
   functions, such as printf's.  */
#define CUDAJIT_FIBER_STACK (2 * CUDAJIT_LOCAL_MEMORY_MAX)

/* graph-capture.c */

/* The number of streams being captured into graphs: while it is 0, as
   it is but for captures, no launch, copy or wait asks about them.  */
extern atomic_uint cudajit_graph_captures;

static inline bool
cudajit_graph_capturing_p (void)
{
  return atomic_load_explicit (&cudajit_graph_captures, memory_order_relaxed)
         != 0;
}

/* What a capture under way does with a launch or a copy: nothing, as no
   capture is under way on its stream; record it (which the GPU still
   queues, into the driver's capture); refuse it, reported.  */
enum cudajit_capture_result
{
  CUDAJIT_CAPTURE_NONE,
  CUDAJIT_CAPTURE_RECORDED,
  CUDAJIT_CAPTURE_REFUSED
};

/* For the launch at SITE of KERNEL with CONFIG and ARGS, as for
   cudajit_launch, whose host arrays CLASSIFY finds:
   recorded on both backends where the stream is being captured, as the
   step that the CPU backend runs at each launch of the graph, and the
   launch whose site the GPU blames for the graph's faults.  */
enum cudajit_capture_result cudajit_graph_capture_launch (
    struct cudajit_kernel *kernel, const struct cudajit_launch_config *config,
    const struct cudajit_site *site, void **args, const size_t *extent_bytes,
    cudajit_classify_argument *classify);

/* Which ends of a copy are device memory, which a graph's launch checks
   is still there.  */
enum cudajit_copy_ends
{
  CUDAJIT_DEVICE_DST = 1,
  CUDAJIT_DEVICE_SRC = 2
};

/* For FUNCTION's copy of BYTES from SRC to DST on STREAM, or fill of
   them with BYTE if SRC is null, with the DEVICE_ENDS of enum
   cudajit_copy_ends; null STREAM for those that are not queued.  Recorded
   where the stream is being captured, which RECORDS (the backend's
   records_captures) says is in place of the copy or fill.  */
enum cudajit_capture_result
cudajit_graph_capture_copy (CUstream stream, void *dst, const void *src,
                            size_t bytes, int byte, int device_ends,
                            bool records, const char *function);

/* Whether FUNCTION at SITE, on STREAM, must be refused because the
   stream is being captured, WHY being the end of the message; if so,
   report it.  */
bool cudajit_graph_refuses_again (CUstream stream,
                                  const struct cudajit_site *site,
                                  const char *function, const char *why);

/* Begin the capture of STREAM into GRAPH, at SITE.  */
void cudajit_graph_add_capture (CUstream stream,
                                const struct cudajit_site *site,
                                struct cudajit_graph *graph);

/* End the capture of STREAM: the graph it was captured into, or null if
   none was under way.  */
struct cudajit_graph *cudajit_graph_remove_capture (CUstream stream);

/* Whether FUNCTION at SITE, on STREAM, must be refused because of a
   capture: it is neither a launch, a copy nor a fill, which a graph
   holds; if so, report it.  */
bool cudajit_graph_refuses (CUstream stream, const struct cudajit_site *site,
                            const char *function);

/* Whether FUNCTION, which destroys STREAM, must be refused because the
   stream is being captured; if so, report it.  */
bool cudajit_graph_refuses_destroy (CUstream stream, const char *function);

/* Whether FUNCTION at SITE, which waits for the work on STREAM (null:
   the default stream, which waits for all), must be refused because of a
   capture; if so, report it.  */
bool cudajit_graph_refuses_wait (CUstream stream,
                                 const struct cudajit_site *site,
                                 const char *function);

/* cpu-fault.c */

/* What a fault in a kernel is, in the words of the GPU's errors where it
   has one.  */
#define CUDAJIT_FAULT_ADDRESS                                                 \
  "CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)"
#define CUDAJIT_FAULT_INSTRUCTION                                             \
  "CUDA_ERROR_ILLEGAL_INSTRUCTION (an illegal instruction was encountered)"
#define CUDAJIT_FAULT_DIVISION "integer division by zero or overflow"
/* The end of the message of a fault in a launch with host arrays that
   CUDAJIT_CHECK=bounds did not guard.  */
#define CUDAJIT_FAULT_BOUNDS_HINT                                             \
  "the launch has host arrays: run with CUDAJIT_CHECK=bounds to make a "      \
  "kernel that runs past one of them fault where it does"
#define CUDAJIT_FAULT_OVERFLOW                                                \
  "stack overflow, such as from unbounded recursion (a GPU gives a thread "   \
  "512 KiB of local memory)"

/* From now on, a fault in a thread that runs a kernel ends the program
   with a message that names the kernel, its launch, the block and the
   thread; other faults do what they did before.  */
void cudajit_catch_kernel_faults (void);

/* SITE is the launch of the kernel that the calling thread runs from now
   on, for the message of a fault, which HINT, if not null, ends; null
   when it runs none.  Any fault in
   the thread meanwhile is that launch's.  The first call of a thread
   gives it an alternate stack for the handler, unless it has one.  */
void cudajit_fault_site (const struct cudajit_site *site, const char *hint);

/* POINT, where the calling thread goes on a fault instead of reporting
   it, from now on; null for none.  A host entry that runs a whole block
   cannot say which thread faulted: the block then runs again, thread by
   thread, whose fault is reported.  If none comes, the runtime calls
   cudajit_fault_not_again, which reports the first and ends the
   program.  */
void cudajit_fault_rerun_point (sigjmp_buf *point);
_Noreturn void cudajit_fault_not_again (void);

/* Make sure that the message of a fault can say where in its object the
   faulting code is, for FUNCTION, a kernel's host entry, and the code
   loaded with it; the caller excludes faults.  */
void cudajit_know_code (void (*function) (void **));

/* verbose.c */

/* Whether CUDAJIT_VERBOSE is on; and, if it is, print "cudajit: ", the
   message and a newline on stderr.  */
bool cudajit_verbose_p (void);
void cudajit_verbose (const char *format, ...)
    __attribute__ ((format (printf, 1, 2)));

/* ranges.c */

/* A range of the runtime's work called NAME, which Nsight Systems shows,
   begins or ends in the calling thread.  */
void cudajit_range_push (const char *name);
void cudajit_range_pop (void);

/* profile.c */

/* Whether CUDAJIT_PROFILE is on, which the first call reads.  */
bool cudajit_profiling (void);
double cudajit_profile_clock_ms (void);
/* A launch of KERNEL on the CPU backend that took MS.  */
void cudajit_profile_cpu_launch (struct cudajit_kernel *kernel, double ms);
/* Add to KERNEL's row of the table LAUNCHES, which ran KERNEL_MS and
   copied BYTES of host arrays in COPY_MS.  */
void cudajit_profile_add (struct cudajit_kernel *kernel,
                          unsigned long long launches, double kernel_ms,
                          unsigned long long bytes, double copy_ms);
/* Have the table, at exit in a thread with a GPU, call READER first, to
   read the times that the GPU has not read yet.  */
void cudajit_profile_set_reader (void (*reader) (void));

/* gpu-profile.c */

/* Around a launch of KERNEL on STREAM on the GPU: START returns what STOP
   takes, null if the launch cannot be timed.  Nothing else may be
   profiled between the two in the calling thread.  */
void *cudajit_profile_gpu_start (struct cudajit_kernel *kernel,
                                 CUstream stream);
void cudajit_profile_gpu_stop (void *token, CUstream stream);
/* A launch of KERNEL with host arrays, which copied BYTES: EVENTS were
   recorded before the copies in, before the launch, after it, and after
   the copies out, and have completed.  */
void cudajit_profile_host_arrays (struct cudajit_kernel *kernel,
                                  CUevent events[4], unsigned long long bytes);

/* cpu-launch.c */

/* cudajit_cpu_launch, timed for CUDAJIT_PROFILE and named for NVTX, as
   every launch on the CPU backend is, cuda_reduce's too.  */
void cudajit_cpu_launch_profiled (struct cudajit_kernel *kernel,
                                  const struct cudajit_launch_config *config,
                                  void **args, const struct cudajit_site *site,
                                  const char *hint);

/* launch-checks.c: the checks of a launch that both backends make.  */

/* The three extents of a cuda_dim3, for a message's "(%u, %u, %u)".  */
#define CUDAJIT_DIM3(d) (d).x, (d).y, (d).z

/* The most threads of a block that KERNEL's launch_bounds allows, 0 for
   no bound.  */
unsigned int cudajit_launch_bound (const struct cudajit_kernel *kernel);

/* Whether a launch has passed cudajit_check_config, or cuda_reduce has
   run, which the CPU backend does without it, on either backend; and the
   record of one.  */
bool cudajit_launched_p (void);
void cudajit_note_launched (void);

/* Whether CONFIG, of a launch of KERNEL at SITE, respects LIMITS and the
   kernel's launch_bounds; if not, report why.  STATIC_SHARED is what the
   kernel's static shared arrays take of LIMITS->shared_bytes.  */
bool cudajit_check_config (const struct cudajit_kernel *kernel,
                           const struct cudajit_launch_config *config,
                           const struct cudajit_site *site,
                           const struct cudajit_limits *limits,
                           size_t static_shared);

/* Whether CONFIG's grid, of a kernel that waits at cuda_grid_sync, fits
   on a device of MULTIPROCESSORS that each hold PER_MULTIPROCESSOR of its
   blocks at once; if not, report it at SITE, the same on both
   backends.  */
bool cudajit_check_resident (const struct cudajit_launch_config *config,
                             const struct cudajit_site *site,
                             int per_multiprocessor, int multiprocessors);

/* Under CUDAJIT_WARN_LOW_OCCUPANCY, warn once for kernel K of a launch
   at SITE whose grid of CONFIG leaves some of the UNITS that run blocks
   at once, the multiprocessors or the CPU backend's threads, named by
   WHAT, without a block.  */
void cudajit_warn_low_occupancy (struct cudajit_kernel *k,
                                 const struct cudajit_launch_config *config,
                                 const struct cudajit_site *site, long units,
                                 const char *what);

#pragma GCC visibility pop

#endif /* internal.h */
