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
   and no switches between them.  A loop of shuffles that reduces or
   scans a warp's values is cut once, before it, and run by each warp's
   lane 0 (block-warp-loops.cc).

   Where the threads of a warp may not all reach the call (a condition
   that may differ between them, which the fission refuses), where the
   mask is not the constant of the whole warp, or where the statement
   does more than the call that its order might show, the threads run as
   fibers, as before.  */

#include "block-function.h"
#include "calls.h"

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
tree *
cudajit_call_computation (tree *s)
{
  if (TREE_CODE (*s) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*s)))
    return &DECL_INITIAL (DECL_EXPR_DECL (*s));
  return s;
}

/* Whether statement S computes CALL alone, in the order in which the
   cut computes it: its arguments first, then the rest of S.  S may store
   the result, and a compound assignment saves CALL's value first.  */
bool
cudajit_computes_call_alone_p (tree s, tree call)
{
  switch (TREE_CODE (s))
    {
    case COMPOUND_EXPR:
      return !walk_tree_without_duplicates (&TREE_OPERAND (s, 0),
                                            find_other_effect, call)
             && cudajit_computes_call_alone_p (TREE_OPERAND (s, 1), call);
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
      return !walk_tree_without_duplicates (cudajit_call_computation (&s),
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
      || !cudajit_plain_local_p (argument))
    return false;
  return walk_tree_without_duplicates (cudajit_call_computation (&s),
                                       cudajit_find_write, argument)
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
  tree lane = fold_convert (integer_type_node, cudajit_thread_lane (b));
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
        below_by (fold_convert (integer_type_node,
                                cudajit_thread_number (b, unsigned_type_node)),
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
  tree own = save_expr (cudajit_lane_element (slots, type, lane_offset));
  tree other = save_expr (cudajit_lane_element (
      slots, type, build2 (PLUS_EXPR, sizetype, lane_offset, offset)));
  return build2 (COMPOUND_EXPR, type, own,
                 build2 (COMPOUND_EXPR, type, other,
                         build3 (COND_EXPR, type, in_warp, other, own)));
}

/* What CALL, a warp function, returns after the cut, from the values in
   SAVED of its arguments after the mask, the value being a lane value;
   for a vote, with the local that keeps lane 0's result for the other
   lanes in *VOTE_LOCAL.  */
static tree
result_after_cut (block_function *b, tree call, const device_api *api,
                  const vec<tree> &saved, tree *vote_local)
{
  tree lane = cudajit_thread_lane (b);
  /* The lanes of the warp: the threads from the warp's first, at most
     a warp.  */
  tree lanes = cudajit_warp_lane_count (
      b, build2 (MINUS_EXPR, unsigned_type_node,
                 cudajit_thread_number (b, unsigned_type_node),
                 cudajit_thread_lane (b)));
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
      *vote_local = computed;
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
  return cudajit_lane_element (
      slots, TREE_TYPE (value),
      build_call_expr (slot, 3, source_lane, lane, lanes));
}

/* A vote's or a warp reduction's result as lane 0 computes it, where
   DATA is the local that keeps it for the other lanes.  */
static tree
lane_zero_itself (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == COND_EXPR && TREE_OPERAND (*tp, 2) == (tree) data)
    {
      *tp = TREE_OPERAND (TREE_OPERAND (*tp, 1), 1);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* *S, a statement after the cut of a vote or a warp reduction in the
   kernel's body ROOT that sets a variable that only lane 0 reads after
   it (unsigned int votes = cuda_ballot_sync (...); if (threadIdx.x % 32
   == 0) ... votes ...), run by lane 0 alone where the lanes are
   threadIdx.x % 32: the thread's element of the variable, so that the
   loop over the threads for lane 0's statements is one of its own, by a
   step of a warp (block-guard-fission.cc).  */
static void
result_by_lane_zero (block_function *b, tree *s, tree root,
                     tree lane_zero_local)
{
  tree var, value;
  if (TREE_CODE (*s) == DECL_EXPR)
    {
      var = DECL_EXPR_DECL (*s);
      value = VAR_P (var) ? DECL_INITIAL (var) : NULL_TREE;
    }
  else if (TREE_CODE (*s) == MODIFY_EXPR)
    {
      var = TREE_OPERAND (*s, 0);
      value = TREE_OPERAND (*s, 1);
    }
  else
    return;
  if (!value || !cudajit_plain_local_p (var)
      || !cudajit_read_by_lane_zero_p (root, *s, var))
    return;
  b->barrier_scope_variables.add (var);
  b->lane_zero_values.add (var);
  tree statements = alloc_stmt_list ();
  if (TREE_CODE (*s) == DECL_EXPR)
    {
      DECL_INITIAL (var) = NULL_TREE;
      append_to_statement_list (*s, &statements);
    }
  tree by_x, otherwise;
  cudajit_lane_paths (b, &by_x, &otherwise);
  /* Lane 0 alone computes the result, with no local for the others,
     which would join its loop to theirs.  */
  tree own = unshare_expr (value);
  walk_tree (&own, lane_zero_itself, lane_zero_local, NULL);
  append_to_statement_list (
      build3 (COND_EXPR, void_type_node, by_x,
              build2 (MODIFY_EXPR, TREE_TYPE (var), var, own),
              build_empty_stmt (UNKNOWN_LOCATION)),
      &statements);
  append_to_statement_list (
      build3 (COND_EXPR, void_type_node, otherwise,
              build2 (MODIFY_EXPR, TREE_TYPE (var), var, value),
              build_empty_stmt (UNKNOWN_LOCATION)),
      &statements);
  *s = statements;
}

/* The lane-0 form of *S, a statement that calls CALL, cuda_warp_reduce
   of VALUE, whose functions' names end in TYPE_SUFFIX, at *CALL_SLOT:
   each thread's value saved, a barrier, then lane 0, which
   the loop over the threads reaches first of its warp, combines its
   warp's values in their order by cudajit.h's cudajit_fold_from_first_T,
   as the steps of each lane would, and keeps the result for the other
   lanes: a loop over a warp's values, not a step with a test of the lane
   in each thread.  Where TOP_LEVEL, in no loop or conditional of ROOT,
   and only lane 0 reads the result, lane 0 alone runs *S
   (result_by_lane_zero).  */
static void
reduce_by_lane_zero (block_function *b, tree *s, tree *call_slot, tree value,
                     const char *type_suffix, tree barrier, tree root,
                     bool top_level)
{
  tree call = *call_slot;
  tree type = TREE_TYPE (value);
  char *name = concat ("cudajit_fold_from_first", type_suffix, NULL);
  tree fold = cudajit_header_function (name);
  free (name);
  if (!fold)
    {
      cudajit_refuse_loops (b, call, CUDAJIT_FIBERS_WARP_HELPER_MISSING);
      return;
    }
  tree var = thread_variable (b, type);
  b->lane_values.add (var);
  tree slots = cudajit_block_local (b->entry, b->locals, "lane0",
                                    build_pointer_type (type));
  b->lane_slots.put (slots, var);
  tree lanes = cudajit_warp_lane_count (
      b, build2 (MINUS_EXPR, unsigned_type_node,
                 cudajit_thread_number (b, unsigned_type_node),
                 cudajit_thread_lane (b)));
  tree computed
      = cudajit_block_local (b->entry, b->locals, "warp_reduction", type);
  cudajit_suppress_uninitialized_warning (computed);
  tree first_lane
      = build2 (EQ_EXPR, boolean_type_node, cudajit_thread_lane (b),
                build_zero_cst (unsigned_type_node));
  tree reduced
      = build_call_expr (fold, 3, slots, lanes, CALL_EXPR_ARG (call, 1));
  tree statements = alloc_stmt_list ();
  append_to_statement_list (build2 (MODIFY_EXPR, type, var, value),
                            &statements);
  append_to_statement_list (build_call_expr (barrier, 0), &statements);
  b->warp_cuts = true;
  *call_slot = fold_convert (
      TREE_TYPE (call),
      build3 (COND_EXPR, type, first_lane,
              build2 (MODIFY_EXPR, type, computed, reduced), computed));
  if (top_level)
    result_by_lane_zero (b, s, root, computed);
  append_to_statement_list (*s, &statements);
  *s = statements;
}

/* *S, a statement that calls CALL, a block or warp collective (API), at
   *CALL_SLOT, run as: a warp's reduction, reduce_by_lane_zero; a scan,
   each thread's step from the one before it (cudajit.h's
   cudajit_scan_*_step_T for the type T that ends the callee's name),
   which the loop over the threads runs in their order, with no cut where
   TOP_LEVEL, in no loop or conditional of ROOT; a block's reduction, the
   same steps into the block's value, then a barrier, after which each
   thread reads it: one pass over the threads, as C's loop.  */
static void
cut_collective (block_function *b, tree *s, tree *call_slot,
                const device_api *api, tree barrier, tree root, bool top_level)
{
  tree call = *call_slot;
  const device_api *rows = cudajit_device_apis;
  bool block = api == &rows[DEVICE_API_BLOCK_REDUCE]
               || api == &rows[DEVICE_API_BLOCK_SCAN_INCLUSIVE]
               || api == &rows[DEVICE_API_BLOCK_SCAN_EXCLUSIVE];
  bool reduce = api == &rows[DEVICE_API_BLOCK_REDUCE]
                || api == &rows[DEVICE_API_WARP_REDUCE];
  bool exclusive = api == &rows[DEVICE_API_BLOCK_SCAN_EXCLUSIVE]
                   || api == &rows[DEVICE_API_WARP_SCAN_EXCLUSIVE];
  tree callee = get_callee_fndecl (call);
  const char *type_suffix = IDENTIFIER_POINTER (DECL_NAME (callee))
                            + strlen ("cudajit_")
                            + strlen (api->name + strlen ("cuda_"));
  /* The C front end passes a short as an int, where the collective of
     short combines shorts.  */
  tree type = TREE_TYPE (TREE_TYPE (callee));
  tree value = fold_convert (type, CALL_EXPR_ARG (call, 0));
  if (TREE_SIDE_EFFECTS (value))
    {
      cudajit_refuse_loops (b, value,
                            CUDAJIT_FIBERS_WARP_ARGUMENT_SIDE_EFFECTS);
      return;
    }
  if (reduce && !block)
    {
      reduce_by_lane_zero (b, s, call_slot, value, type_suffix, barrier, root,
                           top_level);
      return;
    }
  char *name = concat (exclusive ? "cudajit_scan_exclusive_step"
                                 : "cudajit_scan_inclusive_step",
                       type_suffix, NULL);
  tree step = cudajit_header_function (name);
  free (name);
  if (!step)
    {
      cudajit_refuse_loops (b, call, CUDAJIT_FIBERS_WARP_HELPER_MISSING);
      return;
    }
  tree position = block ? cudajit_thread_number (b, unsigned_type_node)
                        : cudajit_thread_lane (b);
  tree first = fold_convert (integer_type_node,
                             build2 (EQ_EXPR, boolean_type_node, position,
                                     build_zero_cst (TREE_TYPE (position))));
  tree running = cudajit_block_local (b->entry, b->locals, "collective", type);
  /* Set by the first thread, before the others read it.  */
  cudajit_suppress_uninitialized_warning (running);
  TREE_ADDRESSABLE (running) = 1;
  tree stepped = build_call_expr (step, 4, build_fold_addr_expr (running),
                                  value, CALL_EXPR_ARG (call, 1), first);
  if (!reduce)
    {
      *call_slot = stepped;
      /* In a loop, a barrier before it, so that the loop over the
         threads runs it for each round of the loop, not each thread all
         its rounds in turn.  */
      if (!top_level)
        {
          tree statements = alloc_stmt_list ();
          append_to_statement_list (build_call_expr (barrier, 0), &statements);
          append_to_statement_list (*s, &statements);
          *s = statements;
          b->warp_cuts = true;
        }
      return;
    }
  tree statements = alloc_stmt_list ();
  append_to_statement_list (stepped, &statements);
  append_to_statement_list (build_call_expr (barrier, 0), &statements);
  b->warp_cuts = true;
  *call_slot = unshare_expr (running);
  append_to_statement_list (*s, &statements);
  *s = statements;
}

/* *S, a statement that calls the warp function CALL, at *CALL_SLOT, run
   as: its arguments saved, a barrier, and *S with CALL's result computed
   from the values saved; TOP_LEVEL, whether *S is in no loop or
   conditional of ROOT, the kernel's body.  */
static void
cut_statement (block_function *b, tree *s, tree following, tree *call_slot,
               tree barrier, tree root, bool top_level)
{
  tree call = *call_slot;
  const device_api *api = cudajit_device_api (get_callee_fndecl (call));
  if (api->kind == DA_COLLECTIVE)
    {
      if (cudajit_computes_call_alone_p (*s, call))
        cut_collective (b, s, call_slot, api, barrier, root, top_level);
      else
        cudajit_refuse_loops (b, call, CUDAJIT_FIBERS_WARP_STATEMENT);
      return;
    }
  tree mask = fold (CALL_EXPR_ARG (call, MASK_ARGUMENT));
  if (!tree_fits_uhwi_p (mask) || tree_to_uhwi (mask) != FULL_WARP_MASK)
    {
      cudajit_refuse_loops (b, call, CUDAJIT_FIBERS_WARP_MASK);
      return;
    }
  /* cuda_syncwarp becomes the barrier, and has no result for the rest of
     a statement.  */
  if (api->kind == DA_BARRIER ? *s != call
                              : !cudajit_computes_call_alone_p (*s, call))
    {
      cudajit_refuse_loops (b, call, CUDAJIT_FIBERS_WARP_STATEMENT);
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
                                CUDAJIT_FIBERS_WARP_ARGUMENT_SIDE_EFFECTS);
          return;
        }
      /* A vote's predicate as a byte, 0 or 1, which GCC computes for
         many lanes at once, and cudajit.h's cudajit_STEM_lanes gathers
         by sixteen.  */
      if (i == VALUE_ARGUMENT && api->kind == DA_WARP_VOTE)
        argument
            = fold_convert (unsigned_char_type_node,
                            build2 (NE_EXPR, integer_type_node, argument,
                                    build_zero_cst (TREE_TYPE (argument))));
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
      tree vote_local = NULL_TREE;
      tree result = result_after_cut (b, call, api, saved, &vote_local);
      if (!result)
        {
          cudajit_refuse_loops (b, call, CUDAJIT_FIBERS_WARP_HELPER_MISSING);
          return;
        }
      *call_slot = result;
      if (vote_local && top_level)
        result_by_lane_zero (b, s, root, vote_local);
      append_to_statement_list (*s, &statements);
    }
  *s = statements;
}

/* If-conversion: see predicated.  Whether the value of T may be computed
   by any thread, whatever its path: it reads no memory but the thread's
   own variables and the built-in ones, writes only the variables of the
   branch's scopes (DATA), calls only warp functions and functions of
   their operands alone, divides integers only by constants that cannot
   trap, indexes arrays only by constants, and jumps nowhere.  */
static tree
find_impure (tree *tp, int *walk_subtrees, void *data)
{
  hash_set<tree> *locals = (hash_set<tree> *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == ADDR_EXPR
          && TREE_CODE (TREE_OPERAND (t, 0)) == FUNCTION_DECL))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (tree target = cudajit_written_object (t))
    if (!cudajit_plain_local_p (target) || !locals->contains (target))
      return t;
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
      return TREE_THIS_VOLATILE (t)
                     || ((TREE_STATIC (t) || DECL_EXTERNAL (t))
                         && cudajit_builtin_variable (t) == BUILTIN_VARIABLES)
                 ? t
                 : NULL_TREE;
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
      /* An index that a thread that does not take the branch computes
         may be past the array.  */
      return TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST ? NULL_TREE : t;
    case INDIRECT_REF:
    case MEM_REF:
    case TARGET_MEM_REF:
    case RETURN_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case BREAK_STMT:
    case CONTINUE_STMT:
    case SWITCH_STMT:
    case ASM_EXPR:
      return t;
    case CALL_EXPR:
      {
        tree callee = get_callee_fndecl (t);
        return callee
                       && (cudajit_warp_fission_call_p (callee)
                           || call_expr_flags (t) & ECF_CONST)
                   ? NULL_TREE
                   : t;
      }
    case DECL_EXPR:
      if (VAR_P (DECL_EXPR_DECL (t)) && DECL_INITIAL (DECL_EXPR_DECL (t)))
        return walk_tree_without_duplicates (
            &DECL_INITIAL (DECL_EXPR_DECL (t)), find_impure, data);
      return NULL_TREE;
    case TRUNC_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case CEIL_DIV_EXPR:
    case CEIL_MOD_EXPR:
    case FLOOR_DIV_EXPR:
    case FLOOR_MOD_EXPR:
    case ROUND_DIV_EXPR:
    case ROUND_MOD_EXPR:
    case EXACT_DIV_EXPR:
      /* A division of integers traps where a thread that does not take
         the branch divides by 0, or INT_MIN by -1.  */
      return INTEGRAL_TYPE_P (TREE_TYPE (t))
                     && !(TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST
                          && !integer_zerop (TREE_OPERAND (t, 1))
                          && !integer_minus_onep (TREE_OPERAND (t, 1)))
                 ? t
                 : NULL_TREE;
    default:
      return NULL_TREE;
    }
}

