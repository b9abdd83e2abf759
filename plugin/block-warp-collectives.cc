/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fission at warp functions, for a kernel's block function
   (block-function.cc): the hierarchical collapsing of COX (Han et al.,
   2022) and CuPBoP.  A shuffle, a vote or cuda_syncwarp that every thread
   of the block reaches alike, with the whole warp's mask, becomes a
   barrier at which block-barrier-fission.cc cuts the block function:
   before it each thread puts the values of the call's arguments in
   variables of its own, which the fission keeps in arrays of one element
   a thread; after it, each thread reads what the call returns from its
   warp's elements, a shuffle the element of its source lane (by a
   delta: its own and the source's, and a choice, which GCC vectorizes),
   a vote those of all its lanes, once a warp.  A shuffle down's value,
   where the statement or the next sets it, needs no such copy: its
   lanes read it in place.  So a warp's lanes exchange values with no fibers
   and no switches between them.

   Where the threads of a warp may not all reach the call (a condition
   that may differ between them, which the fission refuses), where the
   mask is not the constant of the whole warp, or where the statement
   does more than the call that its order might show, the threads run as
   fibers, as before.  */

#include "block-function.h"
#include "calls.h"

/* The mask of all the lanes of a warp.  */
#define FULL_WARP_MASK ((HOST_WIDE_INT_1U << CUDAJIT_WARP_SIZE) - 1)

/* The arguments of a warp function: the mask, then the value that the
   lanes exchange.  */
enum
{
  MASK_ARGUMENT,
  VALUE_ARGUMENT
};

/* The warp functions found in a statement, for count_calls.  */
struct warp_calls
{
  int count;
  tree *first;
};

static tree
count_calls (tree *tp, int *walk_subtrees, void *data)
{
  warp_calls *calls = (warp_calls *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == CALL_EXPR && get_callee_fndecl (*tp)
           && cudajit_warp_fission_call_p (get_callee_fndecl (*tp)))
    if (calls->count++ == 0)
      calls->first = tp;
  return NULL_TREE;
}

static bool
contains_warp_call_p (tree t)
{
  return cudajit_calls_p (t, cudajit_warp_fission_call_p) != NULL_TREE;
}

static tree
find_tree (tree *tp, int *, void *data)
{
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* Something of T, other than CALL (DATA), that has an effect of its own
   or that evaluates CALL on a condition: computed before the statement,
   CALL's arguments would see it otherwise than the statement shows.  */
static tree
find_other_effect (tree *tp, int *walk_subtrees, void *data)
{
  tree call = (tree) data;
  if (*tp == call || TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (*tp))
    {
    case COND_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      /* CALL may be in the operand that is always evaluated.  */
      for (int i = 1; i < TREE_OPERAND_LENGTH (*tp); i++)
        if (walk_tree_without_duplicates (&TREE_OPERAND (*tp, i), find_tree,
                                          call))
          return *tp;
      return NULL_TREE;
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case STATEMENT_LIST:
    case BIND_EXPR:
    case ASM_EXPR:
      return *tp;
    case CALL_EXPR:
      return call_expr_flags (*tp) & (ECF_CONST | ECF_PURE) ? NULL_TREE : *tp;
    default:
      return TREE_THIS_VOLATILE (*tp) ? *tp : NULL_TREE;
    }
}

/* The part of statement S that may compute its warp function CALL: a
   declaration's initializer, an assignment's value and target, or S.  */
static tree *
computation (tree *s)
{
  if (TREE_CODE (*s) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*s)))
    return &DECL_INITIAL (DECL_EXPR_DECL (*s));
  return s;
}

/* Whether statement S computes CALL alone, in the order in which the
   cut computes it: its arguments first, then the rest of S.  S may store
   the result, and a compound assignment saves CALL's value first.  */
