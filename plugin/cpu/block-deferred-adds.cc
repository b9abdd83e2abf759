/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Atomic additions kept for later, in a kernel's block function
   (block-function.cc).  A warp reduction that ends in

     if (cuda_laneid () == 0)
       cuda_atomic_add (total, sum);

   has lane 0 of every warp of every core add to one total: each core
   takes the total's cache line from the others for each warp, and the
   launch takes as long on all the cores as on one.  Where the kernel
   cannot see such an addition before it ends, the runtime keeps it
   instead (cudajit_defer_add_*, runtime/cpu/cpu-deferred-adds.c), and
   makes a pool thread's additions to one address at once.  The kernel
   cannot see them where:

   - each is cuda_atomic_add, its old value unused, of a 4- or 8-byte
     integer, a float or a double;
   - to an address that the kernel's arguments and constants make, the
     same for every thread: global memory, never the block's shared
     memory, which the next block takes over;
   - after the first of them, each thread only computes values of its
     own (its plain locals, built-in variables, constants) and makes more
     such additions: no reads or writes of memory, calls, fences or
     barriers, which could see the total or let another thread see it,
     even through a loop that runs again.

   A GPU may make a thread's addition as late as that: the total ends
   the same, a float's among the values that some order of the
   additions gives.  */

#include "block-function.h"

/* The walk of a kernel's statements in the order a thread runs them.  */
struct deferral
{
  block_function *b;
  /* Whether an addition that may be kept has been passed; whether
     something after one refuses them all.  */
  bool after;
  bool refused;
  /* The statements of the additions to keep, and their calls.  */
  auto_vec<tree *> additions;
  auto_vec<tree> calls;
};

/* The entry point that keeps an addition of TYPE, or
   CUDAJIT_ENTRY_COUNT where there is none.  */
static enum cudajit_entry_point
deferred_entry (tree type)
{
  if (!tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return CUDAJIT_ENTRY_COUNT;
  unsigned HOST_WIDE_INT bytes = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (INTEGRAL_TYPE_P (type))
    return bytes == 4   ? CUDAJIT_ENTRY_DEFER_ADD_INT32
           : bytes == 8 ? CUDAJIT_ENTRY_DEFER_ADD_INT64
                        : CUDAJIT_ENTRY_COUNT;
  if (TYPE_MAIN_VARIANT (type) == float_type_node)
    return CUDAJIT_ENTRY_DEFER_ADD_FLOAT;
  if (TYPE_MAIN_VARIANT (type) == double_type_node)
    return CUDAJIT_ENTRY_DEFER_ADD_DOUBLE;
  return CUDAJIT_ENTRY_COUNT;
}

/* Whether ADDRESS is made of B's arguments and constants alone.  */
static tree
find_thread_address_part (tree *tp, int *walk_subtrees, void *data)
{
  block_function *b = (block_function *) data;
  tree t = *tp;
  if (TYPE_P (t) || CONSTANT_CLASS_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t))
    return b->arguments->contains (t) ? NULL_TREE : t;
  switch (TREE_CODE (t))
    {
    case NOP_EXPR:
    case CONVERT_EXPR:
    case NON_LVALUE_EXPR:
    case POINTER_PLUS_EXPR:
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      return NULL_TREE;
    default:
      return t;
    }
}

/* If statement T is an addition that may be kept, its call.  */
static tree
deferrable_addition (block_function *b, tree t)
{
  if (TREE_CODE (t) == CONVERT_EXPR || TREE_CODE (t) == NOP_EXPR)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != CALL_EXPR || call_expr_nargs (t) != 2)
    return NULL_TREE;
  tree callee = get_callee_fndecl (t);
  if (!callee
      || cudajit_device_api (callee)
             != &cudajit_device_apis[DEVICE_API_ATOMIC_ADD]
      || deferred_entry (TREE_TYPE (CALL_EXPR_ARG (t, 1)))
             == CUDAJIT_ENTRY_COUNT
      || walk_tree_without_duplicates (&CALL_EXPR_ARG (t, 0),
                                       find_thread_address_part, b))
    return NULL_TREE;
  return t;
}