static bool
pure_p (tree t, hash_set<tree> *locals)
{
  return !t || !walk_tree_without_duplicates (&t, find_impure, locals);
}

/* Into DATA, a set, the variables of the scopes in a branch.  */
static tree
collect_scope_variables (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == BIND_EXPR)
    for (tree var = BIND_EXPR_VARS (*tp); var; var = DECL_CHAIN (var))
      if (VAR_P (var))
        ((hash_set<tree> *) data)->add (var);
  return NULL_TREE;
}

/* Into DATA, a set, the variables that T reads.  */
static tree
collect_read_variables (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp))
    ((hash_set<tree> *) data)->add (*tp);
  return NULL_TREE;
}

/* Into DATA, a set, the variables that the control of a loop with warp
   functions reads: the loop of every thread, which the statements that
   set them must run in every thread.  */
static tree
collect_loop_controls (tree *tp, int *, void *data)
{
  tree t = *tp;
  tree controls[3] = { NULL_TREE, NULL_TREE, NULL_TREE };
  if (TREE_CODE (t) == FOR_STMT && contains_warp_call_p (FOR_BODY (t)))
    {
      controls[0] = FOR_INIT_STMT (t);
      controls[1] = FOR_COND (t);
      controls[2] = FOR_EXPR (t);
    }
  else if (TREE_CODE (t) == WHILE_STMT
           && contains_warp_call_p (WHILE_BODY (t)))
    controls[0] = WHILE_COND (t);
  else if (TREE_CODE (t) == DO_STMT && contains_warp_call_p (DO_BODY (t)))
    controls[0] = DO_COND (t);
  for (tree &control : controls)
    if (control)
      walk_tree_without_duplicates (&control, collect_read_variables, data);
  return NULL_TREE;
}

