/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cudajit GCC plugin: kernels written in C, for CUDA GPUs.

   For every function the C front end finishes, before it is lowered:
   cuda_launch calls are rewritten into calls of the runtime; a function
   marked cuda_jit is checked against the subset of C that runs on the GPU,
   translated to CUDA C, and embedded with its registration, and so are the
   functions it calls when they can be compiled for the GPU.  */

#include "cudajit-plugin.h"
#include "plugin-entry.h"

static const char *dump_dir;

/* Whether the unit is whole: parsed, with all its CUDA C.  */
static bool unit_parsed;

static struct plugin_info cudajit_plugin_info
    = { CUDAJIT_VERSION,
        "Translates C functions marked __attribute__ ((cuda_jit)) to CUDA C "
        "and rewrites their cuda_launch calls.\n"
        "  -fplugin-arg-cudajit-dump=DIR  write each unit's CUDA C to "
        "DIR/UNIT.HASH.cu\n"
        "  -fplugin-arg-cudajit-warn-fibers  warn of the kernels whose "
        "threads run as fibers on the CPU backend\n"
        "  -fplugin-arg-cudajit-check-races  make kernels checkable by "
        "CUDAJIT_CHECK=races on the CPU backend\n"
        "  -fplugin-arg-cudajit-debug  compile the kernels with device "
        "debug information, for cuda-gdb, as -g -O0 does\n"
        "  -fplugin-arg-cudajit-arch=sm_XY[,sm_XY...]  compile the kernels "
        "with NVRTC at build time, into cubins for these and PTX for the "
        "newest" };

static void
finish_function (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  cudajit_rewrite_launches (fndecl);
  cudajit_check_kernel_declaration (fndecl);
  cudajit_check_array_extents (fndecl);
  if (!cudajit_kernel_p (fndecl))
    cudajit_check_outside_kernel (fndecl);
  cudajit_translate_finished_function (fndecl);
}

static void
finish_decl (void *gcc_data, void *)
{
  cudajit_check_kernel_addresses ((tree) gcc_data);
  cudajit_check_kernel_declaration ((tree) gcc_data);
  cudajit_check_array_extents ((tree) gcc_data);
  cudajit_check_entry_point_declaration ((tree) gcc_data);
}

/* GCC has no event between the end of parsing and the analysis of the
   unit: its first pass is the first moment that the unit's CUDA C is
   whole while functions may still be added to the unit.  */
static void
pass_execution (void *, void *)
{
  if (unit_parsed)
    return;
  unit_parsed = true;
  cudajit_check_static_host_functions ();
  cudajit_embed_linkage ();
  cudajit_embed_images ();
  cudajit_embed_variable_registrations ();
}

static void
finish_unit (void *, void *)
{
  cudajit_finish_device_functions ();
  if (dump_dir && !seen_error ())
    cudajit_write_dump (dump_dir);
}

/* Called by plugin_init (version-check.cc) once the GCC is the one it was
   built for.  */
int
cudajit_plugin_init (struct plugin_name_args *info,
                     struct plugin_gcc_version *)
{
  /* -fplugin-arg-cudajit-arch, which loads NVRTC, where there are
     kernels to compile.  */
  const struct plugin_argument *arch = NULL;
  /* -fplugin-arg-cudajit-check-races, whose pass only C needs.  */
  bool check_races = false;

  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      if ((strcmp (key, "warn-fibers") == 0 || strcmp (key, "debug") == 0
           || strcmp (key, "check-races") == 0)
          && info->argv[i].value)
        {
          error ("cudajit: %<-fplugin-arg-cudajit-%s%> takes no value: "
                 "drop %<=%s%>",
                 key, info->argv[i].value);
          return 1;
        }
      if (strcmp (key, "dump") == 0)
        {
          if (!info->argv[i].value || !*info->argv[i].value)
            {
              error ("cudajit: %<-fplugin-arg-cudajit-dump%> needs a "
                     "directory: %<-fplugin-arg-cudajit-dump=DIR%>");
              return 1;
            }
          dump_dir = info->argv[i].value;
        }
      else if (strcmp (key, "warn-fibers") == 0)
        cudajit_warn_fibers ();
      else if (strcmp (key, "debug") == 0)
        cudajit_request_device_debug ();
      else if (strcmp (key, "check-races") == 0)
        check_races = true;
      else if (strcmp (key, "arch") == 0)
        arch = &info->argv[i];
      else
        {
          error ("cudajit: unknown option %<-fplugin-arg-cudajit-%s%>", key);
          return 1;
        }
    }

  register_callback (info->base_name, PLUGIN_INFO, NULL, &cudajit_plugin_info);

  /* The plugin may also be loaded by lto1, which has nothing for it to
     do: the kernels were translated when their units were compiled; and
     by the compilers of other languages, C++ above all, where a project
     gives its C and C++ files the same flags: kernels are written in C,
     so it stays out of their way, but for the attributes of kernels in
     C++, which it refuses.  For them to load it, the plugin uses nothing
     of the C front end's but its tree codes.  */
  if (strncmp (lang_hooks.name, "GNU C++", 7) == 0)
    {
      register_callback (info->base_name, PLUGIN_ATTRIBUTES,
                         cudajit_register_cxx_attributes, NULL);
      return 0;
    }
  if (strncmp (lang_hooks.name, "GNU C", 5) != 0)
    return 0;

  if (arch && !cudajit_set_arch_option (arch->value))
    return 1;
  if (check_races)
    cudajit_check_races (info->base_name);
  register_callback (info->base_name, PLUGIN_ATTRIBUTES,
                     cudajit_register_attributes, NULL);
  register_callback (info->base_name, PLUGIN_PRAGMAS, cudajit_register_pragmas,
                     NULL);
  register_callback (info->base_name, PLUGIN_PRE_GENERICIZE, finish_function,
                     NULL);
  register_callback (info->base_name, PLUGIN_FINISH_DECL, finish_decl, NULL);
  register_callback (info->base_name, PLUGIN_FINISH_UNIT, finish_unit, NULL);
  register_callback (info->base_name, PLUGIN_PASS_EXECUTION, pass_execution,
                     NULL);
  cudajit_embed_register_roots (info->base_name);
  cudajit_device_functions_register_roots (info->base_name);
  return 0;
}
