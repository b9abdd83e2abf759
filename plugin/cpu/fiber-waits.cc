/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where the threads of a block wait, told to the CPU backend's fibers
   (runtime/cpu/cpu-execution.c), which run the threads of a block one at a
   time, each until it waits, and cannot see where the others are as a
   GPU does.  The host version of each kernel and device function says:

   - before each warp function, its file and line, which the runtime's
     errors and CUDAJIT_CHECK=warps name (cudajit_warp_at);

   - for cuda_activemask, the call's position too.  On a GPU, the lanes
     that run the call together are those that took the same branches
     to it: from compute capability 7.0 the lanes of a warp that diverge
     run apart, and meet again where their paths do.  A fiber waits in
     cuda_activemask until every lane of its warp waits somewhere; the
     runtime then lets go on the lanes at the earliest position, each
     with the mask of them all: the others are past them in the code, or
     in a branch that they did not take, and get their mask once those
     have moved on.  A position is a list of numbers that orders the
     code as the threads run it: each call of cuda_activemask, each loop
     that has one in it and each call of a device function (defined so
     far) that may reach one is numbered in the order in which a thread
     runs the source (a loop's body before its condition, which comes
     after it), and a loop's number is followed by its round, which a
     counter of the host version counts.  A call's position is the
     numbers and rounds of the loops around it and its own number, after
     the positions of the calls of device functions that it is in
     (cudajit_warp_call and cudajit_warp_return);

   - at each round of a loop that waits for another thread to change
     memory (cudajit_waiting_loop_p), that the other threads of the block
     may run first (cudajit_spin), as a GPU runs other warps meanwhile.

   A device function defined before the kernel that needs it has had its
   loops lowered to jumps by then: a label that a later statement of its
   list jumps back to is such a loop, its condition last.  The block
   function, which runs a block's threads in loops, has none of these
   calls: it is made from the kernel's body before, and no kernel that
   calls cuda_activemask or has such a loop has one; in a device
   function that it calls, they return at once.  */

#include "cudajit-plugin.h"

struct fiber_walk
{
  tree fndecl;
  /* The locals made, for a BIND_EXPR around the body.  */
  tree locals;
  /* The number of the next call or loop.  */
  unsigned int next;
  /* The loops around the statement walked that count their rounds: their
     numbers and counters.  */
  auto_vec<unsigned int> loop_numbers;
  auto_vec<tree> counters;
  tree warp_at, warp_call, warp_return, spin;
};

static tree visit (tree *tp, int *walk_subtrees, void *data);

static void
walk (tree *tp, fiber_walk *w)
{
  if (*tp)
    walk_tree (tp, visit, w, NULL);
}

/* A, if not null, then B.  */
static tree
then (tree a, tree b)
{
  return a ? build2 (COMPOUND_EXPR, TREE_TYPE (b), a, b) : b;
}

/* A local of W's function, of TYPE.  */
static tree
local (fiber_walk *w, tree type)
{
  tree var = build_decl (DECL_SOURCE_LOCATION (w->fndecl), VAR_DECL, NULL_TREE,
                         type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  DECL_CONTEXT (var) = w->fndecl;
  DECL_CHAIN (var) = w->locals;
  w->locals = var;
  return var;
}

/* "FILE:LINE" of LOC, or of W's function where LOC is unknown, as a
   string constant.  */
static tree
where (fiber_walk *w, location_t loc)
{
  expanded_location at = expand_location (
      loc != UNKNOWN_LOCATION ? loc : DECL_SOURCE_LOCATION (w->fndecl));
  char *text = xasprintf ("%s:%d", at.file ? at.file : "?", at.line);
  tree string = build_string_literal (strlen (text) + 1, text);
  free (text);
  return string;
}

/* Whether CALL is of cuda_activemask, or of a device function that may
   reach it, in W's function.  */
static bool
converging_call_p (tree call, const fiber_walk *w)
{
  tree callee = get_callee_fndecl (call);
  if (!callee)
    return false;
  if (cudajit_activemask_call_p (callee))
    return true;
  return (!cudajit_builtin_cuda_name (callee)
          && cudajit_device_function_p (callee) && callee != w->fndecl
          && cudajit_device_function_may_converge (callee));
}

static tree
find_convergence (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp))
           && !TREE_STATIC (DECL_EXPR_DECL (*tp)))
    return walk_tree_without_duplicates (&DECL_INITIAL (DECL_EXPR_DECL (*tp)),
                                         find_convergence, data);
  else if (TREE_CODE (*tp) == CALL_EXPR
           && converging_call_p (*tp, (const fiber_walk *) data))
    return *tp;
  return NULL_TREE;
}

/* The position of what W numbers next, in a new local array, set by
   statements added to *STORES, and its length in *LENGTH.  */
