/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fission at guards, for a kernel's block function (block-function.cc):
   statements that only some threads of a block run, the halo of a
   shared tile,

     tile[ty][tx] = in[y][x];
     if (threadIdx.x == 0 && x > 0)
       tile[ty][0] = in[y][x - 1];
     if (threadIdx.y == 0 && y > 0)
       tile[0][tx] = in[y - 1][x];

   run each in a loop of its own over the threads, whose guard becomes its
   bounds (cudajit_thread_loop): a column or a row of the block instead
   of a test for every thread.  The statements between them run in loops
   of their own, without tests.

   Each thread still runs its statements in order.  The threads'
   statements interleave otherwise, as they may on a GPU, where no
   thread may read what another writes before a barrier; so no variable
   of the thread may carry a value from one loop to the next, and the
   loops have no jumps between them.  An if-else chain on conditions
   that read no memory and that its branches do not change (if
   (threadIdx.x == 0) ... else if (threadIdx.x == blockDim.x - 1) ...)
   is split into guards first, and nested guards are joined.  */

#include "block-function.h"

/* The statements of a region as guards and runs, and what decides
   whether they may be cut apart.  */
struct guard_fission
{
  block_function *b;
  /* The statements, those that may be a loop of their own at GUARDED.  */
  auto_vec<tree> statements;
  auto_vec<bool> guarded;
};

/* Whether T, an expression, computes its value from its operands alone,
   reading nothing else: an arithmetic, logical or comparison operator, or
   a conditional expression.  The walks that ask it look at the operands
   themselves.  */
bool
cudajit_operator_p (const_tree t)
{
  switch (TREE_CODE (t))
    {
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
    case TRUTH_AND_EXPR:
    case TRUTH_OR_EXPR:
    case TRUTH_XOR_EXPR:
    case TRUTH_NOT_EXPR:
    case COND_EXPR:
      return true;
    default:
      return UNARY_CLASS_P (t) || BINARY_CLASS_P (t) || COMPARISON_CLASS_P (t);
    }
}

/* Whether T reads only constants, the built-in variables and variables
   that WRITER, the whole statement T is in, does not write: no memory,
   no calls; the same value for a thread wherever in WRITER it is
   evaluated.  */
static tree
find_impure_operand (tree *tp, int *walk_subtrees, void *data)
{
  guard_fission *f = (guard_fission *) ((void **) data)[0];
  tree writer = (tree) ((void **) data)[1];
  tree t = *tp;
  if (CONSTANT_CLASS_P (t))
    return NULL_TREE;
  if (TREE_CODE (t) == COMPONENT_REF)
    {
      *walk_subtrees = 0;
      return cudajit_builtin_field (f->b, t) < BUILTIN_VARIABLES ? NULL_TREE
                                                                 : t;
    }
  if (VAR_P (t))
    return TREE_STATIC (t) || DECL_EXTERNAL (t) || TREE_THIS_VOLATILE (t)
                   || walk_tree_without_duplicates (&writer,
                                                    cudajit_find_write, t)
               ? t
               : NULL_TREE;
  return TREE_SIDE_EFFECTS (t) || !cudajit_operator_p (t) ? t : NULL_TREE;
}

static bool
pure_condition_p (guard_fission *f, tree cond, tree writer)
{
  void *data[] = { f, writer };
  return !walk_tree_without_duplicates (&cond, find_impure_operand, data);
}

static bool
empty_p (tree t)
{
  return !t || IS_EMPTY_STMT (t)
         || (TREE_CODE (t) == STATEMENT_LIST && tsi_end_p (tsi_start (t)));
}

static tree
and_conditions (tree first, tree second)
{
  if (!first)
    return second;
  return build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
                 fold_convert (boolean_type_node, first),
                 fold_convert (boolean_type_node, second));
}

/* The statement list of conditionals alone that T is, through scopes
   that declare nothing: the two paths of a warp's loop in a branch of
   whole warps, if (warp == 0) { if (rows) ...; if (!rows && lane == 0)
   ... } (block-warp-loops.cc); or null.  */
static tree
conditionals_list (tree t)
{
  while (TREE_CODE (t) == BIND_EXPR && !BIND_EXPR_VARS (t))
    t = BIND_EXPR_BODY (t);
  if (TREE_CODE (t) != STATEMENT_LIST)
    return NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != COND_EXPR
        && TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      return NULL_TREE;
  return t;
}

/* Append T, run where PREFIX holds (if not NULL_TREE), to F's statements
   as guards where it is a conditional: if (A) { if (B) S } as if (A &&
   B) S, and if (A) S else T as if (A) S; if (!A) T where A is pure in
   WHOLE, the statement T comes from; so too if (A) { if (B) S if (C) T }
   as if (A && B) S; if (A && C) T.  */
