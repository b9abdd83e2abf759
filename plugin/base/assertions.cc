/* SPDX-License-Identifier: GPL-3.0-or-later */
/* assert in kernels.  glibc's assert calls __assert_fail (expression,
   file, line, function) when it fails.  On the GPU that becomes CUDA's
   device assert, which prints the assertion and the thread and stops the
   kernel; the runtime then reports the kernel and its launch.  In a
   kernel's host version, which the CPU backend runs, the call becomes one
   of the runtime's cudajit_assert_fail, which knows the kernel, its launch
   and the thread, and ends the program as the GPU path does; so does the
   host version of a device function, which host code may call too, where
   it fails as glibc's would.  With NDEBUG there is no call, and nothing to
   translate.  */

#include "cudajit-plugin.h"

static const char glibc_assert_fail[] = "__assert_fail";

bool
cudajit_assert_fail_p (const_tree fndecl)
{
  return (
      DECL_NAME (fndecl) && DECL_EXTERNAL (fndecl)
      && strcmp (IDENTIFIER_POINTER (DECL_NAME (fndecl)), glibc_assert_fail)
             == 0);
}

static tree
redirect_assert_fail (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  if (TREE_CODE (*tp) != CALL_EXPR)
    return NULL_TREE;
  tree callee = get_callee_fndecl (*tp);
  if (callee && cudajit_assert_fail_p (callee))
    {
      tree *runtime = (tree *) data;
      if (!*runtime)
        {
          *runtime
              = cudajit_entry_point (CUDAJIT_ENTRY_ASSERT_FAIL, NULL_TREE);
          TREE_THIS_VOLATILE (*runtime) = 1;
        }
      CALL_EXPR_FN (*tp) = build_fold_addr_expr (*runtime);
    }
  return NULL_TREE;
}

void
cudajit_redirect_host_assertions (tree fndecl)
{
  tree runtime = NULL_TREE;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl),
                                redirect_assert_fail, &runtime);
}
