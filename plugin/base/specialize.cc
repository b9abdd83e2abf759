/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a kernel's variants may take as known at a launch (cudajit-abi.h,
   runtime/gpu/gpu-specialize.c): which of its integer parameters become
   constants, and whether its pointer parameters may be __restrict__.  */

#include "cudajit-plugin.h"

static tree
find_write (tree *tp, int *walk_subtrees, void *parm)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == INIT_EXPR
            || TREE_CODE (t) == PREINCREMENT_EXPR
            || TREE_CODE (t) == PREDECREMENT_EXPR
            || TREE_CODE (t) == POSTINCREMENT_EXPR
            || TREE_CODE (t) == POSTDECREMENT_EXPR
            || TREE_CODE (t) == ADDR_EXPR)
           && TREE_OPERAND (t, 0) == (tree) parm)
    return t;
  return NULL_TREE;
}

/* Whether BODY may change PARM: it assigns it or takes its address.  */
static bool
written_p (tree body, tree parm)
{
  return walk_tree_without_duplicates (&body, find_write, parm) != NULL_TREE;
}

/* Whether PARM is an integer that a constant can stand for: a volatile
   one may change under the kernel.  */
static bool
integer_param_p (tree parm)
{
  tree type = TREE_TYPE (parm);
  return (INTEGRAL_TYPE_P (type) && !TYPE_VOLATILE (type)
          && TYPE_PRECISION (type) <= HOST_BITS_PER_WIDE_INT);
}

/* Whether a variant can take PARM, of kernel BODY, as a constant.  */
static bool
specializable_p (tree body, tree parm)
{
  return (DECL_NAME (parm) && integer_param_p (parm)
          && !written_p (body, parm));
}

/* The parameter of KERNEL named NAME's first LENGTH characters, and its
   index in *INDEX; null if there is none.  */
static tree
param_named (tree kernel, const char *name, size_t length, unsigned int *index)
{
  *index = 0;
  for (tree parm = DECL_ARGUMENTS (kernel); parm;
       parm = DECL_CHAIN (parm), ++*index)
    if (DECL_NAME (parm) && IDENTIFIER_LENGTH (DECL_NAME (parm)) == length
        && strncmp (IDENTIFIER_POINTER (DECL_NAME (parm)), name, length) == 0)
      return parm;
  return NULL_TREE;
}

/* The parameters that "specialize=NAMES" names, diagnosed.  */
static unsigned HOST_WIDE_INT
named_params (tree kernel, tree body, const char *names)
{
  unsigned HOST_WIDE_INT mask = 0;
  int count = 0;
  for (const char *name = names; *name;)
    {
      size_t length = strcspn (name, ",");
      unsigned int index;
      tree parm = param_named (kernel, name, length, &index);
      if (!parm)
        error_at (DECL_SOURCE_LOCATION (kernel),
                  "kernel option %<%s=%s%> names %<%.*s%>, which is not a "
                  "parameter of %qD",
                  CUDAJIT_SPECIALIZE_OPTION_NAME, names, (int) length, name,
                  kernel);
      else if (!integer_param_p (parm) || index >= HOST_BITS_PER_WIDE_INT)
        error_at (DECL_SOURCE_LOCATION (parm),
                  "parameter %qD of %qD, which kernel option %qs names, is "
                  "not of an integer type, or is volatile; variants take "
                  "integers as constants",
                  parm, kernel, CUDAJIT_SPECIALIZE_OPTION_NAME);
      else if (written_p (body, parm))
        error_at (DECL_SOURCE_LOCATION (parm),
                  "parameter %qD of %qD, which kernel option %qs names, is "
                  "changed by the kernel; variants take it as a constant",
                  parm, kernel, CUDAJIT_SPECIALIZE_OPTION_NAME);
      else if (++count > CUDAJIT_SPECIALIZE_PARAMS_MAX)
        error_at (DECL_SOURCE_LOCATION (parm),
                  "kernel option %qs names more than %d parameters",
                  CUDAJIT_SPECIALIZE_OPTION_NAME,
                  CUDAJIT_SPECIALIZE_PARAMS_MAX);
      else
        mask |= HOST_WIDE_INT_1U << index;
      name += length + (name[length] == ',');
    }
  return mask;
}

