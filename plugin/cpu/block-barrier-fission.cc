/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fission: a kernel whose threads wait at cuda_syncthreads, cut at its
   barriers into regions, each a loop over the block's threads, for its
   block function (block-function.cc).  A barrier may stand in loops and
   conditionals whose conditions are the same for every thread of a
   block, made of constants, arguments, the block's indices and uniform
   variables: they are evaluated once for the block, as thread (0, 0, 0)
   sees them.  Any other condition leaves the threads to fibers, which
   take each thread its own way, as a GPU does.  The variables that live
   across a barrier are kept per thread, in context arrays indexed by the
   thread.  */

#include "block-function.h"

static bool
contains_barrier_p (tree t)
{
  return cudajit_calls_p (t, cudajit_barrier_call_p) != NULL_TREE;
}

/* Whether T is a statement that is a barrier and nothing else.  */
static bool
barrier_statement_p (tree t)
{
  if (TREE_CODE (t) != CALL_EXPR)
    return false;
  tree callee = get_callee_fndecl (t);
  return callee && cudajit_barrier_call_p (callee);
}

static void
add_region (block_function *b, tree *code, bool condition, tree early_return)
{
  b->regions.safe_push (
      { code, condition, false, b->nesting > 0, b->barriers, early_return });
}

/* BODY, statements without barriers, as a region: run by every thread,
   in a loop over the threads that is made once its variables are
   known.  */
static tree
lower_region (block_function *b, tree body)
{
  tree early_return
      = walk_tree_without_duplicates (&body, cudajit_find_return, NULL);
  tree statements = alloc_stmt_list ();
  append_to_statement_list (body, &statements);
  tree holder
      = build3 (BIND_EXPR, void_type_node, NULL_TREE, statements, NULL_TREE);
  add_region (b, &BIND_EXPR_BODY (holder), false, early_return);
  return holder;
}

/* COND, a condition that every thread of the block evaluates alike, as
   thread (0, 0, 0) evaluates it, a region of its own.  */
static tree
block_condition (block_function *b, tree cond)
{
  if (TREE_SIDE_EFFECTS (cond))
    cudajit_refuse_loops (b, cond, CUDAJIT_FIBERS_SIDE_EFFECT_CONDITION);
  tree thread = b->builtins[THREAD_INDEX];
  tree first = build2 (MODIFY_EXPR, TREE_TYPE (thread), thread,
                       build_zero_cst (TREE_TYPE (thread)));
  tree test = build2 (COMPOUND_EXPR, boolean_type_node, first,
                      fold_convert (boolean_type_node, cond));
  add_region (b, &TREE_OPERAND (test, 1), true, NULL_TREE);
  return test;
}

static tree lower_barriers (block_function *b, tree t);

/* The statement list of BRANCH, or of its scope, whose last statement,
   but for debug markers, is a return, with that return at *AT, where
   the statements before it neither jump nor wait at barriers; else
   NULL_TREE.  */
static tree
work_then_return (tree branch, tree_stmt_iterator *at)
{
  if (TREE_CODE (branch) == BIND_EXPR)
    branch = BIND_EXPR_BODY (branch);
  if (TREE_CODE (branch) != STATEMENT_LIST)
    return NULL_TREE;
  tree_stmt_iterator i = tsi_last (branch);
  while (!tsi_end_p (i) && TREE_CODE (tsi_stmt (i)) == DEBUG_BEGIN_STMT)
    tsi_prev (&i);
  if (tsi_end_p (i) || TREE_CODE (tsi_stmt (i)) != RETURN_EXPR)
    return NULL_TREE;
  *at = i;
  for (tsi_prev (&i); !tsi_end_p (i); tsi_prev (&i))
    if (contains_barrier_p (tsi_stmt (i))
        || walk_tree_without_duplicates (tsi_stmt_ptr (i), cudajit_find_jump,
                                         NULL))
      return NULL_TREE;
  return branch;
}

/* The return that ends BRANCH: BRANCH itself, or the last statement
   of its list, after statements that neither jump nor wait at barriers
   (work_then_return); else NULL_TREE.  */
static tree
branch_return (tree branch)
{
  if (!branch)
    return NULL_TREE;
  tree single = expr_single (branch);
  if (single && TREE_CODE (single) == RETURN_EXPR)
    return single;
  tree_stmt_iterator at;
  return work_then_return (branch, &at) ? tsi_stmt (at) : NULL_TREE;
}

/* The return of T if T is "if (COND) return;", with no side effects in
   COND, else NULL_TREE; the branch may do work before it returns
   (branch_return), and the return may be the else branch's, where the
   other branch neither jumps nor waits at barriers (if (blockIdx.x > 0)
   { ... } else return;).  */
static tree
conditional_return (tree t)
{
  if (TREE_CODE (t) != COND_EXPR || TREE_SIDE_EFFECTS (COND_EXPR_COND (t)))
    return NULL_TREE;
  tree then_clause = COND_EXPR_THEN (t), else_clause = COND_EXPR_ELSE (t);
  tree early_return = branch_return (then_clause);
  tree other = else_clause;
  if (!early_return)
    {
      early_return = branch_return (else_clause);
      other = then_clause;
    }
  if (!early_return || !other || IS_EMPTY_STMT (other))
    return early_return;
  return contains_barrier_p (other)
                 || walk_tree_without_duplicates (&other, cudajit_find_jump,
                                                  NULL)
             ? NULL_TREE
             : early_return;
}

