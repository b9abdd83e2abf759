/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Host code that uses what exists only in a kernel.  CUDA's built-in
   variables have no value outside a kernel, on a GPU or on the CPU
   backend, and the functions of cudajit.h that read them or wait for other
   threads have no meaning there.  A function that is neither a kernel nor
   one that may be a device function (static, or marked cuda_device) never
   runs in a kernel, so such a use there is an error.  In a function that
   may be a device function, the runtime's device functions say so at run
   time when they are called outside a kernel.  */

#include "cudajit-plugin.h"

/* The name of what DECL is, if a kernel alone may use it; else NULL.  */
static const char *
kernel_only_name (const_tree decl)
{
  if (cudajit_builtin_variable_p (decl))
    return IDENTIFIER_POINTER (DECL_NAME (decl));
  return cudajit_kernel_only_name (decl);
}

/* Where a function is walked.  */
struct outside_walk
{
  tree fndecl;
  /* The location of the innermost expression seen, for a use, which has
     none of its own.  */
  location_t loc;
};

/* Diagnose the first use of each thing that a kernel alone may use.  */
static tree
diagnose_use (tree *tp, int *, void *data)
{
  outside_walk *walk = (outside_walk *) data;
  if (EXPR_P (*tp) && EXPR_HAS_LOCATION (*tp))
    walk->loc = EXPR_LOCATION (*tp);
  const char *name = DECL_P (*tp) ? kernel_only_name (*tp) : NULL;
  if (name)
    error_at (walk->loc,
              "%qs used outside a kernel: %qD is neither a kernel nor a "
              "device function, and runs only on the host",
              name, walk->fndecl);
  return NULL_TREE;
}

void
cudajit_check_outside_kernel (tree fndecl)
{
  if (cudajit_kernel_p (fndecl) || cudajit_device_function_p (fndecl)
      || !DECL_SAVED_TREE (fndecl))
    return;
  outside_walk walk = { fndecl, DECL_SOURCE_LOCATION (fndecl) };
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), diagnose_use,
                                &walk);
}
