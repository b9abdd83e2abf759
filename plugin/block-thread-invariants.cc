/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Rematerialization, for a kernel's block function (block-function.cc):
   a variable set once, where it is declared, from the thread's and the
   block's indices (long i = cuda_grid_x (); unsigned int t =
   threadIdx.x;) is replaced at each use by its value.  Across barriers
   it then needs no context array, and a guard on it (if (i < n)) is one
   on threadIdx.x, which becomes a bound of the loop over the threads.  */

#include "block-function.h"

/* What the body does to its local variables.  */
struct variable_uses
{
  block_function *b;
  const vec<tree> *arguments;
  /* The variables written other than by their declaration, or whose
     address is taken.  */
  hash_set<tree> changed;
  /* The variables that become their values, with those values.  */
  hash_map<tree, tree> values;
};

static tree
find_changes (tree *tp, int *walk_subtrees, void *data)
{
  variable_uses *uses = (variable_uses *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree written = cudajit_written_object (*tp);
  if (written && VAR_P (written))
    uses->changed.add (written);
  return NULL_TREE;
}

/* Whether VALUE is made of constants, the built-in variables, unchanged
   arguments and variables that become their values, in arithmetic that
   neither reads memory nor traps more than the declaration would.  */
static tree
find_other_operand (tree *tp, int *walk_subtrees, void *data)
{
  variable_uses *uses = (variable_uses *) data;
  tree t = *tp;
  if (CONSTANT_CLASS_P (t))
    return NULL_TREE;
  if (TREE_CODE (t) == COMPONENT_REF)
    {
      *walk_subtrees = 0;
      return cudajit_builtin_field (uses->b, t) < BUILTIN_VARIABLES ? NULL_TREE
                                                                    : t;
    }
  if (VAR_P (t))
    return ((uses->arguments->contains (t) && !uses->changed.contains (t))
            || uses->values.get (t))
               ? NULL_TREE
               : t;
  if (TREE_SIDE_EFFECTS (t) || FLOAT_TYPE_P (TREE_TYPE (t))
      || !(UNARY_CLASS_P (t) || BINARY_CLASS_P (t)))
    return t;
  return NULL_TREE;
}

/* The declarations of the body in order: a variable may become its value
   only once those it is made of have.  */
static tree
find_declarations (tree *tp, int *walk_subtrees, void *data)
{
  variable_uses *uses = (variable_uses *) data;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) != DECL_EXPR)
    return NULL_TREE;
  tree var = DECL_EXPR_DECL (*tp);
  tree value = VAR_P (var) ? DECL_INITIAL (var) : NULL_TREE;
  if (value && !TREE_STATIC (var) && !TREE_THIS_VOLATILE (var)
      && (INTEGRAL_TYPE_P (TREE_TYPE (var))
          || POINTER_TYPE_P (TREE_TYPE (var)))
      && !uses->changed.contains (var)
      && !walk_tree_without_duplicates (&value, find_other_operand, uses))
    uses->values.put (var, value);
  return NULL_TREE;
}

/* The value of a variable that becomes it, its own variables replaced.  */
static tree
replace_variables (tree *tp, int *walk_subtrees, void *data)
{
  variable_uses *uses = (variable_uses *) data;
  if (TYPE_P (*tp) || TREE_CODE (*tp) == DECL_EXPR)
    *walk_subtrees = 0;
  else if (VAR_P (*tp))
    if (tree *value = uses->values.get (*tp))
      {
        tree copy = unshare_expr (*value);
        walk_tree (&copy, replace_variables, uses, NULL);
        *tp = fold_convert (TREE_TYPE (*tp), copy);
      }
  return NULL_TREE;
}

void
cudajit_rematerialize (block_function *b, tree *body,
                       const vec<tree> &arguments)
{
  variable_uses uses;
  uses.b = b;
  uses.arguments = &arguments;
  walk_tree_without_duplicates (body, find_changes, &uses);
  walk_tree_without_duplicates (body, find_declarations, &uses);
  if (uses.values.is_empty ())
    return;
  /* The declarations stay, dead.  */
  walk_tree (body, replace_variables, &uses, NULL);
}
