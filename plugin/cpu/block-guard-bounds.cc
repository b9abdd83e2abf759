/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Comparisons of threadIdx as the bounds of the loops over the threads
   of a block function: the guards of a thread loop's body, and the
   comparisons that every thread of most blocks passes (blocks in
   range).  */

#include "block-function.h"

/* Guards as bounds.  A loop over the threads whose body is only

     if (... && threadIdx.x + A < U && ...) STATEMENT

   after declarations without side effects, with A and U the same for
   every thread of the loop (no threadIdx.x, nothing the body writes,
   nothing read from memory), runs only the threads that pass the
   comparisons of threadIdx.x: they become the bounds of the loop over x,
   and the conditions that are the same for every x (a stencil's test of
   y) the bound's too; the rest stay.  A kernel's if (i < n), a
   reduction's if (t < k).  */

struct guard
{
  block_function *b;
  tree body;
  /* The loop the bounds are for: 0 for x, 1 for y, around the loop over
     x.  */
  int axis;
  /* Where a comparison's threadIdx.x + A is an unsigned sum converted to
     a signed type (int x = blockIdx.x * blockDim.x + threadIdx.x), the
     condition on the block that it does not wrap for any thread, as its
     bounds assume; the conjunction of all such, or NULL_TREE.  */
  tree no_wrap;
  /* The x that pass the guard's test of a lane, a multiple of it, or 0
     if it has none (always on y); those x are RESIDUE modulo STEP, or 0
     where RESIDUE is NULL_TREE.  */
  unsigned HOST_WIDE_INT step;
  tree residue;
};

/* Whether T, without its conversions to types that hold all the values
   of threadIdx's fields, is threadIdx's field for AXIS.  */
static bool
converted_thread_axis_p (block_function *b, tree t, int axis)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t))
         && TYPE_PRECISION (TREE_TYPE (t)) >= 16)
    t = TREE_OPERAND (t, 0);
  return cudajit_thread_axis (b, t) == axis;
}

static tree
find_variance_in_loop (tree *tp, int *walk_subtrees, void *data)
{
  guard *g = (guard *) data;
  tree t = *tp;
  if (CONSTANT_CLASS_P (t))
    return NULL_TREE;
  if (TREE_CODE (t) == COMPONENT_REF)
    {
      /* Of the fields of the built-in variables' locals, only threadIdx's
         of the loop and of those inside it vary.  */
      *walk_subtrees = 0;
      return cudajit_builtin_field (g->b, t) < BUILTIN_VARIABLES
                     && (cudajit_thread_axis (g->b, t) < 0
                         || cudajit_thread_axis (g->b, t) > g->axis)
                 ? NULL_TREE
                 : t;
    }
  if (VAR_P (t))
    return (TREE_STATIC (t) || TREE_THIS_VOLATILE (t)
            || walk_tree_without_duplicates (&g->body, cudajit_find_write, t))
               ? t
               : NULL_TREE;
  if (COMPARISON_CLASS_P (t))
    return FLOAT_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0))) ? t : NULL_TREE;
  if (TREE_SIDE_EFFECTS (t) || !(UNARY_CLASS_P (t) || BINARY_CLASS_P (t)))
    return t;
  /* Computed once before the loop, it must not trap where the loop
     would not have computed it.  */
  switch (TREE_CODE (t))
    {
    case TRUNC_DIV_EXPR:
    case CEIL_DIV_EXPR:
    case FLOOR_DIV_EXPR:
    case ROUND_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case CEIL_MOD_EXPR:
    case FLOOR_MOD_EXPR:
    case ROUND_MOD_EXPR:
    case EXACT_DIV_EXPR:
    case RDIV_EXPR:
      if (TREE_CODE (TREE_OPERAND (t, 1)) != INTEGER_CST
          || integer_zerop (TREE_OPERAND (t, 1)))
        return t;
      break;
    default:
      if (FLOAT_TYPE_P (TREE_TYPE (t)))
        return t;
      break;
    }
  return NULL_TREE;
}