static bool
cuttable_statement_p (tree s, tree call)
{
  switch (TREE_CODE (s))
    {
    case COMPOUND_EXPR:
      return !walk_tree_without_duplicates (&TREE_OPERAND (s, 0),
                                            find_other_effect, call)
             && cuttable_statement_p (TREE_OPERAND (s, 1), call);
    case MODIFY_EXPR:
    case INIT_EXPR:
      return !walk_tree_without_duplicates (&TREE_OPERAND (s, 0),
                                            find_other_effect, call)
             && !walk_tree_without_duplicates (&TREE_OPERAND (s, 1),
                                               find_other_effect, call);
    case DECL_EXPR:
    case CALL_EXPR:
    case NOP_EXPR:
    case CONVERT_EXPR:
      return !walk_tree_without_duplicates (computation (&s),
                                            find_other_effect, call);
    default:
      /* A switch, say, whose cases would not all run it.  */
      return false;
    }
}

/* A variable of the thread, of TYPE, that lives across the cut.  */
static tree
thread_variable (block_function *b, tree type)
{
  tree var = cudajit_block_local (b->entry, b->locals, "lanes", type);
  b->barrier_scope_variables.add (var);
  return var;
}

/* Whether the lanes of a cuda_shfl_down_sync (API) in statement S may
   read ARGUMENT, its value, in place, with no copy of it before the cut
   and so no pass over the threads to make one: a variable of the thread
   that S or FOLLOWING, the statement after it, sets
   (v += cuda_shfl_down_sync (0xffffffff, v, d), or
   t = cuda_shfl_down_sync (0xffffffff, v, d); if (c) v += t;), and so no
   value the same for every thread.  The loop over the threads after the
   cut runs S first in each thread, and the threads in ascending order,
   so a lane reads its own element and one a delta after it, which no
   thread before it has set yet.  A shuffle up would read one already
   set.  */
static bool
in_place_lane_value_p (const device_api *api, tree s, tree following,
                       tree argument)
{
  if (api != &cudajit_device_apis[DEVICE_API_SHFL_DOWN_SYNC]
      || !VAR_P (argument) || TREE_STATIC (argument)
      || DECL_EXTERNAL (argument) || TREE_ADDRESSABLE (argument)
      || TREE_THIS_VOLATILE (argument))
    return false;
  return walk_tree_without_duplicates (computation (&s), cudajit_find_write,
                                       argument)
         || (following
             && walk_tree_without_duplicates (&following, cudajit_find_write,
                                              argument));
}

/* The function of cudajit.h that computes what the warp function CALLEE
   returns from its lanes' values, "cudajit_" STEM SUFFIX where CALLEE's
   row is cuda_STEM.  */
static tree
lanes_function (const device_api *api, const char *suffix)
{
  char *name = concat ("cudajit_", api->name + strlen ("cuda_"), suffix, NULL);
  tree fn = cudajit_header_function (name);
  free (name);
  return fn;
}

/* The thread's number in the block, and its lane, unsigned ints: the
   block has at most 1024 threads, and GCC vectorizes the work-item loops
   better in the width of threadIdx.x than in size_t's.  */
static tree
thread_number (block_function *b)
{
  return cudajit_thread_number (b, unsigned_type_node);
}

static tree
thread_lane (block_function *b)
{
  return build2 (BIT_AND_EXPR, unsigned_type_node, thread_number (b),
                 build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE - 1));
}

/* The element of lane INDEX, a size_t or an unsigned int, of the values
   of TYPE whose lane 0 is at SLOTS.  */
static tree
lane_element (tree slots, tree type, tree index)
{
  tree offset = build2 (MULT_EXPR, sizetype, fold_convert (sizetype, index),
                        TYPE_SIZE_UNIT (type));
  return build_simple_mem_ref (fold_build_pointer_plus (slots, offset));
}

/* Whether A < B - SHIFT, ints, with B - SHIFT the same for every
   thread, computed once.  */
static tree
below_by (tree a, tree b, tree shift)
{
  return build2 (LT_EXPR, boolean_type_node, a,
                 build2 (MINUS_EXPR, integer_type_node, b, shift));
}

