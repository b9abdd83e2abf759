/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Warp loops, for a kernel's block function (block-function.cc): the
   loops of shuffles that reduce or scan a warp's values, which
   block-warp-collectives.cc would otherwise cut at each shuffle, run
   instead by lane 0 of each warp over its warp's values, after a single
   cut.  */

#include "block-function.h"
#include "calls.h"

tree
cudajit_thread_lane (block_function *b)
{
  return build2 (BIT_AND_EXPR, unsigned_type_node,
                 cudajit_thread_number (b, unsigned_type_node),
                 build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE - 1));
}

tree
cudajit_warp_lane_count (block_function *b, tree first)
{
  return build2 (
      MIN_EXPR, unsigned_type_node,
      build2 (MINUS_EXPR, unsigned_type_node,
              fold_convert (unsigned_type_node, cudajit_block_threads (b)),
              first),
      build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE));
}

tree
cudajit_lane_element (tree slots, tree type, tree index)
{
  tree offset = build2 (MULT_EXPR, sizetype, fold_convert (sizetype, index),
                        TYPE_SIZE_UNIT (type));
  return build_simple_mem_ref (fold_build_pointer_plus (slots, offset));
}

/* Warp reductions.  The classic one,

     for (int d = 16; d > 0; d /= 2)
       v += cuda_shfl_down_sync (0xffffffff, v, d);

   cut at its shuffle, is a pass over the block's threads a stage, each
   lane choosing which element to read.  Cut once before the loop
   instead, lane 0 of each warp runs the loop over its warp's elements
   alone: a stage is a loop over the lanes, each reading the element D
   after it, or its own past the warp's lanes, as a shuffle down does;
   in place, since a lane reads only lanes after it, which the stage has
   not set yet.  Where, after the loop, only lane 0 reads V (under
   if (threadIdx.x % 32 == 0), where a warp reduction ends), a stage
   computes only the lanes below D, those a later stage reads: 31
   operations a warp in all.  */

/* Warp scans.  The classic one,

     for (int d = 1; d < 32; d *= 2)
       {
         int before = cuda_shfl_up_sync (0xffffffff, v, d);
         if (lane >= d)
           v += before;
       }

   is run by lane 0 the same way, each stage a loop down the lanes, as
   each reads a lane before it.  Where its stages are those of a whole
   warp's scan (1 to 16), of integers, by an operation that is
   associative and commutative in them, and the lane is threadIdx.x %
   32, it is the sum of the lanes up to each: one pass up the lanes.  */

/* A warp loop: its kind, and what it reduces or scans.  */
enum warp_loop_kind
{
  WARP_REDUCTION,
  WARP_SCAN,
  WARP_BUTTERFLY
};

struct warp_reduction
{
  enum warp_loop_kind kind;
  tree loop;
  /* The value, the delta, and the operation, with CALL_FIRST where the
     shuffle's value is its first operand.  */
  tree value;
  tree delta;
  enum tree_code code;
  bool call_first;
  /* The delta's first value, where the kernel declares it.  */
  tree first_delta;
  /* A scan's or a butterfly's: its deltas, from the first; and a scan's
     modulus of threadIdx.x
     that its lane is (0 for threadIdx.x itself), the lanes it adds to
     being those whose lane is at least the delta.  */
  auto_vec<unsigned HOST_WIDE_INT> deltas;
  unsigned HOST_WIDE_INT lane_modulus;
};

static tree
without_conversions (tree t)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t)))
    t = TREE_OPERAND (t, 0);
  return t;
}

bool
cudajit_plain_local_p (const_tree t)
{
  return VAR_P (t) && !TREE_STATIC (t) && !DECL_EXTERNAL (t)
         && !TREE_ADDRESSABLE (t) && !TREE_THIS_VOLATILE (t);
}

/* Whether T is threadIdx.x, converted or not, as the kernel reads it,
   before the block function's locals stand for it.  */
static bool
kernel_thread_x_p (tree t)
{
  t = without_conversions (t);
  if (TREE_CODE (t) != COMPONENT_REF || !VAR_P (TREE_OPERAND (t, 0)))
    return false;
  tree thread = TREE_OPERAND (t, 0);
  return cudajit_builtin_variable (thread) == THREAD_INDEX
         && TREE_OPERAND (t, 1) == TYPE_FIELDS (TREE_TYPE (thread));
}

/* Whether E is threadIdx.x, with *MODULUS 0, or threadIdx.x % C or
   threadIdx.x & (C - 1), C a power of two there, or cuda_laneid (), C
   a warp, with *MODULUS C; or a
   variable that BODY sets to one of those where it declares it, and
   nowhere else.  */
static bool
lane_form_p (tree e, tree body, unsigned HOST_WIDE_INT *modulus)
{
  e = without_conversions (e);
  if (cudajit_plain_local_p (e) && DECL_INITIAL (e)
      && !walk_tree_without_duplicates (&body, cudajit_find_write, e))
    e = without_conversions (DECL_INITIAL (e));
  *modulus = 0;
  if (kernel_thread_x_p (e))
    return true;
  /* cuda_laneid (), the thread's number in the block % 32, which is
     threadIdx.x % 32 where the lanes are.  */
  if (TREE_CODE (e) == CALL_EXPR && get_callee_fndecl (e)
      && cudajit_device_api (get_callee_fndecl (e))
             == &cudajit_device_apis[DEVICE_API_LANEID])
    {
      *modulus = CUDAJIT_WARP_SIZE;
      return true;
    }
  if ((TREE_CODE (e) != BIT_AND_EXPR && TREE_CODE (e) != TRUNC_MOD_EXPR)
      || !kernel_thread_x_p (TREE_OPERAND (e, 0))
      || !tree_fits_uhwi_p (TREE_OPERAND (e, 1)))
    return false;
  *modulus = tree_to_uhwi (TREE_OPERAND (e, 1));
  if (TREE_CODE (e) == BIT_AND_EXPR)
    {
      if (!pow2p_hwi (*modulus + 1))
        return false;
      ++*modulus;
    }
  return *modulus > 0;
}

