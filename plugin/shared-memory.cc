/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared memory: arrays of a kernel marked __attribute__ ((cuda_shared)),
   Numba's cuda.shared.array: static ones of a constant size, and an extern
   one without a size for the dynamic shared memory of
   cuda_launch (..., .shared_bytes = N).  In the CUDA C they are
   __shared__.  On the CPU backend a block's threads run on one host
   thread, so the kernel's host version is rewritten to find its shared
   arrays in the shared memory that the runtime gives the block: the static
   arrays one after another at 16-byte boundaries, or at their own
   alignment where it is more, then the dynamic memory, at a multiple of
   its alignment.  A device function may declare static ones too, shared
   by the block whichever kernel calls it: compiled once for all its
   callers, its host version cannot know their offsets, so it asks the
   runtime for the block's copy of each.  */

#include "cudajit-plugin.h"

struct shared_layout
{
  auto_vec<tree> arrays;
  auto_vec<unsigned HOST_WIDE_INT> offsets;
  unsigned HOST_WIDE_INT static_bytes;
  /* The alignment of the dynamic shared memory's declarations.  */
  unsigned int dynamic_align;
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
      {
        if (cudajit_shared_p (var) && DECL_EXTERNAL (var))
          layout->dynamic_align
              = MAX (layout->dynamic_align, DECL_ALIGN_UNIT (var));
        else if (cudajit_shared_p (var) && !layout->arrays.contains (var))
          {
            layout->static_bytes
                = ROUND_UP (layout->static_bytes,
                            MAX (CUDAJIT_SHARED_ALIGN, DECL_ALIGN_UNIT (var)));
            layout->arrays.safe_push (var);
            layout->offsets.safe_push (layout->static_bytes);
            layout->static_bytes
                += tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (var)));
          }
      }
  return NULL_TREE;
}

/* *TP, a shared array, becomes the array at its offset in the block's
   shared memory.  */
static tree
relocate_shared (tree *tp, int *walk_subtrees, void *data)
{
  shared_layout *layout = (shared_layout *) data;
  if (TYPE_P (*tp) || TREE_CODE (*tp) == DECL_EXPR)
    *walk_subtrees = 0;
  if (!VAR_P (*tp) || !cudajit_shared_p (*tp))
    return NULL_TREE;
  tree array = *tp;
  unsigned HOST_WIDE_INT offset
      = ROUND_UP (layout->static_bytes, CUDAJIT_SHARED_ALIGN);
  for (unsigned int i = 0; i < layout->arrays.length (); i++)
    if (layout->arrays[i] == array)
      offset = layout->offsets[i];
  tree base = build_call_expr (layout->base_fn, 0);
  tree address = fold_build_pointer_plus_hwi (base, offset);
  *tp = build1 (
      INDIRECT_REF, TREE_TYPE (array),
      fold_convert (build_pointer_type (TREE_TYPE (array)), address));
  return NULL_TREE;
}

unsigned HOST_WIDE_INT
cudajit_host_shared_memory (tree kernel)
{
  shared_layout layout;
  layout.static_bytes = 0;
  layout.dynamic_align = CUDAJIT_SHARED_ALIGN;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (kernel), collect_shared,
                                &layout);
  /* The runtime puts the dynamic memory at the next multiple of
     CUDAJIT_SHARED_ALIGN after the static arrays.  */
  if (layout.dynamic_align > CUDAJIT_SHARED_ALIGN)
    layout.static_bytes = ROUND_UP (layout.static_bytes, layout.dynamic_align);
  layout.base_fn
      = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_SHARED_MEMORY, NULL_TREE);
  /* The same in all of a call of the host version: GCC may keep it out of
     loops.  */
  DECL_PURE_P (layout.base_fn) = 1;
  TREE_NOTHROW (layout.base_fn) = 1;
  walk_tree (&DECL_SAVED_TREE (kernel), relocate_shared, &layout, NULL);
  return layout.static_bytes;
}

/* *TP, a shared array of a device function, becomes the block's copy of
   it, which the array's own address names; the address of its
   declaration is no use of it.  */
static tree
ask_block_array (tree *tp, int *walk_subtrees, void *data)
{
  tree fn = (tree) data;
  if (TYPE_P (*tp) || TREE_CODE (*tp) == DECL_EXPR)
    *walk_subtrees = 0;
  if (!VAR_P (*tp) || !cudajit_shared_p (*tp))
    return NULL_TREE;
  tree array = *tp;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (array));
  tree call = build_call_expr (fn, 3, build_fold_addr_expr (array),
                               TYPE_SIZE_UNIT (TREE_TYPE (array)),
                               build_string_literal (strlen (name) + 1, name));
  *tp = build1 (INDIRECT_REF, TREE_TYPE (array),
                fold_convert (build_pointer_type (TREE_TYPE (array)), call));
  *walk_subtrees = 0;
  return NULL_TREE;
}

void
cudajit_host_device_shared_arrays (tree fndecl)
{
  tree fn = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_SHARED_ARRAY, NULL_TREE);
  /* The same for all of a call of the function: GCC may keep it out of
     loops.  */
  DECL_PURE_P (fn) = 1;
  TREE_NOTHROW (fn) = 1;
  walk_tree (&DECL_SAVED_TREE (fndecl), ask_block_array, fn, NULL);
}