/* What cuda_shfl_down_sync or cuda_shfl_up_sync (API) returns after the
   cut, with DELTA and WIDTH its arguments, the values of TYPE of the
   thread's warp at SLOTS; NULL_TREE for another API.

   Such a shuffle reads the lane DELTA after the caller's or before it,
   or the caller's own element: both are read, whichever is used, so that
   GCC's vectorizer sees two reads at a fixed distance from the thread's
   own and a choice between them, not a read through an index that varies
   by lane.  The distance is at most a warp, which past the ends of the
   block's threads their context array has room for
   (CUDAJIT_LANE_PADDING).  The choice is cudajit_shfl_OP_source's and
   cudajit_warp_slot's, in the thread's number and lane, without the
   branches that would keep GCC from vectorizing it.  */
static tree
shifted_lane_read (block_function *b, const device_api *api, tree slots,
                   tree type, tree delta, tree width)
{
  bool down = api == &cudajit_device_apis[DEVICE_API_SHFL_DOWN_SYNC];
  if (!down && api != &cudajit_device_apis[DEVICE_API_SHFL_UP_SYNC])
    return NULL_TREE;
  tree warp = build_int_cst (integer_type_node, CUDAJIT_WARP_SIZE);
  tree shift = fold_convert (
      integer_type_node,
      build2 (MIN_EXPR, unsigned_type_node,
              fold_convert (unsigned_type_node, delta),
              build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE)));
  width = fold_convert (integer_type_node, width);
  tree lane = fold_convert (integer_type_node, thread_lane (b));
  tree in_group = build2 (
      BIT_AND_EXPR, integer_type_node, lane,
      build2 (MINUS_EXPR, integer_type_node, width, integer_one_node));
  tree in_warp;
  if (down)
    /* Past the caller's group, its warp or the block's threads, the
       caller's own: a whole warp's shift is past the warp.  */
    in_warp = build2 (
        TRUTH_AND_EXPR, boolean_type_node,
        build2 (TRUTH_AND_EXPR, boolean_type_node,
                below_by (in_group, width, shift),
                below_by (lane, warp, shift)),
        below_by (fold_convert (integer_type_node, thread_number (b)),
                  fold_convert (integer_type_node, cudajit_block_threads (b)),
                  shift));
  else
    in_warp = build2 (GE_EXPR, boolean_type_node, in_group, shift);
  tree offset = fold_convert (
      sizetype, down ? shift : build1 (NEGATE_EXPR, integer_type_node, shift));
  /* The lane as the offset from the warp's first thread in
     cudajit_warp_first's terms, which GCC folds into the thread's own
     element: a place that moves with the loop's counter.  */
  tree lane_offset
      = build2 (BIT_AND_EXPR, sizetype, cudajit_thread_number (b, sizetype),
                size_int (CUDAJIT_WARP_SIZE - 1));
  tree own = save_expr (lane_element (slots, type, lane_offset));
  tree other = save_expr (lane_element (
      slots, type, build2 (PLUS_EXPR, sizetype, lane_offset, offset)));
  return build2 (COMPOUND_EXPR, type, own,
                 build2 (COMPOUND_EXPR, type, other,
                         build3 (COND_EXPR, type, in_warp, other, own)));
}

/* What CALL, a warp function, returns after the cut, from the values in
   SAVED of its arguments after the mask, the value being a lane value.  */
