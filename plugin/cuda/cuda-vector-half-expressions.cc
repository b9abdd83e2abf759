/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission of the expressions whose types C++ has no operators
   for as C has them: GCC's vectors, as the prelude's _CjVector, and
   _Float16 and __bf16, CUDA's half and bf16, converted through the
   prelude's functions.  Their operands are printed through the emitter's
   emit_operand hook, as cuda-expressions.cc, which calls this file, prints
   them.  */

#include "cuda-emit.h"

/* A conversion from _Float16 or __bf16, through float, which holds
   each exactly.  */
static void
emit_narrow_to_float (cuda_emitter *e, tree operand)
{
  emit_printf (e, "cudajit_%s_to_float (",
               cudajit_narrow_float_name (TREE_TYPE (operand)));
  e->emit_operand (e, operand);
  pp_right_paren (&e->pp);
}

/* Whether float holds exactly every integer that TYPE, _Float16 or
   __bf16, does not overflow on: _Float16's, below 2^16, but not
   __bf16's, whose range is float's.  */
static bool
float_holds_integers_of_p (tree type)
{
  return (REAL_MODE_FORMAT (TYPE_MODE (type))->emax
          <= REAL_MODE_FORMAT (TYPE_MODE (float_type_node))->p);
}

/* A conversion to or from _Float16 or __bf16, through float from every
   type that it holds exactly: each other _Float16 or __bf16, and the
   integers where float_holds_integers_of_p.  Double is rounded directly,
   as rounding it first to float could round it twice, and so are the
   other integers, through double, which holds those of up to 53 bits
   exactly.  */
void
emit_narrow_cast (cuda_emitter *e, tree type, tree operand)
{
  tree from = TYPE_MAIN_VARIANT (TREE_TYPE (operand));
  const char *to = cudajit_narrow_float_name (type);
  if (!to)
    {
      bool to_float = TYPE_MAIN_VARIANT (type) == float_type_node;
      if (!to_float)
        {
          pp_string (&e->pp, "((");
          emit_type (e, type);
          pp_string (&e->pp, ") ");
        }
      emit_narrow_to_float (e, operand);
      if (!to_float)
        pp_right_paren (&e->pp);
      return;
    }
  if (cudajit_narrow_float_name (from))
    {
      emit_printf (e, "cudajit_float_to_%s (", to);
      emit_narrow_to_float (e, operand);
    }
  else if (from == float_type_node)
    emit_printf (e, "cudajit_float_to_%s (", to);
  else if (from == double_type_node
           || (INTEGRAL_TYPE_P (from) && !float_holds_integers_of_p (type)))
    {
      emit_printf (e, "cudajit_double_to_%s (", to);
      if (from != double_type_node)
        pp_string (&e->pp, "(double) ");
    }
  else
    emit_printf (e, "cudajit_float_to_%s ((float) ", to);
  if (!cudajit_narrow_float_name (from))
    e->emit_operand (e, operand);
  pp_right_paren (&e->pp);
}

/* VALUE, an element of a vector built of scalars.  Its C++ type may not
   be GCC's: C++ promotes the operands of arithmetic on types narrower
   than int, where GCC computes in the narrow type (a ^ b of two unsigned
   chars is an int there), and a comparison is a bool, which negated is an
   int, where GCC may fold -(unsigned) (a >= b) into an unsigned negation.
   Braces refuse a narrowing conversion of a value that is no constant, so
   such an element converts back to its type.  */
static void
emit_vector_element (cuda_emitter *e, tree value)
{
  tree type = TREE_TYPE (value);
  if (!INTEGRAL_TYPE_P (type) || TREE_CODE (value) == INTEGER_CST
      || DECL_P (value))
    {
      e->emit_operand (e, value);
      return;
    }
  pp_string (&e->pp, "((");
  emit_type (e, type);
  pp_string (&e->pp, ") ");
  e->emit_operand (e, value);
  pp_right_paren (&e->pp);
}

/* T, a vector constant or a vector built of scalars, as the prelude's
   _CjVector; elements that a CONSTRUCTOR leaves out are zero, in C as in
   C++'s aggregates.  */
void
emit_vector_value (cuda_emitter *e, tree t)
{
  emit_type (e, TYPE_MAIN_VARIANT (TREE_TYPE (t)));
  pp_string (&e->pp, " {{");
  if (TREE_CODE (t) == VECTOR_CST)
    {
      unsigned int count = TYPE_VECTOR_SUBPARTS (TREE_TYPE (t)).to_constant ();
      for (unsigned int i = 0; i < count; i++)
        {
          if (i)
            pp_string (&e->pp, ", ");
          e->emit_operand (e, VECTOR_CST_ELT (t, i));
        }
    }
  else
    {
      unsigned HOST_WIDE_INT i;
      tree value;
      FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (t), i, value)
      {
        if (i)
          pp_string (&e->pp, ", ");
        emit_vector_element (e, value);
      }
    }
  pp_string (&e->pp, "}}");
}

/* A VEC_COND_EXPR, element by element, as C++'s ?: takes no vectors.  */
void
emit_vector_select (cuda_emitter *e, tree t)
{
  pp_string (&e->pp, "_CjSelect (");
  e->emit_operand (e, TREE_OPERAND (t, 0));
  pp_string (&e->pp, ", ");
  e->emit_operand (e, TREE_OPERAND (t, 1));
  pp_string (&e->pp, ", ");
  e->emit_operand (e, TREE_OPERAND (t, 2));
  pp_right_paren (&e->pp);
}
