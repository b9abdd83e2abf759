/* SPDX-License-Identifier: GPL-3.0-or-later */
/* <math.h>'s classification macros in kernels.  The C front end lowers
   isnan, isinf, isfinite, isnormal, fpclassify, isgreater and the other
   comparison macros to comparisons that are true or false for NaNs
   (UNORDERED_EXPR, UNLT_EXPR, ...), which C++ has no operator for, and to
   calls of __builtin_signbit.  The CUDA C computes each with a function of
   the prelude that evaluates its operands once, as C does.  */

#include "cudajit-plugin.h"

struct float_compare
{
  enum tree_code code;
  const char *function;
};

static const float_compare float_compares[] = {
  { UNORDERED_EXPR, "cudajit_unordered" }, { ORDERED_EXPR, "cudajit_ordered" },
  { UNLT_EXPR, "cudajit_unlt" },           { UNLE_EXPR, "cudajit_unle" },
  { UNGT_EXPR, "cudajit_ungt" },           { UNGE_EXPR, "cudajit_unge" },
  { UNEQ_EXPR, "cudajit_uneq" },           { LTGT_EXPR, "cudajit_ltgt" },
};

const char *
cudajit_float_compare_function (enum tree_code code)
{
  for (const float_compare &c : float_compares)
    if (c.code == code)
      return c.function;
  return NULL;
}

static tree
find_unconditional_save_expr (tree *tp, int *walk_subtrees, void *data)
{
  switch (TREE_CODE (*tp))
    {
    case SAVE_EXPR:
      ((vec<tree> *) data)->safe_push (*tp);
      *walk_subtrees = 0;
      break;
    case COND_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
    /* What follows a comma may depend on what precedes it.  */
    case COMPOUND_EXPR:
      walk_tree_without_duplicates (&TREE_OPERAND (*tp, 0),
                                    find_unconditional_save_expr, data);
      *walk_subtrees = 0;
      break;
    default:
      break;
    }
  return NULL_TREE;
}

void
cudajit_unconditional_saves (tree t, vec<tree> *saves)
{
  walk_tree_without_duplicates (&t, find_unconditional_save_expr, saves);
}