/* Whether statement T sets a variable of CONTROLS.  */
static bool
sets_control_p (tree t, hash_set<tree> *controls)
{
  if (TREE_CODE (t) == DECL_EXPR)
    return controls->contains (DECL_EXPR_DECL (t));
  for (tree var : *controls)
    if (walk_tree_without_duplicates (&t, cudajit_find_write, var))
      return true;
  return false;
}

/* T, a statement of a branch that PRED takes, to run in every thread:
   its warp functions for all, its other effects where PRED holds, and,
   where CONTROLS (the variables of collect_loop_controls) is given, its
   statements without warp functions there too, but those that set a
   variable of CONTROLS; or NULL_TREE where it cannot.  Without PRED, T
   itself where it can, unchanged.  */
static tree
predicated (tree t, tree pred, hash_set<tree> *locals,
            hash_set<tree> *controls)
{
  bool all = controls != NULL;
  if (!t)
    return t;
  if (walk_tree_without_duplicates (&t, cudajit_find_jump, NULL))
    return NULL_TREE;
  /* A variable of variable size, whose size the threads that do not
     take the branch would compute too.  */
  if (TREE_CODE (t) == DECL_EXPR
      && variably_modified_type_p (TREE_TYPE (DECL_EXPR_DECL (t)), NULL_TREE))
    return NULL_TREE;
  if (!contains_warp_call_p (t))
    {
      if (!pred || TREE_CODE (t) == DEBUG_BEGIN_STMT
          || ((!all || sets_control_p (t, controls)) && pure_p (t, locals)))
        return t;
      /* A declaration stays where it is, for the statements after it,
         with its value set where PRED holds, and a scalar's zero
         elsewhere, which the warp functions may read.  */
      if (TREE_CODE (t) == DECL_EXPR)
        {
          tree var = DECL_EXPR_DECL (t);
          if (!VAR_P (var) || !DECL_INITIAL (var) || TREE_STATIC (var))
            return t;
          tree init = DECL_INITIAL (var);
          tree type = TREE_TYPE (var);
          DECL_INITIAL (var) = NULL_TREE;
          tree statements = alloc_stmt_list ();
          append_to_statement_list (t, &statements);
          tree set;
          if (!all
              && (INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type)
                  || POINTER_TYPE_P (type)))
            set = build2 (MODIFY_EXPR, type, var,
                          build3 (COND_EXPR, type, unshare_expr (pred), init,
                                  build_zero_cst (type)));
          else
            set = build3 (COND_EXPR, void_type_node, unshare_expr (pred),
                          build2 (MODIFY_EXPR, type, var, init),
                          build_empty_stmt (UNKNOWN_LOCATION));
          append_to_statement_list (set, &statements);
          return statements;
        }
      return build3 (COND_EXPR, void_type_node, unshare_expr (pred), t,
                     build_empty_stmt (UNKNOWN_LOCATION));
    }
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        {
          tree s = predicated (tsi_stmt (i), pred, locals, controls);
          if (!s)
            return NULL_TREE;
          *tsi_stmt_ptr (i) = s;
        }
      return t;
    case BIND_EXPR:
      {
        tree body = predicated (BIND_EXPR_BODY (t), pred, locals, controls);
        if (!body)
          return NULL_TREE;
        BIND_EXPR_BODY (t) = body;
        return t;
      }
    case FOR_STMT:
      {
        if (!pure_p (FOR_INIT_STMT (t), locals)
            || !pure_p (FOR_COND (t), locals)
            || !pure_p (FOR_EXPR (t), locals))
          return NULL_TREE;
        tree body = predicated (FOR_BODY (t), pred, locals, controls);
        if (!body)
          return NULL_TREE;
        FOR_BODY (t) = body;
        return t;
      }
    case WHILE_STMT:
      {
        tree body = predicated (WHILE_BODY (t), pred, locals, controls);
        if (!pure_p (WHILE_COND (t), locals) || !body)
          return NULL_TREE;
        WHILE_BODY (t) = body;
        return t;
      }
    case DO_STMT:
      {
        tree body = predicated (DO_BODY (t), pred, locals, controls);
        if (!pure_p (DO_COND (t), locals) || !body)
          return NULL_TREE;
        DO_BODY (t) = body;
        return t;
      }
    case COND_EXPR:
      return NULL_TREE;
    default:
      return pure_p (t, locals) ? t : NULL_TREE;
    }
}

