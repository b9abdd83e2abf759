/* The pieces of a kernel's block function (block-function.cc): the
   locals that stand for CUDA's built-in variables, and the loops over
   the threads of a block, the work-item loops, that run the kernel's
   statements for each thread.  */

#include "block-function.h"

/* The barrier that fission cuts at.  */
static const char barrier_name[] = "cuda_syncthreads";

const char *const cudajit_builtin_variable_names[BUILTIN_VARIABLES]
    = { "threadIdx", "blockIdx", "blockDim", "gridDim" };

/* cudajit.h's functions of the built-in variables, which the block
   function computes from its locals: the global index of the thread on
   AXIS, blockIdx * blockDim + threadIdx, or with GRID_SIZE the threads of
   the grid on AXIS, gridDim * blockDim.  */
static const struct
{
  const char *name;
  bool grid_size;
  int axis;
} grid_functions[] = {
  { "cuda_grid_x", false, 0 },    { "cuda_grid_y", false, 1 },
  { "cuda_grid_z", false, 2 },    { "cuda_gridsize_x", true, 0 },
  { "cuda_gridsize_y", true, 1 }, { "cuda_gridsize_z", true, 2 },
};

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

void
cudajit_refuse_loops (block_function *b, tree where, const char *why)
{
  if (b->refusal)
    return;
  b->refusal = why;
  b->refusal_loc = where && EXPR_P (where) && EXPR_HAS_LOCATION (where)
                       ? EXPR_LOCATION (where)
                   : where && DECL_P (where)
                       ? DECL_SOURCE_LOCATION (where)
                       : DECL_SOURCE_LOCATION (b->kernel);
}

bool
cudajit_barrier_call_p (const_tree callee)
{
  return DECL_NAME (callee)
         && strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)), barrier_name)
                == 0;
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

int
cudajit_grid_function (const_tree callee)
{
  const char *name
      = DECL_NAME (callee) ? IDENTIFIER_POINTER (DECL_NAME (callee)) : "";
  for (unsigned int i = 0; i < ARRAY_SIZE (grid_functions); i++)
    if (strcmp (name, grid_functions[i].name) == 0)
      return i;
  return -1;
}

/* The global index on an axis, blockIdx * blockDim + threadIdx, or the
   grid's size, gridDim * blockDim, from the locals.  */
tree
cudajit_grid_function_value (block_function *b, tree type, int which)
{
  int axis = grid_functions[which].axis;
  bool grid_size = grid_functions[which].grid_size;
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

/* Whether a call of CALLEE may read threadIdx: the functions of the
   user's, and those of the runtime, but not GCC's builtins nor the inline
   functions of cudajit.h, which the block function's locals serve.  */
bool
cudajit_may_read_thread_index_p (const_tree callee)
{
  return !fndecl_built_in_p (callee)
         && !(DECL_IN_SYSTEM_HEADER (callee)
              && DECL_DECLARED_INLINE_P (callee));
}
/* A return from the kernel ends the thread: a jump to LABEL, at the end
   of the thread loop's body.  */
static tree
returns_to_label (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == RETURN_EXPR)
    *tp = build1 (GOTO_EXPR, void_type_node, (tree) data);
  return NULL_TREE;
}

tree
cudajit_find_return (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == RETURN_EXPR ? *tp : NULL_TREE;
}

/* VAR = 0; do BODY while (++VAR < BOUND), appended to *LIST: BOUND, an
   extent of a launch, is at least 1, and GCC, told so, neither tests it
   before the first turn nor warns that what the first turn sets may be
   unset after the loop.  */
static void
append_counted_loop (tree var, tree bound, tree body, tree *list)
{
  tree type = TREE_TYPE (var);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var, build_zero_cst (type)), list);
  tree loop = alloc_stmt_list ();
  append_to_statement_list (body, &loop);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var,
              build2 (PLUS_EXPR, type, var, build_one_cst (type))),
      &loop);
  append_to_statement_list (
      build1 (EXIT_EXPR, void_type_node,
              build2 (GE_EXPR, boolean_type_node, var, bound)),
      &loop);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, loop), list);
}

/* BODY run by each thread of the block in turn, in loops over threadIdx's
   z, y and x, x innermost; a return in BODY ends the thread.  BODY is
   kept in a BIND_EXPR of its own, whose body is left in *INSIDE.  */
tree
cudajit_thread_loop (block_function *b, tree body, tree **inside)
{
  tree statements = alloc_stmt_list ();
  append_to_statement_list (body, &statements);
  if (walk_tree_without_duplicates (&statements, cudajit_find_return, NULL))
    {
      tree label = build_decl (DECL_SOURCE_LOCATION (b->kernel), LABEL_DECL,
                               NULL_TREE, void_type_node);
      DECL_ARTIFICIAL (label) = 1;
      DECL_CONTEXT (label) = b->entry;
      walk_tree (&statements, returns_to_label, label, NULL);
      append_to_statement_list (build1 (LABEL_EXPR, void_type_node, label),
                                &statements);
    }
  tree thread
      = build3 (BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE);
  if (inside)
    *inside = &BIND_EXPR_BODY (thread);
  for (int axis = 0; axis < 3; axis++)
    {
      tree loop = alloc_stmt_list ();
      append_counted_loop (cudajit_axis_ref (b->builtins[THREAD_INDEX], axis),
                           cudajit_axis_ref (b->builtins[BLOCK_DIM], axis),
                           thread, &loop);
      thread = loop;
    }
  return thread;
}

tree
cudajit_find_jump (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  switch (TREE_CODE (*tp))
    {
    case BREAK_STMT:
    case CONTINUE_STMT:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case RETURN_EXPR:
      return *tp;
    default:
      return NULL_TREE;
    }
}