static bool
invariant_in_loop_p (guard *g, tree t)
{
  return !walk_tree_without_duplicates (&t, find_variance_in_loop, g);
}

/* Whether T is a conditional without else whose condition has no side
   effects.  */
static bool
plain_guard_p (const_tree t)
{
  return TREE_CODE (t) == COND_EXPR
         && (!COND_EXPR_ELSE (t) || IS_EMPTY_STMT (COND_EXPR_ELSE (t)))
         && !TREE_SIDE_EFFECTS (COND_EXPR_COND (t));
}

/* A variable, or a read of memory, of a guard's condition, for a walk
   of it.  */
static tree
find_condition_operand (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  switch (TREE_CODE (*tp))
    {
    case VAR_DECL:
    case PARM_DECL:
    case INDIRECT_REF:
    case MEM_REF:
    case TARGET_MEM_REF:
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
    case CALL_EXPR:
      return *tp;
    default:
      return NULL_TREE;
    }
}

/* Whether the statements of GUARD, a plain guard, may change its
   condition: it reads memory, or a variable that they set.  */
static bool
guard_changes_condition_p (tree guard)
{
  tree cond = COND_EXPR_COND (guard);
  hash_set<tree> operands;
  for (;;)
    {
      tree operand
          = walk_tree (&cond, find_condition_operand, NULL, &operands);
      if (!operand)
        return false;
      if (!VAR_P (operand)
          || walk_tree_without_duplicates (&COND_EXPR_THEN (guard),
                                           cudajit_find_write, operand))
        return true;
    }
}

void
cudajit_join_guards (tree *body)
{
  while (TREE_CODE (*body) == BIND_EXPR)
    body = &BIND_EXPR_BODY (*body);
  if (TREE_CODE (*body) != STATEMENT_LIST)
    return;
  tree open = NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (*body); !tsi_end_p (i);)
    {
      tree s = tsi_stmt (i);
      if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
        {
          tsi_next (&i);
          continue;
        }
      if (open && plain_guard_p (s)
          && operand_equal_p (COND_EXPR_COND (open), COND_EXPR_COND (s), 0)
          && !guard_changes_condition_p (s))
        {
          append_to_statement_list (COND_EXPR_THEN (s),
                                    &COND_EXPR_THEN (open));
          tsi_delink (&i);
          continue;
        }
      open = plain_guard_p (s) && !guard_changes_condition_p (s) ? s
                                                                 : NULL_TREE;
      tsi_next (&i);
    }
}

/* The slot of the guard of the statements *BODY, a conditional without
   else after declarations without side effects and the parameters'
   sizes, or null.  */
static tree *
guard_slot (tree *body)
{
  cudajit_join_guards (body);
  body = cudajit_inner_statement (body, true);
  if (!body || TREE_CODE (*body) != COND_EXPR || !plain_guard_p (*body))
    return NULL;
  /* if (A) { if (B) S } is if (A && B) S.  */
  for (tree inner = cudajit_single_statement (COND_EXPR_THEN (*body));
       inner && plain_guard_p (inner);
       inner = cudajit_single_statement (COND_EXPR_THEN (*body)))
    {
      COND_EXPR_COND (*body)
          = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                    fold_convert (boolean_type_node, COND_EXPR_COND (*body)),
                    fold_convert (boolean_type_node, COND_EXPR_COND (inner)));
      COND_EXPR_THEN (*body) = COND_EXPR_THEN (inner);
    }
  return body;
}

/* Whether E is threadIdx's field for G's axis converted, or such plus
 *A, in a signed type, with *A invariant in G's loop.  */