static void
add_guards (guard_fission *f, tree t, tree prefix, tree whole)
{
  if (TREE_CODE (t) == COND_EXPR && !TREE_SIDE_EFFECTS (COND_EXPR_COND (t)))
    {
      tree cond = COND_EXPR_COND (t);
      tree full = and_conditions (prefix, cond);
      bool has_else = !empty_p (COND_EXPR_ELSE (t));
      tree conditionals = conditionals_list (COND_EXPR_THEN (t));
      if (conditionals && !has_else && pure_condition_p (f, full, whole))
        {
          for (tree_stmt_iterator i = tsi_start (conditionals); !tsi_end_p (i);
               tsi_next (&i))
            if (TREE_CODE (tsi_stmt (i)) == COND_EXPR)
              add_guards (f, tsi_stmt (i), unshare_expr (full), whole);
          return;
        }
      if (!has_else || pure_condition_p (f, full, whole))
        {
          tree then_clause = COND_EXPR_THEN (t);
          tree inner = cudajit_single_statement (then_clause);
          if (inner && TREE_CODE (inner) == COND_EXPR)
            add_guards (f, inner, full, whole);
          else
            {
              f->statements.safe_push (
                  build3 (COND_EXPR, void_type_node, full, then_clause,
                          build_empty_stmt (EXPR_LOCATION (t))));
              f->guarded.safe_push (true);
            }
          if (has_else)
            add_guards (
                f, COND_EXPR_ELSE (t),
                and_conditions (unshare_expr (prefix),
                                invert_truthvalue (fold_convert (
                                    boolean_type_node, unshare_expr (cond)))),
                whole);
          return;
        }
    }
  if (prefix)
    {
      t = build3 (COND_EXPR, void_type_node, prefix, t,
                  build_empty_stmt (UNKNOWN_LOCATION));
      f->guarded.safe_push (true);
    }
  else
    f->guarded.safe_push (false);
  f->statements.safe_push (t);
}

/* The variables of a thread that a group of statements writes, and those
   it reads.  */
struct group_variables
{
  hash_set<tree> written, used;
};

static tree
collect_group_variables (tree *tp, int *walk_subtrees, void *data)
{
  group_variables *v = (group_variables *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree written = cudajit_written_object (*tp);
  if (written && VAR_P (written))
    v->written.add (written);
  if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      v->written.add (DECL_EXPR_DECL (*tp));
      walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (*tp)), collect_group_variables,
                 v, NULL);
    }
  if (VAR_P (*tp) && !TREE_STATIC (*tp) && !DECL_EXTERNAL (*tp))
    v->used.add (*tp);
  return NULL_TREE;
}

/* Whether no variable that one of GROUPS writes is used by another.  */
static bool
independent_groups_p (const vec<tree> &groups)
{
  auto_vec<group_variables *> variables;
  bool independent = true;
  for (tree group : groups)
    {
      group_variables *v = new group_variables;
      walk_tree (&group, collect_group_variables, v, NULL);
      variables.safe_push (v);
    }
  for (unsigned int i = 0; i < groups.length (); i++)
    for (tree var : variables[i]->written)
      for (unsigned int j = 0; j < groups.length (); j++)
        if (j != i && variables[j]->used.contains (var))
          independent = false;
  for (group_variables *v : variables)
    delete v;
  return independent;
}

/* Whether the statement list LIST only declares.  */
static bool
declarations_p (tree list)
{
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DECL_EXPR
        && TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      return false;
  return true;
}

/* A jump that could go from one group to another: a goto, label or
   return; a break or continue stays in its loop or switch, which is all
   in one group.  */
static tree
find_jump_between (tree *tp, int *walk_subtrees, void *)
{
  if (TREE_CODE (*tp) == BREAK_STMT || TREE_CODE (*tp) == CONTINUE_STMT)
    return NULL_TREE;
  return cudajit_find_jump (tp, walk_subtrees, NULL);
}

tree
cudajit_split_at_guards (block_function *b, tree body)
{
  if (walk_tree_without_duplicates (&body, find_jump_between, NULL))
    return NULL_TREE;
  tree *slot = cudajit_inner_statement (&body, false);
  if (!slot
      || (TREE_CODE (*slot) != STATEMENT_LIST
          && TREE_CODE (*slot) != COND_EXPR))
    return NULL_TREE;
  guard_fission f;
  f.b = b;
  /* A conditional alone may hold guards of its own.  */
  if (TREE_CODE (*slot) == COND_EXPR)
    add_guards (&f, *slot, NULL_TREE, *slot);
  else
    for (tree_stmt_iterator i = tsi_start (*slot); !tsi_end_p (i);
         tsi_next (&i))
      add_guards (&f, tsi_stmt (i), NULL_TREE, tsi_stmt (i));

  /* A guard with bounds is a group of its own, with the declarations
     before it; the statements between such guards, one group.  */
  auto_vec<tree> groups;
  tree group = NULL_TREE;
  bool bounded = false;
  for (unsigned int k = 0; k < f.statements.length (); k++)
    {
      tree s = f.statements[k];
      bool alone = f.guarded[k] && cudajit_bounded_guard_p (b, s);
      if (alone && group && !declarations_p (group))
        {
          /* The statements before it run first.  */
          groups.safe_push (group);
          group = NULL_TREE;
        }
      if (!group)
        group = alloc_stmt_list ();
      append_to_statement_list (s, &group);
      if (alone)
        {
          groups.safe_push (group);
          group = NULL_TREE;
          bounded = true;
        }
    }
  if (group && !groups.is_empty () && declarations_p (group))
    append_to_statement_list (group, &groups.last ());
  else if (group)
    groups.safe_push (group);
  if (!bounded || groups.length () < 2 || !independent_groups_p (groups))
    return NULL_TREE;

  tree loops = alloc_stmt_list ();
  for (tree g : groups)
    append_to_statement_list (cudajit_thread_loop (b, g), &loops);
  *slot = loops;
  return body;
}