/* Whether E is 0 in lane 0 of a warp alone, where a warp's lanes are
   threadIdx.x % 32: threadIdx.x, or threadIdx.x modulo a multiple of a
   warp.  */
static bool
lane_zero_value_p (tree e, tree body)
{
  unsigned HOST_WIDE_INT modulus;
  return lane_form_p (e, body, &modulus) && modulus % CUDAJIT_WARP_SIZE == 0;
}

/* Whether COND holds in lane 0 alone, or in none.  */
static bool
lane_zero_condition_p (tree cond, tree body)
{
  while (CONVERT_EXPR_P (cond))
    cond = TREE_OPERAND (cond, 0);
  switch (TREE_CODE (cond))
    {
    case TRUTH_ANDIF_EXPR:
    case TRUTH_AND_EXPR:
      return lane_zero_condition_p (TREE_OPERAND (cond, 0), body)
             || lane_zero_condition_p (TREE_OPERAND (cond, 1), body);
    case EQ_EXPR:
      return integer_zerop (TREE_OPERAND (cond, 1))
             && lane_zero_value_p (TREE_OPERAND (cond, 0), body);
    default:
      return false;
    }
}

/* What the kernel reads after a statement of it (a warp loop, a vote),
   for find_later_reads.  */
struct later_reads
{
  /* The statement after which to look; the variables whose reads in
     code that lane 0 alone runs do not count: the value's, and the plain
     locals that copy it after the statement (float v = warp_sum (x),
     inlined, copies the function's value to V); the one whose reads all
     do.  */
  tree statement;
  hash_set<tree> values;
  tree delta;
  tree body;
  bool passed;
  bool in_lane_zero;
  /* A read of the value outside code that lane 0 alone runs; a read of
     the delta; a jump, which may run the statement again.  */
  bool value_read;
  bool delta_read;
  bool jump;
};

/* If T copies one of R's values to a plain local of its type, which
   then holds it too, that local; else NULL_TREE.  */
static tree
value_copy (later_reads *r, tree t)
{
  tree to, from;
  if (TREE_CODE (t) == MODIFY_EXPR)
    {
      to = TREE_OPERAND (t, 0);
      from = TREE_OPERAND (t, 1);
    }
  else if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t)))
    {
      to = DECL_EXPR_DECL (t);
      from = DECL_INITIAL (to);
    }
  else
    return NULL_TREE;
  return from && r->values.contains (from) && cudajit_plain_local_p (to)
                 && TYPE_MAIN_VARIANT (TREE_TYPE (to))
                        == TYPE_MAIN_VARIANT (TREE_TYPE (from))
             ? to
             : NULL_TREE;
}

static tree
find_later_reads (tree *tp, int *walk_subtrees, void *data)
{
  later_reads *r = (later_reads *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == GOTO_EXPR || TREE_CODE (t) == LABEL_EXPR)
    r->jump = true;
  if (t == r->statement)
    {
      r->passed = true;
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (!r->passed)
    return NULL_TREE;
  if (tree copy = value_copy (r, t))
    {
      r->values.add (copy);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  /* A declaration's value is computed where the declaration is, not
     where its scope begins, which walk_tree walks it at.  */
  if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t)))
    walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (t)), find_later_reads, r, NULL);
  /* Setting a copy anew (v = warp_sum (partial), CUB's second stage)
     reads only what it sets it to.  */
  else if (TREE_CODE (t) == MODIFY_EXPR
           && r->values.contains (TREE_OPERAND (t, 0)))
    {
      walk_tree (&TREE_OPERAND (t, 1), find_later_reads, r, NULL);
      *walk_subtrees = 0;
    }
  else if (TREE_CODE (t) == COND_EXPR && !r->in_lane_zero
           && lane_zero_condition_p (COND_EXPR_COND (t), r->body))
    {
      walk_tree (&COND_EXPR_COND (t), find_later_reads, r, NULL);
      r->in_lane_zero = true;
      walk_tree (&COND_EXPR_THEN (t), find_later_reads, r, NULL);
      r->in_lane_zero = false;
      walk_tree (&COND_EXPR_ELSE (t), find_later_reads, r, NULL);
      *walk_subtrees = 0;
    }
  if (r->values.contains (t) && !r->in_lane_zero)
    r->value_read = true;
  if (t == r->delta)
    r->delta_read = true;
  return NULL_TREE;
}

/* In *R, what ROOT, the kernel's body, reads of VALUE and DELTA after
   STATEMENT.  Walked again while it finds more copies of the value, as
   a loop may read a copy before the statement in it that sets it.  */
static void
walk_later_reads (tree root, tree statement, tree value, tree delta,
                  later_reads *r)
{
  r->statement = statement;
  r->values.add (value);
  r->delta = delta;
  r->body = root;
  size_t copies;
  do
    {
      copies = r->values.elements ();
      r->passed = r->in_lane_zero = false;
      r->value_read = r->delta_read = r->jump = false;
      walk_tree (&root, find_later_reads, r, NULL);
    }
  while (r->values.elements () != copies);
}

/* A write of the variable that DATA, an assignment, sets, other than
   DATA.  */
static tree
find_write_but (tree *tp, int *walk_subtrees, void *data)
{
  tree assignment = (tree) data;
  if (*tp == assignment)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return cudajit_find_write (tp, walk_subtrees, TREE_OPERAND (assignment, 0));
}