/* Whether a statement after I's has a barrier.  */
static bool
barrier_after_p (tree_stmt_iterator i)
{
  for (tsi_next (&i); !tsi_end_p (i); tsi_next (&i))
    if (contains_barrier_p (tsi_stmt (i)))
      return true;
  return false;
}

/* BRANCH of a return of the whole block (lower_block_return), with
   statements before its return, if any, as a region, or without a
   return, as one.  */
static tree
lower_return_branch (block_function *b, tree branch, location_t loc)
{
  if (!branch || IS_EMPTY_STMT (branch))
    return build_empty_stmt (loc);
  tree single = expr_single (branch);
  if (single && TREE_CODE (single) == RETURN_EXPR)
    return branch;
  tree_stmt_iterator at;
  if (!work_then_return (branch, &at))
    return lower_barriers (b, branch);
  tree early_return = tsi_stmt (at);
  tsi_delink (&at);
  tree lowered = alloc_stmt_list ();
  append_to_statement_list (lower_barriers (b, branch), &lowered);
  append_to_statement_list (early_return, &lowered);
  return lowered;
}

/* "if (COND) return;", T, before a barrier: a return of the whole block,
   where COND is the same for every thread (if (blockIdx.x == 0)
   return;), which ends the block function; one that may differ between
   threads is a reason to refuse the cut (find_uniform_variables).  The
   statements that its branch runs before the return (if (blockIdx.x ==
   0) { total[threadIdx.x] = 0; return; }), and those of the other
   branch, are regions, which every thread of the block runs.  */
static tree
lower_block_return (block_function *b, tree t)
{
  tree test = block_condition (b, COND_EXPR_COND (t));
  b->regions.last ().early_return = conditional_return (t);
  location_t loc = EXPR_LOCATION (t);
  b->nesting++;
  tree then_clause = lower_return_branch (b, COND_EXPR_THEN (t), loc);
  tree else_clause = lower_return_branch (b, COND_EXPR_ELSE (t), loc);
  b->nesting--;
  return build3 (COND_EXPR, void_type_node, test, then_clause, else_clause);
}

/* The local variables of the kernel that a region uses, and those of
   them whose address it takes, which may be read through it in another
   region.  */
struct region_variables
{
  hash_set<tree> used;
  hash_set<tree> addressed;
};

static tree
collect_variables (tree *tp, int *walk_subtrees, void *data)
{
  region_variables *v = (region_variables *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp) && !TREE_STATIC (*tp) && !DECL_EXTERNAL (*tp))
    v->used.add (*tp);
  else if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      /* Its initializer is walked with the scope that declares it, which
         is outside the region when the variable is kept.  */
      v->used.add (DECL_EXPR_DECL (*tp));
      walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (*tp)), collect_variables, v,
                 NULL);
    }
  else if (TREE_CODE (*tp) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (*tp, 0));
      if (base && VAR_P (base))
        v->addressed.add (base);
    }
  return NULL_TREE;
}

/* Uniform variables: see find_uniform_variables.  */
struct uniformity
{
  block_function *b;
  hash_set<tree> *candidates;
};

static void add_uniform_candidates (block_function *b,
                                    hash_set<tree> *candidates);
static bool uniform_statement_p (uniformity *u, tree t);
static tree killed_variable (tree t, tree *value);

/* The condition of T, a statement with barriers, that decides whether
   the threads reach them, if it has one.  */
static tree
barrier_condition (tree t)
{
  switch (TREE_CODE (t))
    {
    case COND_EXPR:
      return COND_EXPR_COND (t);
    case FOR_STMT:
      return FOR_COND (t);
    case WHILE_STMT:
      return WHILE_COND (t);
    case DO_STMT:
      return DO_COND (t);
    default:
      return NULL_TREE;
    }
}

/* The variable that statement T sets, by an assignment, a declaration
   or an increment, with its value, or the step, in *VALUE; else
   NULL_TREE.  */
static tree
set_variable (tree t, tree *value)
{
  if (tree var = killed_variable (t, value))
    return var;
  switch (TREE_CODE (t))
    {
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      *value = TREE_OPERAND (t, 1);
      return TREE_OPERAND (t, 0);
    default:
      return NULL_TREE;
    }
}

/* Whether statement T sets a variable of USED (k++ of for (...; k < n;
   k++, q++) too).  */
static bool
sets_used_p (tree t, region_variables *used)
{
  tree value;
  tree var = set_variable (t, &value);
  return var && used->used.contains (var);
}

/* In *BOUNDS, the indices from FROM to TO of STATEMENTS where those
   that may set a variable of TESTED the same for every thread start or
   end.  */
static void
split_setters (uniformity *u, vec<tree> *statements, unsigned int from,
               unsigned int to, region_variables *tested,
               vec<unsigned int> *bounds)
{
  bool setting = false;
  for (unsigned int k = from; k < to; k++)
    {
      tree s = (*statements)[k];
      if (TREE_CODE (s) != DEBUG_BEGIN_STMT
          && (sets_used_p (s, tested) && uniform_statement_p (u, s))
                 != setting)
        {
          setting = !setting;
          bounds->safe_push (k);
        }
    }
}