static bool
thread_plus_p (guard *g, tree e, tree *a)
{
  tree type = TREE_TYPE (e);
  *a = build_zero_cst (type);
  if (converted_thread_axis_p (g->b, e, g->axis))
    return true;
  /* In a signed type, where it cannot wrap.  */
  if (TREE_CODE (e) != PLUS_EXPR || TYPE_UNSIGNED (type))
    return false;
  tree x = TREE_OPERAND (e, 0);
  *a = TREE_OPERAND (e, 1);
  if (!converted_thread_axis_p (g->b, x, g->axis))
    std::swap (x, *a);
  return converted_thread_axis_p (g->b, x, g->axis)
         && invariant_in_loop_p (g, *a);
}

bool
cudajit_thread_x_plus_p (block_function *b, tree e, tree body, tree *a)
{
  guard g = { b, body, 0, NULL_TREE, 0, NULL_TREE };
  return thread_plus_p (&g, e, a);
}

/* If E is (T) (A + threadIdx.x), with A an invariant of G's loop in an
   unsigned type and T a signed type at least as wide, the common CUDA
   index, set *A to (T) A and add to G->no_wrap the condition that the
   unsigned sum wraps, nor its conversion to T, for no thread of the
   block: A + threadIdx.x is then (T) A + threadIdx.x.  */
static bool
converted_unsigned_sum_p (guard *g, tree e, tree *a)
{
  tree type = TREE_TYPE (e);
  if (!CONVERT_EXPR_P (e) || !INTEGRAL_TYPE_P (type) || TYPE_UNSIGNED (type))
    return false;
  tree sum = TREE_OPERAND (e, 0);
  tree sum_type = TREE_TYPE (sum);
  if (TREE_CODE (sum) != PLUS_EXPR || !INTEGRAL_TYPE_P (sum_type)
      || !TYPE_UNSIGNED (sum_type)
      || TYPE_PRECISION (type) < TYPE_PRECISION (sum_type))
    return false;
  tree x = TREE_OPERAND (sum, 0), addend = TREE_OPERAND (sum, 1);
  if (!converted_thread_axis_p (g->b, x, g->axis))
    std::swap (x, addend);
  if (!converted_thread_axis_p (g->b, x, g->axis)
      || !invariant_in_loop_p (g, addend))
    return false;
  /* The largest value of the sum before it wraps: TYPE's largest for a
     conversion to a type of its width, else its type's largest.  */
  tree largest = TYPE_PRECISION (type) == TYPE_PRECISION (sum_type)
                     ? fold_convert (sum_type, TYPE_MAX_VALUE (type))
                     : TYPE_MAX_VALUE (sum_type);
  *a = fold_convert (type, unshare_expr (addend));
  if (cudajit_block_start_below_p (g->b, addend, g->axis, largest))
    return true;
  tree dim = fold_convert (
      sum_type, cudajit_axis_ref (g->b->builtins[BLOCK_DIM], g->axis));
  tree no_wrap
      = build2 (GE_EXPR, boolean_type_node,
                build2 (MINUS_EXPR, sum_type, largest, unshare_expr (addend)),
                build2 (MINUS_EXPR, sum_type, dim, build_one_cst (sum_type)));
  g->no_wrap = cudajit_conjoin (g->no_wrap, no_wrap);
  return true;
}

bool
cudajit_invariant_in_loop_p (block_function *b, tree t, tree body)
{
  guard g = { b, body, 0, NULL_TREE, 0, NULL_TREE };
  return invariant_in_loop_p (&g, t);
}

/* MIN or MAX of *BOUND and VALUE, into *BOUND.  */
static void
narrow (tree *bound, enum tree_code min_or_max, tree value)
{
  *bound = *bound ? build2 (min_or_max, unsigned_type_node, *bound, value)
                  : value;
}

/* Narrow *START or *END to the x for which threadIdx.x + A CODE LIMIT,
   CODE one of <, <=, >, >=, in TYPE.  */
