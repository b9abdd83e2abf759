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
   runtime for the block's copy of each.

   Under CUDAJIT_CHECK=bounds, the accesses to the elements of shared
   arrays check their bounds (cudajit.h's cudajit_shared_access): those
   of the kernel as written, of device functions, and of a version of
   the block function of their own; its other versions, whose loops over
   the threads the checks would keep GCC from vectorizing, have none.  */

/* cudajit.h's function for the check of an access.  */
static const char shared_access_name[] = "cudajit_shared_access";

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

/* What a use of a shared array becomes in the host version.  */
typedef tree (*shared_use_fn) (tree array, void *data);

struct shared_uses
{
  shared_use_fn replace;
  void *data;
  /* What each use became, mapped to the variable.  */
  hash_map<tree, tree> *relocated;
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
      tree var = *tp;
      *tp = uses->replace (var, uses->data);
      uses->relocated->put (*tp, var);
      *walk_subtrees = 0;
    }
  /* The address of a declaration is no use of it.  */
  else if (TYPE_P (*tp) || TREE_CODE (*tp) == DECL_EXPR
           || uses->walked.add (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Each use of a shared array in FNDECL becomes what REPLACE makes of
   it, mapped in *RELOCATED to the array.  */
static void
replace_shared_uses (tree fndecl, shared_use_fn replace, void *data,
                     hash_map<tree, tree> *relocated)
{
  shared_uses uses;
  uses.replace = replace;
  uses.data = data;
  uses.relocated = relocated;
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
cudajit_host_shared_memory (tree kernel, hash_map<tree, tree> *relocated)
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
  replace_shared_uses (kernel, relocate_shared, &layout, relocated);
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
cudajit_host_device_shared_arrays (tree fndecl,
                                   hash_map<tree, tree> *relocated)
{
  tree fn = cudajit_entry_point (CUDAJIT_ENTRY_BLOCK_SHARED_ARRAY, NULL_TREE);
  /* The same for all of a call of the function: GCC may keep it out of
     loops.  */
  DECL_PURE_P (fn) = 1;
  TREE_NOTHROW (fn) = 1;
  replace_shared_uses (fndecl, ask_block_array, fn, relocated);
}

/* The check of the bounds of the accesses to shared arrays.  */
struct bounds_check
{
  /* The relocated uses of shared arrays, mapped to the arrays.  */
  hash_map<tree, tree> *relocated;
  tree access_fn;
  /* The function's line, for an access that has none of its own.  */
  location_t function_location;
  /* As in shared_uses: a reference that the front end shares is checked
     in each of its parents, its indices once.  */
  hash_set<tree> walked;
};

/* The shared array of which REF, an element or a field of one, nested
   or not, or the whole array, is part, or NULL_TREE; in *BASE, the
   relocated array.  */
static tree
shared_array_of (const bounds_check *c, tree ref, tree *base)
{
  while (TREE_CODE (ref) == ARRAY_REF || TREE_CODE (ref) == COMPONENT_REF)
    ref = TREE_OPERAND (ref, 0);
  *base = ref;
  tree *array = c->relocated->get (ref);
  return array ? *array : NULL_TREE;
}

static tree check_shared_access (tree *tp, int *walk_subtrees, void *data);

/* The indices of REF, as shared_array_of takes it apart, which may hold
   accesses of their own.  */
static void
check_indices (bounds_check *c, tree ref)
{
  for (; TREE_CODE (ref) == ARRAY_REF || TREE_CODE (ref) == COMPONENT_REF;
       ref = TREE_OPERAND (ref, 0))
    if (TREE_CODE (ref) == ARRAY_REF)
      walk_tree (&TREE_OPERAND (ref, 1), check_shared_access, c, NULL);
}

/* REF, an element of ARRAY, a shared array relocated to BASE, through
   cudajit_shared_access.  */
static tree
checked_access (const bounds_check *c, tree ref, tree array, tree base)
{
  tree type = TREE_TYPE (ref);
  tree array_bytes = TYPE_SIZE_UNIT (TREE_TYPE (array));
  expanded_location at = expand_location (
      EXPR_HAS_LOCATION (ref) ? EXPR_LOCATION (ref) : c->function_location);
  char *where = xasprintf ("%s:%d", at.file, at.line);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (array));
  tree call = build_call_expr (
      c->access_fn, 6,
      fold_convert (ptr_type_node, build_fold_addr_expr (ref)),
      fold_convert (size_type_node, TYPE_SIZE_UNIT (type)),
      fold_convert (const_ptr_type_node,
                    build_fold_addr_expr (unshare_expr (base))),
      /* None for the dynamic shared memory.  */
      fold_convert (size_type_node,
                    array_bytes ? array_bytes : size_zero_node),
      build_string_literal (strlen (name) + 1, name),
      build_string_literal (strlen (where) + 1, where));
  free (where);
  tree checked = build1 (INDIRECT_REF, type,
                         fold_convert (build_pointer_type (type), call));
  TREE_THIS_VOLATILE (checked) = TREE_THIS_VOLATILE (ref);
  TREE_SIDE_EFFECTS (checked) = 1;
  return checked;
}

static tree
check_shared_access (tree *tp, int *walk_subtrees, void *data)
{
  bounds_check *c = (bounds_check *) data;
  tree base, array;
  if (TYPE_P (*tp) || TREE_CODE (*tp) == DECL_EXPR)
    *walk_subtrees = 0;
  /* An address, such as an atomic's, is no access.  */
  else if (TREE_CODE (*tp) == ADDR_EXPR
           && shared_array_of (c, TREE_OPERAND (*tp, 0), &base))
    {
      if (!c->walked.add (*tp))
        check_indices (c, TREE_OPERAND (*tp, 0));
      *walk_subtrees = 0;
    }
  /* The outermost element of a shared array; one of its fields lies
     within it.  */
  else if (TREE_CODE (*tp) == ARRAY_REF
           && (array = shared_array_of (c, *tp, &base)))
    {
      if (!c->walked.add (*tp))
        check_indices (c, *tp);
      *tp = checked_access (c, *tp, array, base);
      *walk_subtrees = 0;
    }
  else if (c->walked.add (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

void
cudajit_check_shared_bounds (tree fndecl, hash_map<tree, tree> *relocated)
{
  bounds_check c;
  c.relocated = relocated;
  c.access_fn = cudajit_header_function (shared_access_name);
  c.function_location = DECL_SOURCE_LOCATION (fndecl);
  /* Without cudajit.h, a unit has no shared arrays in use.  */
  if (c.access_fn && !relocated->is_empty ())
    walk_tree (&DECL_SAVED_TREE (fndecl), check_shared_access, &c, NULL);
}

bool
cudajit_shared_access_p (const_tree callee)
{
  return DECL_NAME (callee)
         && strcmp (IDENTIFIER_POINTER (DECL_NAME (callee)),
                    shared_access_name)
                == 0;
}

/* A checked access, its address as it would be unchecked.  */
static tree
drop_shared_check (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == CALL_EXPR && get_callee_fndecl (*tp)
           && cudajit_shared_access_p (get_callee_fndecl (*tp)))
    *tp = CALL_EXPR_ARG (*tp, 0);
  return NULL_TREE;
}

void
cudajit_drop_shared_checks (tree *body)
{
  walk_tree (body, drop_shared_check, NULL, NULL);
}
