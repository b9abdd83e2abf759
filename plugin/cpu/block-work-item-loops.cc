/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The work-item loops of a kernel's block function: the loops over the
   threads of a block that run the kernel's statements for each thread,
   with the bounds that block-guard-bounds.cc takes from its guards.  */

#include "block-function.h"

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

/* VAR = FIRST; do BODY while ((VAR += STEP) < BOUND), appended to *LIST,
   where
   FIRST < BOUND: BOUND, an extent of a launch, is at least 1, and GCC,
   told so, neither tests it before the first turn nor warns that what
   the first turn sets may be unset after the loop.  With VECTORIZE, GCC
   is told to vectorize the loop as it does a loop of #pragma omp simd,
   with checks at run time that its accesses do not overlap, which the
   cost model of -O2 would not add.  */
static void
append_counted_loop (tree var, tree first, tree bound, tree step, tree body,
                     bool vectorize, tree *list)
{
  tree type = TREE_TYPE (var);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var, fold_convert (type, first)), list);
  tree loop = alloc_stmt_list ();
  append_to_statement_list (body, &loop);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var,
              build2 (PLUS_EXPR, type, var, fold_convert (type, step))),
      &loop);
  tree done
      = build2 (GE_EXPR, boolean_type_node, var, fold_convert (type, bound));
  if (vectorize)
    done = build3 (ANNOTATE_EXPR, boolean_type_node, done,
                   build_int_cst (integer_type_node, annot_expr_vector_kind),
                   integer_zero_node);
  append_to_statement_list (build1 (EXIT_EXPR, void_type_node, done), &loop);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, loop), list);
}

/* BODY run by each thread of the block in turn, in loops over threadIdx's
   z, y and x, x innermost; a return in BODY ends the thread.  */
tree
cudajit_thread_loop (block_function *b, tree body)
{
  static const char *const first_names[] = { "first_x", "first_y" };
  static const char *const end_names[] = { "end_x", "end_y" };
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
  /* The rows first, for the conditions on y that the bounds of x would
     otherwise take.  */
  tree start[2], end[2], residue[2];
  unsigned HOST_WIDE_INT step[2];
  cudajit_guard_bounds (b, &statements, 1, &start[1], &end[1], &step[1],
                        &residue[1]);
  cudajit_guard_bounds (b, &statements, 0, &start[0], &end[0], &step[0],
                        &residue[0]);
  tree thread
      = build3 (BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE);
  /* The bounds of x, where they are the same for every row, set before
     the loop over y.  */
  tree hoisted = NULL_TREE;
  for (int axis = 0; axis < 3; axis++)
    {
      tree loop = alloc_stmt_list ();
      if (hoisted)
        append_to_statement_list (hoisted, &loop);
      hoisted = NULL_TREE;
      tree index = cudajit_axis_ref (b->builtins[THREAD_INDEX], axis);
      tree dim = cudajit_axis_ref (b->builtins[BLOCK_DIM], axis);
      /* The loop over x counts in an int of which threadIdx.x is a copy:
         over an unsigned count GCC cannot tell that an int index such as
         blockIdx.x * blockDim.x + threadIdx.x steps by STEP without
         wrapping, and vectorizes no loop that it indexes.  A block's
         extents fit an int.  */
      tree counter = index, turn = thread;
      if (axis == 0)
        {
          counter = cudajit_block_local (b->entry, b->locals, "thread_x",
                                         integer_type_node);
          turn = alloc_stmt_list ();
          append_to_statement_list (
              build2 (MODIFY_EXPR, TREE_TYPE (index), index,
                      fold_convert (TREE_TYPE (index), counter)),
              &turn);
          append_to_statement_list (thread, &turn);
        }
      if (axis < 2 && (start[axis] || end[axis] || step[axis] > 1))
        {
          /* if (first < last) for (x = first; x < last; x += step), FIRST
             rounded up to the next index that is RESIDUE modulo STEP.  */
          tree first = cudajit_block_local (
              b->entry, b->locals, first_names[axis], unsigned_type_node);
          tree last = cudajit_block_local (
              b->entry, b->locals, end_names[axis], unsigned_type_node);
          tree first_value = start[axis] ? start[axis]
                                         : build_zero_cst (unsigned_type_node);
          if (step[axis] > 1)
            {
              tree mask = build_int_cst (unsigned_type_node, step[axis] - 1);
              tree target = residue[axis]
                                ? residue[axis]
                                : build_zero_cst (unsigned_type_node);
              first_value = build2 (
                  PLUS_EXPR, unsigned_type_node, first_value,
                  build2 (BIT_AND_EXPR, unsigned_type_node,
                          build2 (MINUS_EXPR, unsigned_type_node, target,
                                  unshare_expr (first_value)),
                          mask));
            }
          tree bounds = alloc_stmt_list ();
          append_to_statement_list (
              build2 (MODIFY_EXPR, unsigned_type_node, first, first_value),
              &bounds);
          append_to_statement_list (build2 (MODIFY_EXPR, unsigned_type_node,
                                            last, end[axis] ? end[axis] : dim),
                                    &bounds);
          if (axis == 0
              && !walk_tree_without_duplicates (&bounds,
                                                cudajit_find_thread_y_or_z, b))
            hoisted = bounds;
          else
            append_to_statement_list (bounds, &loop);
          tree counted = alloc_stmt_list ();
          append_counted_loop (counter, first, last,
                               build_int_cst (unsigned_type_node, step[axis]),
                               turn, axis == 0, &counted);
          append_to_statement_list (
              build3 (COND_EXPR, void_type_node,
                      build2 (LT_EXPR, boolean_type_node, first, last),
                      counted, build_empty_stmt (UNKNOWN_LOCATION)),
              &loop);
        }
      else
        append_counted_loop (counter, build_zero_cst (TREE_TYPE (counter)),
                             dim, build_one_cst (TREE_TYPE (counter)), turn,
                             axis == 0, &loop);
      thread = loop;
    }
  return thread;
}