static void
narrow_by (guard *g, enum tree_code code, tree type, tree a, tree limit,
           tree *start, tree *end)
{
  /* The count of x in 0 to blockDim.x - 1 below LIMIT - A (or to it),
     in the unsigned type, where LIMIT - A cannot overflow once A <
     LIMIT.  */
  tree unsigned_type = unsigned_type_for (type);
  tree dim = fold_convert (
      unsigned_type, cudajit_axis_ref (g->b->builtins[BLOCK_DIM], g->axis));
  tree diff = build2 (MINUS_EXPR, unsigned_type,
                      fold_convert (unsigned_type, unshare_expr (limit)),
                      fold_convert (unsigned_type, unshare_expr (a)));
  bool upper = code == LT_EXPR || code == LE_EXPR;
  /* x < LIMIT - A, x <= LIMIT - A, x > LIMIT - A, x >= LIMIT - A.  */
  bool one_more = code == LE_EXPR || code == GT_EXPR;
  tree none
      = build2 (code == LT_EXPR || code == GE_EXPR ? GE_EXPR : GT_EXPR,
                boolean_type_node, unshare_expr (a), unshare_expr (limit));
  tree count = build3 (COND_EXPR, unsigned_type,
                       build2 (GE_EXPR, boolean_type_node, diff, dim), dim,
                       one_more ? build2 (PLUS_EXPR, unsigned_type, diff,
                                          build_one_cst (unsigned_type))
                                : diff);
  tree value = fold_convert (unsigned_type_node,
                             build3 (COND_EXPR, unsigned_type, none,
                                     build_zero_cst (unsigned_type), count));
  narrow (upper ? end : start, upper ? MIN_EXPR : MAX_EXPR, value);
}

static bool bound_of_comparison (guard *g, tree comparison, tree *start,
                                 tree *end);

/* If E CODE U is threadIdx.x / C against K, C and K constants in an
   unsigned type (a warp's number, warp == 0), narrow *START or *END, or
   both, to the threads that pass it, those whose threadIdx.x is between
   multiples of C; false if it is not.  */
static bool
bound_of_quotient (guard *g, enum tree_code code, tree e, tree u, tree *start,
                   tree *end)
{
  tree type = TREE_TYPE (e);
  if (TREE_CODE (e) != TRUNC_DIV_EXPR || !TYPE_UNSIGNED (type)
      || TREE_CODE (TREE_OPERAND (e, 1)) != INTEGER_CST
      || integer_zerop (TREE_OPERAND (e, 1)) || TREE_CODE (u) != INTEGER_CST
      || !converted_thread_axis_p (g->b, TREE_OPERAND (e, 0), g->axis))
    return false;
  /* The first x of quotient K, and of K + 1, where they fit.  */
  widest_int divisor = wi::to_widest (TREE_OPERAND (e, 1));
  widest_int first = wi::to_widest (u) * divisor;
  widest_int next = first + divisor;
  if (!wi::fits_to_tree_p (first, type) || !wi::fits_to_tree_p (next, type))
    return false;
  /* threadIdx.x from LOWER, below UPPER (either NULL for none).  */
  const widest_int *lower = NULL, *upper = NULL;
  switch (code)
    {
    case LT_EXPR:
      upper = &first;
      break;
    case LE_EXPR:
      upper = &next;
      break;
    case GT_EXPR:
      lower = &next;
      break;
    case GE_EXPR:
      lower = &first;
      break;
    case EQ_EXPR:
      lower = &first;
      upper = &next;
      break;
    default:
      return false;
    }
  tree x = TREE_OPERAND (e, 0);
  return (!lower
          || bound_of_comparison (g,
                                  build2 (GE_EXPR, boolean_type_node,
                                          unshare_expr (x),
                                          wide_int_to_tree (type, *lower)),
                                  start, end))
         && (!upper
             || bound_of_comparison (g,
                                     build2 (LT_EXPR, boolean_type_node,
                                             unshare_expr (x),
                                             wide_int_to_tree (type, *upper)),
                                     start, end));
}

