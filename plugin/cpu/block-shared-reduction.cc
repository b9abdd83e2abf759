/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Grid-stride reductions into shared memory, for a kernel's block function
   (block-function.cc).  A histogram the CUDA way,

     local[b] = 0 for each bin;                      (before)
     cuda_syncthreads ();
     for (i = cuda_grid_x (); i < n; i += cuda_gridsize_x ())
       cuda_atomic_add (&local[values[i]], 1u);      (the loop)
     cuda_syncthreads ();
     cuda_atomic_add (&bins[b], local[b]) for each bin;  (after)

   gives the sum over the blocks of what each block adds up, whichever
   iterations each block runs.  On a GPU the blocks stride; on a CPU the
   block's rows, blockDim.x elements 64 KiB apart, each start with a cache
   miss that no prefetcher sees coming, and the kernel runs 1.5 times as
   long as the C loop.  So where nothing else shows which block ran which
   iteration, each block runs a contiguous share of them instead
   (block-grid-stride.cc), and the blocks walk the array as a C loop
   does.  That holds where:

   - the loop is one of the kernel's statements, not in a loop, a
     conditional or after a return, so that every thread runs it once;
   - its body asks for no thread or block, reads no shared memory, writes
     only variables of its own, and calls only atomic additions of
     integers into shared memory, whose old values it does not use;
   - before it, the kernel writes no memory but shared memory and its own
     variables;
   - after it, the kernel writes no memory but its own variables and,
     through atomic additions whose old values it does not use, memory
     outside the block's, of an integer element of shared memory as it
     is; and reads memory nowhere else;
   - no statement calls anything else but barriers and functions that
     neither write nor read memory, or jumps, or writes a parameter, or
     reads the block's index, but for the loop's start: the blocks differ
     in what they add up, nothing else.  */

#include "block-function.h"
#include "calls.h"

struct reduction_scan
{
  block_function *b;
  /* The loop, and its index, which starts from the block's index.  */
  tree loop;
  tree index;
  /* Where the scan is: in the loop's body, or after the loop.  */
  bool in_loop;
  bool after;
  /* The variables declared in the loop's body.  */
  hash_set<tree> body_variables;
};

static bool scan_statement (reduction_scan *s, tree t);
static bool scan_expression (reduction_scan *s, tree t);

static bool scan_address (reduction_scan *s, tree address);

/* Whether the indices and offsets of REF, an element whose address is
   taken, keep the rules.  */
static bool
scan_element (reduction_scan *s, tree ref)
{
  for (; TREE_CODE (ref) == ARRAY_REF || TREE_CODE (ref) == COMPONENT_REF;
       ref = TREE_OPERAND (ref, 0))
    if (TREE_CODE (ref) == ARRAY_REF
        && !scan_expression (s, TREE_OPERAND (ref, 1)))
      return false;
  if (TREE_CODE (ref) != INDIRECT_REF && TREE_CODE (ref) != MEM_REF)
    return scan_expression (s, ref);
  tree address = TREE_OPERAND (ref, 0);
  return cudajit_shared_address_p (s->b, address)
             ? scan_address (s, address)
             : scan_expression (s, address);
}

/* The same of ADDRESS, an address in shared memory.  */
static bool
scan_address (reduction_scan *s, tree address)
{
  while (CONVERT_EXPR_P (address) || TREE_CODE (address) == POINTER_PLUS_EXPR)
    {
      if (TREE_CODE (address) == POINTER_PLUS_EXPR
          && !scan_expression (s, TREE_OPERAND (address, 1)))
        return false;
      address = TREE_OPERAND (address, 0);
    }
  if (TREE_CODE (address) == ADDR_EXPR)
    return scan_element (s, TREE_OPERAND (address, 0));
  return address == s->b->shared_memory;
}

/* Whether CALL is an atomic addition.  */
static bool
atomic_add_p (tree call)
{
  tree callee = get_callee_fndecl (call);
  const device_api *api = callee ? cudajit_device_api (callee) : NULL;
  const device_api *rows = cudajit_device_apis;
  return call_expr_nargs (call) == 2
         && (api == &rows[DEVICE_API_ATOMIC_ADD]
             || api == &rows[DEVICE_API_ATOMIC_ADD_BLOCK]
             || api == &rows[DEVICE_API_ATOMIC_ADD_SYSTEM]);
}

