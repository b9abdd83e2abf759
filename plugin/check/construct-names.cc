/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a construct that kernels cannot have is called in C, for the
   error that refuses it: a user knows vector types and va_arg, not GCC's
   tree codes.  */

#include "cudajit-plugin.h"

struct construct_name
{
  enum tree_code code;
  const char *name;
};

static const construct_name construct_names[] = {
  { FIXED_CST, "fixed-point types" },
  { VEC_DUPLICATE_EXPR, "vectors of variable length" },
  { VEC_PERM_EXPR, "shuffles of vectors ('__builtin_shuffle')" },
  { VIEW_CONVERT_EXPR, "vector types" },
  { CONSTRUCTOR, "initializers of this kind" },
  { VA_ARG_EXPR, "variable argument lists ('va_arg')" },
  { TRY_FINALLY_EXPR, "variables with the 'cleanup' attribute" },
  { CLEANUP_POINT_EXPR, "variables with the 'cleanup' attribute" },
  { ADDR_SPACE_CONVERT_EXPR, "named address spaces" },
  { BIT_FIELD_REF, "reads of a structure's bytes as another type" },
  { FLOOR_DIV_EXPR, "divisions that round down" },
  { CEIL_DIV_EXPR, "divisions that round up" },
  { ROUND_DIV_EXPR, "divisions that round to nearest" },
  { FLOOR_MOD_EXPR, "divisions that round down" },
  { CEIL_MOD_EXPR, "divisions that round up" },
  { ROUND_MOD_EXPR, "divisions that round to nearest" },
  { WIDEN_MULT_EXPR, "widening multiplications" },
  { MULT_HIGHPART_EXPR, "widening multiplications" },
  { PAREN_EXPR, "calls of '__builtin_assoc_barrier'" },
  { LABEL_DECL, "labels as values" },
};

/* OpenMP's and OpenACC's directives are the codes so named.  */
static bool
openmp_code_p (enum tree_code code)
{
  const char *name = get_tree_code_name (code);
  return strncmp (name, "omp_", 4) == 0 || strncmp (name, "oacc_", 5) == 0;
}

const char *
cudajit_construct_name (enum tree_code code)
{
  for (const construct_name &c : construct_names)
    if (c.code == code)
      return c.name;
  if (openmp_code_p (code))
    return "OpenMP and OpenACC directives";
  return NULL;
}