/* If COMPARISON is threadIdx.x + A against an invariant (<, <=, >, >=,
   ==), or threadIdx.x / C against a constant, narrow *START or *END, or
   both, to the threads that pass it; false if it is not.  */
static bool
bound_of_comparison (guard *g, tree comparison, tree *start, tree *end)
{
  enum tree_code code = TREE_CODE (comparison);
  if (code != LT_EXPR && code != LE_EXPR && code != GT_EXPR && code != GE_EXPR
      && code != EQ_EXPR)
    return false;
  tree e = TREE_OPERAND (comparison, 0), u = TREE_OPERAND (comparison, 1);
  /* The invariant on either side (GCC writes x < size - 1 as
     size + -1 > x).  */
  if (!invariant_in_loop_p (g, u))
    {
      std::swap (e, u);
      code = swap_tree_comparison (code);
    }
  if (bound_of_quotient (g, code, e, u, start, end))
    return true;
  tree type = TREE_TYPE (e), a;
  if (!INTEGRAL_TYPE_P (type)
      || TYPE_MAIN_VARIANT (type) != TYPE_MAIN_VARIANT (TREE_TYPE (u))
      || !invariant_in_loop_p (g, u)
      || !(thread_plus_p (g, e, &a) || converted_unsigned_sum_p (g, e, &a)))
    return false;

  if (code == EQ_EXPR)
    {
      narrow_by (g, GE_EXPR, type, a, u, start, end);
      narrow_by (g, LE_EXPR, type, a, u, start, end);
    }
  else
    narrow_by (g, code, type, a, u, start, end);
  return true;
}

/* Whether COND is ((A +) threadIdx.x & (C - 1)) == 0, C a power of two
   up to a block's threads and A an unsigned invariant of the loop:
   threadIdx.x % C == 0 as GCC folds it, a warp's lane 0, and
   cuda_laneid () == 0, whose thread number is A + threadIdx.x.  The x
   that pass it are -A modulo C, G->step's: the multiples of C without
   A.  */
static bool
stride_of_comparison (guard *g, tree cond)
{
  /* The loop over y has no step.  */
  if (g->axis != 0 || TREE_CODE (cond) != EQ_EXPR
      || !integer_zerop (TREE_OPERAND (cond, 1)))
    return false;
  /* Converted between int and unsigned int, as cuda_laneid () is, the
     lane keeps whether it is 0.  */
  tree masked = TREE_OPERAND (cond, 0);
  STRIP_NOPS (masked);
  if (TREE_CODE (masked) != BIT_AND_EXPR
      || !tree_fits_uhwi_p (TREE_OPERAND (masked, 1)))
    return false;
  tree lane = TREE_OPERAND (masked, 0), addend = NULL_TREE;
  STRIP_NOPS (lane);
  if (TREE_CODE (lane) == PLUS_EXPR && TYPE_UNSIGNED (TREE_TYPE (lane)))
    {
      addend = TREE_OPERAND (lane, 0);
      lane = TREE_OPERAND (lane, 1);
      if (!converted_thread_axis_p (g->b, lane, 0))
        std::swap (lane, addend);
      if (!invariant_in_loop_p (g, addend))
        return false;
    }
  if (!converted_thread_axis_p (g->b, lane, 0))
    return false;
  unsigned HOST_WIDE_INT multiple
      = tree_to_uhwi (TREE_OPERAND (masked, 1)) + 1;
  if (!pow2p_hwi (multiple)
      || multiple > CUDAJIT_COMPILE_LAUNCH_BOUNDS_LIMIT
      /* Two strides of residues other than 0 do not make one.  */
      || (g->step && (addend || g->residue)))
    return false;
  /* Of two, the larger is a multiple of the smaller.  */
  g->step = MAX (g->step, multiple);
  if (addend)
    g->residue = build2 (
        BIT_AND_EXPR, unsigned_type_node,
        build1 (NEGATE_EXPR, unsigned_type_node,
                fold_convert (unsigned_type_node, unshare_expr (addend))),
        build_int_cst (unsigned_type_node, multiple - 1));
  return true;
}