static tree
result_after_cut (block_function *b, tree call, const device_api *api,
                  const vec<tree> &saved)
{
  tree lane = thread_lane (b);
  /* The lanes of the warp: the threads from the warp's first, at most
     a warp.  */
  tree lanes = build2 (
      MIN_EXPR, unsigned_type_node,
      build2 (MINUS_EXPR, unsigned_type_node,
              fold_convert (unsigned_type_node, cudajit_block_threads (b)),
              build2 (MINUS_EXPR, unsigned_type_node, thread_number (b),
                      thread_lane (b))),
      build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE));
  tree value = saved[0];
  tree slot_type = build_pointer_type (TREE_TYPE (value));
  tree slots = cudajit_block_local (b->entry, b->locals, "lane0", slot_type);
  b->lane_slots.put (slots, value);
  if (api->kind == DA_WARP_VOTE)
    {
      tree votes = lanes_function (api, "_lanes");
      if (!votes)
        return NULL_TREE;
      /* The same for every lane: computed by lane 0, which the loop over
         the threads reaches first of its warp (the region after the cut
         starts with this statement, which no guard turned into the
         loop's bounds), and kept for the others.  */
      tree vote = build_call_expr (votes, 2, slots, lanes);
      tree computed = cudajit_block_local (b->entry, b->locals, "warp_vote",
                                           TREE_TYPE (vote));
      tree first_lane = build2 (EQ_EXPR, boolean_type_node, lane,
                                build_zero_cst (TREE_TYPE (lane)));
      return fold_convert (
          TREE_TYPE (call),
          build3 (COND_EXPR, TREE_TYPE (vote), first_lane,
                  build2 (MODIFY_EXPR, TREE_TYPE (vote), computed, vote),
                  computed));
    }
  if (tree shifted = shifted_lane_read (b, api, slots, TREE_TYPE (value),
                                        saved[1], saved[2]))
    return shifted;
  /* cudajit_shfl_OP_source (lane, arg, width), the source lane.  */
  tree source = lanes_function (api, "_source");
  tree slot = cudajit_header_function ("cudajit_warp_slot");
  if (!source || !slot)
    return NULL_TREE;
  tree source_lane = build_call_expr (
      source, 3, fold_convert (integer_type_node, lane), saved[1], saved[2]);
  return lane_element (slots, TREE_TYPE (value),
                       build_call_expr (slot, 3, source_lane, lane, lanes));
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

/* The loop and what it reduces.  */
struct warp_reduction
{
  tree loop;
  /* The value, the delta, and the operation, with CALL_FIRST where the
     shuffle is its first operand.  */
  tree value;
  tree delta;
  enum tree_code code;
  bool call_first;
  /* The delta's first value, where the kernel declares it.  */
  tree first_delta;
};

static tree
without_conversions (tree t)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t)))
    t = TREE_OPERAND (t, 0);
  return t;
}

static bool
plain_local_p (const_tree t)
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

/* Whether E is 0 in lane 0 of a warp alone, where a warp's lanes are
   threadIdx.x % 32: threadIdx.x, threadIdx.x % C or threadIdx.x & (C -
   1) for C a multiple of a warp, or a variable that BODY sets to one of
   those where it declares it, and nowhere else.  */
