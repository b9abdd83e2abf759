/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pieces of a kernel's block function (block-function.cc): the
   locals that stand for CUDA's built-in variables, and the loops over
   the threads of a block, the work-item loops, that run the kernel's
   statements for each thread.  */

#include "block-function.h"

const char *const cudajit_builtin_variable_names[BUILTIN_VARIABLES]
    = { "threadIdx", "blockIdx", "blockDim", "gridDim" };

tree
cudajit_axis_ref (tree record, int index)
{
  tree f = TYPE_FIELDS (TREE_TYPE (record));
  while (index--)
    f = DECL_CHAIN (f);
  return build3 (COMPONENT_REF, TREE_TYPE (f), record, f, NULL_TREE);
}

tree
cudajit_block_local (tree entry, tree *locals, const char *name, tree type)
{
  tree var = build_decl (DECL_SOURCE_LOCATION (entry), VAR_DECL,
                         get_identifier (name), type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  DECL_CONTEXT (var) = entry;
  DECL_CHAIN (var) = *locals;
  *locals = var;
  return var;
}

tree
cudajit_conjoin (tree a, tree b)
{
  return a ? build2 (TRUTH_ANDIF_EXPR, boolean_type_node, a, b) : b;
}

void
cudajit_refuse_loops (block_function *b, tree where, const char *why)
{
  if (b->refusal)
    return;
  b->refusal = why;
  b->refusal_loc = where && EXPR_P (where) && EXPR_HAS_LOCATION (where)
                       ? EXPR_LOCATION (where)
                   : where && DECL_P (where)
                       ? DECL_SOURCE_LOCATION (where)
                       : DECL_SOURCE_LOCATION (b->kernel);
}

/* Which built-in variable DECL is, or BUILTIN_VARIABLES.  */
int
cudajit_builtin_variable (const_tree decl)
{
  if (!cudajit_builtin_variable_p (decl))
    return BUILTIN_VARIABLES;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  int which = 0;
  while (which < BUILTIN_VARIABLES
         && strcmp (name, cudajit_builtin_variable_names[which]) != 0)
    which++;
  return which;
}

/* The global index on an axis, blockIdx * blockDim + threadIdx, or the
   grid's size, gridDim * blockDim, from the locals.  */
tree
cudajit_grid_function_value (block_function *b, tree type,
                             const device_api *function)
{
  int axis = cudajit_grid_function_axis (function);
  bool grid_size = function->kind == DA_GRID_SIZE;
  tree first = b->builtins[grid_size ? GRID_DIM : BLOCK_INDEX];
  tree product = build2 (
      MULT_EXPR, type, fold_convert (type, cudajit_axis_ref (first, axis)),
      fold_convert (type, cudajit_axis_ref (b->builtins[BLOCK_DIM], axis)));
  if (grid_size)
    return product;
  return build2 (
      PLUS_EXPR, type, product,
      fold_convert (type, cudajit_axis_ref (b->builtins[THREAD_INDEX], axis)));
}

/* How deep the search for a read of threadIdx is in the inline functions
   of system headers, which do not call themselves; beyond it, a function
   is taken to read it.  */
#define INLINE_DEPTH_MAX 8

static bool may_read_thread_index (const_tree callee, int depth);

static tree
find_thread_index_read (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (cudajit_builtin_variable (*tp) == THREAD_INDEX)
    return *tp;
  tree callee
      = TREE_CODE (*tp) == CALL_EXPR ? get_callee_fndecl (*tp) : NULL_TREE;
  return callee && may_read_thread_index (callee, *(int *) data + 1)
             ? *tp
             : NULL_TREE;
}

/* Whether a call of CALLEE may read threadIdx: the functions of the
   user's and those of the runtime may, GCC's builtins do not, and the
   inline functions of cudajit.h (the atomics, say) do where their bodies
   read it or call one that may (cuda_lanemask_lt).  The other built-in
   variables are the runtime's for the whole block.  */
static bool
may_read_thread_index (const_tree callee, int depth)
{
  if (fndecl_built_in_p (callee))
    return false;
  if (!DECL_IN_SYSTEM_HEADER (callee) || !DECL_DECLARED_INLINE_P (callee))
    return true;
  tree body = DECL_SAVED_TREE (callee);
  return (
      !body || depth > INLINE_DEPTH_MAX
      || walk_tree_without_duplicates (&body, find_thread_index_read, &depth));
}

bool
cudajit_may_read_thread_index_p (const_tree callee)
{
  return may_read_thread_index (callee, 0);
}
/* A return from the kernel ends the thread: a jump to LABEL, at the end
   of the thread loop's body.  */
static tree
returns_to_label (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == RETURN_EXPR)
    *tp = build1 (GOTO_EXPR, void_type_node, (tree) data);
  return NULL_TREE;
}