bool
cudajit_read_by_lane_zero_p (tree root, tree statement, tree var)
{
  later_reads r;
  walk_later_reads (root, statement, var, NULL_TREE, &r);
  return !r.value_read && !r.jump;
}

/* Whether LOOP, in the kernel's body ROOT, is a for loop whose step
   sets a plain local integer, W's delta then, that the kernel declares
   with a constant and that only the step changes.  */
static bool
delta_loop_p (tree loop, tree root, warp_reduction *w)
{
  if (TREE_CODE (loop) != FOR_STMT
      || (FOR_INIT_STMT (loop)
          && !(TREE_CODE (FOR_INIT_STMT (loop)) == STATEMENT_LIST
               && tsi_end_p (tsi_start (FOR_INIT_STMT (loop)))))
      || !FOR_COND (loop) || !FOR_EXPR (loop) || !FOR_BODY (loop)
      || TREE_CODE (FOR_EXPR (loop)) != MODIFY_EXPR)
    return false;
  w->loop = loop;
  w->delta = TREE_OPERAND (FOR_EXPR (loop), 0);
  w->first_delta = DECL_INITIAL (w->delta);
  return cudajit_plain_local_p (w->delta)
         && INTEGRAL_TYPE_P (TREE_TYPE (w->delta)) && w->first_delta
         && TREE_CODE (w->first_delta) == INTEGER_CST
         && !walk_tree_without_duplicates (&root, find_write_but,
                                           FOR_EXPR (loop));
}

/* Whether the step of W's loop is its delta CODE (a division, a shift)
   by AMOUNT, or where DOUBLES, the delta plus itself.  */
static bool
delta_step_p (const warp_reduction *w, enum tree_code code,
              unsigned HOST_WIDE_INT amount, bool doubles)
{
  tree next = TREE_OPERAND (FOR_EXPR (w->loop), 1);
  if (TREE_CODE (next) == PLUS_EXPR && doubles)
    return TREE_OPERAND (next, 0) == w->delta
           && TREE_OPERAND (next, 1) == w->delta;
  return TREE_CODE (next) == code && TREE_OPERAND (next, 0) == w->delta
         && tree_fits_uhwi_p (TREE_OPERAND (next, 1))
         && tree_to_uhwi (TREE_OPERAND (next, 1)) == amount;
}

/* Whether CALL is the warp function API of W's value by its delta over
   the whole warp, in groups of a warp.  */
static bool
warp_shuffle_p (tree call, enum device_api_id api, const warp_reduction *w)
{
  if (TREE_CODE (call) != CALL_EXPR || !get_callee_fndecl (call)
      || cudajit_device_api (get_callee_fndecl (call))
             != &cudajit_device_apis[api]
      || call_expr_nargs (call) != VALUE_ARGUMENT + 3
      || TYPE_MAIN_VARIANT (TREE_TYPE (call))
             != TYPE_MAIN_VARIANT (TREE_TYPE (w->value)))
    return false;
  tree mask = fold (CALL_EXPR_ARG (call, MASK_ARGUMENT));
  tree width = CALL_EXPR_ARG (call, VALUE_ARGUMENT + 2);
  return tree_fits_uhwi_p (mask) && tree_to_uhwi (mask) == FULL_WARP_MASK
         && CALL_EXPR_ARG (call, VALUE_ARGUMENT) == w->value
         && without_conversions (CALL_EXPR_ARG (call, VALUE_ARGUMENT + 1))
                == w->delta
         && tree_fits_uhwi_p (width)
         && tree_to_uhwi (width) == CUDAJIT_WARP_SIZE;
}

/* Whether S is V = V OP X or V = X OP V, V a plain local, OP one of
   the operations a warp loop may reduce or scan by, its operands of V's
   type; W then has V, OP and whether X comes first, and *OTHER X.  */
static bool
warp_operation_p (tree s, warp_reduction *w, tree *other)
{
  if (TREE_CODE (s) != MODIFY_EXPR)
    return false;
  w->value = TREE_OPERAND (s, 0);
  tree operation = TREE_OPERAND (s, 1);
  w->code = TREE_CODE (operation);
  if (!cudajit_plain_local_p (w->value)
      || (w->code != PLUS_EXPR && w->code != MULT_EXPR
          && w->code != BIT_IOR_EXPR && w->code != BIT_AND_EXPR
          && w->code != BIT_XOR_EXPR)
      || TYPE_MAIN_VARIANT (TREE_TYPE (operation))
             != TYPE_MAIN_VARIANT (TREE_TYPE (w->value)))
    return false;
  w->call_first = TREE_OPERAND (operation, 1) == w->value;
  *other = TREE_OPERAND (operation, w->call_first ? 0 : 1);
  return TREE_OPERAND (operation, w->call_first ? 1 : 0) == w->value;
}

/* Whether the body of W's LOOP is the one statement
   V = V OP API (0xffffffff, V, D), or with the shuffle first, OP an
   arithmetic or bitwise operator, the shuffle over the whole warp.  */
static bool
shuffle_update_p (tree loop, enum device_api_id api, warp_reduction *w)
{
  tree *slot = cudajit_inner_statement (&FOR_BODY (loop), false);
  if (!slot)
    return false;
  tree s = *slot, call;
  /* v += call: the C front end saves the call first.  */
  if (TREE_CODE (s) == COMPOUND_EXPR
      && TREE_CODE (TREE_OPERAND (s, 0)) == SAVE_EXPR)
    s = TREE_OPERAND (s, 1);
  if (!warp_operation_p (s, w, &call))
    return false;
  if (TREE_CODE (call) == SAVE_EXPR)
    call = TREE_OPERAND (call, 0);
  return warp_shuffle_p (call, api, w);
}