/* A part of a branch's condition that guard_condition_p refuses, for a
   walk of it; DATA is the conditional.  */
static tree
find_unguardable (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (VAR_P (t))
    {
      tree branch = (tree) data;
      return cudajit_builtin_variable (t) != BUILTIN_VARIABLES
                     || (cudajit_plain_local_p (t)
                         && !walk_tree_without_duplicates (
                             &branch, cudajit_find_write, t))
                 ? NULL_TREE
                 : t;
    }
  if (CONSTANT_CLASS_P (t) || TREE_CODE (t) == COMPONENT_REF
      || CONVERT_EXPR_P (t) || COMPARISON_CLASS_P (t)
      || truth_value_p (TREE_CODE (t)))
    return NULL_TREE;
  switch (TREE_CODE (t))
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case BIT_AND_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case LSHIFT_EXPR:
    case RSHIFT_EXPR:
      return NULL_TREE;
    case TRUNC_DIV_EXPR:
    case TRUNC_MOD_EXPR:
      /* By a constant that cannot trap, as every thread computes it.  */
      return TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST
                     && !integer_zerop (TREE_OPERAND (t, 1))
                     && !integer_minus_onep (TREE_OPERAND (t, 1))
                 ? NULL_TREE
                 : t;
    default:
      return t;
    }
}

