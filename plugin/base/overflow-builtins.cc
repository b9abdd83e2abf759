/* SPDX-License-Identifier: GPL-3.0-or-later */
/* GCC's internal functions in kernels.

   The C front end leaves some constructs as calls of internal functions,
   which have no callee: [[fallthrough]] as .FALLTHROUGH (), which a
   kernel drops, and __builtin_add_overflow (a, b, &r) as

     r = REALPART_EXPR <SAVE_EXPR <.ADD_OVERFLOW (a, b)>>,
     (_Bool) IMAGPART_EXPR <SAVE_EXPR <.ADD_OVERFLOW (a, b)>>

   where .ADD_OVERFLOW is of type complex T, T the type of r: its real
   part is the sum in infinite precision wrapped to T, its imaginary part
   1 when the sum does not fit in T.  The same for _sub_ and _mul_, and
   for the _p variants, which use only the imaginary part.  In the CUDA C
   the call is

     cudajit_overflow_result<T, BITS, SIGNED> (
       cudajit_add_wide (cudajit_wide_of ((long long) a),
                         cudajit_wide_of ((unsigned long long) b)))

   of type cudajit_overflow<T>, whose fields value and overflow are the
   two parts: the operands, of up to 64 bits and of either signedness,
   become a sign and a 128-bit magnitude, which hold the exact sum,
   difference or product of any two.  Other internal functions
   (__builtin_convertvector, the checks of -fsanitize) are refused.  */

#include "cudajit-plugin.h"
#include "internal-fn.h"
#include "pretty-print.h"

/* The operation of CALL, the call of an overflow builtin, in the CUDA C
   of the prelude; NULL for other calls.  */
const char *
cudajit_overflow_operation (const_tree call)
{
  if (TREE_CODE (call) != CALL_EXPR || CALL_EXPR_FN (call))
    return NULL;
  switch (CALL_EXPR_IFN (call))
    {
    case IFN_ADD_OVERFLOW:
      return "cudajit_add_wide";
    case IFN_SUB_OVERFLOW:
      return "cudajit_sub_wide";
    case IFN_MUL_OVERFLOW:
      return "cudajit_mul_wide";
    default:
      return NULL;
    }
}

bool
cudajit_fallthrough_p (const_tree t)
{
  return (TREE_CODE (t) == CALL_EXPR && !CALL_EXPR_FN (t)
          && CALL_EXPR_IFN (t) == IFN_FALLTHROUGH);
}

/* Why CALL, a call of an internal function, cannot be in a kernel, which
   may name the function with a %qs; NULL if it can.  */
const char *
cudajit_internal_call_refusal (const_tree call)
{
  if (cudajit_fallthrough_p (call))
    return NULL;
  if (cudajit_overflow_operation (call))
    {
      /* The prelude's wide values hold operands of up to 64 bits.  */
      tree result = TREE_TYPE (TREE_TYPE (call));
      bool narrow = TYPE_PRECISION (result) <= 64;
      for (int i = 0; i < call_expr_nargs (call); i++)
        narrow &= TYPE_PRECISION (TREE_TYPE (CALL_EXPR_ARG (call, i))) <= 64;
      return narrow ? NULL
                    : G_ ("overflow builtins on integers of more than 64 bits "
                          "are not supported in a kernel");
    }
  if (CALL_EXPR_IFN (call) == IFN_VEC_CONVERT)
    return G_ ("%<__builtin_convertvector%> is not supported in a kernel; "
               "convert the elements one by one");
  return G_ ("GCC%'s internal function %qs is not supported in a kernel");
}

void
cudajit_emit_overflow_call (pretty_printer *pp, tree call,
                            const cudajit_tree_printers &print)
{
  tree result = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (call)));
  pp_string (pp, "cudajit_overflow_result<");
  print.type (print.emitter, result);
  char *rest = xasprintf (", %u, %s> (%s (", TYPE_PRECISION (result),
                          TYPE_UNSIGNED (result) ? "false" : "true",
                          cudajit_overflow_operation (call));
  pp_string (pp, rest);
  free (rest);
  for (int i = 0; i < call_expr_nargs (call); i++)
    {
      tree operand = CALL_EXPR_ARG (call, i);
      pp_string (pp, i ? ", " : "");
      pp_string (pp, TYPE_UNSIGNED (TREE_TYPE (operand))
                         ? "cudajit_wide_of ((unsigned long long) "
                         : "cudajit_wide_of ((long long) ");
      print.value (print.emitter, operand);
      pp_right_paren (pp);
    }
  pp_string (pp, "))");
}
