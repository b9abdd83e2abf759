/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GCC internals the cudajit plugin uses, and the differences between
   the GCC versions it supports, kept in one place.  */

#ifndef CUDAJIT_GCC_COMPAT_H
#define CUDAJIT_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "tree-iterator.h"
#include "stringpool.h"
#include "attribs.h"
#include "hash-map.h"
#include "cgraph.h"
#include "varasm.h"
#include "stor-layout.h"
#include "function.h"
#include "gimplify.h"
/* Before diagnostic-core.h, for the C family's diagnostic formats.  */
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "intl.h"
#include "real.h"
#include "langhooks.h"
#include "ggc.h"

#if BUILDING_GCC_MAJOR < 11
#error "cudajit needs GCC 11 or later"
#endif

/* GCC 13 made __bf16 an arithmetic type, with a node of its own; before,
   C on x86-64 has none.  */
#if BUILDING_GCC_MAJOR < 13
#define bfloat16_type_node NULL_TREE
#endif

/* GCC 15 named the flag of an asm without operands ASM_BASIC_P.  */
#if BUILDING_GCC_MAJOR < 15
#define ASM_BASIC_P(NODE) ASM_INPUT_P (NODE)
#endif

/* GCC 16 dropped system.h's C-era casts.  */
#ifndef CONST_CAST
#define CONST_CAST(TYPE, X) (const_cast<TYPE> (X))
#endif

/* GCC 16 moved the kinds of diagnostics into namespace diagnostics.  */
#if BUILDING_GCC_MAJOR >= 16
#define CUDAJIT_DK_ERROR diagnostics::kind::error
#else
#define CUDAJIT_DK_ERROR DK_ERROR
#endif

/* Whether T, a statement, is a comma expression with a BIND_EXPR among its
   operands, to be taken as a sequence of statements: GCC 14 and later
   evaluate the bounds of a multi-dimensional VLA parameter as
   BOUNDS, { typedef T anon[...]; }, one such per parameter.  */
static inline bool
cudajit_statement_pair_p (const_tree t)
{
  if (TREE_CODE (t) != COMPOUND_EXPR)
    return false;
  for (int i = 0; i < 2; i++)
    if (TREE_CODE (TREE_OPERAND (t, i)) == BIND_EXPR
        || cudajit_statement_pair_p (TREE_OPERAND (t, i)))
      return true;
  return false;
}

/* INIT, an initializer, with each RAW_DATA_CST (GCC 15 and later keep a
   long list of char values, and #embed's data, as one) replaced by the
   INTEGER_CSTs that older GCCs give, so that a CONSTRUCTOR has one element
   per value.  */
static inline tree
cudajit_expand_raw_data (tree init)
{
#if BUILDING_GCC_MAJOR >= 15
  if (!init || TREE_CODE (init) != CONSTRUCTOR)
    return init;
  vec<constructor_elt, va_gc> *elts = NULL;
  unsigned HOST_WIDE_INT i;
  tree index, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
  if (TREE_CODE (value) != RAW_DATA_CST)
    CONSTRUCTOR_APPEND_ELT (elts, index, cudajit_expand_raw_data (value));
  else
    for (int j = 0; j < RAW_DATA_LENGTH (value); j++)
      {
        tree type = TREE_TYPE (value);
        /* Without an index, an element is the one after the last.  */
        tree at = index ? build_int_cst (TREE_TYPE (index),
                                         tree_to_uhwi (index) + j)
                        : NULL_TREE;
        CONSTRUCTOR_APPEND_ELT (
            elts, at,
            build_int_cst (type, TYPE_UNSIGNED (type)
                                     ? RAW_DATA_UCHAR_ELT (value, j)
                                     : RAW_DATA_SCHAR_ELT (value, j)));
      }
  tree copy = build_constructor (TREE_TYPE (init), elts);
  TREE_CONSTANT (copy) = TREE_CONSTANT (init);
  TREE_STATIC (copy) = TREE_STATIC (init);
  TREE_SIDE_EFFECTS (copy) = TREE_SIDE_EFFECTS (init);
  CONSTRUCTOR_NO_CLEARING (copy) = CONSTRUCTOR_NO_CLEARING (init);
  return copy;
#else
  return init;
#endif
}

/* The C front end's lowering of its loops and jumps, for a function
   that the plugin built from the front end's statements.  lto1, which
   loads the plugin too but builds nothing with it, has no C front end:
   weak, so that lto1 can load the plugin without it.  */
extern void c_genericize (tree) __attribute__ ((weak));

/* No -Wmaybe-uninitialized for T, an expression that the plugin made:
   GCC 12 replaced TREE_NO_WARNING with per-warning suppression.  */
static inline void
cudajit_suppress_uninitialized_warning (tree t)
{
#if BUILDING_GCC_MAJOR >= 12
  suppress_warning (t, OPT_Wmaybe_uninitialized);
#else
  TREE_NO_WARNING (t) = 1;
#endif
}

/* An error at LOC from a va_list.  GCC 15 requires every diagnostic to be
   emitted inside a diagnostic group; error_at opens one itself, but
   emit_diagnostic_valist does not.  */
static inline void cudajit_error_valist (location_t loc, const char *gmsgid,
                                         va_list *ap)
    ATTRIBUTE_GCC_DIAG (2, 0);

static inline void
cudajit_error_valist (location_t loc, const char *gmsgid, va_list *ap)
{
  auto_diagnostic_group group;
  emit_diagnostic_valist (CUDAJIT_DK_ERROR, loc, 0, gmsgid, ap);
}

/* The variable bounds of array parameter INDEX of a function whose type
   has ATTRIBUTES, whose access specifications are MAP.  The front end
   chains the parameters' lists of bounds from the last parameter to the
   first; GCC 12's init_attr_rdwr_indices gives them out from the last
   list, GCC 11.3's from the first, so that the Nth parameter with a list
   gets the Nth list instead of the Nth from the last.  Which it got is
   told by the list itself, the front end's, not a copy.  */
static inline tree
cudajit_access_bounds (tree attributes, rdwr_map *map, unsigned int index)
{
  attr_access *access = map->get (index);
#if BUILDING_GCC_MAJOR < 12
  for (tree a = attributes;
       access->size && (a = lookup_attribute ("access", a));
       a = TREE_CHAIN (a))
    {
      auto_vec<tree> lists;
      if (TREE_VALUE (a) && TREE_CHAIN (TREE_VALUE (a)))
        for (tree l = TREE_VALUE (TREE_CHAIN (TREE_VALUE (a))); l;
             l = TREE_CHAIN (l))
          lists.safe_push (TREE_VALUE (l));
      if (!lists.contains (access->size))
        continue;
      unsigned int rank = 0;
      for (unsigned int i = 0; i < index; i++)
        {
          attr_access *other = map->get (i);
          rank += (other && other->ptrarg == i && other->size
                   && lists.contains (other->size));
        }
      unsigned int last = lists.length () - 1;
      if (rank <= last && lists[rank] == access->size)
        return lists[last - rank];
      break;
    }
#else
  (void) attributes;
#endif
  return access->size;
}

#endif /* gcc-compat.h */
