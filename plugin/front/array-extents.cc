/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The extents of array parameters that C99 computes from the other
   parameters (float out[n / 256], const float in[2 * n],
   float p[rows][cols + 2]), as each launch computes them from its
   arguments, for the copies of host arrays and the checks of
   CUDAJIT_CHECK=bounds.

   A launch evaluates the expression as C would at the kernel's entry, but
   what C leaves undefined does not happen: a signed operation whose result
   its type cannot hold (unsigned arithmetic wraps, as in C, and signed
   under -fwrapv), a shift by a negative count or one past the type's
   bits, a division by zero, a conversion to a signed integer type, or of
   a floating value, that changes the value.  Instead the array's size
   says which of enum cudajit_extent_error it met, which libcudajit
   reports if the argument is host memory; so it does for a bound that
   comes to less than zero, and for a size in bytes past size_t.

   The expression may use the kernel's integer and floating parameters,
   constants (a static const variable's too) and the operators of C; not
   a call or an assignment, which would run on the host at the launch as
   well as in the kernel, nor memory, which the host cannot read where the
   GPU does.  Those are errors at the kernel's declaration.  */

#include "cudajit-plugin.h"
#include "internal-fn.h"

/* What computes a bound: the kernel's type, whose parameters it uses;
   the launching function, for temporaries, and the arguments' values,
   temporaries of it; and the temporary that takes the greatest enum
   cudajit_extent_error met.  Without FUNCTION, the expression is only
   checked, and CULPRIT and SIDE_EFFECT say what cannot be computed.  */
struct extent_computation
{
  tree fntype;
  tree function;
  const vec<tree> *values;
  tree error;
  tree culprit;
  bool side_effect;
};

static tree
refuse (extent_computation *c, tree t, bool side_effect)
{
  c->culprit = t;
  c->side_effect = side_effect;
  return NULL_TREE;
}

/* VALUE in a temporary that *SETS assigns, for the uses that follow.  */
static tree
held (extent_computation *c, tree value, tree *sets)
{
  if (CONSTANT_CLASS_P (value) || VAR_P (value))
    return value;
  tree var = cudajit_add_temporary (c->function, TREE_TYPE (value));
  *sets = cudajit_sequence (*sets,
                            build2 (MODIFY_EXPR, TREE_TYPE (var), var, value));
  return var;
}

/* The assignment that raises the error to CODE where CONDITION holds, or
   null if it never does.  */
static tree
raise_error (extent_computation *c, tree condition,
             enum cudajit_extent_error code)
{
  if (integer_zerop (condition))
    return NULL_TREE;
  tree raised = fold_build2 (MAX_EXPR, size_type_node, c->error,
                             build_int_cst (size_type_node, code));
  return build2 (
      MODIFY_EXPR, size_type_node, c->error,
      fold_build3 (COND_EXPR, size_type_node, condition, raised, c->error));
}

static tree
truth (enum tree_code code, tree a, tree b)
{
  return fold_build2 (code, boolean_type_node, a, b);
}

static tree
invert (tree condition)
{
  return fold_build1 (TRUTH_NOT_EXPR, boolean_type_node, condition);
}

/* A op B in TYPE, where FN is the internal function of __builtin_OP_overflow
   (IFN_ADD_OVERFLOW), which computes it as if in infinite precision.  */
static tree
overflow_checked (extent_computation *c, enum internal_fn fn, tree type,
                  tree a, tree b)
{
  tree sets = NULL_TREE;
  tree result
      = held (c,
              build_call_expr_internal_loc (
                  UNKNOWN_LOCATION, fn, build_complex_type (type), 2, a, b),
              &sets);
  tree overflow = truth (NE_EXPR, build1 (IMAGPART_EXPR, type, result),
                         build_zero_cst (type));
  sets = cudajit_sequence (sets,
                           raise_error (c, overflow, CUDAJIT_EXTENT_OVERFLOW));
  return cudajit_sequence (sets, build1 (REALPART_EXPR, type, result));
}

/* A / B or A % B, by CODE, in TYPE, which has no quotient of a division
   by zero, nor of TYPE's least value by -1.  */
static tree
division_checked (extent_computation *c, enum tree_code code, tree type,
                  tree a, tree b)
{
  tree sets = NULL_TREE;
  a = held (c, a, &sets);
  b = held (c, b, &sets);
  tree by_zero = truth (EQ_EXPR, b, build_zero_cst (TREE_TYPE (b)));
  tree overflow
      = (TYPE_UNSIGNED (type)
             ? boolean_false_node
             : truth (TRUTH_ANDIF_EXPR,
                      truth (EQ_EXPR, a, TYPE_MIN_VALUE (type)),
                      truth (EQ_EXPR, b, build_minus_one_cst (type))));
  sets = cudajit_sequence (
      sets, raise_error (c, by_zero, CUDAJIT_EXTENT_DIVISION_BY_ZERO));
  sets = cudajit_sequence (sets,
                           raise_error (c, overflow, CUDAJIT_EXTENT_OVERFLOW));
  return cudajit_sequence (
      sets,
      fold_build3 (COND_EXPR, type, truth (TRUTH_ORIF_EXPR, by_zero, overflow),
                   build_zero_cst (type), build2 (code, type, a, b)));
}

/* A << B or A >> B, by CODE, in TYPE: no shift by a count that is negative
   or not less than TYPE's bits, and no left shift that loses bits where
   TYPE does not wrap.  */
static tree
shift_checked (extent_computation *c, enum tree_code code, tree type, tree a,
               tree b)
{
  tree sets = NULL_TREE;
  a = held (c, a, &sets);
  b = held (c, b, &sets);
  tree count_type = TREE_TYPE (b);
  tree bad_count = truth (
      TRUTH_ORIF_EXPR, truth (LT_EXPR, b, build_zero_cst (count_type)),
      truth (GE_EXPR, b, build_int_cst (count_type, TYPE_PRECISION (type))));
  tree shifted
      = held (c,
              fold_build3 (COND_EXPR, type, bad_count, build_zero_cst (type),
                           build2 (code, type, a, b)),
              &sets);
  tree overflow = bad_count;
  if (code == LSHIFT_EXPR && !TYPE_OVERFLOW_WRAPS (type))
    overflow
        = truth (TRUTH_ORIF_EXPR, bad_count,
                 truth (NE_EXPR, build2 (RSHIFT_EXPR, type, shifted, b), a));
  sets = cudajit_sequence (sets,
                           raise_error (c, overflow, CUDAJIT_EXTENT_OVERFLOW));
  return cudajit_sequence (sets, shifted);
}

/* VALUE converted to TYPE, which must hold it unless it wraps: an
   integer that TYPE cannot represent, or a floating value whose integer
   part it cannot, converts to 0.  */
static tree
conversion_checked (extent_computation *c, tree type, tree value)
{
  tree from = TREE_TYPE (value);
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return fold_convert (type, truth (NE_EXPR, value, build_zero_cst (from)));
  if (!INTEGRAL_TYPE_P (type)
      || (INTEGRAL_TYPE_P (from)
          && (TYPE_OVERFLOW_WRAPS (type)
              || (int_fits_type_p (TYPE_MIN_VALUE (from), type)
                  && int_fits_type_p (TYPE_MAX_VALUE (from), type)))))
    return fold_convert (type, value);

  tree sets = NULL_TREE;
  value = held (c, value, &sets);
  tree fits;
  if (INTEGRAL_TYPE_P (from))
    {
      /* Converted there and back, with the sign it had.  */
      tree converted = held (c, fold_convert (type, value), &sets);
      fits = truth (TRUTH_ANDIF_EXPR,
                    truth (EQ_EXPR, fold_convert (from, converted), value),
                    truth (EQ_EXPR,
                           truth (LT_EXPR, value, build_zero_cst (from)),
                           truth (LT_EXPR, converted, build_zero_cst (type))));
      sets = cudajit_sequence (
          sets, raise_error (c, invert (fits), CUDAJIT_EXTENT_OVERFLOW));
      return cudajit_sequence (sets, converted);
    }
  /* The integer part of VALUE fits where VALUE lies between the least
     value less one and the greatest plus one, powers of two or next to
     them; LOW - 1 may not be a floating value, but VALUE - LOW > -1 is
     exact where it matters.  NaN fits nowhere.  */
  REAL_VALUE_TYPE bound;
  unsigned int bits = TYPE_PRECISION (type) - !TYPE_UNSIGNED (type);
  real_2expN (&bound, bits, TYPE_MODE (from));
  /* Infinity, in a type too narrow for it.  */
  real_convert (&bound, TYPE_MODE (from), &bound);
  tree high = build_real (from, bound);
  tree above_low = value;
  if (!TYPE_UNSIGNED (type))
    above_low = fold_build2 (PLUS_EXPR, from, value, high);
  fits = truth (TRUTH_ANDIF_EXPR,
                truth (GT_EXPR, above_low, build_real (from, dconstm1)),
                truth (LT_EXPR, value, high));
  sets = cudajit_sequence (
      sets, raise_error (c, invert (fits), CUDAJIT_EXTENT_OVERFLOW));
  return cudajit_sequence (
      sets, fold_build3 (COND_EXPR, type, fits,
                         fold_build1 (FIX_TRUNC_EXPR, type, value),
                         build_zero_cst (type)));
}

/* The operators that a bound may use.  */
static bool
operator_p (enum tree_code code)
{
  switch (code)
    {
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
    case SAVE_EXPR:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case NEGATE_EXPR:
    case ABS_EXPR:
    case TRUNC_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case EXACT_DIV_EXPR:
    case RDIV_EXPR:
    case LSHIFT_EXPR:
    case RSHIFT_EXPR:
    case BIT_AND_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case BIT_NOT_EXPR:
    case MIN_EXPR:
    case MAX_EXPR:
    case LT_EXPR:
    case LE_EXPR:
    case GT_EXPR:
    case GE_EXPR:
    case EQ_EXPR:
    case NE_EXPR:
    case UNORDERED_EXPR:
    case ORDERED_EXPR:
    case UNLT_EXPR:
    case UNLE_EXPR:
    case UNGT_EXPR:
    case UNGE_EXPR:
    case UNEQ_EXPR:
    case LTGT_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
    case TRUTH_AND_EXPR:
    case TRUTH_OR_EXPR:
    case TRUTH_XOR_EXPR:
    case TRUTH_NOT_EXPR:
    case COND_EXPR:
    case COMPOUND_EXPR:
      return true;
    default:
      return false;
    }
}

/* T, a bound or part of one, computed from the launch's arguments with
   the checks above; without C->FUNCTION, T itself once checked.  NULL_TREE
   for what cannot be computed.  */
static tree
compute (extent_computation *c, tree t)
{
  enum tree_code code = TREE_CODE (t);
  tree type = TREE_TYPE (t);
  switch (code)
    {
    case CALL_EXPR:
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      return refuse (c, t, true);
    case C_MAYBE_CONST_EXPR:
      /* GCC 11 leaves a bound as the front end read it, not folded.  */
      if (C_MAYBE_CONST_EXPR_PRE (t))
        return refuse (c, t, true);
      return compute (c, C_MAYBE_CONST_EXPR_EXPR (t));
    default:
      break;
    }
  if (!type || (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
      || DECIMAL_FLOAT_TYPE_P (type))
    return refuse (c, t, TREE_SIDE_EFFECTS (t));

  unsigned int position;
  switch (code)
    {
    case INTEGER_CST:
    case REAL_CST:
      return t;
    case PARM_DECL:
      if (!cudajit_param_position (c->fntype, t, &position)
          || (c->values && position >= c->values->length ()))
        return refuse (c, t, false);
      return c->function ? fold_convert (type, (*c->values)[position]) : t;
    case VAR_DECL:
      if (TREE_READONLY (t) && !TREE_THIS_VOLATILE (t) && DECL_INITIAL (t)
          && (TREE_CODE (DECL_INITIAL (t)) == INTEGER_CST
              || TREE_CODE (DECL_INITIAL (t)) == REAL_CST))
        return fold_convert (type, DECL_INITIAL (t));
      return refuse (c, t, false);
    default:
      break;
    }
  if (!operator_p (code))
    return refuse (c, t, TREE_SIDE_EFFECTS (t));

  tree ops[3] = { NULL_TREE, NULL_TREE, NULL_TREE };
  int count = TREE_OPERAND_LENGTH (t);
  for (int i = 0; i < count; i++)
    if (!(ops[i] = compute (c, TREE_OPERAND (t, i))))
      return NULL_TREE;
  if (!c->function)
    return t;

  if (code == NON_LVALUE_EXPR || code == SAVE_EXPR)
    return ops[0];
  if (CONVERT_EXPR_CODE_P (code) || code == FLOAT_EXPR
      || code == FIX_TRUNC_EXPR)
    return conversion_checked (c, type, ops[0]);
  /* Unsigned arithmetic wraps, as C says, and so does signed under
     -fwrapv: the front end folds u * 2 - 2 into (u + INT_MAX) * 2, which
     wraps for every u but 0.  */
  if (TREE_CODE (type) == INTEGER_TYPE && TYPE_OVERFLOW_WRAPS (type))
    switch (code)
      {
      case TRUNC_DIV_EXPR:
      case TRUNC_MOD_EXPR:
      case EXACT_DIV_EXPR:
        return division_checked (c, code, type, ops[0], ops[1]);
      case LSHIFT_EXPR:
      case RSHIFT_EXPR:
        return shift_checked (c, code, type, ops[0], ops[1]);
      default:
        break;
      }
  else if (TREE_CODE (type) == INTEGER_TYPE)
    switch (code)
      {
      case PLUS_EXPR:
        return overflow_checked (c, IFN_ADD_OVERFLOW, type, ops[0], ops[1]);
      case MINUS_EXPR:
        return overflow_checked (c, IFN_SUB_OVERFLOW, type, ops[0], ops[1]);
      case MULT_EXPR:
        return overflow_checked (c, IFN_MUL_OVERFLOW, type, ops[0], ops[1]);
      case NEGATE_EXPR:
        return overflow_checked (c, IFN_SUB_OVERFLOW, type,
                                 build_zero_cst (type), ops[0]);
      case ABS_EXPR:
        {
          tree sets = NULL_TREE;
          tree value = held (c, ops[0], &sets);
          return cudajit_sequence (
              sets,
              fold_build3 (COND_EXPR, type,
                           truth (LT_EXPR, value, build_zero_cst (type)),
                           overflow_checked (c, IFN_SUB_OVERFLOW, type,
                                             build_zero_cst (type), value),
                           value));
        }
      case TRUNC_DIV_EXPR:
      case TRUNC_MOD_EXPR:
      case EXACT_DIV_EXPR:
        return division_checked (c, code, type, ops[0], ops[1]);
      case LSHIFT_EXPR:
      case RSHIFT_EXPR:
        return shift_checked (c, code, type, ops[0], ops[1]);
      default:
        break;
      }
  switch (count)
    {
    case 1:
      return build1 (code, type, ops[0]);
    case 2:
      return build2 (code, type, ops[0], ops[1]);
    default:
      return build3 (code, type, ops[0], ops[1], ops[2]);
    }
}

void
cudajit_check_array_extents (tree kernel)
{
  static hash_set<tree> *checked;
  if (TREE_CODE (kernel) != FUNCTION_DECL || !cudajit_kernel_p (kernel))
    return;
  if (!checked)
    checked = new hash_set<tree>;
  if (checked->add (kernel))
    return;
  auto_vec<unsigned int> bounds;
  auto_vec<tree> expressions;
  unsigned HOST_WIDE_INT constant_bytes;
  unsigned int index = 0;
  for (tree parm = DECL_ARGUMENTS (kernel); parm;
       parm = DECL_CHAIN (parm), index++)
    {
      if (!POINTER_TYPE_P (TREE_TYPE (parm))
          || !cudajit_array_param (TREE_TYPE (kernel), index, &bounds,
                                   &expressions, &constant_bytes))
        continue;
      for (tree expression : expressions)
        {
          extent_computation c = { TREE_TYPE (kernel), NULL_TREE, NULL,
                                   NULL_TREE,          NULL_TREE, false };
          if (compute (&c, expression))
            continue;
          location_t loc = EXPR_LOCATION (c.culprit);
          if (loc == UNKNOWN_LOCATION)
            loc = EXPR_LOCATION (expression);
          if (loc == UNKNOWN_LOCATION)
            loc = DECL_SOURCE_LOCATION (parm);
          if (c.side_effect)
            error_at (loc,
                      "the extent of parameter %qD of kernel %qD has a side "
                      "effect, %qE; each launch computes it from its "
                      "arguments, with the parameters of the kernel, "
                      "constants and operators, but no call or assignment",
                      parm, kernel, c.culprit);
          else
            error_at (loc,
                      "the extent of parameter %qD of kernel %qD uses %qE, "
                      "which a launch cannot compute from its arguments; "
                      "an extent may use the integer and floating "
                      "parameters of the kernel, constants and operators",
                      parm, kernel, c.culprit);
          break;
        }
    }
}

tree
cudajit_extent_bytes (tree function, tree kernel, unsigned int index,
                      const vec<tree> &values, bool *declared)
{
  auto_vec<unsigned int> bounds;
  auto_vec<tree> expressions;
  unsigned HOST_WIDE_INT constant_bytes;
  *declared = cudajit_array_param (TREE_TYPE (kernel), index, &bounds,
                                   &expressions, &constant_bytes);
  if (!*declared)
    return NULL_TREE;

  extent_computation c
      = { TREE_TYPE (kernel), function, &values, NULL_TREE, NULL_TREE, false };
  c.error = cudajit_add_temporary (function, size_type_node);
  tree steps = build2 (MODIFY_EXPR, size_type_node, c.error,
                       build_zero_cst (size_type_node));
  auto_vec<tree> factors;
  for (unsigned int position : bounds)
    factors.safe_push (values[position]);
  for (tree expression : expressions)
    {
      tree value = compute (&c, expression);
      /* Reported at the kernel's declaration.  */
      if (!value)
        return NULL_TREE;
      factors.safe_push (value);
    }

  tree bytes = build_int_cst (size_type_node, constant_bytes);
  for (tree factor : factors)
    {
      tree type = TREE_TYPE (factor);
      if (!INTEGRAL_TYPE_P (type))
        return NULL_TREE;
      /* __builtin_mul_overflow takes no _Bool or enumeration.  */
      if (TREE_CODE (type) != INTEGER_TYPE)
        {
          type = lang_hooks.types.type_for_size (TYPE_PRECISION (type),
                                                 TYPE_UNSIGNED (type));
          factor = fold_convert (type, factor);
        }
      factor = held (&c, factor, &steps);
      if (!TYPE_UNSIGNED (type))
        {
          tree negative = truth (LT_EXPR, factor, build_zero_cst (type));
          steps = cudajit_sequence (
              steps, raise_error (&c, negative, CUDAJIT_EXTENT_NEGATIVE));
          factor = fold_build2 (MAX_EXPR, type, factor, build_zero_cst (type));
        }
      bytes = held (&c,
                    overflow_checked (&c, IFN_MUL_OVERFLOW, size_type_node,
                                      bytes, factor),
                    &steps);
    }
  return cudajit_sequence (
      steps,
      fold_build3 (COND_EXPR, size_type_node,
                   truth (NE_EXPR, c.error, build_zero_cst (size_type_node)),
                   fold_build1 (NEGATE_EXPR, size_type_node, c.error), bytes));
}