static bool
lane_zero_value_p (tree e, tree body)
{
  e = without_conversions (e);
  if (plain_local_p (e) && DECL_INITIAL (e)
      && !walk_tree_without_duplicates (&body, cudajit_find_write, e))
    e = without_conversions (DECL_INITIAL (e));
  if (kernel_thread_x_p (e))
    return true;
  if ((TREE_CODE (e) != BIT_AND_EXPR && TREE_CODE (e) != TRUNC_MOD_EXPR)
      || !kernel_thread_x_p (TREE_OPERAND (e, 0))
      || !tree_fits_uhwi_p (TREE_OPERAND (e, 1)))
    return false;
  unsigned HOST_WIDE_INT multiple = tree_to_uhwi (TREE_OPERAND (e, 1));
  if (TREE_CODE (e) == BIT_AND_EXPR)
    {
      if (!pow2p_hwi (multiple + 1))
        return false;
      multiple++;
    }
  return multiple > 0 && multiple % CUDAJIT_WARP_SIZE == 0;
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

/* What is read of a reduction's value and delta after its loop, for
   find_later_reads.  */
struct later_reads
{
  const warp_reduction *w;
  tree body;
  bool passed;
  bool in_lane_zero;
  /* A read of the value outside code that lane 0 alone runs; a read of
     the delta; a jump, which may run the loop again.  */
  bool value_read;
  bool delta_read;
  bool jump;
};

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
  if (t == r->w->loop)
    {
      r->passed = true;
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (!r->passed)
    return NULL_TREE;
  /* A declaration's value is computed where the declaration is, not
     where its scope begins, which walk_tree walks it at.  */
  if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t)))
    walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (t)), find_later_reads, r, NULL);
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
  if (t == r->w->value && !r->in_lane_zero)
    r->value_read = true;
  if (t == r->w->delta)
    r->delta_read = true;
  return NULL_TREE;
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
  if (TREE_CODE (loop) != FOR_STMT
      || (FOR_INIT_STMT (loop)
          && !(TREE_CODE (FOR_INIT_STMT (loop)) == STATEMENT_LIST
               && tsi_end_p (tsi_start (FOR_INIT_STMT (loop)))))
      || !FOR_COND (loop) || !FOR_EXPR (loop) || !FOR_BODY (loop))
    return false;
  w->loop = loop;
  tree cond = FOR_COND (loop), step = FOR_EXPR (loop);
  w->delta = TREE_OPERAND (step, 0);
  if (!(TREE_CODE (cond) == GT_EXPR && integer_zerop (TREE_OPERAND (cond, 1)))
      && !(TREE_CODE (cond) == GE_EXPR
           && integer_onep (TREE_OPERAND (cond, 1))))
    return false;
  if (TREE_CODE (step) != MODIFY_EXPR || !plain_local_p (w->delta)
      || !INTEGRAL_TYPE_P (TREE_TYPE (w->delta))
      || TREE_OPERAND (cond, 0) != w->delta || !DECL_INITIAL (w->delta)
      || TREE_CODE (DECL_INITIAL (w->delta)) != INTEGER_CST
      || walk_tree_without_duplicates (&root, find_write_but, step))
    return false;
  w->first_delta = DECL_INITIAL (w->delta);
  tree halved = TREE_OPERAND (step, 1);
  if (!((TREE_CODE (halved) == TRUNC_DIV_EXPR
         && tree_fits_uhwi_p (TREE_OPERAND (halved, 1))
         && tree_to_uhwi (TREE_OPERAND (halved, 1)) == 2)
        || (TREE_CODE (halved) == RSHIFT_EXPR
            && integer_onep (TREE_OPERAND (halved, 1))))
      || TREE_OPERAND (halved, 0) != w->delta)
    return false;

  tree *slot = cudajit_inner_statement (&FOR_BODY (loop), false);
  if (!slot)
    return false;
  tree s = *slot;
  /* v += call: the C front end saves the call first.  */
  if (TREE_CODE (s) == COMPOUND_EXPR
      && TREE_CODE (TREE_OPERAND (s, 0)) == SAVE_EXPR)
    s = TREE_OPERAND (s, 1);
  if (TREE_CODE (s) != MODIFY_EXPR)
    return false;
  w->value = TREE_OPERAND (s, 0);
  tree operation = TREE_OPERAND (s, 1);
  w->code = TREE_CODE (operation);
  if (!plain_local_p (w->value)
      || (w->code != PLUS_EXPR && w->code != MULT_EXPR
          && w->code != BIT_IOR_EXPR && w->code != BIT_AND_EXPR
          && w->code != BIT_XOR_EXPR))
    return false;
  tree call = TREE_OPERAND (operation, 0), own = TREE_OPERAND (operation, 1);
  if (TREE_CODE (call) == SAVE_EXPR)
    call = TREE_OPERAND (call, 0);
  w->call_first = TREE_CODE (call) == CALL_EXPR;
  if (!w->call_first)
    {
      std::swap (call, own);
      if (TREE_CODE (call) == SAVE_EXPR)
        call = TREE_OPERAND (call, 0);
    }
  tree type = TREE_TYPE (w->value);
  if (own != w->value || TREE_CODE (call) != CALL_EXPR
      || !get_callee_fndecl (call)
      || cudajit_device_api (get_callee_fndecl (call))
             != &cudajit_device_apis[DEVICE_API_SHFL_DOWN_SYNC]
      || call_expr_nargs (call) != 4
      || TYPE_MAIN_VARIANT (TREE_TYPE (call)) != TYPE_MAIN_VARIANT (type)
      || TYPE_MAIN_VARIANT (TREE_TYPE (operation)) != TYPE_MAIN_VARIANT (type))
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
 *LIST.  */
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
  append_loop (build2 (GE_EXPR, boolean_type_node, lane, limit), turn, list);
}

/* A stage of W's loop, by SHIFT lanes, appended to *LIST: LANE, from 0
   to LIMIT, reads the element SHIFT lanes after its own below READING,
   its own past it, so that neither loop chooses.  */
