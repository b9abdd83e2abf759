/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The translation pipeline, the same for kernels and device functions:
   the subset check, the CUDA C, and its place in the object file.  A
   function is translated when the front end finishes it, if it is a
   kernel or a device function that a kernel already needs, or when a
   kernel first needs it; the functions that it calls are then
   translated in turn, from a worklist, depth first.  */

#include "cudajit-plugin.h"

struct pending_function
{
  tree decl;
  /* Its body as the front end left it, before genericization.  */
  tree body;
};

/* The functions to translate.  Trees are reachable from the unit while
   they wait, which is never across a collection.  */
static vec<pending_function> worklist;

static void
translate (tree fndecl, tree body)
{
  auto_vec<tree> callees;
  auto_vec<location_t> call_sites;
  bool kernel = cudajit_kernel_p (fndecl);
  if (cudajit_check_function (fndecl, body, &callees, &call_sites))
    {
      /* Referred to weakly, so that the program links without a C
         version, which only the CPU backend needs; its launches say so
         (embed.cc).  */
      for (tree callee : callees)
        if (cudajit_linked_callee_p (callee))
          declare_weak (callee);
      unsigned HOST_WIDE_INT specialized
          = kernel ? cudajit_specialized_params (fndecl, body) : 0;
      char *cuda_source
          = cudajit_emit_function (fndecl, body, callees, specialized);
      cudajit_embed_device_variables (body);
      /* After the CUDA C, which calls the GPU's assert and keeps the
         GPU's branches, and before the host entry copies the body.  */
      cudajit_redirect_host_assertions (fndecl);
      cudajit_drop_host_gpu_branches (&DECL_SAVED_TREE (fndecl));
      hash_map<tree, tree> relocated;
      if (kernel)
        {
          /* After the CUDA C, which keeps the shared arrays as they
             are.  */
          unsigned HOST_WIDE_INT static_shared_bytes
              = cudajit_host_shared_memory (fndecl, &relocated);
          cudajit_check_shared_bounds (fndecl, &relocated);
          cudajit_embed_kernel (fndecl, cuda_source, static_shared_bytes,
                                callees, specialized);
        }
      else
        {
          cudajit_host_device_shared_arrays (fndecl, &relocated);
          cudajit_check_shared_bounds (fndecl, &relocated);
          cudajit_embed_device_function (fndecl, cuda_source);
        }
      /* After the block function has copied a kernel's body.  */
      cudajit_host_fiber_waits (fndecl);
      free (cuda_source);
    }
  else
    {
      cudajit_redirect_host_assertions (fndecl);
      if (!kernel)
        {
          tree caller;
          location_t site;
          cudajit_device_function_first_call (fndecl, &caller, &site);
          /* None for a function that the unit exports, uncalled there.  */
          if (caller)
            inform (site,
                    "%qD, called from %qD here, cannot be compiled for the "
                    "GPU",
                    fndecl, caller);
        }
    }

  /* Also after errors, for those of the functions it calls; in reverse,
     so that they are translated in the order they are called.  */
  for (unsigned int i = callees.length (); i-- > 0;)
    {
      tree callee_body
          = cudajit_device_function_needed (callees[i], fndecl, call_sites[i]);
      if (callee_body)
        worklist.safe_push ({ callees[i], callee_body });
    }
}

static void
translate_worklist (void)
{
  while (!worklist.is_empty ())
    {
      pending_function next = worklist.pop ();
      translate (next.decl, next.body);
    }
}

void
cudajit_translate_finished_function (tree fndecl)
{
  tree body = (cudajit_kernel_p (fndecl)
                   ? DECL_SAVED_TREE (fndecl)
                   : cudajit_device_function_finished (fndecl));
  if (!body)
    return;
  worklist.safe_push ({ fndecl, body });
  translate_worklist ();
}

void
cudajit_translate_made_kernel (tree kernel, const char *cuda_source,
                               tree callee, location_t site)
{
  cudajit_embed_whole_kernel (kernel, cuda_source);
  if (cudajit_builtin_cuda_name (callee))
    return;
  /* Its kernel is launched as any other, and its C version runs alone.  */
  if (cudajit_device_function_reaches_grid_sync (callee))
    error_at (site,
              "%qD reaches %<cuda_grid_sync%>, which the function of a "
              "%<cuda_reduce%> may not",
              callee);
  tree callee_body = cudajit_device_function_needed (callee, kernel, site);
  if (callee_body)
    worklist.safe_push ({ callee, callee_body });
  translate_worklist ();
}
