/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cuda_guvectorize: the kernel that the plugin makes at each call of

     cuda_guvectorize (f, count [, .stream = s]) (args...)

   which cudajit.h expands as it does cuda_vectorize.  F is void and
   declares the core shape of each array parameter with C99 array syntax
   whose extents are constants or its own parameters, which says what
   Numba's layout string says.  For

     void matvec (int m, int n, const double a[m][n], const double x[n],
                  double y[m])

   the kernel is

     static void cuda_guvectorize_matvec (long long count, int m, int n,
                                          const double *a,
                                          const double *x, double *y)
       __attribute__ ((cuda_jit))
     {
       long i = cuda_grid_x ();
       if (i < count)
         matvec (m, n, a + i * (m * n), x + i * n, y + i * m);
     }

   whose arrays hold COUNT instances back to back, copied to the GPU when
   they are host memory, and back unless F's parameter is const.  */

#include "cudajit-plugin.h"

/* The name of the kernel's first parameter, which F's may not take.  */
static const char count_name[] = "count";
static const char *const own_parms[] = { count_name, NULL };

/* The scalars of the arrays that TYPE, a pointer, points to.  */
static tree
scalar_of (tree type)
{
  type = TREE_TYPE (type);
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return type;
}

/* Whether parameter INDEX of F is an array of scalars whose extent its
   declaration gives, in *COMPUTED whether from an expression
   (double a[2 * n]), which the kernel's own extents cannot say.  */
static bool
core_array_p (tree f, unsigned int index, tree type, bool *computed)
{
  auto_vec<unsigned int> bounds;
  auto_vec<tree> expressions;
  unsigned HOST_WIDE_INT bytes;
  *computed = false;
  if (!POINTER_TYPE_P (type) || !cudajit_generator_scalar_p (scalar_of (type))
      || !cudajit_array_param (TREE_TYPE (f), index, &bounds, &expressions,
                               &bytes))
    return false;
  *computed = !expressions.is_empty ();
  return !*computed;
}

static bool
check_function (tree f, location_t loc)
{
  if (!VOID_TYPE_P (TREE_TYPE (TREE_TYPE (f))))
    {
      error_at (loc,
                "%qD returns %qT; %<cuda_guvectorize%> needs a void "
                "function, which writes its results to its arrays",
                f, TREE_TYPE (TREE_TYPE (f)));
      return false;
    }
  bool ok = true;
  unsigned int index = 0;
  bool computed;
  for (tree p = TYPE_ARG_TYPES (TREE_TYPE (f)); p != void_list_node;
       p = TREE_CHAIN (p), index++)
    if (cudajit_generator_scalar_p (TREE_VALUE (p))
        || core_array_p (f, index, TREE_VALUE (p), &computed))
      continue;
    else if (computed)
      {
        error_at (loc,
                  "parameter %u of %qD computes its extent from the "
                  "others; %<cuda_guvectorize%> needs extents that are "
                  "constants or parameters, as in %<double a[m][n]%>",
                  index + 1, f);
        ok = false;
      }
    else
      {
        error_at (loc,
                  "parameter %u of %qD is %qT; %<cuda_guvectorize%> needs "
                  "scalars, and arrays of scalars whose extents the "
                  "declaration gives, as in %<double a[m][n]%>",
                  index + 1, f, TREE_VALUE (p));
        ok = false;
      }
  return ok;
}

/* An array of instances, converted to a pointer to F's scalars; a
   scalar, converted to F's parameter as a call converts it.  */
static tree
convert_argument (tree f, int position, tree arg, tree parm_type,
                  tree *kernel_type, location_t loc)
{
  tree type = TREE_TYPE (arg);
  if (!cudajit_generator_scalar_p (parm_type))
    {
      *kernel_type = build_pointer_type (scalar_of (parm_type));
      if (POINTER_TYPE_P (type)
          && (TYPE_MAIN_VARIANT (scalar_of (type))
              == TYPE_MAIN_VARIANT (scalar_of (parm_type))))
        return fold_convert (*kernel_type, arg);
      error_at (loc,
                "argument %d of %<cuda_guvectorize%> of %qD is %qT; it must "
                "point to %qT",
                position, f, type, TYPE_MAIN_VARIANT (scalar_of (parm_type)));
      return NULL_TREE;
    }
  *kernel_type = parm_type;
  if (cudajit_generator_scalar_p (type))
    return cudajit_generator_convert (parm_type, arg);
  error_at (loc,
            "argument %d of %<cuda_guvectorize%> of %qD is %qT; it must be a "
            "scalar, as parameter %d is",
            position, f, type, position);
  return NULL_TREE;
}

/* The number of elements of one instance of the array PARM, parameter
   INDEX of F: the constant and the kernel's parameters PARMS, chained,
   for the bounds of F's declaration, as sizetype.  Its attributes in
   *ATTRIBUTES, for the copies of COUNT instances.  */
static tree
instance_elements (tree f, unsigned int index, tree parm, tree parms,
                   tree *attributes)
{
  auto_vec<unsigned int> bounds;
  auto_vec<tree> expressions;
  unsigned HOST_WIDE_INT bytes;
  int direction = cudajit_array_param (TREE_TYPE (f), index, &bounds,
                                       &expressions, &bytes);
  unsigned HOST_WIDE_INT constant
      = bytes / tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (parm))));
  tree elements = size_int (constant);
  auto_vec<unsigned int> kernel_bounds;
  kernel_bounds.safe_push (0);
  for (unsigned int position : bounds)
    {
      /* The kernel's parameters are F's after the count.  */
      kernel_bounds.safe_push (position + 1);
      elements = size_binop (
          MULT_EXPR, elements,
          fold_convert (sizetype, chain_index (position + 1, parms)));
    }
  *attributes = cudajit_generated_array_param (
      *attributes, index + 1, direction, constant, kernel_bounds);
  return elements;
}

/* f (m, n, a + i * (m * n), ...), with PARMS count, then F's.  */
static tree
build_element (tree f, tree parms, tree i, tree *attributes, location_t loc)
{
  vec<tree, va_gc> *args = NULL;
  unsigned int index = 0;
  for (tree parm = DECL_CHAIN (parms); parm; parm = DECL_CHAIN (parm), index++)
    {
      if (!POINTER_TYPE_P (TREE_TYPE (parm)))
        {
          vec_safe_push (args, parm);
          continue;
        }
      tree elements = instance_elements (f, index, parm, parms, attributes);
      tree offset
          = size_binop (MULT_EXPR, fold_convert (sizetype, i), elements);
      offset = size_binop (MULT_EXPR, offset,
                           TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (parm))));
      /* The middle end takes any pointer for F's pointer to arrays, and
         the CUDA C declares F with pointers to its scalars.  */
      vec_safe_push (args, fold_build_pointer_plus (parm, offset));
    }
  return build_call_expr_loc_vec (loc, f, args);
}

const cudajit_generator cudajit_guvectorize_generator
    = { .name = "cuda_guvectorize",
        .own_parms = own_parms,
        .check_function = check_function,
        .convert_argument = convert_argument,
        .build_element = build_element };