/* Whether W's loop, which delta_loop_p has found, has the condition
   D > 0, D >= 1 or D != 0 (as the C front end folds an unsigned D >= 1)
   and a step that halves D.  */
static bool
halving_loop_p (const warp_reduction *w)
{
  tree cond = FOR_COND (w->loop);
  return (delta_step_p (w, TRUNC_DIV_EXPR, 2, false)
          || delta_step_p (w, RSHIFT_EXPR, 1, false))
         && (((TREE_CODE (cond) == GT_EXPR || TREE_CODE (cond) == NE_EXPR)
              && integer_zerop (TREE_OPERAND (cond, 1)))
             || (TREE_CODE (cond) == GE_EXPR
                 && integer_onep (TREE_OPERAND (cond, 1))))
         && TREE_OPERAND (cond, 0) == w->delta;
}

/* The most stages a scan may have, past which its delta would pass the
   width of an int.  */
#define SCAN_STAGES_MAX 30

/* Whether W's loop, which delta_loop_p has found, has the condition
   D < C or D <= C, C a constant, and a step that doubles D, from a
   positive constant; W's deltas are then D's values.  */
static bool
doubling_loop_p (warp_reduction *w)
{
  tree cond = FOR_COND (w->loop);
  if (!(delta_step_p (w, MULT_EXPR, 2, true)
        || delta_step_p (w, LSHIFT_EXPR, 1, true))
      || tree_int_cst_sgn (w->first_delta) <= 0
      || (TREE_CODE (cond) != LT_EXPR && TREE_CODE (cond) != LE_EXPR)
      || TREE_OPERAND (cond, 0) != w->delta
      || TREE_CODE (TREE_OPERAND (cond, 1)) != INTEGER_CST)
    return false;
  w->deltas.truncate (0);
  for (widest_int d = wi::to_widest (w->first_delta);
       TREE_CODE (cond) == LT_EXPR
           ? wi::lts_p (d, wi::to_widest (TREE_OPERAND (cond, 1)))
           : wi::les_p (d, wi::to_widest (TREE_OPERAND (cond, 1)));
       d = d * 2)
    {
      if (w->deltas.length () == SCAN_STAGES_MAX)
        return false;
      w->deltas.safe_push (d.to_uhwi ());
    }
  return true;
}

/* Whether LOOP, in the kernel's body ROOT, is a warp reduction that W
   then describes: a loop whose condition is D > 0 or D >= 1 and whose
   step halves D, around a statement
   V = V OP cuda_shfl_down_sync (0xffffffff, V, D) (or with the shuffle
   first), OP an arithmetic or bitwise operator, V and D plain locals, D
   declared with a constant and changed only by the step, the shuffle
   over the whole warp.  */
static bool
warp_reduction_p (tree loop, tree root, warp_reduction *w)
{
  w->kind = WARP_REDUCTION;
  return delta_loop_p (loop, root, w) && halving_loop_p (w)
         && shuffle_update_p (loop, DEVICE_API_SHFL_DOWN_SYNC, w);
}

/* Whether LOOP, in the kernel's body ROOT, is an xor butterfly that W
   then describes: a loop whose delta halves down to 1 or doubles up to a
   constant, from a power of two, around a statement
   V = V OP cuda_shfl_xor_sync (0xffffffff, V, D), each delta below a
   warp, as warp_reduction_p's.  */
static bool
warp_butterfly_p (tree loop, tree root, warp_reduction *w)
{
  w->kind = WARP_BUTTERFLY;
  if (!delta_loop_p (loop, root, w)
      || !shuffle_update_p (loop, DEVICE_API_SHFL_XOR_SYNC, w)
      || !tree_fits_uhwi_p (w->first_delta)
      || !pow2p_hwi (tree_to_uhwi (w->first_delta))
      || tree_to_uhwi (w->first_delta) >= CUDAJIT_WARP_SIZE)
    return false;
  if (halving_loop_p (w))
    {
      w->deltas.truncate (0);
      for (unsigned HOST_WIDE_INT d = tree_to_uhwi (w->first_delta); d; d /= 2)
        w->deltas.safe_push (d);
      return true;
    }
  return doubling_loop_p (w) && !w->deltas.is_empty ()
         && w->deltas.last () < CUDAJIT_WARP_SIZE;
}

/* The statements of BODY, through a scope, without debug markers, up to
   COUNT of them in STATEMENTS; how many there are.  */
static int
plain_statements (tree body, tree *statements, int count)
{
  if (TREE_CODE (body) == BIND_EXPR)
    body = BIND_EXPR_BODY (body);
  if (TREE_CODE (body) != STATEMENT_LIST)
    {
      statements[0] = body;
      return 1;
    }
  int found = 0;
  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT && found++ < count)
      statements[found - 1] = tsi_stmt (i);
  return found;
}

/* Whether LOOP, in the kernel's body ROOT, is a warp scan that W then
   describes: a loop whose condition is D < C or D <= C and whose step
   doubles D, from a positive constant, around

     T before = cuda_shfl_up_sync (0xffffffff, V, D);
     if (LANE >= D)
       V = V OP before;        (or before OP V)

   where LANE is threadIdx.x or threadIdx.x modulo a power of two, the
   shuffle over the whole warp, V and D plain locals, D changed only by
   the step.  */