static tree
position (fiber_walk *w, tree *stores, unsigned int *length)
{
  unsigned int loops = w->counters.length ();
  *length = 2 * loops + 1;
  tree array = local (w, build_array_type_nelts (unsigned_type_node, *length));
  for (unsigned int i = 0; i < *length; i++)
    {
      tree value
          = i == 2 * loops ? build_int_cst (unsigned_type_node, w->next++)
            : i % 2
                ? w->counters[i / 2]
                : build_int_cst (unsigned_type_node, w->loop_numbers[i / 2]);
      tree element = build4 (ARRAY_REF, unsigned_type_node, array,
                             size_int (i), NULL_TREE, NULL_TREE);
      *stores = then (
          *stores, build2 (MODIFY_EXPR, unsigned_type_node, element, value));
    }
  TREE_ADDRESSABLE (array) = 1;
  return build_fold_addr_expr (array);
}

/* *TP, a call of a warp function, after the call that says where it
   is, with its position if it is cuda_activemask.  */
static void
tell_warp_function (tree *tp, fiber_walk *w, bool activemask)
{
  tree stores = NULL_TREE;
  unsigned int length = 0;
  tree at = activemask ? position (w, &stores, &length) : null_pointer_node;
  tree tell = build_call_expr (w->warp_at, 3, where (w, EXPR_LOCATION (*tp)),
                               at, build_int_cst (unsigned_type_node, length));
  *tp = build2 (COMPOUND_EXPR, TREE_TYPE (*tp), then (stores, tell), *tp);
}

/* *TP, a call of a device function that may reach cuda_activemask, in
   the calls that give its position and take it back.  */
static void
tell_device_call (tree *tp, fiber_walk *w)
{
  tree call = *tp, stores = NULL_TREE;
  unsigned int length;
  tree at = position (w, &stores, &length);
  tree size = build_int_cst (unsigned_type_node, length);
  tree enter = then (stores, build_call_expr (w->warp_call, 2, at, size));
  tree leave = build_call_expr (w->warp_return, 1, size);
  tree type = TREE_TYPE (call);
  if (VOID_TYPE_P (type))
    {
      *tp = then (enter, then (call, leave));
      return;
    }
  tree value = local (w, type);
  *tp = build2 (COMPOUND_EXPR, type,
                then (enter, build2 (MODIFY_EXPR, type, value, call)),
                build2 (COMPOUND_EXPR, type, leave, value));
}

/* *TP, a call: its arguments, which run before it, then the call.  */
static void
visit_call (tree *tp, fiber_walk *w)
{
  tree call = *tp;
  for (int i = 0; i < call_expr_nargs (call); i++)
    walk (&CALL_EXPR_ARG (call, i), w);
  tree callee = get_callee_fndecl (call);
  if (!callee)
    return;
  if (cudajit_warp_function_p (callee))
    tell_warp_function (tp, w, cudajit_activemask_call_p (callee));
  else if (converging_call_p (call, w))
    tell_device_call (tp, w);
}

/* A loop's round counter, numbered, for the positions in it, if
   CONVERGES: a call in it needs the count; else NULL_TREE.  */
static tree
count_rounds (fiber_walk *w, bool converges)
{
  if (!converges)
    return NULL_TREE;
  tree counter = local (w, unsigned_type_node);
  w->loop_numbers.safe_push (w->next++);
  w->counters.safe_push (counter);
  return counter;
}

/* The statements that start each round of a loop, at LOC: the count of
   COUNTER, if not null, and the other threads' turn if the loop WAITS;
   the statement that starts the count before the loop in *RESET.  */
static tree
round_start (fiber_walk *w, tree counter, bool waits, location_t loc,
             tree *reset)
{
  tree statements = alloc_stmt_list ();
  *reset = NULL_TREE;
  if (counter)
    {
      w->loop_numbers.pop ();
      w->counters.pop ();
      append_to_statement_list (build2 (PREINCREMENT_EXPR, unsigned_type_node,
                                        counter,
                                        build_int_cst (unsigned_type_node, 1)),
                                &statements);
      *reset = build2 (MODIFY_EXPR, unsigned_type_node, counter,
                       build_zero_cst (unsigned_type_node));
    }
  if (waits)
    append_to_statement_list (build_call_expr (w->spin, 1, where (w, loc)),
                              &statements);
  return statements;
}

/* *TP, a loop: what runs before it, then its rounds, their body before
   the condition that follows it.  */
static void
visit_loop (tree *tp, fiber_walk *w)
{
  tree loop = *tp;
  tree *body, *cond, *step = NULL;
  switch (TREE_CODE (loop))
    {
    case FOR_STMT:
      walk (&FOR_INIT_STMT (loop), w);
      body = &FOR_BODY (loop);
      step = &FOR_EXPR (loop);
      cond = &FOR_COND (loop);
      break;
    case WHILE_STMT:
      body = &WHILE_BODY (loop);
      cond = &WHILE_COND (loop);
      break;
    default:
      body = &DO_BODY (loop);
      cond = &DO_COND (loop);
      break;
    }
  bool waits = cudajit_waiting_loop_p (loop);
  tree counter = count_rounds (
      w, walk_tree_without_duplicates (&loop, find_convergence, w));
  walk (body, w);
  if (step)
    walk (step, w);
  walk (cond, w);
  tree reset;
  tree start = round_start (w, counter, waits, EXPR_LOCATION (loop), &reset);
  if (*body)
    append_to_statement_list (*body, &start);
  *body = start;
  *tp = then (reset, loop);
}