tree
cudajit_find_return (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == RETURN_EXPR ? *tp : NULL_TREE;
}

/* VAR = FIRST; do BODY while ((VAR += STEP) < BOUND), appended to *LIST,
   where
   FIRST < BOUND: BOUND, an extent of a launch, is at least 1, and GCC,
   told so, neither tests it before the first turn nor warns that what
   the first turn sets may be unset after the loop.  With VECTORIZE, GCC
   is told to vectorize the loop as it does a loop of #pragma omp simd,
   with checks at run time that its accesses do not overlap, which the
   cost model of -O2 would not add.  */
static void
append_counted_loop (tree var, tree first, tree bound, tree step, tree body,
                     bool vectorize, tree *list)
{
  tree type = TREE_TYPE (var);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var, fold_convert (type, first)), list);
  tree loop = alloc_stmt_list ();
  append_to_statement_list (body, &loop);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var,
              build2 (PLUS_EXPR, type, var, fold_convert (type, step))),
      &loop);
  tree done
      = build2 (GE_EXPR, boolean_type_node, var, fold_convert (type, bound));
  if (vectorize)
    done = build3 (ANNOTATE_EXPR, boolean_type_node, done,
                   build_int_cst (integer_type_node, annot_expr_vector_kind),
                   integer_zero_node);
  append_to_statement_list (build1 (EXIT_EXPR, void_type_node, done), &loop);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, loop), list);
}

tree
cudajit_written_object (const_tree t)
{
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      return get_base_address (TREE_OPERAND (t, 0));
    default:
      return NULL_TREE;
    }
}

tree
cudajit_find_write (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return cudajit_written_object (*tp) == (tree) data ? *tp : NULL_TREE;
}

int
cudajit_builtin_field (block_function *b, const_tree t)
{
  int which = 0;
  if (TREE_CODE (t) == COMPONENT_REF)
    while (which < BUILTIN_VARIABLES
           && TREE_OPERAND (t, 0) != b->builtins[which])
      which++;
  else
    which = BUILTIN_VARIABLES;
  return which;
}

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
     if it has none (always on y).  */
  unsigned HOST_WIDE_INT step;
};

int
cudajit_thread_axis (block_function *b, const_tree t)
{
  tree thread = b->builtins[THREAD_INDEX];
  if (TREE_CODE (t) != COMPONENT_REF || TREE_OPERAND (t, 0) != thread)
    return -1;
  int axis = 0;
  for (tree f = TYPE_FIELDS (TREE_TYPE (thread)); f; f = DECL_CHAIN (f))
    if (f == TREE_OPERAND (t, 1))
      return axis;
    else
      axis++;
  return -1;
}

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

bool
cudajit_parameter_sizes_p (const_tree t)
{
  switch (TREE_CODE (t))
    {
    case SAVE_EXPR:
      /* Which C marks as a side effect of its own, to keep it.  */
      return !TREE_SIDE_EFFECTS (TREE_OPERAND (t, 0));
    case COMPOUND_EXPR:
      return cudajit_parameter_sizes_p (TREE_OPERAND (t, 0))
             && cudajit_parameter_sizes_p (TREE_OPERAND (t, 1));
    CASE_CONVERT:
      return cudajit_parameter_sizes_p (TREE_OPERAND (t, 0));
    default:
      return false;
    }
}

