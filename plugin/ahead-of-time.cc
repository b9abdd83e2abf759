/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Ahead-of-time compilation, -fplugin-arg-cudajit-arch=sm_XY,...: the
   unit's CUDA C compiled by NVRTC at build time, as nvcc's fat binaries
   are, into a cubin for each architecture asked for and PTX for the
   newest, which embed.cc keeps beside the CUDA C.  NVRTC is loaded,
   its architectures named and its options made by the code that
   libcudajit uses (runtime/nvrtc-common.c), so that what the plugin
   compiles is what the runtime would.  */

#include "cudajit-plugin.h"
#include "nvrtc-common.h"

/* The option's value, and the targets it asks for, PTX last.  */
static const char *arch_option;
static vec<cudajit_target> targets;
static struct cudajit_nvrtc_lib nvrtc;

/* Diagnose the option, WHY the rest of the message.  */
#define ARCH_ERROR(why, ...)                                                  \
  error ("cudajit: %<-fplugin-arg-cudajit-arch=%s%>: " why, arch_option,      \
         __VA_ARGS__)

/* Whether NVRTC compiles for ARCH.  Say which it does if not.  */
static bool
check_supported (const char *name, int arch)
{
  int count, *archs = cudajit_nvrtc_archs (&nvrtc, &count);
  int major = 0, minor = 0, oldest = INT_MAX, newest = 0;
  bool found = false;

  if (!archs)
    {
      ARCH_ERROR ("%s", "NVRTC cannot list its architectures");
      return false;
    }
  for (int i = 0; i < count; i++)
    {
      found |= archs[i] == arch;
      oldest = MIN (oldest, archs[i]);
      newest = MAX (newest, archs[i]);
    }
  nvrtc.nvrtcVersion (&major, &minor);
  if (!found)
    ARCH_ERROR ("NVRTC %d.%d does not compile for %qs; it compiles for "
                "%<sm_%d%> to %<sm_%d%>",
                major, minor, name, oldest, newest);
  free (archs);
  return found;
}

bool
cudajit_set_arch_option (const char *value)
{
  struct cudajit_target newest = { 0, true, false };
  const char *why;

  arch_option = value ? value : "";
  if (!value || !*value)
    {
      error ("cudajit: %<-fplugin-arg-cudajit-arch%> needs the GPU "
             "architectures to compile the kernels for: "
             "%<-fplugin-arg-cudajit-arch=sm_80,sm_90%>");
      return false;
    }
  for (const char *item = value; *item;)
    {
      size_t length = strcspn (item, ",");
      struct cudajit_target target;
      bool again = false;

      if (!cudajit_parse_target (item, length, false, &target))
        {
          char *name = xstrndup (item, length);
          ARCH_ERROR ("%qs is not a GPU architecture: write %<sm_XY%>, as "
                      "%<sm_90%>, or %<sm_XYa%>, as %<sm_90a%>",
                      name);
          free (name);
          return false;
        }
      for (const cudajit_target &t : targets)
        again |= t.arch == target.arch && t.specific == target.specific;
      if (!again)
        targets.safe_push (target);
      newest.arch = MAX (newest.arch, target.arch);
      item += length + (item[length] == ',');
    }
  why = cudajit_nvrtc_open (&nvrtc, getenv (CUDAJIT_NVRTC_LIBRARY_VARIABLE),
                            getenv (CUDAJIT_CUDA_HOME_VARIABLE), 0);
  if (why)
    {
      ARCH_ERROR ("NVRTC compiles the kernels ahead of time, but %s", why);
      return false;
    }
  for (const cudajit_target &t : targets)
    {
      char name[CUDAJIT_TARGET_NAME_SIZE];
      cudajit_target_name (&t, name, sizeof name);
      if (!check_supported (name, t.arch))
        return false;
    }
  /* PTX for the newest, which the driver compiles for newer GPUs.  */
  targets.safe_push (newest);
  return true;
}

bool
cudajit_ahead_of_time_p (void)
{
  return targets.length () > 0;
}

void
cudajit_compile_ahead_of_time (const char *source, int flags,
                               vec<cudajit_aot_image> *images)
{
  char *name = concat (lbasename (main_input_filename), ".cu", NULL);

  for (const cudajit_target &target : targets)
    {
      struct cudajit_nvrtc_options options;
      char target_name[CUDAJIT_TARGET_NAME_SIZE];
      cudajit_aot_image image;
      const char *failed, *why;
      char *log;

      cudajit_target_name (&target, target_name, sizeof target_name);
      image.name = xstrdup (target_name);
      cudajit_nvrtc_options (&target, flags & CUDAJIT_COMPILE_NVRTC_MASK,
                             &options);
      why = cudajit_nvrtc_build (&nvrtc, source, name, &options, target.ptx,
                                 &image.code, &image.size, &log, &failed);
      if (why)
        error ("cudajit: NVRTC cannot compile the CUDA C of this unit for %qs "
               "(%s: %s), a bug of the cudajit plugin: please report it%s%s",
               image.name, failed ? failed : "nvrtcCompileProgram", why,
               log && *log ? "\n" : "", log ? log : "");
      else
        images->safe_push (image);
      if (why)
        free (image.name);
      free (log);
    }
  free (name);
}