static bool
warp_scan_p (tree loop, tree root, warp_reduction *w)
{
  w->kind = WARP_SCAN;
  if (!delta_loop_p (loop, root, w) || !doubling_loop_p (w))
    return false;

  tree statements[3];
  if (plain_statements (FOR_BODY (loop), statements, 3) != 2
      || TREE_CODE (statements[0]) != DECL_EXPR
      || TREE_CODE (statements[1]) != COND_EXPR)
    return false;
  tree before = DECL_EXPR_DECL (statements[0]);
  tree test = statements[1], other;
  tree lane = TREE_OPERAND (COND_EXPR_COND (test), 0);
  tree tested = TREE_OPERAND (COND_EXPR_COND (test), 1);
  if (TREE_CODE (COND_EXPR_COND (test)) == LE_EXPR)
    std::swap (lane, tested);
  else if (TREE_CODE (COND_EXPR_COND (test)) != GE_EXPR)
    return false;
  tree *update = cudajit_inner_statement (&COND_EXPR_THEN (test), false);
  return cudajit_plain_local_p (before)
         && TREE_CODE (FOR_BODY (loop)) == BIND_EXPR
         && chain_member (before, BIND_EXPR_VARS (FOR_BODY (loop)))
         && without_conversions (tested) == w->delta
         && lane_form_p (lane, root, &w->lane_modulus)
         && (!COND_EXPR_ELSE (test)
             || TREE_CODE (COND_EXPR_ELSE (test)) == NOP_EXPR
             || (TREE_CODE (COND_EXPR_ELSE (test)) == STATEMENT_LIST
                 && tsi_end_p (tsi_start (COND_EXPR_ELSE (test)))))
         && update && warp_operation_p (*update, w, &other) && other == before
         && DECL_INITIAL (before)
         && warp_shuffle_p (DECL_INITIAL (before), DEVICE_API_SHFL_UP_SYNC, w);
}

/* LOOP { EXIT (DONE); BODY } appended to *LIST.  */
static void
append_loop (tree done, tree body, tree *list)
{
  tree loop = alloc_stmt_list ();
  append_to_statement_list (build1 (EXIT_EXPR, void_type_node,
                                    fold_convert (boolean_type_node, done)),
                            &loop);
  append_to_statement_list (body, &loop);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, loop), list);
}

/* LANE = FIRST; while (LANE < LIMIT) { BODY; LANE++; }, appended to
 *LIST; unrolled whole where LIMIT is a constant, as #pragma GCC unroll
   does, since a stage of a whole warp's loop has a few turns once
   vectorized, each costing as much as its loop's own instructions.  */
static void
append_lane_loop (tree lane, tree first, tree limit, tree body, tree *list)
{
  append_to_statement_list (
      build2 (MODIFY_EXPR, unsigned_type_node, lane, first), list);
  tree turn = alloc_stmt_list ();
  append_to_statement_list (body, &turn);
  append_to_statement_list (
      build2 (MODIFY_EXPR, unsigned_type_node, lane,
              build2 (PLUS_EXPR, unsigned_type_node, lane,
                      build_one_cst (unsigned_type_node))),
      &turn);
  tree done = build2 (GE_EXPR, boolean_type_node, lane, limit);
  if (TREE_CODE (limit) == INTEGER_CST)
    done = build3 (ANNOTATE_EXPR, boolean_type_node, done,
                   build_int_cst (integer_type_node, annot_expr_unroll_kind),
                   build_int_cst (integer_type_node, CUDAJIT_WARP_SIZE));
  append_loop (done, turn, list);
}

/* ELEMENT = ELEMENT OP OTHER, or OTHER OP ELEMENT, as W's operation has
   them.  */
static tree
warp_operation (const warp_reduction *w, tree element, tree other)
{
  tree type = TREE_TYPE (w->value);
  return build2 (MODIFY_EXPR, type, element,
                 w->call_first
                     ? build2 (w->code, type, other, unshare_expr (element))
                     : build2 (w->code, type, unshare_expr (element), other));
}

/* W's operation on the element of lane INDEX at SLOTS and that of lane
   INDEX CODE SHIFT, CODE a plus or a minus.  */
static tree
lane_update (const warp_reduction *w, tree slots, tree index,
             enum tree_code code, tree shift)
{
  tree type = TREE_TYPE (w->value);
  return warp_operation (
      w, cudajit_lane_element (slots, type, index),
      cudajit_lane_element (slots, type,
                            fold_build2 (code, unsigned_type_node, index,
                                         unshare_expr (shift))));
}

/* A stage of W's loop, by SHIFT lanes, appended to *LIST: LANE, from 0
   to LIMIT, reads the element SHIFT lanes after its own below READING,
   its own past it, so that neither loop chooses.  */
static void
append_reduction_stage (const warp_reduction *w, tree slots, tree lane,
                        tree shift, tree limit, tree reading, tree *list)
{
  tree none = build_zero_cst (unsigned_type_node);
  for (int past = 0; past < 2; past++)
    append_lane_loop (
        lane, past ? lane : none,
        past ? unshare_expr (limit)
             : fold_build2 (MIN_EXPR, unsigned_type_node, unshare_expr (limit),
                            unshare_expr (reading)),
        lane_update (w, slots, lane, PLUS_EXPR, past ? none : shift), list);
}

/* W's reduction as lane 0 runs it for its warp, whose elements of the
   value start at SLOTS and which has LANES lanes: at each stage the
   lanes below D where LANE_ZERO_ONLY, else all.  In a whole warp, the
   stages one after another, each by a constant that GCC vectorizes
   with; in a warp cut short by the end of the block, a loop.  */
