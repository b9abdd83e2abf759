/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission, literal constants: integers, enumerators and floating
   point.  */

#include "cuda-emit.h"

void
emit_integer_cst (cuda_emitter *e, tree cst)
{
  tree type = TREE_TYPE (cst);
  if (TREE_CODE (type) == POINTER_TYPE)
    {
      pp_string (&e->pp, "((");
      emit_type (e, type);
      pp_string (&e->pp, ") ");
      pp_wide_int (&e->pp, wi::to_wide (cst), UNSIGNED);
      pp_string (&e->pp, "ul)");
      return;
    }
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    {
      pp_string (&e->pp, integer_zerop (cst) ? "false" : "true");
      return;
    }

  const char *type_name = integer_type_name (type);
  const char *suffix;
  if (strcmp (type_name, "int") == 0)
    suffix = "";
  else if (strcmp (type_name, "unsigned int") == 0)
    suffix = "u";
  else if (strcmp (type_name, "long") == 0)
    suffix = "l";
  else if (strcmp (type_name, "unsigned long") == 0)
    suffix = "ul";
  else if (strcmp (type_name, "long long") == 0)
    suffix = "ll";
  else if (strcmp (type_name, "unsigned long long") == 0)
    suffix = "ull";
  else
    suffix = NULL;

  /* Narrow types have no literal of their own: print the value as an int
     converted to the type.  */
  if (!suffix)
    emit_printf (e, "((%s) ", type_name);
  wide_int value = wi::to_wide (cst);
  bool negative = !TYPE_UNSIGNED (type) && wi::neg_p (value);
  if (negative)
    {
      /* The most negative value has no positive literal of its type.  */
      bool most_negative
          = wi::eq_p (value, wi::min_value (value.get_precision (), SIGNED));
      wide_int magnitude = wi::neg (most_negative ? value + 1 : value);
      pp_string (&e->pp, "(-");
      pp_wide_int (&e->pp, magnitude, UNSIGNED);
      pp_string (&e->pp, suffix ? suffix : "");
      pp_string (&e->pp, most_negative ? " - 1)" : ")");
    }
  else
    {
      pp_wide_int (&e->pp, value, UNSIGNED);
      pp_string (&e->pp, suffix ? suffix : "");
    }
  if (!suffix)
    pp_right_paren (&e->pp);
}

/* CST, a constant of an enumerated type of file scope, as the name of its
   constant of the same value where E may print it; false if it has none.
   Objects of enumerated types are of the integer types that C gives them
   in CUDA C, as C converts between them freely and C++ does not.  */
bool
emit_enumerator (cuda_emitter *e, tree cst)
{
  tree type = TYPE_MAIN_VARIANT (TREE_TYPE (cst));
  if (TREE_CODE (type) != ENUMERAL_TYPE || !TYPE_STUB_DECL (type)
      || decl_function_context (TYPE_STUB_DECL (type))
      || DECL_IN_SYSTEM_HEADER (TYPE_STUB_DECL (type)))
    return false;
  for (tree value = TYPE_VALUES (type); value; value = TREE_CHAIN (value))
    {
      const char *name = IDENTIFIER_POINTER (TREE_PURPOSE (value));
      if (tree_int_cst_equal (TREE_VALUE (value), cst)
          && enumerator_name_ok_p (name)
          && !(e->hidden && e->hidden->contains (name)))
        {
          if (!e->enums.contains (type))
            e->enums.safe_push (type);
          pp_string (&e->pp, name);
          return true;
        }
    }
  return false;
}

void
emit_real_cst (cuda_emitter *e, tree cst)
{
  const REAL_VALUE_TYPE *value = TREE_REAL_CST_PTR (cst);
  if (cudajit_narrow_float_name (TREE_TYPE (cst)))
    {
      /* CUDA C has no literal of _Float16 or __bf16: their bits, which
         initialize __constant__ data as well.  */
      long bits[2];
      real_to_target (bits, value, TYPE_MODE (TREE_TYPE (cst)));
      emit_printf (e, "cudajit_%s{ 0x%04lx }",
                   cudajit_narrow_float_name (TREE_TYPE (cst)),
                   bits[0] & 0xffffL);
      return;
    }
  bool is_float = TYPE_MAIN_VARIANT (TREE_TYPE (cst)) == float_type_node;
  if (real_isinf (value) || real_isnan (value))
    {
      /* No literal spells these; print the bits.  */
      long bits[2];
      real_to_target (bits, value, TYPE_MODE (TREE_TYPE (cst)));
      if (is_float)
        emit_printf (e, "__int_as_float (0x%lx)", bits[0] & 0xffffffffL);
      else
        emit_printf (e, "__longlong_as_double (0x%08lx%08lxll)",
                     bits[1] & 0xffffffffL, bits[0] & 0xffffffffL);
      return;
    }
  /* Hexadecimal is exact.  */
  char buf[64];
  real_to_hexadecimal (buf, value, sizeof buf, 0, true);
  pp_string (&e->pp, buf);
  if (is_float)
    pp_character (&e->pp, 'f');
}

void
emit_complex_cst (cuda_emitter *e, tree cst)
{
  emit_type (e, TREE_TYPE (cst));
  pp_string (&e->pp, " (");
  emit_real_cst (e, TREE_REALPART (cst));
  pp_string (&e->pp, ", ");
  emit_real_cst (e, TREE_IMAGPART (cst));
  pp_right_paren (&e->pp);
}