/* RUN, statements without barriers, as regions appended to *LOWERED;
   COND and STEPS, the condition and the increment of the statement with
   barriers after it, where it has them, or NULL_TREE.  Those at
   its start and at its end that may set variables the same for every
   thread of the block (a loop's stride, before or after the work that
   uses it) are regions of their own, so that they can run once for the
   block, as find_uniform_variables decides once all the regions are
   known, and the variables they set can decide whether threads reach
   barriers.  Those that may set the variables of COND or of STEPS so
   are regions apart from the others (sum = 0; a = a0, b = b0; before
   for (; a <= aend; a += astep, b += bstep)), which a variable that
   turns out to differ between threads must not take along (sum, which
   each thread adds to; j = threadIdx.x beside i = 0 before for (; i <
   n; i += blockDim.x, j += blockDim.x)).  */
static void
lower_run (block_function *b, tree run, tree cond, tree steps, tree *lowered)
{
  hash_set<tree> candidates;
  add_uniform_candidates (b, &candidates);
  uniformity u = { b, &candidates };
  region_variables tested;
  walk_tree (&cond, collect_variables, &tested, NULL);
  walk_tree (&steps, collect_variables, &tested, NULL);
  auto_vec<tree> statements;
  for (tree_stmt_iterator i = tsi_start (run); !tsi_end_p (i); tsi_next (&i))
    statements.safe_push (tsi_stmt (i));
  /* Debug markers stand between statements at -g: they neither end the
     statements that may be uniform nor make them.  */
  unsigned int n = statements.length (), first = 0, last = n;
  for (unsigned int k = 0; k < n; k++)
    if (uniform_statement_p (&u, statements[k]))
      first = k + 1;
    else if (TREE_CODE (statements[k]) != DEBUG_BEGIN_STMT)
      break;
  for (unsigned int k = n; k > first; k--)
    if (uniform_statement_p (&u, statements[k - 1]))
      last = k - 1;
    else if (TREE_CODE (statements[k - 1]) != DEBUG_BEGIN_STMT)
      break;
  /* Cut only where some work is left between: else the run is one
     region, whether uniform or not.  */
  if (first == last)
    first = last = 0;
  auto_vec<unsigned int> bounds;
  bounds.safe_push (0);
  split_setters (&u, &statements, 0, first, &tested, &bounds);
  bounds.safe_push (first);
  split_setters (&u, &statements, first, last, &tested, &bounds);
  bounds.safe_push (last);
  split_setters (&u, &statements, last, n, &tested, &bounds);
  bounds.safe_push (n);
  for (unsigned int part = 0; part + 1 < bounds.length (); part++)
    if (bounds[part] < bounds[part + 1])
      {
        tree list = alloc_stmt_list ();
        for (unsigned int k = bounds[part]; k < bounds[part + 1]; k++)
          append_to_statement_list (statements[k], &list);
        append_to_statement_list (lower_region (b, list), lowered);
      }
}

/* The statement with barriers that T, one with barriers, starts with:
   T, or the first of its scope's statements that has them, where the
   scope holds the variables that a loop declares (for (int i = 0; i <
   n; ...) in a scope of its own).  */
static tree
first_barrier_statement (tree t)
{
  while (TREE_CODE (t) == BIND_EXPR || TREE_CODE (t) == STATEMENT_LIST)
    if (TREE_CODE (t) == BIND_EXPR)
      t = BIND_EXPR_BODY (t);
    else
      {
        tree_stmt_iterator i = tsi_start (t);
        while (!tsi_end_p (i) && !contains_barrier_p (tsi_stmt (i)))
          tsi_next (&i);
        if (tsi_end_p (i))
          return t;
        t = tsi_stmt (i);
      }
  return t;
}

/* RUN as lower_run makes it, before NEXT, a statement with barriers, or
   NULL_TREE, where RUN ends a statement list: that of a loop's body may
   step the variables of its condition.  */
static void
lower_run_before (block_function *b, tree run, tree next, tree *lowered)
{
  if (next)
    next = first_barrier_statement (next);
  tree cond = next ? barrier_condition (next) : b->loop_condition;
  tree steps
      = next && TREE_CODE (next) == FOR_STMT ? FOR_EXPR (next) : NULL_TREE;
  lower_run (b, run, cond, steps, lowered);
}

/* EXPR without its conversion to void, if any.  */
static tree
strip_void_conversion (tree expr)
{
  while (CONVERT_EXPR_P (expr) && VOID_TYPE_P (TREE_TYPE (expr)))
    expr = TREE_OPERAND (expr, 0);
  return expr;
}

/* EXPR, a statement or a loop's increment, appended to *LIST with each
   operand of its commas a statement (a += astep, b += bstep), which may
   then set a variable the same for every thread on its own, so that a
   loop's condition on it is too.  */
static void
append_comma_operands (tree expr, tree *list)
{
  expr = strip_void_conversion (expr);
  if (TREE_CODE (expr) == COMPOUND_EXPR)
    {
      append_comma_operands (TREE_OPERAND (expr, 0), list);
      append_comma_operands (TREE_OPERAND (expr, 1), list);
    }
  else
    append_to_statement_list (expr, list);
}

/* EXPR as such statements, if it has commas and they separate only
   assignments to variables: none then reads what another left for it,
   such as the object of a compound literal.  */
static tree
comma_statements (tree expr)
{
  if (TREE_CODE (strip_void_conversion (expr)) != COMPOUND_EXPR)
    return expr;
  tree statements = alloc_stmt_list ();
  append_comma_operands (expr, &statements);
  for (tree_stmt_iterator i = tsi_start (statements); !tsi_end_p (i);
       tsi_next (&i))
    {
      tree written = cudajit_written_object (tsi_stmt (i));
      if (!written || !VAR_P (written))
        return expr;
    }
  return statements;
}