static tree
lane_zero_reduction (block_function *b, const warp_reduction *w, tree slots,
                     tree lanes, bool lane_zero_only)
{
  tree statements = alloc_stmt_list ();
  tree warp = build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE);
  tree lane
      = cudajit_block_local (b->entry, b->locals, "lane", unsigned_type_node);

  tree whole = alloc_stmt_list ();
  for (wide_int delta = wi::to_wide (w->first_delta); wi::gts_p (delta, 0);
       delta = wi::arshift (delta, 1))
    {
      unsigned HOST_WIDE_INT d = wi::ltu_p (delta, CUDAJIT_WARP_SIZE)
                                     ? delta.to_uhwi ()
                                     : CUDAJIT_WARP_SIZE;
      tree shift = build_int_cst (unsigned_type_node, d);
      append_reduction_stage (
          w, slots, lane, shift, lane_zero_only ? shift : warp,
          build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE - d), &whole);
    }

  /* The delta, counted apart from the kernel's variable, which the
     other lanes do not need after the loop.  */
  tree part = alloc_stmt_list ();
  tree delta = cudajit_block_local (b->entry, b->locals, "delta",
                                    TREE_TYPE (w->delta));
  append_to_statement_list (
      build2 (MODIFY_EXPR, TREE_TYPE (delta), delta, w->first_delta), &part);
  tree shift = fold_convert (unsigned_type_node, delta);
  tree stage = alloc_stmt_list ();
  append_reduction_stage (
      w, slots, lane, shift,
      lane_zero_only ? build2 (MIN_EXPR, unsigned_type_node, shift, lanes)
                     : lanes,
      build3 (
          COND_EXPR, unsigned_type_node,
          build2 (GT_EXPR, boolean_type_node, lanes, unshare_expr (shift)),
          build2 (MINUS_EXPR, unsigned_type_node, lanes, unshare_expr (shift)),
          build_zero_cst (unsigned_type_node)),
      &stage);
  append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (delta), delta,
                                    build2 (RSHIFT_EXPR, TREE_TYPE (delta),
                                            delta, integer_one_node)),
                            &stage);
  append_loop (build2 (LE_EXPR, boolean_type_node, delta,
                       build_zero_cst (TREE_TYPE (delta))),
               stage, &part);

  append_to_statement_list (
      build3 (COND_EXPR, void_type_node,
              build2 (EQ_EXPR, boolean_type_node, lanes, warp), whole, part),
      &statements);
  return statements;
}

/* LANE = COUNT; while (LANE > LAST) { LANE--; BODY }, appended to
 *LIST: the lanes from COUNT - 1 down to LAST.  */
static void
append_lane_loop_down (tree lane, tree count, tree last, tree body, tree *list)
{
  append_to_statement_list (
      build2 (MODIFY_EXPR, unsigned_type_node, lane, count), list);
  tree turn = alloc_stmt_list ();
  append_to_statement_list (
      build2 (MODIFY_EXPR, unsigned_type_node, lane,
              build2 (MINUS_EXPR, unsigned_type_node, lane,
                      build_one_cst (unsigned_type_node))),
      &turn);
  append_to_statement_list (body, &turn);
  append_loop (build2 (LE_EXPR, boolean_type_node, lane, last), turn, list);
}

/* Whether W's scan is the sum of each lane's value and those of the
   lanes before it: stages 1 to half a warp, of integers, by an
   operation that is associative and commutative in them (wrapping).  */
static bool
whole_warp_scan_p (const warp_reduction *w)
{
  unsigned HOST_WIDE_INT d = 1;
  for (unsigned HOST_WIDE_INT delta : w->deltas)
    if (delta != d)
      return false;
    else
      d *= 2;
  return d == CUDAJIT_WARP_SIZE && INTEGRAL_TYPE_P (TREE_TYPE (w->value))
         && w->code != MULT_EXPR;
}

/* W's scan as lane 0 runs it for its warp, whose elements of the value
   start at SLOTS and which has LANES lanes, whose threadIdx.x are lane
   0's and those after it where BY_X, else those that the lanes' numbers
   in the block give.  Where the kernel's lane is threadIdx.x % 32, in a
   row, the stages are loops by constants down the lanes from the delta,
   or one pass up the lanes where that is the same; elsewhere each
   stage tests each lane.  */