/* The conjuncts of COND that do not become bounds, appended to
 *RESIDUAL with &&.  */
static void
bounds_of_condition (guard *g, tree cond, tree *start, tree *end,
                     tree *residual)
{
  /* A truth value converted to _Bool, as joined guards are.  */
  while (CONVERT_EXPR_P (cond)
         && truth_value_p (TREE_CODE (TREE_OPERAND (cond, 0))))
    cond = TREE_OPERAND (cond, 0);
  if (TREE_CODE (cond) == TRUTH_ANDIF_EXPR
      || TREE_CODE (cond) == TRUTH_AND_EXPR)
    {
      bounds_of_condition (g, TREE_OPERAND (cond, 0), start, end, residual);
      bounds_of_condition (g, TREE_OPERAND (cond, 1), start, end, residual);
      return;
    }
  if (bound_of_comparison (g, cond, start, end)
      || stride_of_comparison (g, cond))
    return;
  if (invariant_in_loop_p (g, cond))
    {
      /* No thread passes where it fails.  */
      narrow (end, MIN_EXPR,
              build3 (COND_EXPR, unsigned_type_node,
                      fold_convert (boolean_type_node, cond),
                      cudajit_axis_ref (g->b->builtins[BLOCK_DIM], g->axis),
                      build_zero_cst (unsigned_type_node)));
      return;
    }
  *residual = cudajit_conjoin (*residual, cond);
}

void
cudajit_guard_bounds (block_function *b, tree *statements, int axis,
                      tree *start, tree *end, unsigned HOST_WIDE_INT *step,
                      tree *residue)
{
  *start = *end = *residue = NULL_TREE;
  *step = 1;
  tree *slot = guard_slot (statements);
  if (!slot)
    return;
  guard g = { b, *statements, axis, NULL_TREE, 0, NULL_TREE };
  tree cond = COND_EXPR_COND (*slot), residual = NULL_TREE;
  bounds_of_condition (&g, cond, start, end, &residual);
  if (g.no_wrap && axis > 0)
    *start = *end = NULL_TREE;
  if (g.step)
    {
      *step = g.step;
      *residue = g.residue;
    }
  if (!*start && !*end && !g.step)
    return;
  if (g.no_wrap)
    {
      /* Where an index may wrap, a launch of more than 2^31 threads on
         an axis, every thread tests the whole guard, as written.  */
      tree dim = cudajit_axis_ref (b->builtins[BLOCK_DIM], axis);
      if (*start)
        *start = build3 (COND_EXPR, unsigned_type_node, g.no_wrap, *start,
                         build_zero_cst (unsigned_type_node));
      if (*end)
        *end = build3 (COND_EXPR, unsigned_type_node, unshare_expr (g.no_wrap),
                       *end, dim);
      COND_EXPR_COND (*slot)
          = build3 (COND_EXPR, boolean_type_node, unshare_expr (g.no_wrap),
                    residual ? fold_convert (boolean_type_node, residual)
                             : boolean_true_node,
                    fold_convert (boolean_type_node, unshare_expr (cond)));
    }
  else if (residual)
    COND_EXPR_COND (*slot) = residual;
  else
    *slot = COND_EXPR_THEN (*slot);
}

bool
cudajit_bounded_guard_p (block_function *b, tree statement)
{
  tree *slot = guard_slot (&statement);
  if (!slot)
    return false;
  for (int axis = 0; axis < 2; axis++)
    {
      guard g = { b, statement, axis, NULL_TREE, 0, NULL_TREE };
      tree start = NULL_TREE, end = NULL_TREE, residual = NULL_TREE;
      bounds_of_condition (&g, COND_EXPR_COND (*slot), &start, &end,
                           &residual);
      if ((start || end || g.step) && !(g.no_wrap && axis > 0))
        return true;
    }
  return false;
}