static void
append_reduction_stage (const warp_reduction *w, tree slots, tree lane,
                        tree shift, tree limit, tree reading, tree *list)
{
  tree type = TREE_TYPE (w->value);
  for (int past = 0; past < 2; past++)
    {
      tree own = lane_element (slots, type, lane);
      tree other = past ? unshare_expr (own)
                        : lane_element (slots, type,
                                        build2 (PLUS_EXPR, unsigned_type_node,
                                                lane, unshare_expr (shift)));
      tree value = w->call_first
                       ? build2 (w->code, type, other, unshare_expr (own))
                       : build2 (w->code, type, unshare_expr (own), other);
      append_lane_loop (
          lane, past ? lane : build_zero_cst (unsigned_type_node),
          past ? unshare_expr (limit)
               : fold_build2 (MIN_EXPR, unsigned_type_node,
                              unshare_expr (limit), unshare_expr (reading)),
          build2 (MODIFY_EXPR, type, own, value), list);
    }
}

/* W's loop as lane 0 runs it for its warp, whose elements of the value
   start at SLOTS: at each stage the lanes below D where LANE_ZERO_ONLY,
   else all.  In a whole warp, the stages one after another, each by a
   constant that GCC vectorizes with; in a warp cut short by the end of
   the block, a loop.  */
static tree
lane_zero_reduction (block_function *b, const warp_reduction *w, tree slots,
                     bool lane_zero_only)
{
  tree statements = alloc_stmt_list ();
  /* The warp's lanes: the threads from lane 0's, at most a warp.  */
  tree lanes = cudajit_block_local (b->entry, b->locals, "warp_lanes",
                                    unsigned_type_node);
  tree warp = build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE);
  append_to_statement_list (
      build2 (MODIFY_EXPR, unsigned_type_node, lanes,
              build2 (MIN_EXPR, unsigned_type_node,
                      build2 (MINUS_EXPR, unsigned_type_node,
                              fold_convert (unsigned_type_node,
                                            cudajit_block_threads (b)),
                              thread_number (b)),
                      warp)),
      &statements);
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

/* If *T, a statement of the kernel's body ROOT outside any loop or
   conditional, is a warp reduction, cut once before it, run by lane 0
   of each warp; whether it is.  */
static bool
cut_warp_reduction (block_function *b, tree *t, tree root, tree barrier)
{
  warp_reduction w;
  if (!warp_reduction_p (*t, root, &w))
    return false;
  later_reads r = { &w, root, false, false, false, false, false };
  walk_tree (&root, find_later_reads, &r, NULL);
  if (r.delta_read || r.jump)
    return false;

  tree value_type = TREE_TYPE (w.value);
  tree slots = cudajit_block_local (b->entry, b->locals, "lane0",
                                    build_pointer_type (value_type));
  b->lane_slots.put (slots, w.value);
  b->barrier_scope_variables.add (w.value);
  b->lane_values.add (w.value);
  b->warp_cuts = true;

  /* Where the lanes are threadIdx.x % 32, as the test after the loop
     takes them (a block of one row, or rows of whole warps), lane 0 is
     the thread whose x is a multiple of a warp, a step of the loop over
     x; elsewhere, the one whose number in the block is.  */
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
  tree lanes_by_x
      = build2 (BIT_IOR_EXPR, boolean_type_node,
                build2 (EQ_EXPR, boolean_type_node, rows, unit),
                build2 (EQ_EXPR, boolean_type_node, past_warps, none));
  tree lanes_otherwise = build2 (
      BIT_AND_EXPR, boolean_type_node,
      build2 (NE_EXPR, boolean_type_node, unshare_expr (rows), unit),
      build2 (NE_EXPR, boolean_type_node, unshare_expr (past_warps), none));
  tree x_lane_zero = build2 (
      EQ_EXPR, boolean_type_node,
      build2 (BIT_AND_EXPR, unsigned_type_node,
              fold_convert (unsigned_type_node,
                            cudajit_axis_ref (b->builtins[THREAD_INDEX], 0)),
              build_int_cst (unsigned_type_node, CUDAJIT_WARP_SIZE - 1)),
      build_zero_cst (unsigned_type_node));
  tree number_lane_zero = build2 (EQ_EXPR, boolean_type_node, thread_lane (b),
                                  build_zero_cst (unsigned_type_node));

  tree statements = alloc_stmt_list ();
  append_to_statement_list (build_call_expr (barrier, 0), &statements);
  append_to_statement_list (
      build3 (COND_EXPR, void_type_node,
              build2 (TRUTH_ANDIF_EXPR, boolean_type_node, lanes_by_x,
                      x_lane_zero),
              lane_zero_reduction (b, &w, slots, !r.value_read),
              build_empty_stmt (UNKNOWN_LOCATION)),
      &statements);
  append_to_statement_list (
      build3 (COND_EXPR, void_type_node,
              build2 (TRUTH_ANDIF_EXPR, boolean_type_node, lanes_otherwise,
                      number_lane_zero),
              lane_zero_reduction (b, &w, slots, false),
              build_empty_stmt (UNKNOWN_LOCATION)),
      &statements);
  *t = statements;
  return true;
}