static tree
lane_zero_scan (block_function *b, const warp_reduction *w, tree slots,
                tree lanes, bool by_x)
{
  tree type = TREE_TYPE (w->value);
  tree statements = alloc_stmt_list ();
  tree lane
      = cudajit_block_local (b->entry, b->locals, "lane", unsigned_type_node);
  tree one = build_one_cst (unsigned_type_node);
  if (by_x && w->lane_modulus == CUDAJIT_WARP_SIZE)
    {
      if (whole_warp_scan_p (w))
        {
          /* In a whole warp, the lanes one after another, which GCC
             keeps in a register from one to the next.  */
          tree whole = alloc_stmt_list (), part = alloc_stmt_list ();
          for (int l = 1; l < CUDAJIT_WARP_SIZE; l++)
            append_to_statement_list (
                lane_update (w, slots, build_int_cst (unsigned_type_node, l),
                             MINUS_EXPR, one),
                &whole);
          append_lane_loop (lane, one, lanes,
                            lane_update (w, slots, lane, MINUS_EXPR, one),
                            &part);
          append_to_statement_list (
              build3 (COND_EXPR, void_type_node,
                      build2 (EQ_EXPR, boolean_type_node, lanes,
                              build_int_cst (unsigned_type_node,
                                             CUDAJIT_WARP_SIZE)),
                      whole, part),
              &statements);
          return statements;
        }
      for (unsigned HOST_WIDE_INT delta : w->deltas)
        if (delta < CUDAJIT_WARP_SIZE)
          {
            tree shift = build_int_cst (unsigned_type_node, delta);
            append_lane_loop_down (
                lane, lanes, shift,
                lane_update (w, slots, lane, MINUS_EXPR, shift), &statements);
          }
      return statements;
    }

  /* Each lane's threadIdx.x, and the kernel's lane of it, tested against
     each delta; the source is the lane the delta before, or the lane
     itself before the warp's first.  */
  tree x
      = by_x ? build2 (
            PLUS_EXPR, unsigned_type_node,
            fold_convert (unsigned_type_node,
                          cudajit_axis_ref (b->builtins[THREAD_INDEX], 0)),
            lane)
             : build2 (TRUNC_MOD_EXPR, unsigned_type_node,
                       build2 (PLUS_EXPR, unsigned_type_node,
                               cudajit_thread_number (b, unsigned_type_node),
                               lane),
                       cudajit_axis_ref (b->builtins[BLOCK_DIM], 0));
  if (w->lane_modulus)
    x = build2 (TRUNC_MOD_EXPR, unsigned_type_node, x,
                build_int_cst (unsigned_type_node, w->lane_modulus));
  for (unsigned HOST_WIDE_INT delta : w->deltas)
    {
      tree shift = build_int_cst (unsigned_type_node,
                                  MIN (delta, (unsigned) CUDAJIT_WARP_SIZE));
      tree source = build3 (
          COND_EXPR, unsigned_type_node,
          build2 (GE_EXPR, boolean_type_node, lane, shift),
          build2 (MINUS_EXPR, unsigned_type_node, lane, shift), lane);
      tree update = build3 (
          COND_EXPR, void_type_node,
          build2 (GE_EXPR, boolean_type_node, unshare_expr (x),
                  build_int_cst (unsigned_type_node, delta)),
          warp_operation (w, cudajit_lane_element (slots, type, lane),
                          cudajit_lane_element (slots, type, source)),
          build_empty_stmt (UNKNOWN_LOCATION));
      append_lane_loop_down (lane, lanes, build_zero_cst (unsigned_type_node),
                             update, &statements);
    }
  return statements;
}

/* Xor butterflies.  A stage of one,

     v += cuda_shfl_xor_sync (0xffffffff, v, d);

   gives lanes L and L ^ D the same value, V[L] + V[L ^ D] and
   V[L ^ D] + V[L], as the operations a butterfly may have are
   commutative, floating point's too.  So after its stages every lane has
   the value of the lane of its group (the lanes that differ from it in
   the stages' bits alone) whose bits of the stages are clear, and lane 0
   of a whole warp computes only those, each stage the lanes whose bits
   of the stages so far are clear, then copies them to the others: 31
   operations for a butterfly over the warp, rather than 160.  In a warp
   cut short by the end of the block, a lane whose partner does not
   exist reads its own value, as the cut at the shuffle has it, and the
   stages compute every lane.  */

/* W's butterfly as lane 0 runs it for its warp, whose elements of the
   value start at SLOTS and which has LANES lanes; where LANE_ZERO_ONLY,
   in a whole warp, only lane 0's.  */
static tree
lane_zero_butterfly (block_function *b, const warp_reduction *w, tree slots,
                     tree lanes, bool lane_zero_only)
{
  tree type = TREE_TYPE (w->value);
  tree lane
      = cudajit_block_local (b->entry, b->locals, "lane", unsigned_type_node);

  tree whole = alloc_stmt_list ();
  unsigned HOST_WIDE_INT bits = 0;
  for (unsigned HOST_WIDE_INT delta : w->deltas)
    {
      bits |= delta;
      for (unsigned HOST_WIDE_INT l = 0; l < CUDAJIT_WARP_SIZE; l++)
        if (!(l & bits))
          append_to_statement_list (
              lane_update (w, slots, build_int_cst (unsigned_type_node, l),
                           PLUS_EXPR,
                           build_int_cst (unsigned_type_node, delta)),
              &whole);
    }
  if (!lane_zero_only)
    append_lane_loop (
        lane, build_zero_cst (unsigned_type_node),
        build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE),
        build2 (MODIFY_EXPR, type, cudajit_lane_element (slots, type, lane),
                cudajit_lane_element (
                    slots, type,
                    build2 (BIT_AND_EXPR, unsigned_type_node, lane,
                            build_int_cst (unsigned_type_node, ~bits)))),
        &whole);

  tree part = alloc_stmt_list ();
  tree own = cudajit_block_local (b->entry, b->locals, "own", type);
  for (unsigned HOST_WIDE_INT delta : w->deltas)
    {
      tree d = build_int_cst (unsigned_type_node, delta);
      tree partner = build2 (BIT_IOR_EXPR, unsigned_type_node, lane, d);
      tree both = alloc_stmt_list ();
      append_to_statement_list (
          build2 (MODIFY_EXPR, type, own,
                  cudajit_lane_element (slots, type, lane)),
          &both);
      append_to_statement_list (lane_update (w, slots, lane, PLUS_EXPR, d),
                                &both);
      append_to_statement_list (
          warp_operation (w, cudajit_lane_element (slots, type, partner), own),
          &both);
      tree pair = build3 (
          COND_EXPR, void_type_node,
          build2 (LT_EXPR, boolean_type_node, unshare_expr (partner), lanes),
          both,
          lane_update (w, slots, lane, PLUS_EXPR,
                       build_zero_cst (unsigned_type_node)));
      append_lane_loop (
          lane, build_zero_cst (unsigned_type_node), lanes,
          build3 (COND_EXPR, void_type_node,
                  build2 (EQ_EXPR, boolean_type_node,
                          build2 (BIT_AND_EXPR, unsigned_type_node, lane, d),
                          build_zero_cst (unsigned_type_node)),
                  pair, build_empty_stmt (UNKNOWN_LOCATION)),
          &part);
    }

  return build3 (
      COND_EXPR, void_type_node,
      build2 (EQ_EXPR, boolean_type_node, lanes,
              build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE)),
      whole, part);
}

