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
  tree var = cudajit_thread_variable (b, type);
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
  /* A shuffle's mask does not change what a lane of it reads from
     another lane of it, and CUDA leaves undefined what a lane reads from
     a lane outside it, or a shuffle of a lane outside it: its lanes
     exchange as the whole warp's do (if (lane < 8) v += cuda_shfl_up_sync
     (0xff, v, 1, 8);, whose branch every thread runs where only the
     lanes in the mask take it, as cudajit_convert_warp_branch says).  A
     vote's mask is part of its result.  */
  tree mask = fold (CALL_EXPR_ARG (call, MASK_ARGUMENT));
  if (api->kind == DA_WARP_SHUFFLE && TREE_SIDE_EFFECTS (mask))
    {
      cudajit_refuse_loops (b, mask,
                            CUDAJIT_FIBERS_WARP_ARGUMENT_SIDE_EFFECTS);
      return;
    }
  if (api->kind != DA_WARP_SHUFFLE
      && (!tree_fits_uhwi_p (mask) || tree_to_uhwi (mask) != FULL_WARP_MASK))
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
      tree var = cudajit_thread_variable (b, TREE_TYPE (argument));
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

/* In a call of a warp function in DATA, the kernel's body, a mask that
   is a plain local which only its declaration sets to a constant
   (unsigned int mask = 0xffffffff; ... cuda_ballot_sync (mask, ...), as
   the CUDA samples write it), replaced by the constant, which the cut of
   a vote or of cuda_syncwarp looks for.  */
static tree
constant_masks (tree *tp, int *walk_subtrees, void *data)
{
  tree root = (tree) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) != CALL_EXPR || !get_callee_fndecl (*tp)
      || !cudajit_warp_fission_call_p (get_callee_fndecl (*tp))
      || call_expr_nargs (*tp) <= MASK_ARGUMENT)
    return NULL_TREE;
  tree *mask = &CALL_EXPR_ARG (*tp, MASK_ARGUMENT);
  tree var = *mask;
  STRIP_NOPS (var);
  if (VAR_P (var) && cudajit_plain_local_p (var) && DECL_INITIAL (var)
      && TREE_CODE (DECL_INITIAL (var)) == INTEGER_CST
      && !walk_tree_without_duplicates (&root, cudajit_find_write, var))
    *mask = fold_convert (TREE_TYPE (*mask), DECL_INITIAL (var));
  return NULL_TREE;
}

/* Each statement of *T that calls a warp function, cut there; loops and
   conditionals around it are the fission's to judge.  FOLLOWING is the
   statement after *T in its list, or NULL_TREE; TOP_LEVEL, whether *T
   is in no loop or conditional of ROOT, the kernel's body.  */
static void
cut_statements (block_function *b, tree *t, tree following, tree barrier,
                tree root, bool top_level)
{
  if (b->refusal || !cudajit_contains_warp_call_p (*t))
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
      if (cudajit_convert_warp_branch (b, t, &guard))
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
      if (cudajit_contains_warp_call_p (COND_EXPR_COND (*t)))
        {
          /* if (C) ... as V = C; if (V) ..., V = C cut.  */
          tree cond = COND_EXPR_COND (*t);
          tree value = cudajit_thread_variable (b, TREE_TYPE (cond));
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
      if (cudajit_contains_warp_call_p (FOR_COND (*t))
          || cudajit_contains_warp_call_p (FOR_EXPR (*t)))
        break;
      cut_statements (b, &FOR_INIT_STMT (*t), NULL_TREE, barrier, root, false);
      cut_statements (b, &FOR_BODY (*t), NULL_TREE, barrier, root, false);
      return;
    case WHILE_STMT:
      if (cudajit_contains_warp_call_p (WHILE_COND (*t)))
        break;
      cut_statements (b, &WHILE_BODY (*t), NULL_TREE, barrier, root, false);
      return;
    case DO_STMT:
      if (cudajit_contains_warp_call_p (DO_COND (*t)))
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
  if (!cudajit_contains_warp_call_p (*body))
    return true;
  walk_tree (body, constant_masks, *body, NULL);
  /* The fission removes it: it never reaches the code.  */
  tree barrier
      = build_fn_decl (cudajit_device_apis[DEVICE_API_SYNCTHREADS].name,
                       build_function_type_list (void_type_node, NULL_TREE));
  cut_statements (b, body, NULL_TREE, barrier, *body, true);
  return !b->refusal;
}
