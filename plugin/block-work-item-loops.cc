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
  append_to_statement_list (build2 (MODIFY_EXPR, type, var, first), list);
  tree loop = alloc_stmt_list ();
  append_to_statement_list (body, &loop);
  append_to_statement_list (
      build2 (MODIFY_EXPR, type, var,
              build2 (PLUS_EXPR, type, var, fold_convert (type, step))),
      &loop);
  tree done = build2 (GE_EXPR, boolean_type_node, var, bound);
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
  /* The x that pass the guard's test of a lane, a multiple of it, or 0
     if it has none.  */
  unsigned HOST_WIDE_INT step;
};

/* Whether T is threadIdx.x of the block function.  */
static bool
thread_x_p (block_function *b, tree t)
{
  tree thread = b->builtins[THREAD_INDEX];
  return TREE_CODE (t) == COMPONENT_REF && TREE_OPERAND (t, 0) == thread
         && TREE_OPERAND (t, 1) == TYPE_FIELDS (TREE_TYPE (thread));
}

/* T without the conversions of threadIdx.x to types that hold all its
   values, if it is threadIdx.x.  */
static bool
converted_thread_x_p (block_function *b, tree t)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t))
         && TYPE_PRECISION (TREE_TYPE (t)) >= 16)
    t = TREE_OPERAND (t, 0);
  return thread_x_p (b, t);
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
      /* Of the fields of the built-in variables' locals, only
         threadIdx.x varies.  */
      *walk_subtrees = 0;
      return cudajit_builtin_field (g->b, t) < BUILTIN_VARIABLES
                     && !thread_x_p (g->b, t)
                 ? NULL_TREE
                 : t;
    }
  if (VAR_P (t))
    return (TREE_STATIC (t) || TREE_THIS_VOLATILE (t)
            || walk_tree_without_duplicates (&g->body, cudajit_find_write, t))
               ? t
               : NULL_TREE;
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

/* The slot of the guard of the statements *BODY, a conditional without
   else after declarations without side effects, or null.  */
static tree *
guard_slot (tree *body)
{
  for (;;)
    switch (TREE_CODE (*body))
      {
      case BIND_EXPR:
        body = &BIND_EXPR_BODY (*body);
        break;
      case STATEMENT_LIST:
        {
          tree *last = NULL;
          for (tree_stmt_iterator i = tsi_start (*body); !tsi_end_p (i);
               tsi_next (&i))
            {
              tree s = tsi_stmt (i);
              if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
                continue;
              if (last)
                return NULL;
              if (TREE_CODE (s) == DECL_EXPR
                  && !(VAR_P (DECL_EXPR_DECL (s))
                       && DECL_INITIAL (DECL_EXPR_DECL (s))
                       && TREE_SIDE_EFFECTS (
                           DECL_INITIAL (DECL_EXPR_DECL (s)))))
                continue;
              last = tsi_stmt_ptr (i);
            }
          if (!last)
            return NULL;
          body = last;
          break;
        }
      case COND_EXPR:
        return (!COND_EXPR_ELSE (*body)
                || IS_EMPTY_STMT (COND_EXPR_ELSE (*body)))
                       && !TREE_SIDE_EFFECTS (COND_EXPR_COND (*body))
                   ? body
                   : NULL;
      default:
        return NULL;
      }
}

bool
cudajit_thread_x_plus_p (block_function *b, tree e, tree body, tree *a)
{
  guard g = { b, body };
  tree type = TREE_TYPE (e);
  *a = build_zero_cst (type);
  if (converted_thread_x_p (b, e))
    return true;
  /* In a signed type, where it cannot wrap.  */
  if (TREE_CODE (e) != PLUS_EXPR || TYPE_UNSIGNED (type))
    return false;
  tree x = TREE_OPERAND (e, 0);
  *a = TREE_OPERAND (e, 1);
  if (!converted_thread_x_p (b, x))
    std::swap (x, *a);
  return converted_thread_x_p (b, x) && invariant_in_loop_p (&g, *a);
}