/* A loop whose BODY has barriers, its condition COND tested before BODY
   if COND_FIRST, else after, and INCREMENT at the end of each turn.  */
static tree
lower_barrier_loop (block_function *b, tree loop_statement, tree cond,
                    tree body, tree increment, bool cond_first)
{
  if (walk_tree_without_duplicates (&body, cudajit_find_jump, NULL))
    cudajit_refuse_loops (b, loop_statement, CUDAJIT_FIBERS_LOOP_JUMP);
  b->nesting++;
  tree outer_condition = b->loop_condition;
  b->loop_condition = cond;
  tree loop = alloc_stmt_list ();
  tree exit = NULL_TREE;
  if (cond)
    exit = build1 (
        EXIT_EXPR, void_type_node,
        build1 (TRUTH_NOT_EXPR, boolean_type_node, block_condition (b, cond)));
  if (exit && cond_first)
    append_to_statement_list (exit, &loop);
  append_to_statement_list (lower_barriers (b, body), &loop);
  if (increment)
    {
      /* A run of its own, so that the steps of the variables that COND
         tests stay apart from the others' (i += blockDim.x, j +=
         blockDim.x, where j differs between threads).  */
      tree steps = alloc_stmt_list ();
      append_to_statement_list (comma_statements (increment), &steps);
      lower_run (b, steps, cond, NULL_TREE, &loop);
    }
  if (exit && !cond_first)
    append_to_statement_list (exit, &loop);
  b->loop_condition = outer_condition;
  b->nesting--;
  return build1 (LOOP_EXPR, void_type_node, loop);
}

/* T, a statement of the kernel, run by all the threads of the block: each
   run of statements without barrier is a region.  */
static tree
lower_barriers (block_function *b, tree t)
{
  if (!t)
    return build_empty_stmt (DECL_SOURCE_LOCATION (b->kernel));
  if (!contains_barrier_p (t))
    return lower_region (b, t);
  if (barrier_statement_p (t))
    {
      b->barriers++;
      return build_empty_stmt (DECL_SOURCE_LOCATION (b->kernel));
    }
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      {
        tree lowered = alloc_stmt_list ();
        tree run = NULL_TREE;
        for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
             tsi_next (&i))
          {
            tree s = tsi_stmt (i);
            if (conditional_return (s) && barrier_after_p (i))
              {
                if (run)
                  lower_run_before (b, run, s, &lowered);
                run = NULL_TREE;
                append_to_statement_list (lower_block_return (b, s), &lowered);
                continue;
              }
            if (!contains_barrier_p (s))
              {
                if (!run)
                  run = alloc_stmt_list ();
                append_to_statement_list (comma_statements (s), &run);
                continue;
              }
            if (run)
              lower_run_before (b, run, s, &lowered);
            run = NULL_TREE;
            append_to_statement_list (lower_barriers (b, s), &lowered);
          }
        if (run)
          lower_run_before (b, run, NULL_TREE, &lowered);
        return lowered;
      }
    case BIND_EXPR:
      for (tree var = BIND_EXPR_VARS (t); var; var = DECL_CHAIN (var))
        if (VAR_P (var))
          b->barrier_scope_variables.add (var);
      BIND_EXPR_BODY (t) = lower_barriers (b, BIND_EXPR_BODY (t));
      return t;
    case COND_EXPR:
      {
        tree test = block_condition (b, COND_EXPR_COND (t));
        b->nesting++;
        tree then_clause = lower_barriers (b, COND_EXPR_THEN (t));
        tree else_clause = lower_barriers (b, COND_EXPR_ELSE (t));
        b->nesting--;
        return build3 (COND_EXPR, void_type_node, test, then_clause,
                       else_clause);
      }
    case FOR_STMT:
      {
        tree lowered = alloc_stmt_list ();
        if (FOR_INIT_STMT (t))
          append_to_statement_list (lower_barriers (b, FOR_INIT_STMT (t)),
                                    &lowered);
        append_to_statement_list (lower_barrier_loop (b, t, FOR_COND (t),
                                                      FOR_BODY (t),
                                                      FOR_EXPR (t), true),
                                  &lowered);
        return lowered;
      }
    case WHILE_STMT:
      return lower_barrier_loop (b, t, WHILE_COND (t), WHILE_BODY (t),
                                 NULL_TREE, true);
    case DO_STMT:
      return lower_barrier_loop (b, t, DO_COND (t), DO_BODY (t), NULL_TREE,
                                 false);
    default:
      cudajit_refuse_loops (b, t, CUDAJIT_FIBERS_BARRIER_IN_EXPRESSION);
      return t;
    }
}

tree
cudajit_warp_first (block_function *b)
{
  return build2 (MINUS_EXPR, sizetype, cudajit_thread_number (b, sizetype),
                 build2 (BIT_AND_EXPR, sizetype,
                         cudajit_thread_number (b, sizetype),
                         size_int (CUDAJIT_WARP_SIZE - 1)));
}

tree
cudajit_block_threads (block_function *b)
{
  tree dim = b->builtins[BLOCK_DIM];
  tree count = fold_convert (sizetype, cudajit_axis_ref (dim, 0));
  for (int axis = 1; axis < 3; axis++)
    count = build2 (MULT_EXPR, sizetype, count,
                    fold_convert (sizetype, cudajit_axis_ref (dim, axis)));
  return count;
}

