/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The functions that the plugin makes, rather than the front end: the
   host entries of kernels (block-function.cc), the kernels of generators
   (generators.cc), the constructors that register kernels (embed.cc).  */

#include "cudajit-plugin.h"

tree
cudajit_build_function (const char *name, tree fntype, tree parms, tree body)
{
  location_t loc = EXPR_LOCATION (body);
  tree decl = build_decl (loc, FUNCTION_DECL, get_identifier (name), fntype);
  tree result = build_decl (loc, RESULT_DECL, NULL_TREE, TREE_TYPE (fntype));
  DECL_ARTIFICIAL (result) = 1;
  DECL_IGNORED_P (result) = 1;
  DECL_CONTEXT (result) = decl;
  DECL_RESULT (decl) = result;
  for (tree parm = parms; parm; parm = DECL_CHAIN (parm))
    DECL_CONTEXT (parm) = decl;
  DECL_ARGUMENTS (decl) = parms;
  TREE_STATIC (decl) = 1;
  TREE_USED (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  DECL_INITIAL (decl) = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (DECL_INITIAL (decl)) = decl;
  TREE_USED (DECL_INITIAL (decl)) = 1;
  DECL_SAVED_TREE (decl) = body;

  /* This runs while the front end finishes a kernel: keep its function
     current.  The body is gimplified with the rest of the unit.  */
  tree saved_decl = current_function_decl;
  push_struct_function (decl);
  cfun->function_end_locus = loc;
  pop_cfun ();
  current_function_decl = saved_decl;
  return decl;
}
