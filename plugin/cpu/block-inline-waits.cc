/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Device functions that wait, inlined, for a kernel's block function
   (block-function.cc): a call of a device function that calls a warp
   function or cuda_syncthreads (a warp reduction, as CUB and
   cuda-samples write it) would leave the block's threads to fibers,
   since the cuts at warp functions and barriers see only the kernel's
   own body.  In the copy of that body, each such call becomes the
   function's body, its parameters and its value variables of their own,
   so that the cuts find its warp functions and barriers where the kernel
   reaches them, as COX does before it collapses a block into loops.  A
   function is inlined where the copy of its statements was kept (it is
   defined before the kernel), its only return ends it, it has no shared
   arrays nor static variables of its own, and it waits only where the
   cuts can take it; the call computes a statement's value
   alone, as block-warp-collectives.cc cuts a warp function.  */

#include "block-function.h"
#include "tree-inline.h"

/* How deep device functions that wait may call each other to be
   inlined: deeper, or recursive, they are not.  */
#define INLINE_DEPTH 8

/* The last statement of BODY, through its scopes and statement lists,
   passing over debug markers; its slot.  */
static tree *
last_statement (tree *body)
{
  for (;;)
    if (TREE_CODE (*body) == BIND_EXPR)
      body = &BIND_EXPR_BODY (*body);
    else if (TREE_CODE (*body) == STATEMENT_LIST)
      {
        tree_stmt_iterator i = tsi_last (*body);
        while (!tsi_end_p (i) && TREE_CODE (tsi_stmt (i)) == DEBUG_BEGIN_STMT)
          tsi_prev (&i);
        if (tsi_end_p (i))
          return body;
        body = tsi_stmt_ptr (i);
      }
    else
      return body;
}

static tree
count_returns (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == RETURN_EXPR)
    ++*(int *) data;
  return NULL_TREE;
}

/* Whether a call of CALLEE waits otherwise than where the cuts take it:
   at cuda_syncthreads or a warp function.  */
static bool
waits_otherwise_p (const_tree callee)
{
  return (cudajit_waiting_call_p (callee) && !cudajit_barrier_call_p (callee)
          && !cudajit_warp_fission_call_p (callee))
         || cudajit_activemask_call_p (callee);
}

/* Whether CALLEE is a device function of the program, not one of
   cudajit.h's.  */
static bool
program_function_p (const_tree callee)
{
  return cudajit_device_function_p (callee)
         && !cudajit_builtin_cuda_name (callee);
}

static bool inlinable_p (tree callee, int depth);

/* A shared array, or a static variable of the function, which its host
   version keeps apart from the kernel's (shared-memory.cc) for each
   block, with checks of its bounds.  */
static tree
find_own_static (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp)
           && (cudajit_shared_p (*tp)
               || (TREE_STATIC (*tp) && DECL_CONTEXT (*tp)
                   && TREE_CODE (DECL_CONTEXT (*tp)) == FUNCTION_DECL)))
    return *tp;
  return NULL_TREE;
}

/* How deep inlinable_p looks, for opaque_wait_p.  */
static int search_depth;

/* Whether CALLEE is a device function that may wait and cannot be
   inlined at SEARCH_DEPTH.  */
static bool
opaque_wait_p (const_tree callee)
{
  return program_function_p (callee)
         && cudajit_device_function_may_sync (const_cast<tree> (callee))
         && !inlinable_p (const_cast<tree> (callee), search_depth);
}

