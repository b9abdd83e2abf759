/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the block-*.cc files ask of the kernel's statements as they cut
   them into loops over the threads: the statement that a body comes
   down to, the jumps, returns and writes in it; and the first reason
   why they cannot be cut.  */

#include "block-function.h"

tree
cudajit_conjoin (tree a, tree b)
{
  return a ? build2 (TRUTH_ANDIF_EXPR, boolean_type_node, a, b) : b;
}

void
cudajit_refuse_loops (block_function *b, tree where,
                      enum cudajit_fiber_reason why)
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

tree
cudajit_written_object (const_tree t)
{
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      return get_base_address (TREE_OPERAND (t, 0));
    default:
      return NULL_TREE;
    }
}

tree
cudajit_find_write (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return cudajit_written_object (*tp) == (tree) data ? *tp : NULL_TREE;
}

tree
cudajit_find_return (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == RETURN_EXPR ? *tp : NULL_TREE;
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

bool
cudajit_parameter_sizes_p (const_tree t)
{
  switch (TREE_CODE (t))
    {
    case SAVE_EXPR:
      /* Which C marks as a side effect of its own, to keep it.  */
      return !TREE_SIDE_EFFECTS (TREE_OPERAND (t, 0));
    case COMPOUND_EXPR:
      return cudajit_parameter_sizes_p (TREE_OPERAND (t, 0))
             && cudajit_parameter_sizes_p (TREE_OPERAND (t, 1));
    CASE_CONVERT:
      return cudajit_parameter_sizes_p (TREE_OPERAND (t, 0));
    default:
      return false;
    }
}

tree
cudajit_single_statement (tree t)
{
  for (;;)
    if (TREE_CODE (t) == BIND_EXPR && !BIND_EXPR_VARS (t))
      t = BIND_EXPR_BODY (t);
    else if (TREE_CODE (t) == STATEMENT_LIST)
      {
        tree only = NULL_TREE;
        for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
             tsi_next (&i))
          if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
            {
              if (only)
                return NULL_TREE;
              only = tsi_stmt (i);
            }
        if (!only)
          return NULL_TREE;
        t = only;
      }
    else
      return t;
}

tree *
cudajit_inner_statement (tree *body, bool declarations)
{
  for (;;)
    switch (TREE_CODE (*body))
      {
      case BIND_EXPR:
        body = &BIND_EXPR_BODY (*body);
        break;
      case STATEMENT_LIST:
        {
          tree *only = NULL;
          for (tree_stmt_iterator i = tsi_start (*body); !tsi_end_p (i);
               tsi_next (&i))
            {
              tree s = tsi_stmt (i);
              if (TREE_CODE (s) == DEBUG_BEGIN_STMT
                  || cudajit_parameter_sizes_p (s))
                continue;
              if (only)
                return body;
              if (declarations && TREE_CODE (s) == DECL_EXPR
                  && !(VAR_P (DECL_EXPR_DECL (s))
                       && DECL_INITIAL (DECL_EXPR_DECL (s))
                       && TREE_SIDE_EFFECTS (
                           DECL_INITIAL (DECL_EXPR_DECL (s)))))
                continue;
              only = tsi_stmt_ptr (i);
            }
          if (!only)
            return NULL;
          body = only;
          break;
        }
      default:
        return body;
      }
}