/* Blocks in range.  A comparison of threadIdx.x or threadIdx.y (plus an
   invariant) against an invariant that is not a guard's, such as i < n
   in a warp kernel's v = i < n ? x[i] : 0, where every lane must reach
   the shuffle, is true for every thread of most blocks: the block
   function has a version with it true, whose loop over x GCC
   vectorizes, for the blocks where it is, told by a condition on the
   block.  */

struct in_range
{
  /* For x and y.  */
  guard g[2];
  /* The comparisons of the kernel's own code, which the block function's
     (a shuffle's test of the lane it reads) are not.  */
  hash_set<tree> *comparisons;
  /* The first index on x and y and the end of those that pass all
     comparisons so far, as narrow_by sets them.  */
  tree start[2];
  tree end[2];
  bool replace;
  bool found;
};

/* Whether T may vary over the block's rows or be unset before its
   thread loops: threadIdx.z, or a variable other than the kernel's
   arguments (the block function's copies of them) and the built-in
   variables.  */
static tree
find_block_variance (tree *tp, int *walk_subtrees, void *data)
{
  block_function *b = (block_function *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (cudajit_thread_axis (b, *tp) > 1)
    return *tp;
  else if (VAR_P (*tp) && !b->arguments->contains (*tp))
    {
      int which = 0;
      while (which < BUILTIN_VARIABLES && *tp != b->builtins[which])
        which++;
      return which < BUILTIN_VARIABLES ? NULL_TREE : *tp;
    }
  return NULL_TREE;
}

static tree
take_in_range_comparison (tree *tp, int *walk_subtrees, void *data)
{
  in_range *r = (in_range *) data;
  block_function *b = r->g[0].b;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (!COMPARISON_CLASS_P (*tp) || !r->comparisons->contains (*tp)
      || walk_tree_without_duplicates (tp, find_block_variance, b))
    return NULL_TREE;
  /* On y where it reads threadIdx.y, which the loop over x takes for
     an invariant.  */
  int axis = walk_tree_without_duplicates (tp, cudajit_find_thread_y_or_z, b)
                 ? 1
                 : 0;
  if (!bound_of_comparison (&r->g[axis], *tp, &r->start[axis], &r->end[axis]))
    return NULL_TREE;
  r->found = true;
  if (r->replace)
    {
      *tp = build_one_cst (TREE_TYPE (*tp));
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

tree
cudajit_in_range_blocks (block_function *b, tree *threads,
                         hash_set<tree> *comparisons, bool replace)
{
  in_range r;
  for (int axis = 0; axis < 2; axis++)
    {
      r.g[axis] = { b, *threads, axis, NULL_TREE, 0 };
      r.start[axis] = r.end[axis] = NULL_TREE;
    }
  r.comparisons = comparisons;
  r.replace = replace;
  r.found = false;
  walk_tree (threads, take_in_range_comparison, &r, NULL);
  if (!r.found)
    return NULL_TREE;
  tree all = NULL_TREE;
  for (int axis = 0; axis < 2; axis++)
    {
      if (r.g[axis].no_wrap)
        all = cudajit_conjoin (all, r.g[axis].no_wrap);
      if (r.start[axis])
        all = cudajit_conjoin (
            all, build2 (EQ_EXPR, boolean_type_node, r.start[axis],
                         build_zero_cst (unsigned_type_node)));
      if (r.end[axis])
        all = cudajit_conjoin (
            all, build2 (EQ_EXPR, boolean_type_node, r.end[axis],
                         fold_convert (unsigned_type_node,
                                       cudajit_axis_ref (
                                           b->builtins[BLOCK_DIM], axis))));
    }
  return all;
}