static bool
inlinable_p (tree callee, int depth)
{
  tree body = cudajit_device_function_body (callee);
  if (!body || depth >= INLINE_DEPTH || DECL_STRUCT_FUNCTION (callee) == NULL)
    return false;
  for (tree parm = DECL_ARGUMENTS (callee); parm; parm = DECL_CHAIN (parm))
    if (variably_modified_type_p (TREE_TYPE (parm), NULL_TREE))
      return false;
  int returns = 0;
  walk_tree_without_duplicates (&body, count_returns, &returns);
  if (returns > 1
      || (returns == 1 && TREE_CODE (*last_statement (&body)) != RETURN_EXPR))
    return false;
  if (cudajit_calls_p (body, waits_otherwise_p) || cudajit_waiting_loop (body)
      || walk_tree_without_duplicates (&body, find_own_static, NULL))
    return false;
  int outer = search_depth;
  search_depth = depth + 1;
  bool opaque = cudajit_calls_p (body, opaque_wait_p) != NULL_TREE;
  search_depth = outer;
  return !opaque;
}

bool
cudajit_inlined_wait_p (const_tree callee)
{
  return program_function_p (callee)
         && cudajit_device_function_may_sync (const_cast<tree> (callee))
         && inlinable_p (const_cast<tree> (callee), 0);
}

/* The calls of device functions to inline in a statement.  */
struct inline_calls
{
  int count;
  tree *first;
};

static tree
find_inlined_call (tree *tp, int *walk_subtrees, void *data)
{
  inline_calls *calls = (inline_calls *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == CALL_EXPR && get_callee_fndecl (*tp)
           && cudajit_inlined_wait_p (get_callee_fndecl (*tp)))
    if (calls->count++ == 0)
      calls->first = tp;
  return NULL_TREE;
}

static tree
find_return (tree *tp, int *, void *)
{
  return TREE_CODE (*tp) == RETURN_EXPR ? *tp : NULL_TREE;
}

/* A new variable of ENTRY, of TYPE, declared in the scope of VARS.  */
static tree
scope_variable (tree entry, tree type, tree *vars)
{
  tree var = build_decl (UNKNOWN_LOCATION, VAR_DECL, NULL_TREE, type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_CONTEXT (var) = entry;
  DECL_CHAIN (var) = *vars;
  *vars = var;
  return var;
}

static void inline_statements (tree entry, tree *t, int depth, bool branch);

/* The parameter of CALLEE that its BODY returns at its end (return v;
   of a warp reduction that adds into its parameter), of the value's
   type and not addressable, or null.  */
static tree
returned_parameter (tree callee, tree body)
{
  tree ret = *last_statement (&body);
  if (TREE_CODE (ret) != RETURN_EXPR || !TREE_OPERAND (ret, 0)
      || TREE_CODE (TREE_OPERAND (ret, 0)) != MODIFY_EXPR)
    return NULL_TREE;
  tree parm = TREE_OPERAND (TREE_OPERAND (ret, 0), 1);
  if (TREE_CODE (parm) != PARM_DECL || DECL_CONTEXT (parm) != callee
      || TREE_ADDRESSABLE (parm)
      || TYPE_MAIN_VARIANT (TREE_TYPE (parm))
             != TYPE_MAIN_VARIANT (TREE_TYPE (DECL_RESULT (callee))))
    return NULL_TREE;
  return parm;
}

/* The variable of the caller that *S, a statement of ENTRY's outside
   a conditional's branch, sets to the value of CALL alone: X of
   X = f (...) or of the declaration float X = f (...), X a plain local
   of f's value's type; or null.  Not in a branch, whose warp functions
   block-warp-collectives.cc runs in every thread where they set only
   the branch's own variables.  */
static tree
call_target (tree s, tree call, bool branch)
{
  if (branch)
    return NULL_TREE;
  tree target = NULL_TREE;
  if (TREE_CODE (s) == MODIFY_EXPR && TREE_OPERAND (s, 1) == call)
    target = TREE_OPERAND (s, 0);
  else if (TREE_CODE (s) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (s))
           && DECL_INITIAL (DECL_EXPR_DECL (s)) == call)
    target = DECL_EXPR_DECL (s);
  if (!target || !cudajit_plain_local_p (target)
      || TYPE_MAIN_VARIANT (TREE_TYPE (target))
             != TYPE_MAIN_VARIANT (
                 TREE_TYPE (DECL_RESULT (get_callee_fndecl (call)))))
    return NULL_TREE;
  return target;
}

