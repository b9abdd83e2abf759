/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Kernels built with -fsanitize=undefined.  The C front end puts some of
   its checks in the code as it parses it, before the plugin sees it:

     (cond ? __builtin___ubsan_handle_divrem_overflow (&data, a, b) : 0),
     a / b

   The host version of a kernel keeps them; its device code has no
   sanitizer runtime to call, so the CUDA C leaves them out.  */

#include "cudajit-plugin.h"

static bool
sanitizer_handler_call_p (tree t)
{
  if (TREE_CODE (t) != CALL_EXPR || !get_callee_fndecl (t))
    return false;
  tree name = DECL_NAME (get_callee_fndecl (t));
  return name
         && strncmp (IDENTIFIER_POINTER (name), "__builtin___ubsan_", 18) == 0;
}

tree
cudajit_skip_sanitizer_check (tree t)
{
  while (TREE_CODE (t) == COMPOUND_EXPR
         && TREE_CODE (TREE_OPERAND (t, 0)) == COND_EXPR
         && sanitizer_handler_call_p (COND_EXPR_THEN (TREE_OPERAND (t, 0))))
    t = TREE_OPERAND (t, 1);
  return t;
}