/* Whether VAR may be written where the scan is.  */
static bool
writable_variable_p (reduction_scan *s, tree var)
{
  if (!VAR_P (var) || TREE_STATIC (var) || DECL_EXTERNAL (var)
      || s->b->arguments->contains (var) || var == s->b->shared_memory)
    return false;
  return !s->in_loop || s->body_variables.contains (var);
}

/* walk_tree callback over an expression: the first thing in it that the
   rules above forbid where the scan is.  */
static tree
find_forbidden (tree *tp, int *walk_subtrees, void *data)
{
  reduction_scan *s = (reduction_scan *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      {
        tree target = TREE_OPERAND (t, 0);
        if (writable_variable_p (s, target))
          return NULL_TREE;
        if (!s->in_loop && !s->after
            && (TREE_CODE (target) == ARRAY_REF
                || TREE_CODE (target) == COMPONENT_REF
                || TREE_CODE (target) == INDIRECT_REF
                || TREE_CODE (target) == MEM_REF)
            && cudajit_shared_address_p (s->b, build_fold_addr_expr (target)))
          return NULL_TREE;
        return t;
      }
    case INDIRECT_REF:
    case MEM_REF:
      /* A read of shared memory: only before the loop.  Its address is
         the block's, the only place where that may be read.  A read of
         other memory after the loop, which other blocks may be adding
         their counts to, would tell which counts came first.  */
      if (!cudajit_shared_address_p (s->b, TREE_OPERAND (t, 0)))
        return s->after ? t : NULL_TREE;
      *walk_subtrees = 0;
      return s->in_loop || s->after || !scan_address (s, TREE_OPERAND (t, 0))
                 ? t
                 : NULL_TREE;
    case ADDR_EXPR:
      /* Shared memory's address, which may be read or written through
         where this scan does not follow it; another's reads nothing.  */
      if (cudajit_shared_address_p (s->b, t))
        return t;
      *walk_subtrees = 0;
      return scan_element (s, TREE_OPERAND (t, 0)) ? NULL_TREE : t;
    case VAR_DECL:
      /* The block's index, that would flush the counts of some blocks
         and not of others, or flush them weighted.  */
      if (t == s->b->shared_memory || t == s->b->builtins[BLOCK_INDEX])
        return t;
      /* In the loop, only the loop's own variables, its index and
         parameters, the same for every thread and block.  */
      if (s->in_loop && !TREE_STATIC (t) && !DECL_EXTERNAL (t)
          && !s->body_variables.contains (t) && !s->b->arguments->contains (t))
        return t;
      return NULL_TREE;
    case CALL_EXPR:
      {
        tree callee = get_callee_fndecl (t);
        if (callee && cudajit_barrier_call_p (callee) && !s->in_loop)
          return NULL_TREE;
        if (callee && (flags_from_decl_or_type (callee) & ECF_CONST)
            && !(flags_from_decl_or_type (callee) & ECF_LOOPING_CONST_OR_PURE))
          return NULL_TREE;
        return t;
      }
    case RETURN_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case ASM_EXPR:
      return t;
    default:
      return NULL_TREE;
    }
}

/* Whether the expression T keeps the rules.  */
static bool
scan_expression (reduction_scan *s, tree t)
{
  return !t || !walk_tree_without_duplicates (&t, find_forbidden, s);
}

/* Whether CALL, a statement, is an atomic addition that the rules allow
   where the scan is.  */
static bool
allowed_atomic_p (reduction_scan *s, tree call)
{
  if (TREE_CODE (call) != CALL_EXPR || !atomic_add_p (call))
    return false;
  tree address = CALL_EXPR_ARG (call, 0), operand = CALL_EXPR_ARG (call, 1);
  /* Sums of integers, which do not depend on their order.  */
  if (TREE_SIDE_EFFECTS (address) || TREE_SIDE_EFFECTS (operand)
      || !INTEGRAL_TYPE_P (TREE_TYPE (operand)))
    return false;
  if (s->in_loop)
    {
      /* &shared[INDEX]: the indices may read no shared memory.  */
      return cudajit_shared_address_p (s->b, address)
             && scan_address (s, address) && scan_expression (s, operand);
    }
  if (!s->after || cudajit_shared_address_p (s->b, address)
      || !scan_expression (s, address))
    return false;
  /* The element, whose address walk_tree would take for a read.  */
  STRIP_NOPS (operand);
  return (TREE_CODE (operand) == ARRAY_REF
          || TREE_CODE (operand) == COMPONENT_REF
          || TREE_CODE (operand) == INDIRECT_REF
          || TREE_CODE (operand) == MEM_REF)
         && cudajit_shared_address_p (s->b, build_fold_addr_expr (operand))
         && scan_element (s, operand);
}