tree
cudajit_single_statement (tree t)
{
  for (;;)
    if (TREE_CODE (t) == BIND_EXPR && !BIND_EXPR_VARS (t))
      t = BIND_EXPR_BODY (t);
    else if (TREE_CODE (t) == STATEMENT_LIST)
      {
        tree only = NULL_TREE;
        for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
             tsi_next (&i))
          if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
            {
              if (only)
                return NULL_TREE;
              only = tsi_stmt (i);
            }
        if (!only)
          return NULL_TREE;
        t = only;
      }
    else
      return t;
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

tree *
cudajit_inner_statement (tree *body, bool declarations)
{
  for (;;)
    switch (TREE_CODE (*body))
      {
      case BIND_EXPR:
        body = &BIND_EXPR_BODY (*body);
        break;
      case STATEMENT_LIST:
        {
          tree *only = NULL;
          for (tree_stmt_iterator i = tsi_start (*body); !tsi_end_p (i);
               tsi_next (&i))
            {
              tree s = tsi_stmt (i);
              if (TREE_CODE (s) == DEBUG_BEGIN_STMT
                  || cudajit_parameter_sizes_p (s))
                continue;
              if (only)
                return body;
              if (declarations && TREE_CODE (s) == DECL_EXPR
                  && !(VAR_P (DECL_EXPR_DECL (s))
                       && DECL_INITIAL (DECL_EXPR_DECL (s))
                       && TREE_SIDE_EFFECTS (
                           DECL_INITIAL (DECL_EXPR_DECL (s)))))
                continue;
              only = tsi_stmt_ptr (i);
            }
          if (!only)
            return NULL;
          body = only;
          break;
        }
      default:
        return body;
      }
}

/* The slot of the guard of the statements *BODY, a conditional without
   else after declarations without side effects and the parameters'
   sizes, or null.  */
static tree *
guard_slot (tree *body)
{
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
  guard g = { b, body, 0, NULL_TREE, 0 };
  return thread_plus_p (&g, e, a);
}

bool
cudajit_block_start_p (block_function *b, tree t, int axis)
{
  if (TREE_CODE (t) != MULT_EXPR)
    return false;
  tree index = TREE_OPERAND (t, 0), dim = TREE_OPERAND (t, 1);
  if (cudajit_builtin_field (b, index) != BLOCK_INDEX)
    std::swap (index, dim);
  return cudajit_builtin_field (b, index) == BLOCK_INDEX
         && cudajit_builtin_field (b, dim) == BLOCK_DIM
         && TREE_OPERAND (index, 1)
                == TREE_OPERAND (
                    cudajit_axis_ref (b->builtins[BLOCK_INDEX], axis), 1)
         && TREE_OPERAND (dim, 1)
                == TREE_OPERAND (
                    cudajit_axis_ref (b->builtins[BLOCK_DIM], axis), 1);
}

