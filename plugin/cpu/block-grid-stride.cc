/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Grid-stride loops, for a kernel's block function (block-function.cc).  */

#include "block-function.h"

/* Grid-stride loops.  A kernel that is only

     for (i = cuda_grid_x (); i < END; i += cuda_gridsize_x ())
       BODY

   runs BODY once for each I from 0 to END, by whatever thread: where
   BODY does not ask which thread runs it, the block function of a launch
   of one dimension runs its block's share of them, contiguous, in a C
   loop, as the blocks of a launch are handed to the pool's threads in
   order.  On a GPU each thread strides; on a CPU a stride would walk all
   of memory for each thread.  */

/* Whether T, without conversions, is a call of the device API's ID.  */
static bool
call_of_p (tree t, device_api_id id)
{
  STRIP_NOPS (t);
  if (TREE_CODE (t) == SAVE_EXPR)
    t = TREE_OPERAND (t, 0);
  STRIP_NOPS (t);
  tree callee = TREE_CODE (t) == CALL_EXPR ? get_callee_fndecl (t) : NULL;
  return callee && cudajit_device_api (callee) == &cudajit_device_apis[id];
}

static bool
same_variable_p (tree t, tree var)
{
  STRIP_NOPS (t);
  return t == var;
}

/* The statements of T, a body, but debug markers, in *STATEMENTS; false
   where a scope declares more than one variable.  */
static bool
flatten_statements (tree t, vec<tree> *statements)
{
  switch (TREE_CODE (t))
    {
    case BIND_EXPR:
      if (BIND_EXPR_VARS (t) && DECL_CHAIN (BIND_EXPR_VARS (t)))
        return false;
      return flatten_statements (BIND_EXPR_BODY (t), statements);
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        if (!flatten_statements (tsi_stmt (i), statements))
          return false;
      return true;
    case DEBUG_BEGIN_STMT:
      return true;
    default:
      statements->safe_push (t);
      return true;
    }
}

/* What a BODY of a grid-stride loop may not have: what tells it its
   thread, or jumps; or its block's shared memory, unless *DATA, a bool,
   says that it may.  */
static tree
find_thread_dependence (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (cudajit_builtin_variable (*tp) < BUILTIN_VARIABLES
      || cudajit_find_jump (tp, walk_subtrees, NULL))
    return *tp;
  tree callee
      = TREE_CODE (*tp) == CALL_EXPR ? get_callee_fndecl (*tp) : NULL_TREE;
  if (callee && *(bool *) data && cudajit_shared_memory_fn_p (callee))
    return NULL_TREE;
  if (callee
      && (cudajit_may_read_thread_index_p (callee)
          || cudajit_grid_function (callee)))
    return *tp;
  return NULL_TREE;
}

/* What END may be made of: constants and parameters that BODY does not
   write, in arithmetic.  */
struct invariance
{
  const vec<tree> *arguments;
  tree body;
};

static tree
find_variance (tree *tp, int *walk_subtrees, void *data)
{
  invariance *inv = (invariance *) data;
  tree t = *tp;
  if (CONSTANT_CLASS_P (t))
    return NULL_TREE;
  if (VAR_P (t))
    return (inv->arguments->contains (t)
            && !walk_tree_without_duplicates (&inv->body, cudajit_find_write,
                                              t))
               ? NULL_TREE
               : t;
  if ((UNARY_CLASS_P (t) || BINARY_CLASS_P (t)) && !TREE_SIDE_EFFECTS (t))
    return NULL_TREE;
  *walk_subtrees = 0;
  return t;
}

/* END, where LOOP, with INDEX, an integer variable that is not one of
   ARGUMENTS, from START, is

     for (INDEX = cuda_grid_x (); INDEX < END; INDEX += cuda_gridsize_x ())
       BODY

   with END made of constants and of ARGUMENTS that BODY does not write,
   and BODY neither writes INDEX nor asks for its thread, nor, unless
   SHARED_MEMORY, for its block's shared memory; else NULL_TREE.  */
