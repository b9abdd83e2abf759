/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Branches of warp functions, for the fission at warp functions
   (block-warp-collectives.cc): a conditional whose branch calls warp
   functions that the lanes of a warp take alike (if (warp == 0) { ...
   cuda_shfl_down_sync ... }, the second stage of a block reduction),
   if-converted so that every thread runs its warp functions, and only
   those that take it its other effects.  */

#include "block-function.h"
#include "calls.h"

bool
cudajit_contains_warp_call_p (tree t)
{
  return cudajit_calls_p (t, cudajit_warp_fission_call_p) != NULL_TREE;
}

tree
cudajit_thread_variable (block_function *b, tree type)
{
  tree var = cudajit_block_local (b->entry, b->locals, "lanes", type);
  b->barrier_scope_variables.add (var);
  return var;
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
  if (TREE_CODE (t) == FOR_STMT && cudajit_contains_warp_call_p (FOR_BODY (t)))
    {
      controls[0] = FOR_INIT_STMT (t);
      controls[1] = FOR_COND (t);
      controls[2] = FOR_EXPR (t);
    }
  else if (TREE_CODE (t) == WHILE_STMT
           && cudajit_contains_warp_call_p (WHILE_BODY (t)))
    controls[0] = WHILE_COND (t);
  else if (TREE_CODE (t) == DO_STMT
           && cudajit_contains_warp_call_p (DO_BODY (t)))
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
  if (!cudajit_contains_warp_call_p (t))
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
  /* A field of a built-in variable (threadIdx.x), whose field is no
     operand to look at.  */
  if (TREE_CODE (t) == COMPONENT_REF && VAR_P (TREE_OPERAND (t, 0))
      && cudajit_builtin_variable (TREE_OPERAND (t, 0)) != BUILTIN_VARIABLES)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
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

/* The plain locals of a number type declared outside a branch's scopes
   (LOCALS) that it sets to what a warp function computes, for
   collect_outer_writes.  */
struct outer_writes
{
  hash_set<tree> *locals;
  auto_vec<tree> vars;
};

static tree
collect_outer_writes (tree *tp, int *walk_subtrees, void *data)
{
  outer_writes *w = (outer_writes *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree target = cudajit_written_object (*tp);
  if (target && cudajit_plain_local_p (target)
      && (INTEGRAL_TYPE_P (TREE_TYPE (target))
          || SCALAR_FLOAT_TYPE_P (TREE_TYPE (target)))
      && !w->locals->contains (target) && !w->vars.contains (target)
      && cudajit_contains_warp_call_p (*tp))
    w->vars.safe_push (target);
  return NULL_TREE;
}

/* Each variable that DATA, a map, has replaced by what it maps it to,
   in the initializers of declarations too.  */
static tree
replace_variables (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *map = (hash_map<tree, tree> *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (*tp)), replace_variables, data,
               NULL);
  else if (tree *to = map->get (*tp))
    *tp = *to;
  return NULL_TREE;
}

/* In *BRANCH, a branch of warp functions, the kernel's variables that it
   sets outside its scopes (LOCALS) by warp functions, which a thread that
   does not take it must keep (if (tid < 32) { v += sdata[tid + 32]; for (...)
   v += cuda_shfl_down_sync (FULL, v, d); }, cuda-samples' reduction), each
   replaced by a variable of the thread that the branch has for its own,
   added to LOCALS: in *IN, the copies of the kernel's variables to their
   own, before the branch; in *OUT, their copies back, for the threads
   that take it, both left null where there is none.  MAP maps each
   variable to its own, and *BACK each own to its variable, to undo the
   replacement.  */
static void
own_outer_variables (block_function *b, tree *branch, hash_set<tree> *locals,
                     hash_map<tree, tree> *map, hash_map<tree, tree> *back,
                     tree *in, tree *out)
{
  outer_writes w;
  w.locals = locals;
  walk_tree_without_duplicates (branch, collect_outer_writes, &w);
  if (w.vars.is_empty ())
    return;
  *in = alloc_stmt_list ();
  *out = alloc_stmt_list ();
  for (tree var : w.vars)
    {
      tree own = cudajit_thread_variable (b, TREE_TYPE (var));
      cudajit_suppress_uninitialized_warning (own);
      map->put (var, own);
      back->put (own, var);
      locals->add (own);
      append_to_statement_list (
          build2 (MODIFY_EXPR, TREE_TYPE (own), own, var), in);
      append_to_statement_list (
          build2 (MODIFY_EXPR, TREE_TYPE (var), var, own), out);
    }
  walk_tree (branch, replace_variables, map, NULL);
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
bool
cudajit_convert_warp_branch (block_function *b, tree *t, tree *guard)
{
  tree cond = COND_EXPR_COND (*t);
  if (TREE_SIDE_EFFECTS (cond) || cudajit_contains_warp_call_p (cond))
    return false;
  hash_set<tree> locals;
  walk_tree_without_duplicates (t, collect_scope_variables, &locals);
  /* A branch without else sets the kernel's variables in its own.  */
  hash_map<tree, tree> map, back;
  tree in = NULL_TREE, out = NULL_TREE;
  bool has_else = COND_EXPR_ELSE (*t) && !IS_EMPTY_STMT (COND_EXPR_ELSE (*t))
                  && !(TREE_CODE (COND_EXPR_ELSE (*t)) == STATEMENT_LIST
                       && tsi_end_p (tsi_start (COND_EXPR_ELSE (*t))));
  if (!has_else && COND_EXPR_THEN (*t))
    own_outer_variables (b, &COND_EXPR_THEN (*t), &locals, &map, &back, &in,
                         &out);
  /* Checked first, since the conversion changes the branches.  */
  if ((COND_EXPR_THEN (*t)
       && !predicated (COND_EXPR_THEN (*t), NULL_TREE, &locals, NULL))
      || (COND_EXPR_ELSE (*t)
          && !predicated (COND_EXPR_ELSE (*t), NULL_TREE, &locals, NULL)))
    {
      if (COND_EXPR_THEN (*t))
        walk_tree (&COND_EXPR_THEN (*t), replace_variables, &back, NULL);
      return false;
    }
  tree statements = alloc_stmt_list ();
  if (in)
    append_to_statement_list (in, &statements);
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
      if (out)
        append_to_statement_list (build3 (COND_EXPR, void_type_node,
                                          unshare_expr (*guard), out,
                                          build_empty_stmt (UNKNOWN_LOCATION)),
                                  &statements);
      *t = statements;
      return true;
    }
  tree pred = cudajit_thread_variable (b, boolean_type_node);
  tree not_pred = build1 (TRUTH_NOT_EXPR, boolean_type_node, pred);
  tree then_clause = predicated (COND_EXPR_THEN (*t), pred, &locals, NULL);
  tree else_clause = predicated (COND_EXPR_ELSE (*t), not_pred, &locals, NULL);
  append_to_statement_list (build2 (MODIFY_EXPR, boolean_type_node, pred,
                                    fold_convert (boolean_type_node, cond)),
                            &statements);
  append_to_statement_list (then_clause, &statements);
  append_to_statement_list (else_clause, &statements);
  if (out)
    append_to_statement_list (build3 (COND_EXPR, void_type_node, pred, out,
                                      build_empty_stmt (UNKNOWN_LOCATION)),
                              &statements);
  *t = statements;
  return true;
}
