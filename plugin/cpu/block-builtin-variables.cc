/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The locals of a kernel's block function that stand for CUDA's
   built-in variables, and what the other block-*.cc files ask of them:
   which variable, field or axis an expression reads, the values of the
   grid's geometry computed from them, whether a call may read
   threadIdx.  */

#include "block-function.h"

const char *const cudajit_builtin_variable_names[BUILTIN_VARIABLES]
    = { "threadIdx", "blockIdx", "blockDim", "gridDim" };

tree
cudajit_axis_ref (tree record, int index)
{
  tree f = TYPE_FIELDS (TREE_TYPE (record));
  while (index--)
    f = DECL_CHAIN (f);
  return build3 (COMPONENT_REF, TREE_TYPE (f), record, f, NULL_TREE);
}

tree
cudajit_block_local (tree entry, tree *locals, const char *name, tree type)
{
  tree var = build_decl (DECL_SOURCE_LOCATION (entry), VAR_DECL,
                         get_identifier (name), type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  DECL_CONTEXT (var) = entry;
  DECL_CHAIN (var) = *locals;
  *locals = var;
  return var;
}

/* Which built-in variable DECL is, or BUILTIN_VARIABLES.  */
int
cudajit_builtin_variable (const_tree decl)
{
  if (!cudajit_builtin_variable_p (decl))
    return BUILTIN_VARIABLES;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  int which = 0;
  while (which < BUILTIN_VARIABLES
         && strcmp (name, cudajit_builtin_variable_names[which]) != 0)
    which++;
  return which;
}

/* The global index on an axis, blockIdx * blockDim + threadIdx, or the
   grid's size, gridDim * blockDim, from the locals.  */
tree
cudajit_grid_function_value (block_function *b, tree type,
                             const device_api *function)
{
  int axis = cudajit_grid_function_axis (function);
  bool grid_size = function->kind == DA_GRID_SIZE;
  tree first = b->builtins[grid_size ? GRID_DIM : BLOCK_INDEX];
  tree product = build2 (
      MULT_EXPR, type, fold_convert (type, cudajit_axis_ref (first, axis)),
      fold_convert (type, cudajit_axis_ref (b->builtins[BLOCK_DIM], axis)));
  if (grid_size)
    return product;
  return build2 (
      PLUS_EXPR, type, product,
      fold_convert (type, cudajit_axis_ref (b->builtins[THREAD_INDEX], axis)));
}

/* How deep the search for a read of threadIdx is in the inline functions
   of system headers, which do not call themselves; beyond it, a function
   is taken to read it.  */
#define INLINE_DEPTH_MAX 8

static bool may_read_thread_index (const_tree callee, int depth);

static tree
find_thread_index_read (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (cudajit_builtin_variable (*tp) == THREAD_INDEX)
    return *tp;
  tree callee
      = TREE_CODE (*tp) == CALL_EXPR ? get_callee_fndecl (*tp) : NULL_TREE;
  return callee && may_read_thread_index (callee, *(int *) data + 1)
             ? *tp
             : NULL_TREE;
}

/* Whether a call of CALLEE may read threadIdx: the functions of the
   user's and those of the runtime may, GCC's builtins do not, and the
   inline functions of cudajit.h (the atomics, say) do where their bodies
   read it or call one that may (cuda_lanemask_lt).  The other built-in
   variables are the runtime's for the whole block.  */
static bool
may_read_thread_index (const_tree callee, int depth)
{
  if (fndecl_built_in_p (callee))
    return false;
  if (!DECL_IN_SYSTEM_HEADER (callee) || !DECL_DECLARED_INLINE_P (callee))
    return true;
  tree body = DECL_SAVED_TREE (callee);
  return (
      !body || depth > INLINE_DEPTH_MAX
      || walk_tree_without_duplicates (&body, find_thread_index_read, &depth));
}

bool
cudajit_may_read_thread_index_p (const_tree callee)
{
  return may_read_thread_index (callee, 0);
}

int
cudajit_builtin_field (block_function *b, const_tree t)
{
  int which = 0;
  if (TREE_CODE (t) == COMPONENT_REF)
    while (which < BUILTIN_VARIABLES
           && TREE_OPERAND (t, 0) != b->builtins[which])
      which++;
  else
    which = BUILTIN_VARIABLES;
  return which;
}

int
cudajit_thread_axis (block_function *b, const_tree t)
{
  tree thread = b->builtins[THREAD_INDEX];
  if (TREE_CODE (t) != COMPONENT_REF || TREE_OPERAND (t, 0) != thread)
    return -1;
  int axis = 0;
  for (tree f = TYPE_FIELDS (TREE_TYPE (thread)); f; f = DECL_CHAIN (f))
    if (f == TREE_OPERAND (t, 1))
      return axis;
    else
      axis++;
  return -1;
}

tree
cudajit_find_thread_y_or_z (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return cudajit_thread_axis ((block_function *) data, *tp) > 0 ? *tp
                                                                : NULL_TREE;
}

bool
cudajit_block_start_p (block_function *b, tree t, int axis)
{
  if (TREE_CODE (t) != MULT_EXPR)
    return false;
  tree index = TREE_OPERAND (t, 0), dim = TREE_OPERAND (t, 1);
  if (cudajit_builtin_field (b, index) != BLOCK_INDEX)
    std::swap (index, dim);
  return cudajit_builtin_field (b, index) == BLOCK_INDEX
         && cudajit_builtin_field (b, dim) == BLOCK_DIM
         && TREE_OPERAND (index, 1)
                == TREE_OPERAND (
                    cudajit_axis_ref (b->builtins[BLOCK_INDEX], axis), 1)
         && TREE_OPERAND (dim, 1)
                == TREE_OPERAND (
                    cudajit_axis_ref (b->builtins[BLOCK_DIM], axis), 1);
}

bool
cudajit_block_start_below_p (block_function *b, tree t, int axis,
                             const_tree largest)
{
  static const unsigned HOST_WIDE_INT block_max[]
      = { CUDAJIT_BLOCK_X_MAX, CUDAJIT_BLOCK_Y_MAX, CUDAJIT_BLOCK_Z_MAX };
  static const unsigned HOST_WIDE_INT grid_max[]
      = { CUDAJIT_GRID_X_MAX, CUDAJIT_GRID_Y_MAX, CUDAJIT_GRID_Z_MAX };
  /* (blocks - 1) * threads + threads - 1.  */
  unsigned HOST_WIDE_INT most = grid_max[axis] * block_max[axis] - 1;
  return cudajit_block_start_p (b, t, axis) && tree_fits_uhwi_p (largest)
         && most <= tree_to_uhwi (largest);
}