tree
cudajit_thread_number (block_function *b, tree type)
{
  tree thread = b->builtins[THREAD_INDEX], dim = b->builtins[BLOCK_DIM];
  tree number = fold_convert (type, cudajit_axis_ref (thread, 2));
  for (int axis = 1; axis >= 0; axis--)
    number
        = build2 (PLUS_EXPR, type,
                  build2 (MULT_EXPR, type, number,
                          fold_convert (type, cudajit_axis_ref (dim, axis))),
                  fold_convert (type, cudajit_axis_ref (thread, axis)));
  return number;
}

/* The variables kept per thread, each with the pointer to its context
   array.  */
struct privatization
{
  block_function *b;
  hash_map<tree, tree> contexts;
};

/* VAR's element of its context array CONTEXT.  GCC cannot see that the
   element of thread (0, 0, 0) that a condition of the block reads was
   written, as the block has a thread.  */
static tree
context_element (block_function *b, tree var, tree context)
{
  tree offset
      = build2 (MULT_EXPR, sizetype, cudajit_thread_number (b, sizetype),
                TYPE_SIZE_UNIT (TREE_TYPE (var)));
  tree element
      = build_simple_mem_ref (fold_build_pointer_plus (context, offset));
  cudajit_suppress_uninitialized_warning (element);
  return element;
}

static tree
privatize (tree *tp, int *walk_subtrees, void *data)
{
  privatization *p = (privatization *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      tree var = DECL_EXPR_DECL (*tp);
      tree *context = p->contexts.get (var);
      tree init = DECL_INITIAL (var);
      *walk_subtrees = 0;
      /* The initializer is walked with the scope that declares VAR, which
         may be outside the region.  */
      if (!context)
        {
          walk_tree (&DECL_INITIAL (var), privatize, p, NULL);
          return NULL_TREE;
        }
      if (!init)
        {
          *tp = build_empty_stmt (DECL_SOURCE_LOCATION (var));
          return NULL_TREE;
        }
      walk_tree (&init, privatize, p, NULL);
      *tp = build2 (INIT_EXPR, TREE_TYPE (var),
                    context_element (p->b, var, *context), init);
      DECL_INITIAL (var) = NULL_TREE;
      return NULL_TREE;
    }
  if (!VAR_P (*tp))
    return NULL_TREE;
  if (tree *context = p->contexts.get (*tp))
    *tp = context_element (p->b, *tp, *context);
  else if (tree *var = p->b->lane_slots.get (*tp))
    {
      tree offset = build2 (MULT_EXPR, sizetype, cudajit_warp_first (p->b),
                            TYPE_SIZE_UNIT (TREE_TYPE (*var)));
      *tp = fold_convert (
          TREE_TYPE (*tp),
          fold_build_pointer_plus (*p->contexts.get (*var), offset));
    }
  return NULL_TREE;
}

static int
by_uid (const void *a, const void *b)
{
  return DECL_UID (*(const tree *) a) - DECL_UID (*(const tree *) b);
}

/* The elements of VAR's context array when the block has THREADS
   threads: one a thread, and for a value that the lanes of a warp
   exchange, CUDAJIT_LANE_PADDING more, of which the array's first
   element has CUDAJIT_WARP_SIZE before it (block-warp-collectives.cc
   reads there).  */
static tree
context_elements (block_function *b, tree threads, tree var)
{
  return b->lane_values.contains (var) ? build2 (
             PLUS_EXPR, sizetype, threads, size_int (CUDAJIT_LANE_PADDING))
                                       : threads;
}

/* Where the context array of KEPT[COUNT] starts in the memory of the
   context arrays, when the block has THREADS threads: after those of
   KEPT[0] to KEPT[COUNT - 1], each rounded up to CUDAJIT_CONTEXT_ALIGN
   bytes.  */
static tree
context_offset (block_function *b, tree threads, const vec<tree> &kept,
                unsigned int count)
{
  tree offset = size_zero_node;
  for (unsigned int i = 0; i < count; i++)
    {
      tree bytes = build2 (MULT_EXPR, sizetype,
                           context_elements (b, threads, kept[i]),
                           TYPE_SIZE_UNIT (TREE_TYPE (kept[i])));
      tree rounded
          = build2 (BIT_AND_EXPR, sizetype,
                    build2 (PLUS_EXPR, sizetype, bytes,
                            size_int (CUDAJIT_CONTEXT_ALIGN - 1)),
                    size_int (-(HOST_WIDE_INT) CUDAJIT_CONTEXT_ALIGN));
      offset = size_binop (PLUS_EXPR, offset, rounded);
    }
  return offset;
}

/* The statements of a region, in order, through its scopes.  */
static void
region_statements (tree t, vec<tree> *statements)
{
  if (TREE_CODE (t) == BIND_EXPR)
    region_statements (BIND_EXPR_BODY (t), statements);
  else if (TREE_CODE (t) == STATEMENT_LIST)
    for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
      region_statements (tsi_stmt (i), statements);
  else if (TREE_CODE (t) != DEBUG_BEGIN_STMT && !IS_EMPTY_STMT (t))
    statements->safe_push (t);
}

/* If T is a statement that gives a variable a value without reading
   the variable itself, the variable, with what the value reads in
   *VALUE; else NULL_TREE.  */