tree
cudajit_grid_stride_end (tree loop, tree index, tree start,
                         const vec<tree> &arguments, bool shared_memory)
{
  if (!index || !VAR_P (index) || arguments.contains (index) || !start
      || !call_of_p (start, DEVICE_API_GRID_X)
      || !INTEGRAL_TYPE_P (TREE_TYPE (index)))
    return NULL_TREE;

  /* i < END.  */
  tree cond = FOR_COND (loop);
  if (!cond || TREE_CODE (cond) != LT_EXPR
      || !same_variable_p (TREE_OPERAND (cond, 0), index))
    return NULL_TREE;
  tree end = TREE_OPERAND (cond, 1);
  tree loop_body = FOR_BODY (loop);
  invariance inv = { &arguments, loop_body };
  if (walk_tree_without_duplicates (&end, find_variance, &inv))
    return NULL_TREE;

  /* i += cuda_gridsize_x (), which C makes
     SAVE_EXPR <cuda_gridsize_x ()>, i = SAVE_EXPR <...> + i.  */
  tree step = FOR_EXPR (loop);
  if (step && TREE_CODE (step) == COMPOUND_EXPR
      && TREE_CODE (TREE_OPERAND (step, 0)) == SAVE_EXPR)
    step = TREE_OPERAND (step, 1);
  if (!step || TREE_CODE (step) != MODIFY_EXPR
      || TREE_OPERAND (step, 0) != index)
    return NULL_TREE;
  tree sum = TREE_OPERAND (step, 1);
  STRIP_NOPS (sum);
  if (TREE_CODE (sum) != PLUS_EXPR
      || !((same_variable_p (TREE_OPERAND (sum, 0), index)
            && call_of_p (TREE_OPERAND (sum, 1), DEVICE_API_GRIDSIZE_X))
           || (same_variable_p (TREE_OPERAND (sum, 1), index)
               && call_of_p (TREE_OPERAND (sum, 0), DEVICE_API_GRIDSIZE_X))))
    return NULL_TREE;

  if (walk_tree_without_duplicates (&loop_body, find_thread_dependence,
                                    &shared_memory)
      || walk_tree_without_duplicates (&loop_body, cudajit_find_write, index))
    return NULL_TREE;
  return end;
}

/* To LIST, the statements that set CHUNK, the iterations of each block
   where COUNT, positive, are shared among the blocks, and FIRST, the
   first of the block's.  */
static void
append_block_share (block_function *b, tree count, tree chunk, tree first,
                    tree *list)
{
  tree type = TREE_TYPE (count);
  tree blocks
      = fold_convert (type, cudajit_axis_ref (b->builtins[GRID_DIM], 0));
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, chunk,
              build2 (PLUS_EXPR, type,
                      build2 (TRUNC_DIV_EXPR, type, count, blocks),
                      fold_convert (type, build2 (NE_EXPR, boolean_type_node,
                                                  build2 (TRUNC_MOD_EXPR, type,
                                                          count, blocks),
                                                  build_zero_cst (type))))),
      list);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, first,
              build2 (MULT_EXPR, type, chunk,
                      fold_convert (type, cudajit_axis_ref (
                                              b->builtins[BLOCK_INDEX], 0)))),
      list);
}

/* The loop over the block's share of the iterations of BODY, the copy of
   a kernel's body, if it is only a grid-stride loop that does not depend
   on its thread; else NULL_TREE.  */