/* *S, a statement that calls the warp function CALL, at *CALL_SLOT, run
   as: its arguments saved, a barrier, and *S with CALL's result computed
   from the values saved.  */
static void
cut_statement (block_function *b, tree *s, tree following, tree *call_slot,
               tree barrier)
{
  tree call = *call_slot;
  const device_api *api = cudajit_device_api (get_callee_fndecl (call));
  tree mask = fold (CALL_EXPR_ARG (call, MASK_ARGUMENT));
  if (!tree_fits_uhwi_p (mask) || tree_to_uhwi (mask) != FULL_WARP_MASK)
    {
      cudajit_refuse_loops (b, call,
                            "a warp function's mask is not the constant of "
                            "the whole warp, 0xffffffff");
      return;
    }
  /* cuda_syncwarp becomes the barrier, and has no result for the rest of
     a statement.  */
  if (api->kind == DA_BARRIER ? *s != call : !cuttable_statement_p (*s, call))
    {
      cudajit_refuse_loops (b, call,
                            "a warp function is called in a statement that "
                            "does more than compute its result and store it");
      return;
    }
  tree statements = alloc_stmt_list ();
  auto_vec<tree> saved;
  for (int i = VALUE_ARGUMENT; i < call_expr_nargs (call); i++)
    {
      tree argument = CALL_EXPR_ARG (call, i);
      if (TREE_SIDE_EFFECTS (argument))
        {
          cudajit_refuse_loops (b, argument,
                                "a warp function's argument has side effects");
          return;
        }
      /* A vote's predicate as the lane's bit, which cudajit.h's
         cudajit_STEM_lanes gathers in a loop that GCC can vectorize.  */
      if (i == VALUE_ARGUMENT && api->kind == DA_WARP_VOTE)
        argument = build2 (
            LSHIFT_EXPR, unsigned_type_node,
            fold_convert (unsigned_type_node,
                          build2 (NE_EXPR, integer_type_node, argument,
                                  build_zero_cst (TREE_TYPE (argument)))),
            thread_lane (b));
      if (i == VALUE_ARGUMENT
          && in_place_lane_value_p (api, *s, following, argument))
        {
          b->barrier_scope_variables.add (argument);
          b->lane_values.add (argument);
          saved.safe_push (argument);
          continue;
        }
      tree var = thread_variable (b, TREE_TYPE (argument));
      if (i == VALUE_ARGUMENT)
        b->lane_values.add (var);
      append_to_statement_list (
          build2 (MODIFY_EXPR, TREE_TYPE (var), var, argument), &statements);
      saved.safe_push (var);
    }
  append_to_statement_list (build_call_expr (barrier, 0), &statements);
  b->warp_cuts = true;
  if (api->kind != DA_BARRIER)
    {
      tree result = result_after_cut (b, call, api, saved);
      if (!result)
        {
          cudajit_refuse_loops (b, call,
                                "cudajit.h lacks what the block function "
                                "computes a warp function with");
          return;
        }
      *call_slot = result;
      append_to_statement_list (*s, &statements);
    }
  *s = statements;
}

