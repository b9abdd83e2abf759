/* SPDX-License-Identifier: MIT */
/* What libcudajit and the plugin both do with NVRTC, written once and
   compiled into both: finding and loading it, the names of GPU
   architectures, the options a kernel's compile flags give, and a
   compilation.  The plugin compiles with it ahead of time
   (-fplugin-arg-cudajit-arch), the runtime at the first launch.  */

#ifndef CUDAJIT_NVRTC_COMMON_H
#define CUDAJIT_NVRTC_COMMON_H

#include "cuda-api.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C"
{
#endif

  /* The variables that say where NVRTC is.  */
#define CUDAJIT_NVRTC_LIBRARY_VARIABLE "CUDAJIT_NVRTC_LIBRARY"
#define CUDAJIT_CUDA_HOME_VARIABLE "CUDA_HOME"
  /* Where the CUDA toolkit usually is, which the loader's and the shell's
     search paths often lack.  */
#define CUDAJIT_DEFAULT_CUDA_HOME "/usr/local/cuda"

  /* The directories of the CUDA toolkit's headers that NVRTC searches:
     its include and, where it has one, include/cccl (CUB, Thrust and
     libcu++ from CUDA 13).  */
#define CUDAJIT_TOOLKIT_INCLUDE_DIRS 2
  /* A header that every toolkit's include has: the mark of one.  */
#define CUDAJIT_TOOLKIT_HEADER "cuda_runtime.h"

  struct cudajit_nvrtc_lib
  {
#define NVRTC_ONE_CALL(result, name, params) result (*name) params;
#include "nvrtc-lib.def"
#undef NVRTC_ONE_CALL
    /* NVRTC's options -IDIR of the toolkit's headers, malloc'ed; none
       where no toolkit was found.  */
    char *include_option[CUDAJIT_TOOLKIT_INCLUDE_DIRS];
    int include_count;
    /* Where the toolkit's headers were looked for, for the message about
       a header that NVRTC cannot open.  */
    char *include_looked;
  };

  /* Load NVRTC into LIB: from LIBRARY if not null, else by its sonames,
     newest first, also from CUDA_HOME/lib64 and /usr/local/cuda/lib64.
     The driver may reject code from an NVRTC newer than itself, so the
     versions that DRIVER_MAJOR knows come first (0: no driver, any).
     Find the toolkit's headers too, in the directory that has
     CUDAJIT_TOOLKIT_HEADER: CUDA_HOME/include if CUDA_HOME is set, so
     that it says which toolkit; else the first of those beside NVRTC's
     library (DIR/../include or, as Debian puts them, DIR/../../include)
     and /usr/local/cuda/include.  Return null, or why not, in a
     static buffer.  */
  const char *cudajit_nvrtc_open (struct cudajit_nvrtc_lib *lib,
                                  const char *library, const char *cuda_home,
                                  int driver_major);

  /* The architectures that LIB compiles for, in *COUNT, malloc'ed; null
     if NVRTC fails.  */
  int *cudajit_nvrtc_archs (const struct cudajit_nvrtc_lib *lib, int *count);

  /* A target as NVRTC names it: sm_XY (a cubin for GPUs of compute
     capability X.Y), sm_XYa (one for X.Y alone, with its
     architecture-specific features) or compute_XY (PTX, which the
     driver compiles for X.Y and newer).  */
  struct cudajit_target
  {
    /* X * 10 + Y, as NVRTC and the runtime number architectures.  */
    int arch;
    bool ptx;
    bool specific;
  };

  /* Parse TEXT, LENGTH bytes, as a target; accept compute_XY only if
     ALLOW_PTX.  Return false if it is not one.  */
  bool cudajit_parse_target (const char *text, size_t length, bool allow_ptx,
                             struct cudajit_target *target);

  /* Write TARGET's name into BUFFER of SIZE bytes.  */
  void cudajit_target_name (const struct cudajit_target *target, char *buffer,
                            size_t size);

  /* NVRTC's options for compiling for TARGET as FLAGS say: flags of enum
     cudajit_compile_flag, those of CUDAJIT_COMPILE_NVRTC_MASK, and of the
     runtime's CUDAJIT_NVRTC_* beyond them.  */
#define CUDAJIT_NVRTC_PTX 0x10000
#define CUDAJIT_NVRTC_RESOURCE_USAGE 0x20000
  /* Code to link with other units' (-rdc).  */
#define CUDAJIT_NVRTC_RELOCATABLE 0x40000

  enum
  {
    /* The entries of cudajit-compile-options.def.  */
    CUDAJIT_COMPILE_OPTION_COUNT = 0
#define DEF_CUDAJIT_COMPILE_OPTION(name, value, sets, clears, nvrtc) +1
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_COMPILE_OPTION
    ,
    /* A target's name, sm_XYZa and its NUL, with room.  */
    CUDAJIT_TARGET_NAME_SIZE = 16
  };

  struct cudajit_nvrtc_options
  {
    char arch[32 + CUDAJIT_TARGET_NAME_SIZE], registers[32];
    /* The architecture, the lines, the registers, ptxas's report, the
       relocatable code and those of the table.  */
    const char *option[5 + CUDAJIT_COMPILE_OPTION_COUNT];
    int count;
  };

  void cudajit_nvrtc_options (const struct cudajit_target *target, int flags,
                              struct cudajit_nvrtc_options *options);

  /* Compile SOURCE, called NAME in NVRTC's log, with OPTIONS, into PTX if
     PTX, else a cubin: malloc'ed in *CODE, of *SIZE bytes (PTX with its
     NUL), with the toolkit's headers in NVRTC's path.  *LOG, malloc'ed, has
     NVRTC's log without trailing newlines, or is null if memory ran out.
     Return null, or NVRTC's error, with the call that failed in *FAILED, null
     for the compilation itself.  */
  const char *cudajit_nvrtc_build (const struct cudajit_nvrtc_lib *lib,
                                   const char *source, const char *name,
                                   const struct cudajit_nvrtc_options *options,
                                   bool ptx, char **code, size_t *size,
                                   char **log, const char **failed);

  /* Room for cudajit_nvrtc_missing_header's message.  */
#define CUDAJIT_MISSING_HEADER_SIZE 16384

  /* If LOG, NVRTC's, says that it cannot open a header, write into BUFFER
     of SIZE bytes a message that names the header and says where LIB
     looked for the toolkit's headers, and return true.  */
  bool cudajit_nvrtc_missing_header (const struct cudajit_nvrtc_lib *lib,
                                     const char *log, char *buffer,
                                     size_t size);

#ifdef __cplusplus
}
#endif

#endif /* nvrtc-common.h */