static tree
killed_variable (tree t, tree *value)
{
  tree var = NULL_TREE;
  if (TREE_CODE (t) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (t))
      && DECL_INITIAL (DECL_EXPR_DECL (t)))
    {
      var = DECL_EXPR_DECL (t);
      *value = DECL_INITIAL (var);
    }
  else if ((TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == INIT_EXPR)
           && VAR_P (TREE_OPERAND (t, 0)))
    {
      var = TREE_OPERAND (t, 0);
      *value = TREE_OPERAND (t, 1);
    }
  return var;
}

/* The variables that region R reads before it gives them a value, and
   those whose address it takes: those whose values come from other
   regions, or from the turn before of the barrier loop R is in.  */
static void
region_exposures (const region *r, hash_set<tree> *exposed,
                  hash_set<tree> *addressed)
{
  auto_vec<tree> statements;
  if (r->condition)
    statements.safe_push (*r->code);
  else
    region_statements (*r->code, &statements);
  hash_set<tree> killed;
  for (tree s : statements)
    {
      region_variables read;
      tree value = NULL_TREE;
      tree var = killed_variable (s, &value);
      walk_tree (var ? &value : &s, collect_variables, &read, NULL);
      for (tree used : read.used)
        if (!killed.contains (used))
          exposed->add (used);
      for (tree taken : read.addressed)
        addressed->add (taken);
      if (var)
        killed.add (var);
    }
}

/* Uniform variables.  A variable that only statements of their own
   region set, and from values the same for every thread of the block
   (constants, the block's indices, the arguments, other such variables),
   is the same for every thread: a reduction's stride.  It is kept once
   for the block, and a region of such statements runs once.  */

static tree
find_nonuniform_operand (tree *tp, int *walk_subtrees, void *data)
{
  uniformity *u = (uniformity *) data;
  tree t = *tp;
  if (CONSTANT_CLASS_P (t))
    return NULL_TREE;
  if (TREE_CODE (t) == COMPONENT_REF)
    {
      /* The block's indices, not the thread's.  */
      *walk_subtrees = 0;
      int which = cudajit_builtin_field (u->b, t);
      return which != THREAD_INDEX && which < BUILTIN_VARIABLES ? NULL_TREE
                                                                : t;
    }
  if (VAR_P (t))
    return u->candidates->contains (t) || u->b->arguments->contains (t)
               ? NULL_TREE
               : t;
  return TREE_SIDE_EFFECTS (t) || !cudajit_operator_p (t) ? t : NULL_TREE;
}

/* Whether statement T sets a candidate from uniform values, or declares
   a variable without a value.  */
static bool
uniform_statement_p (uniformity *u, tree t)
{
  if (TREE_CODE (t) == DECL_EXPR && !DECL_INITIAL (DECL_EXPR_DECL (t)))
    return true;
  tree value = NULL_TREE;
  tree var = set_variable (t, &value);
  return var && u->candidates->contains (var)
         && !walk_tree_without_duplicates (&value, find_nonuniform_operand, u);
}

/* Each variable that T writes, or whose address it takes, out of
   DATA's candidates.  */
static tree
drop_written (tree *tp, int *walk_subtrees, void *data)
{
  uniformity *u = (uniformity *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  tree value;
  if (tree var = killed_variable (*tp, &value))
    u->candidates->remove (var);
  if (tree written = cudajit_written_object (*tp))
    u->candidates->remove (written);
  if (TREE_CODE (*tp) == DECL_EXPR)
    /* Its initializer, walked with the scope that declares it.  */
    walk_tree (&DECL_INITIAL (DECL_EXPR_DECL (*tp)), drop_written, u, NULL);
  return NULL_TREE;
}

/* The variables of B that may be uniform, in *CANDIDATES: the scalars
   of its scopes with barriers.  */
static void
add_uniform_candidates (block_function *b, hash_set<tree> *candidates)
{
  for (tree var : b->barrier_scope_variables)
    if ((INTEGRAL_TYPE_P (TREE_TYPE (var)) || POINTER_TYPE_P (TREE_TYPE (var))
         || SCALAR_FLOAT_TYPE_P (TREE_TYPE (var)))
        && !TREE_THIS_VOLATILE (var) && !b->lane_values.contains (var))
      candidates->add (var);
}

/* Refuse the cut for RETURN, by which a thread may leave the others
   at a barrier.  */
static void
refuse_early_return (block_function *b, tree early_return)
{
  cudajit_refuse_loops (b, early_return,
                        b->warp_cuts ? CUDAJIT_FIBERS_EARLY_RETURN_WARP
                                     : CUDAJIT_FIBERS_EARLY_RETURN);
}

/* The uniform variables of B in *UNIFORM, and its regions of uniform
   statements marked so.  A condition that decides whether threads reach
   a barrier and that may differ between them is a reason to refuse the
   cut: evaluated once for the block, as thread (0, 0, 0) sees it, it
   would send the other threads the wrong way.  */
static void
find_uniform_variables (block_function *b, hash_set<tree> *uniform)
{
  add_uniform_candidates (b, uniform);
  uniformity u = { b, uniform };
  bool changed = true;
  while (changed)
    {
      changed = false;
      for (region &r : b->regions)
        {
          if (r.condition)
            continue;
          auto_vec<tree> statements;
          region_statements (*r.code, &statements);
          r.uniform = r.early_return == NULL_TREE;
          for (tree s : statements)
            r.uniform &= uniform_statement_p (&u, s);
          if (r.uniform)
            continue;
          unsigned int before = uniform->elements ();
          walk_tree (r.code, drop_written, &u, NULL);
          changed |= uniform->elements () != before;
        }
    }
  for (const region &r : b->regions)
    {
      tree operand = r.condition ? walk_tree_without_duplicates (
                         r.code, find_nonuniform_operand, &u)
                                 : NULL_TREE;
      if (!operand)
        continue;
      if (r.early_return)
        refuse_early_return (b, r.early_return);
      else
        cudajit_refuse_loops (
            b,
            EXPR_P (*r.code) && EXPR_HAS_LOCATION (*r.code) ? *r.code
                                                            : operand,
            b->warp_cuts ? CUDAJIT_FIBERS_DIVERGENT_WARP_FUNCTION
                         : CUDAJIT_FIBERS_DIVERGENT_BARRIER);
    }
}

/* Localization: see localize_written_variables.  */
struct localization
{
  hash_map<tree, tree> locals;
};

/* In a region, each use of a localized variable becomes its local, and
   its declaration, the local's assignment.  */
static tree
use_locals (tree *tp, int *walk_subtrees, void *data)
{
  localization *l = (localization *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) == DECL_EXPR && VAR_P (DECL_EXPR_DECL (*tp)))
    {
      tree var = DECL_EXPR_DECL (*tp);
      tree *local = l->locals.get (var);
      *walk_subtrees = 0;
      /* walk_tree does not go into a declared variable's initializer,
         which may read a localized one.  */
      if (!local)
        {
          walk_tree (&DECL_INITIAL (var), use_locals, l, NULL);
          return NULL_TREE;
        }
      tree init = DECL_INITIAL (var);
      DECL_INITIAL (var) = NULL_TREE;
      if (init)
        {
          walk_tree (&init, use_locals, l, NULL);
          *tp = build2 (MODIFY_EXPR, TREE_TYPE (*local), *local, init);
        }
      else
        *tp = build_empty_stmt (DECL_SOURCE_LOCATION (var));
      return NULL_TREE;
    }
  if (tree *local = VAR_P (*tp) ? l->locals.get (*tp) : NULL)
    *tp = *local;
  return NULL_TREE;
}

