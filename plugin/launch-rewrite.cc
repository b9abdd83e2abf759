/* Launch rewriting.  cudajit.h defines

     cuda_launch (k, grid, block, ...) (args)

   as the call (cudajit_unlaunched (config, __FILE__, __LINE__), k) (args),
   which is valid C but would only report that the plugin was missing.
   Here each such call becomes

     (arg0' = arg0, args[0] = &arg0', ...,
      cudajit_launch (cudajit.kernel.k, config, __FILE__, __LINE__, args))

   with the temporaries added to the enclosing function.  */

#include "cudajit-plugin.h"

struct launch_rewriter
{
  tree function;
  unsigned int temporaries;
};

/* The cudajit_unlaunched call of a cuda_launch's callee FN, if it is
   one.  */
static tree
unlaunched_call (tree fn)
{
  if (TREE_CODE (fn) != COMPOUND_EXPR)
    return NULL_TREE;
  tree first = TREE_OPERAND (fn, 0);
  STRIP_NOPS (first);
  if (TREE_CODE (first) != CALL_EXPR || call_expr_nargs (first) != 3)
    return NULL_TREE;
  tree callee = get_callee_fndecl (first);
  if (!callee || !DECL_NAME (callee)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)),
                 "cudajit_unlaunched")
             != 0)
    return NULL_TREE;
  return first;
}

static tree
new_temporary (launch_rewriter *rewriter, tree type)
{
  char name[32];
  snprintf (name, sizeof name, "cudajit.arg.%u", rewriter->temporaries++);
  tree var = build_decl (DECL_SOURCE_LOCATION (rewriter->function), VAR_DECL,
                         get_identifier (name), type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  DECL_CONTEXT (var) = rewriter->function;
  tree bind = DECL_SAVED_TREE (rewriter->function);
  DECL_CHAIN (var) = BIND_EXPR_VARS (bind);
  BIND_EXPR_VARS (bind) = var;
  return var;
}

static tree
sequence (tree first, tree next)
{
  return first ? build2 (COMPOUND_EXPR, TREE_TYPE (next), first, next) : next;
}

static tree
build_launch (launch_rewriter *rewriter, tree call, tree kernel,
              tree config_call, location_t loc)
{
  tree steps = NULL_TREE;
  tree args_type = build_pointer_type (ptr_type_node);
  tree args = build_int_cst (args_type, 0);
  int nargs = call_expr_nargs (call);
  if (nargs)
    {
      tree array = new_temporary (
          rewriter, build_array_type_nelts (ptr_type_node, nargs));
      for (int i = 0; i < nargs; i++)
        {
          tree arg = CALL_EXPR_ARG (call, i);
          tree value = new_temporary (rewriter, TREE_TYPE (arg));
          steps = sequence (steps, build2 (MODIFY_EXPR, TREE_TYPE (arg),
                                           value, arg));
          tree slot = build4 (ARRAY_REF, ptr_type_node, array, size_int (i),
                              NULL_TREE, NULL_TREE);
          steps = sequence (
              steps, build2 (MODIFY_EXPR, ptr_type_node, slot,
                             fold_convert (ptr_type_node,
                                           build_fold_addr_expr (value))));
        }
      args = fold_convert (args_type, build_fold_addr_expr (array));
    }

  tree config = CALL_EXPR_ARG (config_call, 0);
  tree file = CALL_EXPR_ARG (config_call, 1);
  tree line = CALL_EXPR_ARG (config_call, 2);
  tree launch_type = build_function_type_list (
      void_type_node, ptr_type_node, TREE_TYPE (config), TREE_TYPE (file),
      integer_type_node, args_type, NULL_TREE);
  tree launch_fn = build_fn_decl ("cudajit_launch", launch_type);
  tree handle = cudajit_kernel_handle (kernel);
  tree launch = build_call_expr_loc (loc, launch_fn, 5, handle, config, file,
                                     line, args);
  return sequence (steps, launch);
}

static tree
rewrite_call (tree *tp, int *walk_subtrees, void *data)
{
  launch_rewriter *rewriter = (launch_rewriter *) data;
  tree call = *tp;
  if (TYPE_P (call))
    *walk_subtrees = 0;
  if (TREE_CODE (call) != CALL_EXPR)
    return NULL_TREE;

  /* Where the user wrote cuda_launch, not inside cudajit.h.  */
  location_t loc = linemap_resolve_location (
      line_table, EXPR_LOCATION (call), LRK_MACRO_EXPANSION_POINT, NULL);
  tree fn = CALL_EXPR_FN (call);
  tree config_call = unlaunched_call (fn);
  if (!config_call)
    {
      tree callee = get_callee_fndecl (call);
      if (!callee || !cudajit_kernel_p (callee))
        return NULL_TREE;
      if (cudajit_kernel_p (rewriter->function))
        error_at (loc, "kernel %qD cannot be called from a kernel", callee);
      else
        error_at (loc,
                  "kernel %qD is called like a function; launch it with "
                  "%<cuda_launch (%D, grid, block) (...)%>",
                  callee, callee);
      return NULL_TREE;
    }

  /* The arguments may hold launches of their own.  */
  for (int i = 0; i < call_expr_nargs (call); i++)
    walk_tree (&CALL_EXPR_ARG (call, i), rewrite_call, data, NULL);
  *walk_subtrees = 0;

  tree kernel = TREE_OPERAND (fn, 1);
  STRIP_NOPS (kernel);
  if (TREE_CODE (kernel) == ADDR_EXPR)
    kernel = TREE_OPERAND (kernel, 0);
  if (TREE_CODE (kernel) == FUNCTION_DECL && cudajit_kernel_p (kernel)
      && decl_function_context (kernel))
    {
      error_at (loc, "kernel %qD cannot be a nested function", kernel);
      return NULL_TREE;
    }
  if (TREE_CODE (kernel) != FUNCTION_DECL || !cudajit_kernel_p (kernel))
    {
      if (TREE_CODE (kernel) == FUNCTION_DECL)
        error_at (loc,
                  "%qD is launched with %<cuda_launch%> but is not a "
                  "kernel; mark it %<__attribute__ ((cuda_jit))%>",
                  kernel);
      else
        error_at (loc, "%<cuda_launch%> needs the name of a kernel");
      return NULL_TREE;
    }
  if (cudajit_kernel_p (rewriter->function))
    {
      error_at (loc, "kernel %qD cannot be launched from a kernel", kernel);
      *tp = build_empty_stmt (loc);
      return NULL_TREE;
    }
  *tp = build_launch (rewriter, call, kernel, config_call, loc);
  return NULL_TREE;
}

void
cudajit_rewrite_launches (tree fndecl)
{
  if (TREE_CODE (DECL_SAVED_TREE (fndecl)) != BIND_EXPR)
    DECL_SAVED_TREE (fndecl)
        = build3 (BIND_EXPR, void_type_node, NULL_TREE,
                  DECL_SAVED_TREE (fndecl), NULL_TREE);
  launch_rewriter rewriter = { fndecl, 0 };
  walk_tree (&DECL_SAVED_TREE (fndecl), rewrite_call, &rewriter, NULL);
}