/* Whether T reads or writes memory, or calls: anything but the values
   of plain locals and built-in variables, and constants.  */
static tree
find_memory_use (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t) || CONSTANT_CLASS_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (VAR_P (t))
    return cudajit_plain_local_p (t) || cudajit_builtin_variable_p (t)
               ? NULL_TREE
               : t;
  switch (TREE_CODE (t))
    {
    case INDIRECT_REF:
    case MEM_REF:
    case TARGET_MEM_REF:
    case ARRAY_REF:
    case ARRAY_RANGE_REF:
    case CALL_EXPR:
    case ASM_EXPR:
    case ADDR_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case PARM_DECL:
    case RESULT_DECL:
      return t;
    default:
      return NULL_TREE;
    }
}

static void walk_statements (deferral *d, tree *t);

/* What the thread runs in *T after an addition that may be kept: only
   values of its own, and more additions.  */
static void
check_after (deferral *d, tree *t)
{
  if (d->after && walk_tree_without_duplicates (t, find_memory_use, NULL))
    d->refused = true;
}

/* LOOP's parts, of which BODY repeats: again, all after the additions,
   where the first walk passed one.  */
static void
walk_loop (deferral *d, tree *cond, tree *body, tree *step)
{
  for (int round = 0; round < 2; round++)
    {
      bool was_after = d->after;
      if (cond)
        check_after (d, cond);
      walk_statements (d, body);
      if (step)
        check_after (d, step);
      if (was_after || !d->after)
        break;
    }
}

static void
walk_statements (deferral *d, tree *t)
{
  if (d->refused || !*t)
    return;
  switch (TREE_CODE (*t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (*t); !tsi_end_p (i);
           tsi_next (&i))
        walk_statements (d, tsi_stmt_ptr (i));
      return;
    case BIND_EXPR:
      walk_statements (d, &BIND_EXPR_BODY (*t));
      return;
    case DEBUG_BEGIN_STMT:
      return;
    case COND_EXPR:
      if (VOID_TYPE_P (TREE_TYPE (*t)))
        {
          check_after (d, &COND_EXPR_COND (*t));
          bool before = d->after;
          walk_statements (d, &COND_EXPR_THEN (*t));
          bool after_then = d->after;
          d->after = before;
          walk_statements (d, &COND_EXPR_ELSE (*t));
          d->after |= after_then;
          return;
        }
      break;
    case FOR_STMT:
      walk_statements (d, &FOR_INIT_STMT (*t));
      walk_loop (d, &FOR_COND (*t), &FOR_BODY (*t), &FOR_EXPR (*t));
      return;
    case WHILE_STMT:
      walk_loop (d, &WHILE_COND (*t), &WHILE_BODY (*t), NULL);
      return;
    case DO_STMT:
      walk_loop (d, &DO_COND (*t), &DO_BODY (*t), NULL);
      return;
    default:
      break;
    }
  tree call = deferrable_addition (d->b, *t);
  if (!call)
    {
      check_after (d, t);
      return;
    }
  check_after (d, &CALL_EXPR_ARG (call, 1));
  d->additions.safe_push (t);
  d->calls.safe_push (call);
  d->after = true;
}

void
cudajit_defer_atomic_adds (block_function *b, tree *body)
{
  deferral d;
  d.b = b;
  d.after = d.refused = false;
  walk_statements (&d, body);
  if (d.refused)
    return;
  for (unsigned i = 0; i < d.additions.length (); i++)
    {
      tree call = d.calls[i];
      tree value = CALL_EXPR_ARG (call, 1);
      enum cudajit_entry_point which = deferred_entry (TREE_TYPE (value));
      tree keep = cudajit_entry_point (which, NULL_TREE);
      tree value_type
          = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (keep))));
      *d.additions[i] = build_call_expr_loc (
          EXPR_LOCATION (call), keep, 2,
          fold_convert (ptr_type_node, CALL_EXPR_ARG (call, 0)),
          fold_convert (value_type, value));
    }
}