unsigned HOST_WIDE_INT
cudajit_specialized_params (tree kernel, tree body)
{
  const char *names = cudajit_kernel_specialize_option (kernel);
  if (names && strcmp (names, CUDAJIT_SPECIALIZE_OFF) == 0)
    return 0;
  if (names)
    return named_params (kernel, body, names);
  /* Without names, every integer that the kernel keeps: any of them may
     bound a loop, scale an index or decide a branch, and a value that
     changes from launch to launch only keeps the runtime from making a
     variant of it.  */
  unsigned HOST_WIDE_INT mask = 0;
  unsigned int index = 0;
  int count = 0;
  for (tree parm = DECL_ARGUMENTS (kernel);
       parm && index < HOST_BITS_PER_WIDE_INT
       && count < CUDAJIT_SPECIALIZE_PARAMS_MAX;
       parm = DECL_CHAIN (parm), index++)
    if (specializable_p (body, parm))
      {
        mask |= HOST_WIDE_INT_1U << index;
        count++;
      }
  return mask;
}

/* Whether the memory that TYPE points to, an element of it if an array,
   holds no pointer that could alias a __restrict__ parameter: numbers,
   or structures and unions of them, such as an array of points.  */
static bool
plain_data_p (tree type)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  if (RECORD_OR_UNION_TYPE_P (type))
    {
      for (tree field = TYPE_FIELDS (type); field; field = DECL_CHAIN (field))
        if (TREE_CODE (field) == FIELD_DECL
            && (!plain_data_p (TREE_TYPE (field))
                || TYPE_VOLATILE (TREE_TYPE (field))))
          return false;
      return COMPLETE_TYPE_P (type);
    }
  return (INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type)
          || TREE_CODE (type) == COMPLEX_TYPE
          || TREE_CODE (type) == VECTOR_TYPE);
}

bool
cudajit_restrict_params_p (const_tree kernel)
{
  bool any = false;
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    {
      tree type = TREE_TYPE (parm);
      if (!POINTER_TYPE_P (type))
        {
          if (!plain_data_p (type))
            return false;
          continue;
        }
      if (!plain_data_p (TREE_TYPE (type)) || TYPE_VOLATILE (TREE_TYPE (type)))
        return false;
      any = true;
    }
  return any;
}

bool
cudajit_read_only_param_p (const_tree parm)
{
  tree type = TREE_TYPE (TREE_TYPE (parm));
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return TYPE_READONLY (type);
}

/* Whether STEP adds a positive constant to VAR.  */
static bool
counts_up_p (tree step, tree var)
{
  if ((TREE_CODE (step) == PREINCREMENT_EXPR
       || TREE_CODE (step) == POSTINCREMENT_EXPR)
      && TREE_OPERAND (step, 0) == var)
    step = TREE_OPERAND (step, 1);
  else if (TREE_CODE (step) == MODIFY_EXPR && TREE_OPERAND (step, 0) == var
           && TREE_CODE (TREE_OPERAND (step, 1)) == PLUS_EXPR
           && TREE_OPERAND (TREE_OPERAND (step, 1), 0) == var)
    step = TREE_OPERAND (TREE_OPERAND (step, 1), 1);
  else
    return false;
  return TREE_CODE (step) == INTEGER_CST && tree_int_cst_sgn (step) > 0;
}

int
cudajit_loop_bound_param (tree loop, tree init,
                          unsigned HOST_WIDE_INT specialized)
{
  tree cond = FOR_COND (loop), step = FOR_EXPR (loop), var, start;
  if (!init || !cond || !step)
    return -1;
  if (TREE_CODE (init) == MODIFY_EXPR)
    {
      var = TREE_OPERAND (init, 0);
      start = TREE_OPERAND (init, 1);
    }
  /* A static variable's initializer is not run where it is declared.  */
  else if (TREE_CODE (init) == DECL_EXPR
           && !TREE_STATIC (DECL_EXPR_DECL (init)))
    {
      var = DECL_EXPR_DECL (init);
      start = DECL_INITIAL (var);
    }
  else
    return -1;
  /* From 0 or more, up to a bound and by at least 1, the trip count is
     at most the bound plus one.  */
  if (!VAR_P (var) || !INTEGRAL_TYPE_P (TREE_TYPE (var)) || !start
      || TREE_CODE (start) != INTEGER_CST || tree_int_cst_sgn (start) < 0
      || (TREE_CODE (cond) != LT_EXPR && TREE_CODE (cond) != LE_EXPR
          && TREE_CODE (cond) != NE_EXPR)
      || TREE_OPERAND (cond, 0) != var || !counts_up_p (step, var)
      || written_p (FOR_BODY (loop), var))
    return -1;
  tree bound = TREE_OPERAND (cond, 1);
  STRIP_NOPS (bound);
  if (TREE_CODE (bound) != PARM_DECL)
    return -1;
  int index = 0;
  for (tree parm = DECL_ARGUMENTS (DECL_CONTEXT (bound)); parm;
       parm = DECL_CHAIN (parm), index++)
    if (parm == bound)
      return (index < HOST_BITS_PER_WIDE_INT
              && (specialized & HOST_WIDE_INT_1U << index))
                 ? index
                 : -1;
  return -1;
}