tree
cudajit_grid_stride_chunks (block_function *b, tree body,
                            const vec<tree> &arguments)
{
  auto_vec<tree> statements;
  if (!flatten_statements (body, &statements) || statements.is_empty ()
      || statements.length () > 2
      || TREE_CODE (statements.last ()) != FOR_STMT)
    return NULL_TREE;
  tree loop = statements.last ();
  tree index = NULL_TREE, start = NULL_TREE;
  if (statements.length () == 2 && TREE_CODE (statements[0]) == DECL_EXPR
      && !FOR_INIT_STMT (loop))
    {
      index = DECL_EXPR_DECL (statements[0]);
      start = VAR_P (index) ? DECL_INITIAL (index) : NULL_TREE;
    }
  else if (statements.length () == 1 && FOR_INIT_STMT (loop)
           && TREE_CODE (FOR_INIT_STMT (loop)) == MODIFY_EXPR)
    {
      index = TREE_OPERAND (FOR_INIT_STMT (loop), 0);
      start = TREE_OPERAND (FOR_INIT_STMT (loop), 1);
    }
  tree end = cudajit_grid_stride_end (loop, index, start, arguments, false);
  if (!end)
    return NULL_TREE;

  /* { T count = END, chunk, first;
       if (count > 0)
         {
           chunk = count / gridDim.x + (count % gridDim.x != 0);
           first = chunk * blockIdx.x;
           for (i = first; i < count && i < first + chunk; i++)
             BODY
         } }  */
  tree type = TREE_TYPE (index);
  tree count = cudajit_block_local (b->entry, b->locals, "count", type);
  tree chunk = cudajit_block_local (b->entry, b->locals, "chunk", type);
  tree first = cudajit_block_local (b->entry, b->locals, "first", type);
  tree chunked = alloc_stmt_list ();
  append_block_share (b, count, chunk, first, &chunked);
  FOR_INIT_STMT (loop) = build2 (MODIFY_EXPR, type, index, first);
  FOR_COND (loop) = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                            build2 (LT_EXPR, boolean_type_node, index, count),
                            build2 (LT_EXPR, boolean_type_node, index,
                                    build2 (PLUS_EXPR, type, first, chunk)));
  FOR_EXPR (loop)
      = build2 (PREINCREMENT_EXPR, type, index, build_one_cst (type));
  append_to_statement_list (loop, &chunked);
  tree run = alloc_stmt_list ();
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, count, fold_convert (type, end)), &run);
  append_to_statement_list (
      build3 (
          COND_EXPR, void_type_node,
          build2 (GT_EXPR, boolean_type_node, count, build_zero_cst (type)),
          chunked, build_empty_stmt (DECL_SOURCE_LOCATION (b->kernel))),
      &run);
  DECL_INITIAL (index) = NULL_TREE;
  DECL_CHAIN (index) = NULL_TREE;
  return build3 (BIND_EXPR, void_type_node, index, run, NULL_TREE);
}

/* Whether the launch has one dimension: only then do the threads of a
   grid-stride loop run each index once.  */
tree
cudajit_one_dimension (block_function *b)
{
  tree test = NULL_TREE;
  for (int which = BLOCK_DIM; which <= GRID_DIM; which++)
    for (int axis = 1; axis < 3; axis++)
      {
        tree one = build2 (EQ_EXPR, boolean_type_node,
                           cudajit_axis_ref (b->builtins[which], axis),
                           build_one_cst (TREE_TYPE (
                               cudajit_axis_ref (b->builtins[which], axis))));
        test = cudajit_conjoin (test, one);
      }
  return test;
}

/* Rows.  Where the threads of a block each run a grid-stride loop of
   their own (a kernel with barriers, or one whose loop asks for its
   thread, or a launch of more dimensions),

     for (long i = A + threadIdx.x; i < END; i += STEP) BODY

   with A, END and STEP the same for every thread, the block function
   runs the rows of the grid that the block covers one after another, each
   as a loop over the threads:

     for (row = A; row < END; row += STEP)
       for each thread with row + threadIdx.x < END (bounds of the loop)
         { i = row + threadIdx.x; BODY }

   Each thread runs its turns in order, and the turns of different
   threads interleave otherwise, as they may on a GPU; but each row is
   walked once, contiguously, instead of each thread striding through all
   of the arrays.  */