/* Whether the condition of BRANCH, a conditional without else, has the
   same value wherever its statements are: made of the built-in
   variables, constants and plain locals that the branch does not set,
   it reads no memory.  Each statement may then test it again.  */
static bool
guard_condition_p (tree branch)
{
  return (!COND_EXPR_ELSE (branch) || IS_EMPTY_STMT (COND_EXPR_ELSE (branch)))
         && !walk_tree_without_duplicates (&COND_EXPR_COND (branch),
                                           find_unguardable, branch);
}

/* *T, a conditional whose branches call warp functions (if (warp == 0)
   { ... cuda_shfl_down_sync ... }), converted so that every thread runs
   them: its condition, a variable of the thread; the warp functions, and
   what computes their arguments and uses their results in the thread's
   own variables, in every thread; and the rest, which reads or writes
   memory, where the condition holds.  Where a warp function's lanes
   take the branch, with the whole warp's mask, they all do (else the
   program's result is undefined, as CUDA says, and as CUDAJIT_CHECK=warps
   reports on the CPU backend), so each warp either runs the branch or
   runs its warp functions on values that nothing uses: the barriers at
   which the fission cuts them are reached by every thread, and the
   condition need not be the same for the whole block.  Where the
   condition is a guard (guard_condition_p), it is *GUARD, and every
   statement but the warp functions' is under it, not a variable, so
   that a loop over the threads that runs only the branch's statements
   runs only the threads that take it (block-guard-bounds.cc); else
   *GUARD is NULL_TREE.  False where a branch jumps, has a conditional
   with warp functions of its own, or a loop whose control is more than
   the thread's own variables.  */