bool
cudajit_invariant_in_loop_p (block_function *b, tree t, tree body)
{
  guard g = { b, body };
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
  tree dim = fold_convert (unsigned_type,
                           cudajit_axis_ref (g->b->builtins[BLOCK_DIM], 0));
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
  if (!converted_thread_x_p (g->b, e) && TREE_CODE (e) != PLUS_EXPR)
    {
      std::swap (e, u);
      code = swap_tree_comparison (code);
    }
  tree type = TREE_TYPE (e), a;
  if (!INTEGRAL_TYPE_P (type)
      || TYPE_MAIN_VARIANT (type) != TYPE_MAIN_VARIANT (TREE_TYPE (u))
      || !invariant_in_loop_p (g, u)
      || !cudajit_thread_x_plus_p (g->b, e, g->body, &a))
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
  if (TREE_CODE (cond) != EQ_EXPR || !integer_zerop (TREE_OPERAND (cond, 1)))
    return false;
  tree masked = TREE_OPERAND (cond, 0);
  if (TREE_CODE (masked) != BIT_AND_EXPR
      || !tree_fits_uhwi_p (TREE_OPERAND (masked, 1))
      || !converted_thread_x_p (g->b, TREE_OPERAND (masked, 0)))
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
                      cudajit_axis_ref (g->b->builtins[BLOCK_DIM], 0),
                      build_zero_cst (unsigned_type_node)));
      return;
    }
  *residual = *residual ? build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                                  *residual, cond)
                        : cond;
}

/* If *STATEMENTS, run by each thread, has a guard whose comparisons of
   threadIdx.x bound it, the first x and the end of the x that pass it,
   and in *STEP the multiple of which they are (1 if any x), with
   *STATEMENTS left without them; else NULL_TREE.  */
static void
guard_bounds (block_function *b, tree *statements, tree *start, tree *end,
              unsigned HOST_WIDE_INT *step)
{
  *start = *end = NULL_TREE;
  *step = 1;
  tree *slot = guard_slot (statements);
  if (!slot)
    return;
  guard g = { b, *statements, 0 };
  tree residual = NULL_TREE;
  bounds_of_condition (&g, COND_EXPR_COND (*slot), start, end, &residual);
  if (g.step)
    *step = g.step;
  if (!*start && !*end && !g.step)
    return;
  if (residual)
    COND_EXPR_COND (*slot) = residual;
  else
    *slot = COND_EXPR_THEN (*slot);
}

/* BODY run by each thread of the block in turn, in loops over threadIdx's
   z, y and x, x innermost; a return in BODY ends the thread.  */
tree
cudajit_thread_loop (block_function *b, tree body)
{
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
  tree start, end;
  unsigned HOST_WIDE_INT step;
  guard_bounds (b, &statements, &start, &end, &step);
  tree thread
      = build3 (BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE);
  for (int axis = 0; axis < 3; axis++)
    {
      tree loop = alloc_stmt_list ();
      tree index = cudajit_axis_ref (b->builtins[THREAD_INDEX], axis);
      tree dim = cudajit_axis_ref (b->builtins[BLOCK_DIM], axis);
      if (axis == 0 && (start || end || step > 1))
        {
          /* if (first < last) for (x = first; x < last; x += step), FIRST
             rounded up to a multiple of STEP.  */
          tree first = cudajit_block_local (b->entry, b->locals, "first_x",
                                            unsigned_type_node);
          tree last = cudajit_block_local (b->entry, b->locals, "end_x",
                                           unsigned_type_node);
          tree mask = build_int_cst (unsigned_type_node, step - 1);
          if (!start)
            start = build_zero_cst (unsigned_type_node);
          append_to_statement_list (
              build2 (
                  MODIFY_EXPR, unsigned_type_node, first,
                  build2 (BIT_AND_EXPR, unsigned_type_node,
                          build2 (PLUS_EXPR, unsigned_type_node, start, mask),
                          build1 (BIT_NOT_EXPR, unsigned_type_node, mask))),
              &loop);
          append_to_statement_list (
              build2 (MODIFY_EXPR, unsigned_type_node, last, end ? end : dim),
              &loop);
          tree counted = alloc_stmt_list ();
          append_counted_loop (index, first, last,
                               build_int_cst (unsigned_type_node, step),
                               thread, b->warp_cuts, &counted);
          append_to_statement_list (
              build3 (COND_EXPR, void_type_node,
                      build2 (LT_EXPR, boolean_type_node, first, last),
                      counted, build_empty_stmt (UNKNOWN_LOCATION)),
              &loop);
        }
      else
        append_counted_loop (index, build_zero_cst (TREE_TYPE (index)), dim,
                             build_one_cst (TREE_TYPE (index)), thread,
                             axis == 0 && b->warp_cuts, &loop);
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