/* A use of a localized variable, for a walk that passes over the
   statements of DATA's guard.  */
struct localized_use
{
  localization *l;
  tree guard;
};

static tree
find_localized_use (tree *tp, int *walk_subtrees, void *data)
{
  localized_use *u = (localized_use *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (*tp == u->guard)
    {
      *walk_subtrees = 0;
      return walk_tree (&COND_EXPR_COND (*tp), find_localized_use, u, NULL);
    }
  if (TREE_CODE (*tp) == DECL_EXPR)
    return u->l->locals.get (DECL_EXPR_DECL (*tp)) ? *tp : NULL_TREE;
  return VAR_P (*tp) && u->l->locals.get (*tp) ? *tp : NULL_TREE;
}

/* Where a region's code *CODE is a guard of all its statements (a branch
   of warp functions, whose statements block-warp-collectives.cc guards
   one by one, joined), on a condition that no variable of L reads, and
   its declarations outside the guard are of no variable of L, the
   guard's statements, in which L's locals may live, so that the loop
   over the threads runs only those that pass the guard
   (block-guard-bounds.cc); else CODE.  */
static tree *
guarded_code (tree *code, localization *l)
{
  cudajit_join_guards (code);
  tree *only = cudajit_inner_statement (code, true);
  if (!only || TREE_CODE (*only) != COND_EXPR
      || (COND_EXPR_ELSE (*only) && !IS_EMPTY_STMT (COND_EXPR_ELSE (*only))))
    return code;
  localized_use u = { l, *only };
  return walk_tree (code, find_localized_use, &u, NULL)
             ? code
             : &COND_EXPR_THEN (*only);
}

/* In region R, run for each thread, each variable of KEPT, which live in
   context arrays, that R sets, a scalar whose address no region takes
   (in ADDRESSED), is a local of R's turn of the thread: copied from the
   variable first, unless R sets it before any use, and back to it last.
   So R's stores to it are one store at the end, which GCC may make
   whatever path a thread takes: it turns "if (c) v += w;" into a
   choice, where a conditional store to memory would keep it from
   vectorizing the loop over the threads.  A value that the lanes of a
   warp exchange may be such a local too: the other lanes read its
   element only at the start of a region after a cut, in their own turns
   before this thread's, or in another region.  */
static void
localize_written_variables (block_function *b, region *r,
                            const vec<tree> &kept, hash_set<tree> *addressed)
{
  if (r->condition || r->uniform
      || walk_tree_without_duplicates (r->code, cudajit_find_jump, NULL))
    return;
  /* Those that R uses, or sets on some path only, before a statement
     sets them whatever the path.  */
  hash_set<tree> exposed, unused;
  region_exposures (r, &exposed, &unused);
  localization l;
  tree copy_in = alloc_stmt_list (), copy_out = alloc_stmt_list ();
  for (tree var : kept)
    {
      tree type = TREE_TYPE (var);
      if (!(INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type)
            || SCALAR_FLOAT_TYPE_P (type))
          || TREE_THIS_VOLATILE (var) || addressed->contains (var)
          || b->lane_zero_values.contains (var)
          || !walk_tree_without_duplicates (r->code, cudajit_find_write, var))
        continue;
      tree local = cudajit_block_local (b->entry, b->locals, "local",
                                        TREE_TYPE (var));
      l.locals.put (var, local);
      if (exposed.contains (var))
        append_to_statement_list (
            build2 (MODIFY_EXPR, TREE_TYPE (var), local, var), &copy_in);
      append_to_statement_list (
          build2 (MODIFY_EXPR, TREE_TYPE (var), var, local), &copy_out);
    }
  if (l.locals.is_empty ())
    return;
  tree *code = guarded_code (r->code, &l);
  walk_tree (code, use_locals, &l, NULL);
  append_to_statement_list (*code, &copy_in);
  append_to_statement_list (copy_out, &copy_in);
  *code = copy_in;
}