/* *S, a statement of ENTRY's that computes the call at *CALL_SLOT
   alone, as: a scope in which the callee's parameters are set from the
   call's arguments, its body runs, with its return the setting of a
   variable of the value, then *S with that value for the call.  A
   declaration's variable, which statements after *S read, is declared
   before the scope and set at its end.  Each copy between variables
   here would be a pass over the block's threads once barriers or warp
   functions cut the body around it, so the value's variable is the
   caller's where *S only sets one (call_target), and is the parameter
   that the callee returns.  */
static void
inline_call (tree entry, tree *s, tree *call_slot, int depth, bool branch)
{
  tree call = *call_slot;
  tree callee = get_callee_fndecl (call);
  tree vars = NULL_TREE;
  tree statements = alloc_stmt_list ();
  tree body = cudajit_device_function_body (callee);

  copy_body_data id;
  memset (&id, 0, sizeof id);
  hash_map<tree, tree> decl_map;
  id.src_fn = callee;
  id.dst_fn = entry;
  id.src_cfun = DECL_STRUCT_FUNCTION (callee);
  id.decl_map = &decl_map;
  id.copy_decl = copy_decl_no_change;
  id.transform_call_graph_edges = CB_CGE_DUPLICATE;
  id.transform_new_cfg = true;
  /* With X = f (..., X, ...), X is also the parameters that X is passed
     to, so that what reads f's value reads the variable that its warp
     functions computed, as the warp loops of block-warp-loops.cc look
     for (v = warp_sum (v); if (lane == 0) ... v ...).  */
  tree target = call_target (*s, call, branch);
  int passed = 0;
  for (int k = 0; target && k < call_expr_nargs (call); k++)
    passed += CALL_EXPR_ARG (call, k) == target;
  tree value = target;
  if (!value && !VOID_TYPE_P (TREE_TYPE (call)))
    value = scope_variable (entry, TREE_TYPE (DECL_RESULT (callee)), &vars);
  if (value)
    decl_map.put (DECL_RESULT (callee), value);
  /* The returned parameter is the value's variable, set after the other
     parameters, whose arguments may read the caller's variable before
     it changes: C leaves the order of the arguments open.  */
  tree returned
      = value && passed == 0 ? returned_parameter (callee, body) : NULL_TREE;
  tree returned_argument = NULL_TREE;
  int i = 0;
  for (tree parm = DECL_ARGUMENTS (callee); parm; parm = DECL_CHAIN (parm))
    {
      tree argument = CALL_EXPR_ARG (call, i++);
      if (target && passed == 1 && argument == target
          && !TREE_ADDRESSABLE (parm)
          && TYPE_MAIN_VARIANT (TREE_TYPE (parm))
                 == TYPE_MAIN_VARIANT (TREE_TYPE (target)))
        {
          decl_map.put (parm, target);
          continue;
        }
      if (parm == returned)
        {
          decl_map.put (parm, value);
          returned_argument = argument;
          continue;
        }
      tree own = scope_variable (entry, TREE_TYPE (parm), &vars);
      append_to_statement_list (
          build2 (MODIFY_EXPR, TREE_TYPE (own), own,
                  fold_convert (TREE_TYPE (own), argument)),
          &statements);
      decl_map.put (parm, own);
    }
  if (returned_argument)
    append_to_statement_list (
        build2 (MODIFY_EXPR, TREE_TYPE (value), value,
                fold_convert (TREE_TYPE (value), returned_argument)),
        &statements);
  walk_tree (&body, copy_tree_body_r, &id, NULL);
  /* Its one return ends it: the setting of the value, or nothing where
     the value's variable holds it already.  */
  tree *ret = last_statement (&body);
  if (TREE_CODE (*ret) == RETURN_EXPR)
    {
      tree set = TREE_OPERAND (*ret, 0);
      bool kept = set
                  && !(TREE_CODE (set) == MODIFY_EXPR
                       && TREE_OPERAND (set, 0) == TREE_OPERAND (set, 1));
      *ret = kept ? set : build_empty_stmt (UNKNOWN_LOCATION);
    }
  gcc_assert (!walk_tree_without_duplicates (&body, find_return, NULL));
  append_to_statement_list (body, &statements);
  *call_slot = value ? fold_convert (TREE_TYPE (call), value)
                     : build_empty_stmt (UNKNOWN_LOCATION);
  tree result = alloc_stmt_list ();
  tree decl = TREE_CODE (*s) == DECL_EXPR ? DECL_EXPR_DECL (*s) : NULL_TREE;
  if (decl && VAR_P (decl) && DECL_INITIAL (decl))
    {
      tree init = DECL_INITIAL (decl);
      DECL_INITIAL (decl) = NULL_TREE;
      append_to_statement_list (*s, &result);
      if (decl != target)
        append_to_statement_list (
            build2 (MODIFY_EXPR, TREE_TYPE (decl), decl, init), &statements);
    }
  else if (!target)
    append_to_statement_list (*s, &statements);
  tree scope = build3 (BIND_EXPR, void_type_node, vars, statements, NULL_TREE);
  TREE_SIDE_EFFECTS (scope) = 1;
  append_to_statement_list (scope, &result);
  *s = result;
  /* Those it calls in turn, now in the kernel's body.  */
  inline_statements (entry, &BIND_EXPR_BODY (scope), depth + 1, branch);
}