/* Each statement of *T that calls a warp function, cut there; loops and
   conditionals around it are the fission's to judge.  FOLLOWING is the
   statement after *T in its list, or NULL_TREE; TOP_LEVEL, whether *T
   is in no loop or conditional of ROOT, the kernel's body.  */
static void
cut_statements (block_function *b, tree *t, tree following, tree barrier,
                tree root, bool top_level)
{
  if (b->refusal || !contains_warp_call_p (*t))
    return;
  switch (TREE_CODE (*t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (*t); !tsi_end_p (i);)
        {
          tree_stmt_iterator next = i;
          tsi_next (&next);
          cut_statements (b, tsi_stmt_ptr (i),
                          tsi_end_p (next) ? NULL_TREE : tsi_stmt (next),
                          barrier, root, top_level);
          /* A statement cut becomes statements of this list, so that
             the fission runs those after the cut with the statements that
             follow it, in one loop over the threads.  */
          if (TREE_CODE (tsi_stmt (i)) == STATEMENT_LIST)
            {
              tsi_link_before (&i, tsi_stmt (i), TSI_SAME_STMT);
              tsi_delink (&i);
            }
          else
            tsi_next (&i);
        }
      return;
    case BIND_EXPR:
      cut_statements (b, &BIND_EXPR_BODY (*t), NULL_TREE, barrier, root,
                      top_level);
      return;
    case COND_EXPR:
      cut_statements (b, &COND_EXPR_THEN (*t), NULL_TREE, barrier, root,
                      false);
      cut_statements (b, &COND_EXPR_ELSE (*t), NULL_TREE, barrier, root,
                      false);
      if (contains_warp_call_p (COND_EXPR_COND (*t)))
        {
          /* if (C) ... as V = C; if (V) ..., V = C cut.  */
          tree cond = COND_EXPR_COND (*t);
          tree value = thread_variable (b, TREE_TYPE (cond));
          tree statements = alloc_stmt_list ();
          append_to_statement_list (
              build2 (MODIFY_EXPR, TREE_TYPE (value), value, cond),
              &statements);
          tree *set = tsi_stmt_ptr (tsi_last (statements));
          COND_EXPR_COND (*t) = value;
          append_to_statement_list (*t, &statements);
          *t = statements;
          cut_statements (b, set, NULL_TREE, barrier, root, false);
        }
      return;
    case FOR_STMT:
      if (top_level && cut_warp_reduction (b, t, root, barrier))
        return;
      if (contains_warp_call_p (FOR_COND (*t))
          || contains_warp_call_p (FOR_EXPR (*t)))
        break;
      cut_statements (b, &FOR_INIT_STMT (*t), NULL_TREE, barrier, root, false);
      cut_statements (b, &FOR_BODY (*t), NULL_TREE, barrier, root, false);
      return;
    case WHILE_STMT:
      if (contains_warp_call_p (WHILE_COND (*t)))
        break;
      cut_statements (b, &WHILE_BODY (*t), NULL_TREE, barrier, root, false);
      return;
    case DO_STMT:
      if (contains_warp_call_p (DO_COND (*t)))
        break;
      cut_statements (b, &DO_BODY (*t), NULL_TREE, barrier, root, false);
      return;
    default:
      {
        warp_calls calls = { 0, NULL };
        walk_tree_without_duplicates (computation (t), count_calls, &calls);
        if (calls.count == 1)
          {
            cut_statement (b, t, following, calls.first, barrier);
            return;
          }
        break;
      }
    }
  cudajit_refuse_loops (b, *t,
                        "a warp function is called in a loop's condition, a "
                        "'switch' or an expression with another");
}

bool
cudajit_cut_at_warp_functions (block_function *b, tree *body)
{
  if (!contains_warp_call_p (*body))
    return true;
  /* The fission removes it: it never reaches the code.  */
  tree barrier
      = build_fn_decl (cudajit_device_apis[DEVICE_API_SYNCTHREADS].name,
                       build_function_type_list (void_type_node, NULL_TREE));
  cut_statements (b, body, NULL_TREE, barrier, *body, true);
  return !b->refusal;
}
