/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Array parameters: the pointer parameters of a kernel whose declaration
   gives the extent of the array they point to, in C99 array syntax
   (float x[n], float a[rows][cols], float x[static 1024], float x[16]) or
   with GCC's access attribute (access (read_only, 1, 2)).  When such an
   argument is host memory, the runtime copies the array to the GPU and
   back, in the directions the declaration allows.

   The C front end records both forms in an internal access attribute of
   the function's type, which also survives for a kernel that is only
   declared, and says where each variable bound is in the parameter list,
   or, for a bound that C99 computes from the parameters (float x[n / 256],
   float a[rows][cols + 2]), gives its expression: the extent is then a
   product of constants, of arguments and of those expressions, which
   array-extents.cc computes from the arguments at each launch.

   The kernels that the plugin makes (cuda_vectorize) say the same in an
   attribute of their type that no C declaration can write.  */

#include "cudajit-plugin.h"

#define GENERATED_ARRAY_ATTRIBUTE "cudajit array"

/* The attribute's value is a list of the parameter's index, the
   directions of its copies, its constant count of elements and the
   positions of its bounds (a TREE_LIST, which LTO streams as it streams
   any attribute).  */
tree
cudajit_generated_array_param (tree attributes, unsigned int index,
                               int direction, unsigned HOST_WIDE_INT count,
                               const vec<unsigned int> &bounds)
{
  tree spec = NULL_TREE;
  for (unsigned int i = bounds.length (); i-- > 0;)
    spec = tree_cons (NULL_TREE, size_int (bounds[i]), spec);
  spec = tree_cons (NULL_TREE, size_int (count), spec);
  spec = tree_cons (NULL_TREE, size_int (direction), spec);
  spec = tree_cons (NULL_TREE, size_int (index), spec);
  return tree_cons (get_identifier (GENERATED_ARRAY_ATTRIBUTE), spec,
                    attributes);
}

static int
generated_array_param (tree fntype, unsigned int index,
                       unsigned HOST_WIDE_INT *count,
                       vec<unsigned int> *bounds)
{
  for (tree a = lookup_attribute (GENERATED_ARRAY_ATTRIBUTE,
                                  TYPE_ATTRIBUTES (fntype));
       a; a = lookup_attribute (GENERATED_ARRAY_ATTRIBUTE, TREE_CHAIN (a)))
    {
      tree spec = TREE_VALUE (a);
      if (tree_to_uhwi (TREE_VALUE (spec)) != index)
        continue;
      tree direction = TREE_CHAIN (spec);
      tree constant = TREE_CHAIN (direction);
      *count = tree_to_uhwi (TREE_VALUE (constant));
      for (tree bound = TREE_CHAIN (constant); bound;
           bound = TREE_CHAIN (bound))
        bounds->safe_push (tree_to_uhwi (TREE_VALUE (bound)));
      return tree_to_uhwi (TREE_VALUE (direction));
    }
  return 0;
}

/* The access specification of parameter INDEX as a pointer.  */
static attr_access *
pointer_access (rdwr_map *map, unsigned int index)
{
  attr_access *access = map->get (index);
  return access && access->ptrarg == index ? access : NULL;
}

bool
cudajit_param_position (tree fntype, tree parm, unsigned int *position)
{
  if (TREE_CODE (parm) != PARM_DECL)
    return false;
  /* The chain of a declaration's parameters runs to its last.  */
  unsigned int count = 0, from_parm = 0;
  for (tree t = TYPE_ARG_TYPES (fntype); t && t != void_list_node;
       t = TREE_CHAIN (t))
    count++;
  for (tree p = parm; p; p = DECL_CHAIN (p))
    from_parm++;
  if (from_parm > count)
    return false;
  *position = count - from_parm;
  return true;
}

/* Append BOUND, a variable bound of an array parameter of a function of
   type FNTYPE, to BOUNDS if it is a parameter, else to EXPRESSIONS.  */
static void
add_bound (tree fntype, tree bound, vec<unsigned int> *bounds,
           vec<tree> *expressions)
{
  unsigned int position;
  if (cudajit_param_position (fntype, bound, &position))
    bounds->safe_push (position);
  else
    expressions->safe_push (bound);
}

/* Append the next variable bound in *CHAIN to BOUNDS or EXPRESSIONS.  */
static bool
take_bound (tree fntype, tree *chain, vec<unsigned int> *bounds,
            vec<tree> *expressions)
{
  if (!*chain)
    return false;
  if (TREE_PURPOSE (*chain) && tree_fits_uhwi_p (TREE_PURPOSE (*chain)))
    bounds->safe_push (tree_to_uhwi (TREE_PURPOSE (*chain)));
  else if (TREE_VALUE (*chain) && TREE_TYPE (TREE_VALUE (*chain))
           && INTEGRAL_TYPE_P (TREE_TYPE (TREE_VALUE (*chain))))
    add_bound (fntype, TREE_VALUE (*chain), bounds, expressions);
  else
    return false;
  *chain = TREE_CHAIN (*chain);
  return true;
}