/* W's loop as lane 0 runs it for its warp, whose elements of the value
   start at SLOTS, where BY_X the lanes being threadIdx.x % 32 in a row:
   for a reduction, only the lanes that lane 0's result needs where
   LANE_ZERO_ONLY.  */
static tree
lane_zero_loop (block_function *b, const warp_reduction *w, tree slots,
                bool by_x, bool lane_zero_only)
{
  tree statements = alloc_stmt_list ();
  tree lanes = cudajit_block_local (b->entry, b->locals, "warp_lanes",
                                    unsigned_type_node);
  append_to_statement_list (
      build2 (MODIFY_EXPR, unsigned_type_node, lanes,
              cudajit_warp_lane_count (
                  b, cudajit_thread_number (b, unsigned_type_node))),
      &statements);
  /* The address of lane 0's element, computed once: the fission makes
     each use of SLOTS the context array plus lane 0's number.  */
  tree values = cudajit_block_local (b->entry, b->locals, "warp_values",
                                     TREE_TYPE (slots));
  append_to_statement_list (
      build2 (MODIFY_EXPR, TREE_TYPE (values), values, slots), &statements);
  append_to_statement_list (
      w->kind == WARP_SCAN ? lane_zero_scan (b, w, values, lanes, by_x)
      : w->kind == WARP_BUTTERFLY
          ? lane_zero_butterfly (b, w, values, lanes, lane_zero_only && by_x)
          : lane_zero_reduction (b, w, values, lanes, lane_zero_only && by_x),
      &statements);
  return statements;
}

void
cudajit_lane_paths (block_function *b, tree *by_x, tree *otherwise)
{
  tree dim = b->builtins[BLOCK_DIM];
  tree unit = build_one_cst (unsigned_type_node);
  tree none = build_zero_cst (unsigned_type_node);
  /* With bitwise operators, which the loops' bounds take as the same
     for every thread, as they do not &&.  */
  tree rows = build2 (MULT_EXPR, unsigned_type_node, cudajit_axis_ref (dim, 1),
                      cudajit_axis_ref (dim, 2));
  tree past_warps
      = build2 (BIT_AND_EXPR, unsigned_type_node, cudajit_axis_ref (dim, 0),
                build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE - 1));
  tree whole_rows
      = build2 (BIT_IOR_EXPR, boolean_type_node,
                build2 (EQ_EXPR, boolean_type_node, rows, unit),
                build2 (EQ_EXPR, boolean_type_node, past_warps, none));
  tree x_lane_zero = build2 (
      EQ_EXPR, boolean_type_node,
      build2 (BIT_AND_EXPR, unsigned_type_node,
              fold_convert (unsigned_type_node,
                            cudajit_axis_ref (b->builtins[THREAD_INDEX], 0)),
              build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE - 1)),
      build_zero_cst (unsigned_type_node));
  *by_x
      = build2 (TRUTH_ANDIF_EXPR, boolean_type_node, whole_rows, x_lane_zero);
  *otherwise = build2 (
      BIT_AND_EXPR, boolean_type_node,
      build2 (NE_EXPR, boolean_type_node, unshare_expr (rows), unit),
      build2 (NE_EXPR, boolean_type_node, unshare_expr (past_warps), none));
}

bool
cudajit_cut_warp_loop (block_function *b, tree *t, tree root, tree barrier)
{
  warp_reduction w;
  if (!warp_reduction_p (*t, root, &w) && !warp_scan_p (*t, root, &w)
      && !warp_butterfly_p (*t, root, &w))
    return false;
  later_reads r;
  walk_later_reads (root, w.loop, w.value, w.delta, &r);
  if (r.delta_read || r.jump)
    return false;

  tree value_type = TREE_TYPE (w.value);
  tree slots = cudajit_block_local (b->entry, b->locals, "lane0",
                                    build_pointer_type (value_type));
  b->lane_slots.put (slots, w.value);
  b->barrier_scope_variables.add (w.value);
  b->lane_values.add (w.value);
  b->warp_cuts = true;

  tree lanes_by_x, lanes_otherwise;
  cudajit_lane_paths (b, &lanes_by_x, &lanes_otherwise);
  tree number_lane_zero
      = build2 (EQ_EXPR, boolean_type_node, cudajit_thread_lane (b),
                build_zero_cst (unsigned_type_node));

  tree lane_zero = alloc_stmt_list ();
  append_to_statement_list (
      build3 (COND_EXPR, void_type_node, lanes_by_x,
              lane_zero_loop (b, &w, slots, true, !r.value_read),
              build_empty_stmt (UNKNOWN_LOCATION)),
      &lane_zero);
  append_to_statement_list (
      build3 (COND_EXPR, void_type_node,
              build2 (TRUTH_ANDIF_EXPR, boolean_type_node, lanes_otherwise,
                      number_lane_zero),
              lane_zero_loop (b, &w, slots, false, false),
              build_empty_stmt (UNKNOWN_LOCATION)),
      &lane_zero);
  /* In a branch that a warp takes whole, only its warps need the loop.  */
  if (b->warp_branch_guard)
    lane_zero = build3 (COND_EXPR, void_type_node,
                        unshare_expr (b->warp_branch_guard), lane_zero,
                        build_empty_stmt (UNKNOWN_LOCATION));
  tree statements = alloc_stmt_list ();
  append_to_statement_list (build_call_expr (barrier, 0), &statements);
  append_to_statement_list (lane_zero, &statements);
  *t = statements;
  return true;
}
