/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inline PTX, which only the GPU runs.  A kernel or device function
   holds it in the branch of `if (cuda_on_gpu ())' whose else branch is
   the C that the CPU backend runs instead: cuda_on_gpu () is true in the
   CUDA C (prelude.cuh), false in the host version, whose branch is
   dropped here, so that the PTX reaches no host assembler at any
   optimization level.  */

#include "cudajit-plugin.h"

/* Whether T is a call of cuda_on_gpu.  */
static bool
on_gpu_call_p (const_tree t)
{
  tree callee = TREE_CODE (t) == CALL_EXPR ? get_callee_fndecl (t) : NULL;
  return callee
         && cudajit_device_api (callee)
                == &cudajit_device_apis[DEVICE_API_ON_GPU];
}

bool
cudajit_on_gpu_condition_p (tree cond)
{
  STRIP_NOPS (cond);
  /* As the front end makes a truth value of an int: cuda_on_gpu () != 0.  */
  if (TREE_CODE (cond) == NE_EXPR && integer_zerop (TREE_OPERAND (cond, 1)))
    {
      cond = TREE_OPERAND (cond, 0);
      STRIP_NOPS (cond);
    }
  return on_gpu_call_p (cond);
}

bool
cudajit_gpu_branch_p (tree t)
{
  return (TREE_CODE (t) == COND_EXPR && VOID_TYPE_P (TREE_TYPE (t))
          && cudajit_on_gpu_condition_p (COND_EXPR_COND (t))
          && !cudajit_empty_statement_p (COND_EXPR_ELSE (t)));
}

static tree
drop_gpu_branch (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (cudajit_gpu_branch_p (*tp))
    {
      location_t loc = EXPR_LOCATION (*tp);
      COND_EXPR_COND (*tp) = build_zero_cst (TREE_TYPE (COND_EXPR_COND (*tp)));
      COND_EXPR_THEN (*tp) = build_empty_stmt (loc);
    }
  else if (on_gpu_call_p (*tp))
    *tp = build_zero_cst (TREE_TYPE (*tp));
  return NULL_TREE;
}

static tree
find_gpu_branch (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return cudajit_gpu_branch_p (*tp) ? *tp : NULL_TREE;
}

bool
cudajit_has_gpu_branch_p (tree body)
{
  return walk_tree_without_duplicates (&body, find_gpu_branch, NULL);
}

void
cudajit_drop_host_gpu_branches (tree *body)
{
  walk_tree (body, drop_gpu_branch, NULL, NULL);
}