/* Append to BOUNDS or EXPRESSIONS the bound B for which the domain of
   ARRAY_TYPE, an element of an array parameter of a function of type
   FNTYPE, is B - 1, where the access attribute does not say (GCC 11
   keeps only the outer bound).  */
static bool
take_domain_bound (tree fntype, tree array_type, vec<unsigned int> *bounds,
                   vec<tree> *expressions)
{
  tree max = TYPE_DOMAIN (array_type)
                 ? TYPE_MAX_VALUE (TYPE_DOMAIN (array_type))
                 : NULL_TREE;
  while (max
         && (TREE_CODE (max) == SAVE_EXPR || CONVERT_EXPR_P (max)
             || TREE_CODE (max) == NON_LVALUE_EXPR))
    max = TREE_OPERAND (max, 0);
  if (!max
      || !((TREE_CODE (max) == MINUS_EXPR
            && integer_onep (TREE_OPERAND (max, 1)))
           || (TREE_CODE (max) == PLUS_EXPR
               && integer_minus_onep (TREE_OPERAND (max, 1)))))
    return false;
  /* The bound as written, out of the conversions to sizetype and the
     SAVE_EXPR that evaluates it once.  */
  tree bound = TREE_OPERAND (max, 0);
  while (CONVERT_EXPR_P (bound))
    bound = TREE_OPERAND (bound, 0);
  if (TREE_CODE (bound) == SAVE_EXPR)
    bound = TREE_OPERAND (bound, 0);
  tree parm = bound;
  while (CONVERT_EXPR_P (parm))
    parm = TREE_OPERAND (parm, 0);
  if (TREE_CODE (parm) == PARM_DECL)
    bound = parm;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (bound)))
    return false;
  add_bound (fntype, bound, bounds, expressions);
  return true;
}

int
cudajit_array_param (tree fntype, unsigned int index,
                     vec<unsigned int> *bounds, vec<tree> *expressions,
                     unsigned HOST_WIDE_INT *constant_bytes)
{
  tree parm_types = TYPE_ARG_TYPES (fntype);
  for (unsigned int i = 0; i < index && parm_types; i++)
    parm_types = TREE_CHAIN (parm_types);
  if (!parm_types || !POINTER_TYPE_P (TREE_VALUE (parm_types)))
    return 0;
  tree parm_type = TREE_VALUE (parm_types);
  tree element = TREE_TYPE (parm_type);
  unsigned HOST_WIDE_INT count = 1;
  bounds->truncate (0);
  expressions->truncate (0);
  int direction = generated_array_param (fntype, index, &count, bounds);
  rdwr_map map;
  init_attr_rdwr_indices (&map, TYPE_ATTRIBUTES (fntype));
  attr_access *access = pointer_access (&map, index);
  if (direction)
    /* A kernel that the plugin made: BOUNDS are set.  */;
  else if (!access)
    return 0;
  else if (access->internal_p)
    {
      /* Array syntax: the outer bound, which the parameter's pointer type
         has lost, comes first; then the bounds of the element arrays.  */
      tree chain
          = cudajit_access_bounds (TYPE_ATTRIBUTES (fntype), &map, index);
      if (access->minsize == HOST_WIDE_INT_M1U)
        {
          if (!take_bound (fntype, &chain, bounds, expressions))
            return 0;
        }
      else if (access->minsize)
        count = access->minsize;
      else
        return 0;
      for (; TREE_CODE (element) == ARRAY_TYPE; element = TREE_TYPE (element))
        {
          tree domain = TYPE_DOMAIN (element);
          if (domain && TYPE_MAX_VALUE (domain)
              && tree_fits_uhwi_p (TYPE_MAX_VALUE (domain)))
            count *= tree_to_uhwi (TYPE_MAX_VALUE (domain)) + 1;
          else if (!take_bound (fntype, &chain, bounds, expressions)
                   && !take_domain_bound (fntype, element, bounds,
                                          expressions))
            return 0;
        }
      direction
          = (TYPE_READONLY (element) ? CUDAJIT_COPY_IN
                                     : CUDAJIT_COPY_IN | CUDAJIT_COPY_OUT);
    }
  else
    {
      if (access->sizarg == UINT_MAX)
        return 0;
      bounds->safe_push (access->sizarg);
      switch (access->mode)
        {
        case access_read_only:
          direction = CUDAJIT_COPY_IN;
          break;
        case access_write_only:
          direction = CUDAJIT_COPY_OUT;
          break;
        case access_read_write:
          direction = CUDAJIT_COPY_IN | CUDAJIT_COPY_OUT;
          break;
        default:
          return 0;
        }
    }

  unsigned HOST_WIDE_INT element_bytes = 1;
  if (!VOID_TYPE_P (element))
    {
      if (!TYPE_SIZE_UNIT (element)
          || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (element)))
        return 0;
      element_bytes = tree_to_uhwi (TYPE_SIZE_UNIT (element));
    }
  *constant_bytes = count * element_bytes;
  return direction;
}