/* Whether a statement from FIRST to LAST calls cuda_activemask, or a
   device function that may reach it, in W's function.  */
static bool
statements_converge_p (tree_stmt_iterator first, tree_stmt_iterator last,
                       fiber_walk *w)
{
  for (tree_stmt_iterator i = first;; tsi_next (&i))
    {
      if (walk_tree_without_duplicates (tsi_stmt_ptr (i), find_convergence, w))
        return true;
      if (tsi_stmt (i) == tsi_stmt (last))
        return false;
    }
}

/* Whether statement S, just before the loop of gotos from HEAD to LAST,
   is the loop's jump to its condition, which the front end puts at its
   end: the count starts before it.  */
static bool
loop_entry_p (tree s, tree_stmt_iterator head, tree_stmt_iterator last)
{
  if (TREE_CODE (s) != GOTO_EXPR)
    return false;
  for (tree_stmt_iterator i = head; tsi_stmt (i) != tsi_stmt (last);)
    {
      tsi_next (&i);
      if (TREE_CODE (tsi_stmt (i)) == LABEL_EXPR
          && LABEL_EXPR_LABEL (tsi_stmt (i)) == GOTO_DESTINATION (s))
        return true;
    }
  return false;
}

/* LIST, a statement list, whose loops of gotos are walked as loops.  */
static void
visit_statements (tree list, fiber_walk *w)
{
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    {
      tree_stmt_iterator head = i, last;
      if (!cudajit_lowered_loop_p (head, &last))
        {
          walk (tsi_stmt_ptr (i), w);
          continue;
        }
      tree_stmt_iterator first = head;
      tsi_next (&first);
      bool waits = cudajit_lowered_loop_waits_p (head, last);
      tree counter = count_rounds (w, statements_converge_p (first, last, w));
      do
        {
          tsi_next (&i);
          walk (tsi_stmt_ptr (i), w);
        }
      while (tsi_stmt_ptr (i) != tsi_stmt_ptr (last));
      tree reset;
      tree label = LABEL_EXPR_LABEL (tsi_stmt (head));
      tsi_link_after (&head,
                      round_start (w, counter, waits,
                                   DECL_SOURCE_LOCATION (label), &reset),
                      TSI_SAME_STMT);
      if (!reset)
        continue;
      tree_stmt_iterator before = head;
      tsi_prev (&before);
      if (!tsi_end_p (before) && loop_entry_p (tsi_stmt (before), head, last))
        tsi_link_before (&before, reset, TSI_SAME_STMT);
      else
        tsi_link_before (&head, reset, TSI_SAME_STMT);
    }
}

static tree
visit (tree *tp, int *walk_subtrees, void *data)
{
  fiber_walk *w = (fiber_walk *) data;
  switch (TREE_CODE (*tp))
    {
    case STATEMENT_LIST:
      visit_statements (*tp, w);
      *walk_subtrees = 0;
      break;
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      visit_loop (tp, w);
      *walk_subtrees = 0;
      break;
    case CALL_EXPR:
      visit_call (tp, w);
      *walk_subtrees = 0;
      break;
    case DECL_EXPR:
      /* walk_tree does not look into a local's initializer.  */
      if (VAR_P (DECL_EXPR_DECL (*tp)) && !TREE_STATIC (DECL_EXPR_DECL (*tp)))
        walk (&DECL_INITIAL (DECL_EXPR_DECL (*tp)), w);
      break;
    default:
      if (TYPE_P (*tp))
        *walk_subtrees = 0;
      break;
    }
  return NULL_TREE;
}

void
cudajit_host_fiber_waits (tree fndecl)
{
  fiber_walk w;
  w.fndecl = fndecl;
  w.locals = NULL_TREE;
  w.next = 1;
  w.warp_at = cudajit_entry_point (CUDAJIT_ENTRY_WARP_AT, NULL_TREE);
  w.warp_call = cudajit_entry_point (CUDAJIT_ENTRY_WARP_CALL, NULL_TREE);
  w.warp_return = cudajit_entry_point (CUDAJIT_ENTRY_WARP_RETURN, NULL_TREE);
  w.spin = cudajit_entry_point (CUDAJIT_ENTRY_SPIN, NULL_TREE);
  walk (&DECL_SAVED_TREE (fndecl), &w);
  if (w.locals)
    {
      tree bind = build3 (BIND_EXPR, void_type_node, w.locals,
                          DECL_SAVED_TREE (fndecl), NULL_TREE);
      TREE_SIDE_EFFECTS (bind) = 1;
      DECL_SAVED_TREE (fndecl) = bind;
    }
}
