/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Host code that uses what exists only in a kernel.  CUDA's built-in
   variables have no value outside a kernel, on a GPU or on the CPU
   backend, and the functions of cudajit.h that read them or wait for other
   threads have no meaning there.  A function that is neither a kernel nor
   one that may be a device function (static, or marked cuda_device) never
   runs in a kernel, so such a use there is an error.  In a function that
   may be a device function, the runtime's device functions say so at run
   time when they are called outside a kernel.  A device variable lives
   on the GPU, which only the copies of cudajit.h reach from the host:
   their call takes its address, which is no use of it.  A static
   function that uses one is host code if no kernel calls it, which is
   known once the unit is whole.  */

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
  /* The device variables whose first use was seen.  */
  hash_set<tree> variables_seen;
  /* Whether the function is static, so that only its uses of device
     variables are looked at, and kept for later.  */
  bool maybe_device;
};

/* A device variable that a static function uses, where.  */
struct static_use
{
  tree fndecl, var;
  location_t loc;
};

/* Those of the unit, until it is whole; its functions and variables
   outlive them.  */
static vec<static_use> static_uses;

/* Whether T is a call of the copies of device variables.  */
static bool
symbol_copy_p (const_tree t)
{
  tree fndecl = TREE_CODE (t) == CALL_EXPR ? get_callee_fndecl (t) : NULL;
  return (fndecl && DECL_NAME (fndecl)
          && id_equal (DECL_NAME (fndecl),
                       cudajit_entry_point_name (CUDAJIT_ENTRY_COPY_SYMBOL)));
}

static void
diagnose_device_variable (location_t loc, tree fndecl, tree var)
{
  error_at (loc,
            "device variable %qD used in host code: %qD runs only on the "
            "host, where %qD is not; copy it with %<cuda_copy_to_symbol%> "
            "and %<cuda_copy_from_symbol%>",
            var, fndecl, var);
}

/* The arguments of cudajit_copy_symbol: the variable's address, and how
   it copies.  */
enum
{
  SYMBOL_COPY_ADDRESS_ARG = 0,
  SYMBOL_COPY_HOW_ARG = 5
};

/* CALL, a copy of a device variable at LOC: one to a const variable,
   which cudajit.h's macro marks, is refused.  */
static void
check_const_symbol_copy (tree call, location_t loc)
{
  tree how = fold (CALL_EXPR_ARG (call, SYMBOL_COPY_HOW_ARG));
  tree var = CALL_EXPR_ARG (call, SYMBOL_COPY_ADDRESS_ARG);
  STRIP_NOPS (var);
  if (TREE_CODE (how) != INTEGER_CST || TREE_CODE (var) != ADDR_EXPR
      || (~tree_to_shwi (how) & (CUDAJIT_SYMBOL_TO | CUDAJIT_SYMBOL_CONST)))
    return;
  var = TREE_OPERAND (var, 0);
  /* A part of one is refused at run time.  */
  if (DECL_P (var))
    error_at (loc,
              "%qs to const device variable %qD: no copy may change it, for "
              "kernels may have its value built in; drop the const to copy "
              "to it",
              tree_to_shwi (how) & CUDAJIT_SYMBOL_ASYNC
                  ? "cuda_copy_to_symbol_async"
                  : "cuda_copy_to_symbol",
              var);
}

/* Diagnose the first use of each thing that a kernel alone may use.  */
static tree
diagnose_use (tree *tp, int *walk_subtrees, void *data)
{
  outside_walk *walk = (outside_walk *) data;
  if (EXPR_P (*tp) && EXPR_HAS_LOCATION (*tp))
    walk->loc = EXPR_LOCATION (*tp);
  if (symbol_copy_p (*tp))
    {
      check_const_symbol_copy (
          *tp, linemap_resolve_location (line_table,
                                         EXPR_LOC_OR_LOC (*tp, walk->loc),
                                         LRK_MACRO_EXPANSION_POINT, NULL));
      /* Its first argument, the variable's address.  */
      *walk_subtrees = 0;
      for (int i = 1; i < call_expr_nargs (*tp); i++)
        walk_tree (&CALL_EXPR_ARG (*tp, i), diagnose_use, data, NULL);
      return NULL_TREE;
    }
  if (VAR_P (*tp) && cudajit_device_variable_p (*tp)
      && !walk->variables_seen.add (*tp))
    {
      if (walk->maybe_device)
        static_uses.safe_push ({ walk->fndecl, *tp, walk->loc });
      else
        diagnose_device_variable (walk->loc, walk->fndecl, *tp);
      return NULL_TREE;
    }
  if (walk->maybe_device)
    return NULL_TREE;
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
  if (cudajit_kernel_p (fndecl) || cudajit_device_marked_p (fndecl)
      || !DECL_SAVED_TREE (fndecl))
    return;
  outside_walk walk;
  walk.fndecl = fndecl;
  walk.loc = DECL_SOURCE_LOCATION (fndecl);
  walk.maybe_device = cudajit_device_function_p (fndecl);
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), diagnose_use,
                                &walk);
}

void
cudajit_check_static_host_functions (void)
{
  for (static_use &use : static_uses)
    if (!cudajit_device_function_called_p (use.fndecl))
      diagnose_device_variable (use.loc, use.fndecl, use.var);
  static_uses.release ();
}
