/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Rematerialization, for a kernel's block function (block-function.cc):
   a variable set once, where it is declared, from the thread's and the
   block's indices (long i = cuda_grid_x (); unsigned int t =
   threadIdx.x;) is replaced at each use by its value.  Across barriers
   it then needs no context array, and a guard on it (if (i < n)) is one
   on threadIdx.x, which becomes a bound of the loop over the threads.
   And the indices' unsigned sums, converted to a signed type, become
   signed sums where they cannot wrap.  */

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

/* Signed indices.  C computes the common CUDA index, int x = blockIdx.x *
   blockDim.x + threadIdx.x, in unsigned int, and converts the sum: where
   a block's sums do not wrap, nor their conversion, x is (int)
   (blockIdx.x * blockDim.x) + (int) threadIdx.x, a signed sum that GCC
   knows does not overflow, and widens to a pointer's width once for the
   loop over x instead of at each use.  */
struct signed_indices
{
  block_function *b;
  /* Whether to rewrite the sums on x too, which may wrap in a launch of
     more than 2^31 threads on x; whether the body has such a sum; the
     condition on the block that none wraps, or NULL_TREE.  */
  bool x;
  bool found_x;
  tree no_wrap;
};

/* Whether threadIdx's field for AXIS plus K, an unsigned constant,
   converted to TYPE, a signed type at least as wide, is the field
   converted plus K converted, for every thread that a GPU's limits
   allow, without overflow.  */
static bool
constant_sum_fits_p (tree k, int axis, tree type)
{
  static const unsigned HOST_WIDE_INT block_max[]
      = { CUDAJIT_BLOCK_X_MAX, CUDAJIT_BLOCK_Y_MAX, CUDAJIT_BLOCK_Z_MAX };
  tree sum_type = TREE_TYPE (k);
  if (TYPE_PRECISION (type) > HOST_BITS_PER_WIDE_INT)
    return false;
  if (TYPE_PRECISION (type) == TYPE_PRECISION (sum_type))
    {
      /* K as TYPE has it; the largest thread plus it below TYPE's
         largest.  */
      HOST_WIDE_INT signed_k = tree_to_shwi (fold_convert (type, k));
      return signed_k <= tree_to_shwi (TYPE_MAX_VALUE (type))
                             - (HOST_WIDE_INT) (block_max[axis] - 1);
    }
  /* Zero-extended: the unsigned sum must not wrap.  */
  return tree_fits_uhwi_p (k)
         && tree_to_uhwi (k) <= tree_to_uhwi (TYPE_MAX_VALUE (sum_type))
                                    - (block_max[axis] - 1);
}

static tree
rewrite_index_sum (tree *tp, int *walk_subtrees, void *data)
{
  signed_indices *s = (signed_indices *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree type = TREE_TYPE (t);
  if (!CONVERT_EXPR_P (t) || !INTEGRAL_TYPE_P (type) || TYPE_UNSIGNED (type)
      || TREE_CODE (TREE_OPERAND (t, 0)) != PLUS_EXPR)
    return NULL_TREE;
  tree sum = TREE_OPERAND (t, 0), sum_type = TREE_TYPE (sum);
  if (!INTEGRAL_TYPE_P (sum_type) || !TYPE_UNSIGNED (sum_type)
      || TYPE_PRECISION (type) < TYPE_PRECISION (sum_type))
    return NULL_TREE;
  tree start = TREE_OPERAND (sum, 0), thread = TREE_OPERAND (sum, 1);
  if (cudajit_thread_axis (s->b, thread) < 0)
    std::swap (start, thread);
  int axis = cudajit_thread_axis (s->b, thread);
  if (axis < 0)
    return NULL_TREE;
  if (TREE_CODE (start) == INTEGER_CST)
    {
      /* threadIdx.x + 1, a tile's index, which a GPU's limits keep from
         wrapping.  */
      if (constant_sum_fits_p (start, axis, type))
        {
          *tp = build2 (PLUS_EXPR, type, fold_convert (type, thread),
                        fold_convert (type, start));
          *walk_subtrees = 0;
        }
      return NULL_TREE;
    }
  if (!cudajit_block_start_p (s->b, start, axis))
    return NULL_TREE;
  /* The largest value of the sum before it wraps: TYPE's largest for a
     conversion to a type of its width, else its type's largest.  */
  tree largest = TYPE_PRECISION (type) == TYPE_PRECISION (sum_type)
                     ? fold_convert (sum_type, TYPE_MAX_VALUE (type))
                     : TYPE_MAX_VALUE (sum_type);
  if (!cudajit_block_start_below_p (s->b, start, axis, largest))
    {
      s->found_x = true;
      if (!s->x)
        return NULL_TREE;
      tree dim = fold_convert (
          sum_type, cudajit_axis_ref (s->b->builtins[BLOCK_DIM], axis));
      tree no_wrap = build2 (
          GE_EXPR, boolean_type_node,
          build2 (MINUS_EXPR, sum_type, largest, unshare_expr (start)),
          build2 (MINUS_EXPR, sum_type, dim, build_one_cst (sum_type)));
      s->no_wrap = cudajit_conjoin (s->no_wrap, no_wrap);
    }
  *tp = build2 (PLUS_EXPR, type, fold_convert (type, start),
                fold_convert (type, thread));
  *walk_subtrees = 0;
  return NULL_TREE;
}

tree
cudajit_signed_indices (block_function *b, tree *body, bool x, bool *found_x)
{
  signed_indices s = { b, x, false, NULL_TREE };
  walk_tree (body, rewrite_index_sum, &s, NULL);
  if (found_x)
    *found_x = s.found_x;
  return s.no_wrap;
}