static tree
find_body_variables (tree *tp, int *, void *data)
{
  if (TREE_CODE (*tp) == BIND_EXPR)
    for (tree var = BIND_EXPR_VARS (*tp); var; var = DECL_CHAIN (var))
      ((reduction_scan *) data)->body_variables.add (var);
  return NULL_TREE;
}

/* Whether the statement T keeps the rules.  */
static bool
scan_statement (reduction_scan *s, tree t)
{
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        if (!scan_statement (s, tsi_stmt (i)))
          return false;
      return true;
    case BIND_EXPR:
      return scan_statement (s, BIND_EXPR_BODY (t));
    case DECL_EXPR:
      {
        tree var = DECL_EXPR_DECL (t);
        return !VAR_P (var) || TREE_STATIC (var) || var == s->index
               || scan_expression (s, DECL_INITIAL (var));
      }
    case DEBUG_BEGIN_STMT:
      return true;
    case COND_EXPR:
      return scan_expression (s, COND_EXPR_COND (t))
             && (!COND_EXPR_THEN (t) || scan_statement (s, COND_EXPR_THEN (t)))
             && (!COND_EXPR_ELSE (t)
                 || scan_statement (s, COND_EXPR_ELSE (t)));
    case FOR_STMT:
      if (t == s->loop)
        {
          /* Its index, condition and step, which read the thread, are
             block-grid-stride.cc's.  */
          walk_tree_without_duplicates (&FOR_BODY (t), find_body_variables, s);
          s->body_variables.add (s->index);
          s->in_loop = true;
          bool allowed = scan_statement (s, FOR_BODY (t));
          s->in_loop = false;
          s->after = true;
          return allowed;
        }
      return (!FOR_INIT_STMT (t) || scan_statement (s, FOR_INIT_STMT (t)))
             && scan_expression (s, FOR_COND (t))
             && scan_expression (s, FOR_EXPR (t))
             && scan_statement (s, FOR_BODY (t));
    default:
      {
        tree call = t;
        STRIP_NOPS (call);
        return allowed_atomic_p (s, call) || scan_expression (s, t);
      }
    }
}

/* The first grid-stride loop of BODY's top-level statements, declared
   with its index before it, as block-grid-stride.cc runs in rows.  */
static tree
find_top_loop (tree body, const vec<tree> &arguments)
{
  if (TREE_CODE (body) == BIND_EXPR)
    return find_top_loop (BIND_EXPR_BODY (body), arguments);
  if (TREE_CODE (body) != STATEMENT_LIST)
    return NULL_TREE;
  tree previous = NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
    {
      tree t = tsi_stmt (i);
      if (TREE_CODE (t) == DEBUG_BEGIN_STMT)
        continue;
      if (TREE_CODE (t) == FOR_STMT && previous
          && TREE_CODE (previous) == DECL_EXPR && !FOR_INIT_STMT (t)
          && VAR_P (DECL_EXPR_DECL (previous))
          && cudajit_grid_stride_end (t, DECL_EXPR_DECL (previous),
                                      DECL_INITIAL (DECL_EXPR_DECL (previous)),
                                      arguments, true))
        return t;
      tree inner = find_top_loop (t, arguments);
      if (inner)
        return inner;
      previous = t;
    }
  return NULL_TREE;
}

tree
cudajit_reduction_loop (block_function *b, tree body)
{
  return find_top_loop (body, *b->arguments);
}

bool
cudajit_shared_reduction_p (block_function *b, tree body, tree loop)
{
  if (!b->shared_memory)
    return false;
  reduction_scan s;
  s.b = b;
  s.loop = loop;
  s.index = TREE_OPERAND (FOR_COND (loop), 0);
  STRIP_NOPS (s.index);
  s.in_loop = s.after = false;
  return scan_statement (&s, body) && s.after;
}