static bool
convert_warp_branch (block_function *b, tree *t, tree *guard)
{
  tree cond = COND_EXPR_COND (*t);
  if (TREE_SIDE_EFFECTS (cond) || contains_warp_call_p (cond))
    return false;
  /* Checked first, since the conversion changes the branches.  */
  hash_set<tree> locals;
  walk_tree_without_duplicates (t, collect_scope_variables, &locals);
  if ((COND_EXPR_THEN (*t)
       && !predicated (COND_EXPR_THEN (*t), NULL_TREE, &locals, NULL))
      || (COND_EXPR_ELSE (*t)
          && !predicated (COND_EXPR_ELSE (*t), NULL_TREE, &locals, NULL)))
    return false;
  tree statements = alloc_stmt_list ();
  *guard = guard_condition_p (*t) ? fold_convert (boolean_type_node, cond)
                                  : NULL_TREE;
  if (*guard)
    {
      hash_set<tree> controls;
      walk_tree_without_duplicates (&COND_EXPR_THEN (*t),
                                    collect_loop_controls, &controls);
      append_to_statement_list (
          predicated (COND_EXPR_THEN (*t), *guard, &locals, &controls),
          &statements);
      *t = statements;
      return true;
    }
  tree pred = thread_variable (b, boolean_type_node);
  tree not_pred = build1 (TRUTH_NOT_EXPR, boolean_type_node, pred);
  tree then_clause = predicated (COND_EXPR_THEN (*t), pred, &locals, NULL);
  tree else_clause = predicated (COND_EXPR_ELSE (*t), not_pred, &locals, NULL);
  append_to_statement_list (build2 (MODIFY_EXPR, boolean_type_node, pred,
                                    fold_convert (boolean_type_node, cond)),
                            &statements);
  append_to_statement_list (then_clause, &statements);
  append_to_statement_list (else_clause, &statements);
  *t = statements;
  return true;
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
      tree guard;
      if (convert_warp_branch (b, t, &guard))
        {
          tree outer = b->warp_branch_guard;
          b->warp_branch_guard = guard;
          cut_statements (b, t, following, barrier, root, top_level);
          b->warp_branch_guard = outer;
          return;
        }
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
      if (top_level && cudajit_cut_warp_loop (b, t, root, barrier))
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
        walk_tree_without_duplicates (cudajit_call_computation (t),
                                      count_calls, &calls);
        if (calls.count == 1)
          {
            cut_statement (b, t, following, calls.first, barrier, root,
                           top_level);
            return;
          }
        break;
      }
    }
  cudajit_refuse_loops (b, *t, CUDAJIT_FIBERS_WARP_IN_EXPRESSION);
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