/* The variables that live across barriers, those that a region reads
   before it sets them, or whose address is taken, unless uniform, get
   a context array each, in
   memory of the runtime's (a variable may take the 512 KiB of a GPU's local
   memory, for each of 1024 threads): their uses become its elements.
   *STATEMENTS, the fissioned body, gets the arrays' places first.  */
static void
privatize_variables (block_function *b, tree *statements)
{
  hash_set<tree> uniform, any_addressed;
  find_uniform_variables (b, &uniform);
  auto_vec<tree> kept;
  for (const region &r : b->regions)
    {
      hash_set<tree> exposed, addressed;
      region_exposures (&r, &exposed, &addressed);
      for (tree var : addressed)
        any_addressed.add (var);
      for (hash_set<tree> *live : { &exposed, &addressed })
        for (tree var : *live)
          if (b->barrier_scope_variables.contains (var)
              && !uniform.contains (var) && !kept.contains (var))
            kept.safe_push (var);
      if (r.early_return && !r.condition
          && (r.nested || r.barriers_before < b->barriers))
        refuse_early_return (b, r.early_return);
    }
  /* The other lanes read them, where the regions do not show it; lane 0
     reads the others in a loop of its own.  */
  for (hash_set<tree> *lanes : { &b->lane_values, &b->lane_zero_values })
    for (tree var : *lanes)
      if (!kept.contains (var))
        kept.safe_push (var);
  kept.qsort (by_uid);

  for (region &r : b->regions)
    localize_written_variables (b, &r, kept, &any_addressed);

  privatization p;
  p.b = b;
  tree allocations = alloc_stmt_list ();
  for (tree var : kept)
    {
      tree type = TREE_TYPE (var);
      if (!TYPE_SIZE_UNIT (type)
          || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
        cudajit_refuse_loops (b, var, CUDAJIT_FIBERS_VARIABLE_SIZE);
      /* Each thread's element keeps the variable's alignment if its
         size is a multiple of it.  */
      else if (DECL_ALIGN_UNIT (var) > CUDAJIT_CONTEXT_ALIGN
               || tree_to_uhwi (TYPE_SIZE_UNIT (type)) % DECL_ALIGN_UNIT (var))
        cudajit_refuse_loops (b, var, CUDAJIT_FIBERS_OVER_ALIGNED);
    }
  if (kept.is_empty () || b->refusal)
    return;

  /* threads = blockDim.x * blockDim.y * blockDim.z;
     memory = cudajit_block_context_memory (BYTES (0) + ... + BYTES (n));
     context0 = (T0 *) memory;
     context1 = (T1 *) (memory + BYTES (0)); ...  */
  tree threads
      = cudajit_block_local (b->entry, b->locals, "threads", sizetype);
  append_to_statement_list (
      build2 (MODIFY_EXPR, sizetype, threads, cudajit_block_threads (b)),
      &allocations);
  tree memory = cudajit_block_local (b->entry, b->locals, "context_memory",
                                     ptr_type_node);
  tree allocate
      = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_CONTEXT_MEMORY, NULL_TREE);
  /* Nothing else points into it while the block function runs: GCC may
     keep the context arrays apart from the kernel's arrays.  */
  DECL_IS_MALLOC (allocate) = 1;
  TREE_NOTHROW (allocate) = 1;
  append_to_statement_list (
      build2 (
          MODIFY_EXPR, ptr_type_node, memory,
          build_call_expr (allocate, 1,
                           context_offset (b, threads, kept, kept.length ()))),
      &allocations);
  for (unsigned int i = 0; i < kept.length (); i++)
    {
      tree type = build_pointer_type (TREE_TYPE (kept[i]));
      tree context
          = cudajit_block_local (b->entry, b->locals, "context", type);
      tree offset = context_offset (b, threads, kept, i);
      if (b->lane_values.contains (kept[i]))
        offset
            = size_binop (PLUS_EXPR, offset,
                          size_binop (MULT_EXPR, size_int (CUDAJIT_WARP_SIZE),
                                      TYPE_SIZE_UNIT (TREE_TYPE (kept[i]))));
      append_to_statement_list (
          build2 (
              MODIFY_EXPR, type, context,
              fold_convert (type, fold_build_pointer_plus (memory, offset))),
          &allocations);
      p.contexts.put (kept[i], context);
    }
  for (const region &r : b->regions)
    walk_tree (r.code, privatize, &p, NULL);
  append_to_statement_list (*statements, &allocations);
  *statements = allocations;
}

tree
cudajit_cut_at_barriers (block_function *b, tree body)
{
  tree lowered = lower_barriers (b, body);
  if (!b->refusal)
    privatize_variables (b, &lowered);
  if (b->refusal)
    return NULL_TREE;
  for (const region &r : b->regions)
    if (!r.condition && !r.uniform)
      *r.code = cudajit_run_threads (b, *r.code);
  return lowered;
}