/* The step of INCREMENT, INDEX += STEP as C makes it, or NULL_TREE.  */
static tree
step_of (tree increment, tree index)
{
  if (increment && TREE_CODE (increment) == COMPOUND_EXPR
      && TREE_CODE (TREE_OPERAND (increment, 0)) == SAVE_EXPR)
    increment = TREE_OPERAND (increment, 1);
  if (!increment || TREE_CODE (increment) != MODIFY_EXPR
      || TREE_OPERAND (increment, 0) != index)
    return NULL_TREE;
  tree sum = TREE_OPERAND (increment, 1);
  if (TREE_CODE (sum) != PLUS_EXPR)
    return NULL_TREE;
  tree step = TREE_OPERAND (sum, 1);
  if (TREE_OPERAND (sum, 0) != index)
    {
      if (step != index)
        return NULL_TREE;
      step = TREE_OPERAND (sum, 0);
    }
  if (TREE_CODE (step) == SAVE_EXPR)
    step = TREE_OPERAND (step, 0);
  return unshare_expr (step);
}

/* The rows of a grid-stride loop that only adds into shared memory
   (block-shared-reduction.cc), in a launch of one dimension: the block's
   share of the iterations below END, contiguous, FROM to TO, in rows BY
   of blockDim.x; the counts that the threads add up then differ from
   block to block as on no GPU, but not their sum, which is all that the
   kernel gives.  */
static tree
block_share_rows (block_function *b, tree end, tree from, tree to, tree by)
{
  tree type = TREE_TYPE (from);
  tree count = cudajit_block_local (b->entry, b->locals, "count", type);
  tree chunk = cudajit_block_local (b->entry, b->locals, "chunk", type);
  tree first = cudajit_block_local (b->entry, b->locals, "first", type);
  tree shared = alloc_stmt_list ();
  append_block_share (b, count, chunk, first, &shared);
  append_to_statement_list (build2 (MODIFY_EXPR, type, from, first), &shared);
  /* first + chunk, but for the last blocks, where it may wrap or pass
     COUNT (and an unsigned COUNT - FIRST wrap).  */
  append_to_statement_list (
      build2 (
          MODIFY_EXPR, type, to,
          build3 (
              COND_EXPR, type,
              build2 (TRUTH_ORIF_EXPR, boolean_type_node,
                      build2 (GE_EXPR, boolean_type_node, first, count),
                      build2 (LT_EXPR, boolean_type_node,
                              build2 (MINUS_EXPR, type, count, first), chunk)),
              count, build2 (PLUS_EXPR, type, first, chunk))),
      &shared);
  tree run = alloc_stmt_list ();
  append_to_statement_list (build2 (MODIFY_EXPR, type, count,
                                    fold_convert (type, unshare_expr (end))),
                            &run);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, from, build_zero_cst (type)), &run);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, to, build_zero_cst (type)), &run);
  append_to_statement_list (build3 (COND_EXPR, void_type_node,
                                    build2 (GT_EXPR, boolean_type_node, count,
                                            build_zero_cst (type)),
                                    shared,
                                    build_empty_stmt (UNKNOWN_LOCATION)),
                            &run);
  append_to_statement_list (
      build2 (
          MODIFY_EXPR, type, by,
          fold_convert (type, cudajit_axis_ref (b->builtins[BLOCK_DIM], 0))),
      &run);
  return run;
}

/* FROM = A, TO = END and BY = STEP, the rows of the grid.  */
static tree
grid_rows (tree a, tree end, tree step, tree from, tree to, tree by)
{
  tree type = TREE_TYPE (from);
  tree run = alloc_stmt_list ();
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, from, fold_convert (type, unshare_expr (a))),
      &run);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, to, fold_convert (type, unshare_expr (end))),
      &run);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, by, fold_convert (type, unshare_expr (step))),
      &run);
  return run;
}