/* Each statement of *T that computes a call to inline alone, with that
   call inlined; the others stay, and leave the threads to fibers.  */
static void
inline_statements (tree entry, tree *t, int depth, bool branch)
{
  if (depth >= INLINE_DEPTH)
    return;
  switch (TREE_CODE (*t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (*t); !tsi_end_p (i);)
        {
          inline_statements (entry, tsi_stmt_ptr (i), depth, branch);
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
      inline_statements (entry, &BIND_EXPR_BODY (*t), depth, branch);
      return;
    case COND_EXPR:
      if (COND_EXPR_THEN (*t))
        inline_statements (entry, &COND_EXPR_THEN (*t), depth, true);
      if (COND_EXPR_ELSE (*t))
        inline_statements (entry, &COND_EXPR_ELSE (*t), depth, true);
      return;
    case FOR_STMT:
      if (FOR_INIT_STMT (*t))
        inline_statements (entry, &FOR_INIT_STMT (*t), depth, branch);
      if (FOR_BODY (*t))
        inline_statements (entry, &FOR_BODY (*t), depth, branch);
      return;
    case WHILE_STMT:
      if (WHILE_BODY (*t))
        inline_statements (entry, &WHILE_BODY (*t), depth, branch);
      return;
    case DO_STMT:
      if (DO_BODY (*t))
        inline_statements (entry, &DO_BODY (*t), depth, branch);
      return;
    default:
      {
        inline_calls calls = { 0, NULL };
        walk_tree_without_duplicates (cudajit_call_computation (t),
                                      find_inlined_call, &calls);
        if (calls.count == 1
            && cudajit_computes_call_alone_p (*t, *calls.first))
          inline_call (entry, t, calls.first, depth, branch);
      }
    }
}

void
cudajit_inline_waits (tree entry, tree *body)
{
  inline_statements (entry, body, 0, false);
}

bool
cudajit_waiting_device_call_p (const_tree callee)
{
  return program_function_p (callee)
         && cudajit_device_function_may_sync (const_cast<tree> (callee));
}

bool
cudajit_waits_p (tree body)
{
  return cudajit_calls_barrier_p (body)
         || cudajit_calls_p (body, cudajit_inlined_wait_p);
}