bool
cudajit_block_start_below_p (block_function *b, tree t, int axis,
                             const_tree largest)
{
  static const unsigned HOST_WIDE_INT block_max[]
      = { CUDAJIT_BLOCK_X_MAX, CUDAJIT_BLOCK_Y_MAX, CUDAJIT_BLOCK_Z_MAX };
  static const unsigned HOST_WIDE_INT grid_max[]
      = { CUDAJIT_GRID_X_MAX, CUDAJIT_GRID_Y_MAX, CUDAJIT_GRID_Z_MAX };
  /* (blocks - 1) * threads + threads - 1.  */
  unsigned HOST_WIDE_INT most = grid_max[axis] * block_max[axis] - 1;
  return cudajit_block_start_p (b, t, axis) && tree_fits_uhwi_p (largest)
         && most <= tree_to_uhwi (largest);
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
  guard g = { b, body, 0, NULL_TREE, 0 };
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

/* If COMPARISON is threadIdx.x + A against an invariant (<, <=, >, >=,
   ==), narrow *START or *END, or both, to the threads that pass it; false
   if it is not.  */
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

/* Whether COND is (threadIdx.x & (C - 1)) == 0, C a power of two up
   to a block's threads (threadIdx.x % C == 0 as GCC folds it, a warp's
   lane 0): the x that pass it are multiples of C, G->step's.  */
static bool
stride_of_comparison (guard *g, tree cond)
{
  /* The loop over y has no step.  */
  if (g->axis != 0 || TREE_CODE (cond) != EQ_EXPR
      || !integer_zerop (TREE_OPERAND (cond, 1)))
    return false;
  tree masked = TREE_OPERAND (cond, 0);
  if (TREE_CODE (masked) != BIT_AND_EXPR
      || !tree_fits_uhwi_p (TREE_OPERAND (masked, 1))
      || !converted_thread_axis_p (g->b, TREE_OPERAND (masked, 0), 0))
    return false;
  unsigned HOST_WIDE_INT multiple
      = tree_to_uhwi (TREE_OPERAND (masked, 1)) + 1;
  if (pow2p_hwi (multiple) && multiple <= CUDAJIT_COMPILE_LAUNCH_BOUNDS_LIMIT)
    {
      /* Of two, the larger is a multiple of the smaller.  */
      g->step = MAX (g->step, multiple);
      return true;
    }
  return false;
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

/* If *STATEMENTS, run by each thread, has a guard whose comparisons of
   threadIdx's field for AXIS bound the loop over it, set *START and *END
   to the first index and the end of those that pass it (either
   NULL_TREE for none), and *STEP to the multiple of which they are (1
   if any index, always on y), with *STATEMENTS left without them; for
   y, only where the indices cannot wrap.  */
static void
guard_bounds (block_function *b, tree *statements, int axis, tree *start,
              tree *end, unsigned HOST_WIDE_INT *step)
{
  *start = *end = NULL_TREE;
  *step = 1;
  tree *slot = guard_slot (statements);
  if (!slot)
    return;
  guard g = { b, *statements, axis, NULL_TREE, 0 };
  tree cond = COND_EXPR_COND (*slot), residual = NULL_TREE;
  bounds_of_condition (&g, cond, start, end, &residual);
  if (g.no_wrap && axis > 0)
    *start = *end = NULL_TREE;
  if (g.step)
    *step = g.step;
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
      guard g = { b, statement, axis, NULL_TREE, 0 };
      tree start = NULL_TREE, end = NULL_TREE, residual = NULL_TREE;
      bounds_of_condition (&g, COND_EXPR_COND (*slot), &start, &end,
                           &residual);
      if ((start || end || g.step) && !(g.no_wrap && axis > 0))
        return true;
    }
  return false;
}

static tree
find_thread_y_or_z (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return cudajit_thread_axis ((block_function *) data, *tp) > 0 ? *tp
                                                                : NULL_TREE;
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
  int axis = walk_tree_without_duplicates (tp, find_thread_y_or_z, b) ? 1 : 0;
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

/* BODY run by each thread of the block in turn, in loops over threadIdx's
   z, y and x, x innermost; a return in BODY ends the thread.  */
tree
cudajit_thread_loop (block_function *b, tree body)
{
  static const char *const first_names[] = { "first_x", "first_y" };
  static const char *const end_names[] = { "end_x", "end_y" };
  tree statements = alloc_stmt_list ();
  append_to_statement_list (body, &statements);
  if (walk_tree_without_duplicates (&statements, cudajit_find_return, NULL))
    {
      tree label = build_decl (DECL_SOURCE_LOCATION (b->kernel), LABEL_DECL,
                               NULL_TREE, void_type_node);
      DECL_ARTIFICIAL (label) = 1;
      DECL_CONTEXT (label) = b->entry;
      walk_tree (&statements, returns_to_label, label, NULL);
      append_to_statement_list (build1 (LABEL_EXPR, void_type_node, label),
                                &statements);
    }
  /* The rows first, for the conditions on y that the bounds of x would
     otherwise take.  */
  tree start[2], end[2];
  unsigned HOST_WIDE_INT step[2];
  guard_bounds (b, &statements, 1, &start[1], &end[1], &step[1]);
  guard_bounds (b, &statements, 0, &start[0], &end[0], &step[0]);
  tree thread
      = build3 (BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE);
  /* The bounds of x, where they are the same for every row, set before
     the loop over y.  */
  tree hoisted = NULL_TREE;
  for (int axis = 0; axis < 3; axis++)
    {
      tree loop = alloc_stmt_list ();
      if (hoisted)
        append_to_statement_list (hoisted, &loop);
      hoisted = NULL_TREE;
      tree index = cudajit_axis_ref (b->builtins[THREAD_INDEX], axis);
      tree dim = cudajit_axis_ref (b->builtins[BLOCK_DIM], axis);
      /* The loop over x counts in an int of which threadIdx.x is a copy:
         over an unsigned count GCC cannot tell that an int index such as
         blockIdx.x * blockDim.x + threadIdx.x steps by STEP without
         wrapping, and vectorizes no loop that it indexes.  A block's
         extents fit an int.  */
      tree counter = index, turn = thread;
      if (axis == 0)
        {
          counter = cudajit_block_local (b->entry, b->locals, "thread_x",
                                         integer_type_node);
          turn = alloc_stmt_list ();
          append_to_statement_list (
              build2 (MODIFY_EXPR, TREE_TYPE (index), index,
                      fold_convert (TREE_TYPE (index), counter)),
              &turn);
          append_to_statement_list (thread, &turn);
        }
      if (axis < 2 && (start[axis] || end[axis] || step[axis] > 1))
        {
          /* if (first < last) for (x = first; x < last; x += step), FIRST
             rounded up to a multiple of STEP.  */
          tree first = cudajit_block_local (
              b->entry, b->locals, first_names[axis], unsigned_type_node);
          tree last = cudajit_block_local (
              b->entry, b->locals, end_names[axis], unsigned_type_node);
          tree first_value = start[axis] ? start[axis]
                                         : build_zero_cst (unsigned_type_node);
          if (step[axis] > 1)
            {
              tree mask = build_int_cst (unsigned_type_node, step[axis] - 1);
              first_value = build2 (
                  BIT_AND_EXPR, unsigned_type_node,
                  build2 (PLUS_EXPR, unsigned_type_node, first_value, mask),
                  build1 (BIT_NOT_EXPR, unsigned_type_node, mask));
            }
          tree bounds = alloc_stmt_list ();
          append_to_statement_list (
              build2 (MODIFY_EXPR, unsigned_type_node, first, first_value),
              &bounds);
          append_to_statement_list (build2 (MODIFY_EXPR, unsigned_type_node,
                                            last, end[axis] ? end[axis] : dim),
                                    &bounds);
          if (axis == 0
              && !walk_tree_without_duplicates (&bounds, find_thread_y_or_z,
                                                b))
            hoisted = bounds;
          else
            append_to_statement_list (bounds, &loop);
          tree counted = alloc_stmt_list ();
          append_counted_loop (counter, first, last,
                               build_int_cst (unsigned_type_node, step[axis]),
                               turn, axis == 0, &counted);
          append_to_statement_list (
              build3 (COND_EXPR, void_type_node,
                      build2 (LT_EXPR, boolean_type_node, first, last),
                      counted, build_empty_stmt (UNKNOWN_LOCATION)),
              &loop);
        }
      else
        append_counted_loop (counter, build_zero_cst (TREE_TYPE (counter)),
                             dim, build_one_cst (TREE_TYPE (counter)), turn,
                             axis == 0, &loop);
      thread = loop;
    }
  return thread;
}

tree
cudajit_find_jump (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  switch (TREE_CODE (*tp))
    {
    case BREAK_STMT:
    case CONTINUE_STMT:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case RETURN_EXPR:
      return *tp;
    default:
      return NULL_TREE;
    }
}
