/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared memory: arrays of a kernel marked __attribute__ ((cuda_shared)),
   Numba's cuda.shared.array: static ones of a constant size, and an extern
   one without a size for the dynamic shared memory of
   cuda_launch (..., .shared_bytes = N).  In the CUDA C they are
   __shared__.  On the CPU backend a block's threads run on one host
   thread, so the kernel's host version is rewritten to find its shared
   arrays in the shared memory that the runtime gives the block: the static
   arrays one after another at 16-byte boundaries, then the dynamic
   memory.  A device function may declare static ones too, shared by the
   block whichever kernel calls it: compiled once for all its callers, its
   host version cannot know their offsets, so it asks the runtime for the
   block's copy of each.  */

#include "cudajit-plugin.h"

struct shared_layout
{
  auto_vec<tree> arrays;
  auto_vec<unsigned HOST_WIDE_INT> offsets;
  unsigned HOST_WIDE_INT static_bytes;
  tree base_fn;
};

static tree
collect_shared (tree *tp, int *walk_subtrees, void *data)
{
  shared_layout *layout = (shared_layout *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  if (TREE_CODE (*tp) == BIND_EXPR)
    for (tree var = BIND_EXPR_VARS (*tp); var; var = DECL_CHAIN (var))
      if (cudajit_shared_p (var) && !DECL_EXTERNAL (var)
          && !layout->arrays.contains (var))
        {
          layout->static_bytes
              = ROUND_UP (layout->static_bytes, CUDAJIT_SHARED_ALIGN);
          layout->arrays.safe_push (var);
          layout->offsets.safe_push (layout->static_bytes);
          layout->static_bytes
              += tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (var)));
        }
  return NULL_TREE;
}

/* What a use of a shared array becomes in the host version.  */
typedef tree (*shared_use_fn) (tree array, void *data);

struct shared_uses
{
  shared_use_fn replace;
  void *data;
  /* The nodes walked: the front end shares subtrees (a[i] += x is
     a[i] = a[i] + x with one a[i]; a SAVE_EXPR is wherever it is used),
     which walk_tree walks once for each parent.  A shared subtree is
     rewritten once, since a rewrite may name the array again (a device
     function's asks for the block's copy by the array's address), and
     rewriting that would ask for the copy of the copy.  */
  hash_set<tree> walked;
};

static tree
replace_shared_use (tree *tp, int *walk_subtrees, void *data)
{
  shared_uses *uses = (shared_uses *) data;
  /* The array itself is in each parent that uses it.  */
  if (VAR_P (*tp) && cudajit_shared_p (*tp))
    {
      *tp = uses->replace (*tp, uses->data);
      *walk_subtrees = 0;
    }
  /* The address of a declaration is no use of it.  */
  else if (TYPE_P (*tp) || TREE_CODE (*tp) == DECL_EXPR
           || uses->walked.add (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Each use of a shared array in FNDECL becomes what REPLACE makes of
   it.  */
static void
replace_shared_uses (tree fndecl, shared_use_fn replace, void *data)
{
  shared_uses uses;
  uses.replace = replace;
  uses.data = data;
  walk_tree (&DECL_SAVED_TREE (fndecl), replace_shared_use, &uses, NULL);
}

/* ARRAY, a shared array, becomes the array at its offset in the block's
   shared memory.  */
static tree
relocate_shared (tree array, void *data)
{
  shared_layout *layout = (shared_layout *) data;
  unsigned HOST_WIDE_INT offset
      = ROUND_UP (layout->static_bytes, CUDAJIT_SHARED_ALIGN);
  for (unsigned int i = 0; i < layout->arrays.length (); i++)
    if (layout->arrays[i] == array)
      offset = layout->offsets[i];
  tree base = build_call_expr (layout->base_fn, 0);
  tree address = fold_build_pointer_plus_hwi (base, offset);
  return build1 (
      INDIRECT_REF, TREE_TYPE (array),
      fold_convert (build_pointer_type (TREE_TYPE (array)), address));
}

unsigned HOST_WIDE_INT
cudajit_host_shared_memory (tree kernel)
{
  shared_layout layout;
  layout.static_bytes = 0;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (kernel), collect_shared,
                                &layout);
  layout.base_fn
      = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_SHARED_MEMORY, NULL_TREE);
  /* The same in all of a call of the host version: GCC may keep it out of
     loops.  */
  DECL_PURE_P (layout.base_fn) = 1;
  TREE_NOTHROW (layout.base_fn) = 1;
  replace_shared_uses (kernel, relocate_shared, &layout);
  return layout.static_bytes;
}

/* ARRAY, a shared array of a device function, becomes the block's copy
   of it, which the array's own address names.  */
static tree
ask_block_array (tree array, void *data)
{
  tree fn = (tree) data;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (array));
  tree call = build_call_expr (fn, 3, build_fold_addr_expr (array),
                               TYPE_SIZE_UNIT (TREE_TYPE (array)),
                               build_string_literal (strlen (name) + 1, name));
  return build1 (INDIRECT_REF, TREE_TYPE (array),
                 fold_convert (build_pointer_type (TREE_TYPE (array)), call));
}

void
cudajit_host_device_shared_arrays (tree fndecl)
{
  tree fn = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_SHARED_ARRAY, NULL_TREE);
  /* The same for all of a call of the function: GCC may keep it out of
     loops.  */
  DECL_PURE_P (fn) = 1;
  TREE_NOTHROW (fn) = 1;
  replace_shared_uses (fndecl, ask_block_array, fn);
}