static tree
grid_stride_rows (block_function *b, tree body)
{
  auto_vec<tree> statements;
  if (!flatten_statements (body, &statements) || statements.length () != 2
      || TREE_CODE (statements[0]) != DECL_EXPR
      || TREE_CODE (statements[1]) != FOR_STMT)
    return NULL_TREE;
  tree index = DECL_EXPR_DECL (statements[0]), loop = statements[1];
  tree type = TREE_TYPE (index), a;
  if (!VAR_P (index) || !INTEGRAL_TYPE_P (type) || FOR_INIT_STMT (loop)
      || !DECL_INITIAL (index)
      || !cudajit_thread_x_plus_p (b, DECL_INITIAL (index), loop, &a))
    return NULL_TREE;
  tree cond = FOR_COND (loop), step = step_of (FOR_EXPR (loop), index);
  tree loop_body = FOR_BODY (loop);
  if (!cond || TREE_CODE (cond) != LT_EXPR || TREE_OPERAND (cond, 0) != index
      || !step || !cudajit_invariant_in_loop_p (b, step, loop)
      || !cudajit_invariant_in_loop_p (b, TREE_OPERAND (cond, 1), loop)
      || walk_tree_without_duplicates (&loop_body, cudajit_find_jump, NULL)
      || walk_tree_without_duplicates (&loop_body, cudajit_find_write, index))
    return NULL_TREE;
  tree end = TREE_OPERAND (cond, 1);
  tree run = alloc_stmt_list ();
  if (loop == b->reduction_loop)
    {
      tree from = cudajit_block_local (b->entry, b->locals, "from", type);
      tree to = cudajit_block_local (b->entry, b->locals, "to", type);
      tree by = cudajit_block_local (b->entry, b->locals, "by", type);
      append_to_statement_list (
          build3 (COND_EXPR, void_type_node, cudajit_one_dimension (b),
                  block_share_rows (b, end, from, to, by),
                  grid_rows (a, end, step, from, to, by)),
          &run);
      a = from;
      end = to;
      step = by;
    }

  /* if (row + x < END) { i = row + x; BODY }, over the threads.  */
  tree row = cudajit_block_local (b->entry, b->locals, "row", type);
  tree x = cudajit_axis_ref (b->builtins[THREAD_INDEX], 0);
  tree turn = alloc_stmt_list ();
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, index,
              build2 (PLUS_EXPR, type, row, fold_convert (type, x))),
      &turn);
  append_to_statement_list (loop_body, &turn);
  tree guarded
      = build3 (COND_EXPR, void_type_node,
                build2 (LT_EXPR, boolean_type_node,
                        build2 (PLUS_EXPR, type, row,
                                fold_convert (type, unshare_expr (x))),
                        unshare_expr (end)),
                turn, build_empty_stmt (UNKNOWN_LOCATION));

  /* for (row = A; row < END; row += STEP) THREADS  */
  tree rows = alloc_stmt_list ();
  append_to_statement_list (
      build1 (EXIT_EXPR, void_type_node,
              build2 (GE_EXPR, boolean_type_node, row, end)),
      &rows);
  append_to_statement_list (cudajit_thread_loop (b, guarded), &rows);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, row, build2 (PLUS_EXPR, type, row, step)),
      &rows);
  append_to_statement_list (build2 (MODIFY_EXPR, type, row, unshare_expr (a)),
                            &run);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, rows), &run);
  DECL_INITIAL (index) = NULL_TREE;
  DECL_CHAIN (index) = NULL_TREE;
  return build3 (BIND_EXPR, void_type_node, index, run, NULL_TREE);
}

tree
cudajit_run_threads (block_function *b, tree body)
{
  tree run = grid_stride_rows (b, body);
  if (!run)
    run = cudajit_split_at_guards (b, body);
  return run ? run : cudajit_thread_loop (b, body);
}
