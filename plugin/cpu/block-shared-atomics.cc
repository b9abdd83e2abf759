/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Atomics on shared memory, in a kernel's block function
   (block-function.cc): a block's threads run on one host thread, so no
   other thread reaches its shared memory while they run, and an atomic
   there (a histogram's cuda_atomic_add (&counts[bin], 1)) is indivisible
   as a plain read and write.  The CPU versions of the atomics
   (cudajit-atomics.h) find that out at each call, from the address and
   the runtime's thread-local variables; where the address is, as
   written, an element of a shared array, the block function does the
   plain operation at once, which GCC then optimizes like the C loop's
   counts[bin]++.  */

#include "block-function.h"

/* The operation, on the old value and the operand, of the atomics that
   become plain ones, or ERROR_MARK.  */
static enum tree_code
plain_operation (const device_api *api)
{
  const device_api *rows = cudajit_device_apis;
  if (api == &rows[DEVICE_API_ATOMIC_ADD]
      || api == &rows[DEVICE_API_ATOMIC_ADD_BLOCK]
      || api == &rows[DEVICE_API_ATOMIC_ADD_SYSTEM])
    return PLUS_EXPR;
  if (api == &rows[DEVICE_API_ATOMIC_SUB])
    return MINUS_EXPR;
  if (api == &rows[DEVICE_API_ATOMIC_AND])
    return BIT_AND_EXPR;
  if (api == &rows[DEVICE_API_ATOMIC_OR])
    return BIT_IOR_EXPR;
  if (api == &rows[DEVICE_API_ATOMIC_XOR])
    return BIT_XOR_EXPR;
  return ERROR_MARK;
}

bool
cudajit_shared_memory_fn_p (const_tree callee)
{
  return DECL_NAME (callee)
         && strcmp (
                IDENTIFIER_POINTER (DECL_NAME (callee)),
                cudajit_entry_point_name (CUDAJIT_ENTRY_BLOCK_SHARED_MEMORY))
                == 0;
}

static bool shared_reference_p (const block_function *b, const_tree ref);

bool
cudajit_shared_address_p (const block_function *b, const_tree address)
{
  while (CONVERT_EXPR_P (address) || TREE_CODE (address) == POINTER_PLUS_EXPR)
    address = TREE_OPERAND (address, 0);
  if (TREE_CODE (address) == ADDR_EXPR)
    return shared_reference_p (b, TREE_OPERAND (address, 0));
  return address == b->shared_memory;
}

/* Whether REF is an object in the block's shared memory: an element or
   field of one there, or what an address into it points at.  */
static bool
shared_reference_p (const block_function *b, const_tree ref)
{
  while (TREE_CODE (ref) == ARRAY_REF || TREE_CODE (ref) == COMPONENT_REF)
    ref = TREE_OPERAND (ref, 0);
  return (TREE_CODE (ref) == INDIRECT_REF || TREE_CODE (ref) == MEM_REF)
         && cudajit_shared_address_p (b, TREE_OPERAND (ref, 0));
}

/* CALL, an atomic with OPERATION on shared memory, as plain C: the
   operand, then *ADDRESS's old value, then the new one to *ADDRESS; the
   old value, in a local of B's.  Signed integers wrap, as the atomic's
   do, in their unsigned type.  */
static tree
plain_atomic (block_function *b, tree call, enum tree_code operation)
{
  tree type = TREE_TYPE (call);
  tree address = save_expr (CALL_EXPR_ARG (call, 0));
  tree operand = save_expr (CALL_EXPR_ARG (call, 1));
  tree old = cudajit_block_local (b->entry, b->locals, "old", type);
  tree target = build_fold_indirect_ref (address);
  tree wide = INTEGRAL_TYPE_P (type) ? unsigned_type_for (type) : type;
  tree value = fold_build2 (operation, wide, fold_convert (wide, old),
                            fold_convert (wide, operand));
  tree steps = build2 (
      COMPOUND_EXPR, type,
      build2 (MODIFY_EXPR, type, target, fold_convert (type, value)), old);
  steps = build2 (COMPOUND_EXPR, type, build2 (MODIFY_EXPR, type, old, target),
                  steps);
  return build2 (COMPOUND_EXPR, type, operand, steps);
}

static tree
replace_shared_atomic (tree *tp, int *walk_subtrees, void *data)
{
  block_function *b = (block_function *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) != CALL_EXPR || call_expr_nargs (*tp) != 2)
    return NULL_TREE;
  tree callee = get_callee_fndecl (*tp);
  const device_api *api = callee ? cudajit_device_api (callee) : NULL;
  enum tree_code operation = api ? plain_operation (api) : ERROR_MARK;
  if (operation != ERROR_MARK
      && cudajit_shared_address_p (b, CALL_EXPR_ARG (*tp, 0)))
    *tp = plain_atomic (b, *tp, operation);
  return NULL_TREE;
}

void
cudajit_plain_shared_atomics (block_function *b, tree *body)
{
  if (b->shared_memory)
    walk_tree (body, replace_shared_atomic, b, NULL);
}
