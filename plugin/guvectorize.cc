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

static const char generator[] = "cuda_guvectorize";

/* The name of the kernel's first parameter, which F's may not take.  */
static const char count_name[] = "count";
static const char *const reserved_names[] = { count_name, NULL };

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
   declaration gives.  */
static bool
core_array_p (tree f, unsigned int index, tree type)
{
  auto_vec<unsigned int> bounds;
  unsigned HOST_WIDE_INT bytes;
  return (POINTER_TYPE_P (type)
          && cudajit_generator_scalar_p (scalar_of (type))
          && cudajit_array_param (TREE_TYPE (f), index, &bounds, &bytes));
}

/* The function that the call applies, checked; NULL_TREE after an
   error.  */
static tree
applied_function (tree fn, location_t loc)
{
  tree f = cudajit_generator_function (fn, generator, loc);
  if (!f)
    return NULL_TREE;
  if (!VOID_TYPE_P (TREE_TYPE (TREE_TYPE (f))))
    {
      error_at (loc,
                "%qD returns %qT; %<cuda_guvectorize%> needs a void "
                "function, which writes its results to its arrays",
                f, TREE_TYPE (TREE_TYPE (f)));
      return NULL_TREE;
    }
  bool ok = true;
  unsigned int index = 0;
  for (tree p = TYPE_ARG_TYPES (TREE_TYPE (f)); p != void_list_node;
       p = TREE_CHAIN (p), index++)
    if (!cudajit_generator_scalar_p (TREE_VALUE (p))
        && !core_array_p (f, index, TREE_VALUE (p)))
      {
        error_at (loc,
                  "parameter %u of %qD is %qT; %<cuda_guvectorize%> needs "
                  "scalars, and arrays of scalars whose extents the "
                  "declaration gives, as in %<double a[m][n]%>",
                  index + 1, f, TREE_VALUE (p));
        ok = false;
      }
  return ok ? f : NULL_TREE;
}

/* The number of elements of one instance of the array PARM, parameter
   INDEX of F: the constant and the kernel's parameters PARMS[i] for the
   bounds of F's declaration, as sizetype.  Its attributes in
   *ATTRIBUTES, for the copies of COUNT instances.  */
static tree
instance_elements (tree f, unsigned int index, tree parm,
                   const vec<tree> &parms, tree *attributes)
{
  auto_vec<unsigned int> bounds;
  unsigned HOST_WIDE_INT bytes;
  int direction = cudajit_array_param (TREE_TYPE (f), index, &bounds, &bytes);
  unsigned HOST_WIDE_INT constant
      = bytes / tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (parm))));
  tree elements = size_int (constant);
  auto_vec<unsigned int> kernel_bounds;
  kernel_bounds.safe_push (0);
  for (unsigned int position : bounds)
    {
      /* The kernel's parameters are F's after the count.  */
      kernel_bounds.safe_push (position + 1);
      elements = size_binop (MULT_EXPR, elements,
                             fold_convert (sizetype, parms[position + 1]));
    }
  *attributes = cudajit_generated_array_param (
      *attributes, index + 1, direction, constant, kernel_bounds);
  return elements;
}

static tree
build_kernel (tree f, const vec<tree> &parms, const vec<bool> &arrays,
              location_t loc)
{
  tree i = cudajit_generator_index (loc);
  if (!i)
    return NULL_TREE;
  tree attributes = NULL_TREE;
  auto_vec<tree> parm_types;
  vec<tree, va_gc> *args = NULL;
  parm_types.safe_push (TREE_TYPE (parms[0]));
  for (unsigned int k = 1; k < parms.length (); k++)
    {
      tree parm = parms[k];
      parm_types.safe_push (TREE_TYPE (parm));
      if (!arrays[k - 1])
        {
          vec_safe_push (args, parm);
          continue;
        }
      tree elements = instance_elements (f, k - 1, parm, parms, &attributes);
      tree offset
          = size_binop (MULT_EXPR, fold_convert (sizetype, i), elements);
      offset = size_binop (MULT_EXPR, offset,
                           TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (parm))));
      /* The middle end takes any pointer for F's pointer to arrays, and
         the CUDA C declares F with pointers to its scalars.  */
      vec_safe_push (args, fold_build_pointer_plus (parm, offset));
    }
  tree fntype = build_type_attribute_variant (
      build_function_type_array (void_type_node, parm_types.length (),
                                 parm_types.address ()),
      attributes);
  tree call = build_call_expr_loc_vec (loc, f, args);
  tree chain = NULL_TREE;
  for (unsigned int k = parms.length (); k-- > 0;)
    {
      DECL_CHAIN (parms[k]) = chain;
      chain = parms[k];
    }
  return cudajit_build_element_kernel (generator, f, fntype, chain, i, call,
                                       loc);
}

tree
cudajit_guvectorize_kernel (tree unlaunched, tree call, location_t loc,
                            tree *kernel_call)
{
  tree f = applied_function (CALL_EXPR_FN (call), loc);
  cudajit_generator_settings (CALL_EXPR_ARG (unlaunched, 1), generator, loc);
  if (!f)
    return NULL_TREE;

  int nargs = call_expr_nargs (call);
  int nparms = list_length (TYPE_ARG_TYPES (TREE_TYPE (f))) - 1;
  if (nargs != nparms)
    {
      error_at (loc,
                "%<cuda_guvectorize%> of %qD takes %d arguments, but is "
                "given %d",
                f, nparms, nargs);
      return NULL_TREE;
    }

  /* The count is both the kernel's first argument and the launch's.  */
  tree count = save_expr (CALL_EXPR_ARG (unlaunched, 0));
  CALL_EXPR_ARG (unlaunched, 0) = count;
  vec<tree, va_gc> *kernel_args = NULL;
  vec_safe_push (kernel_args, count);
  auto_vec<tree> parms;
  parms.safe_push (
      cudajit_generator_parm (loc, count_name, TREE_TYPE (count)));

  /* Arrays of instances, converted to pointers to F's scalars; scalars,
     converted to F's parameter as a call converts them.  */
  auto_vec<bool> arrays;
  tree f_parm = DECL_ARGUMENTS (f);
  tree f_parm_type = TYPE_ARG_TYPES (TREE_TYPE (f));
  bool ok = true;
  for (int k = 0; k < nargs; k++, f_parm_type = TREE_CHAIN (f_parm_type))
    {
      tree arg = CALL_EXPR_ARG (call, k);
      tree type = TREE_TYPE (arg);
      tree expected = TREE_VALUE (f_parm_type);
      bool array = !cudajit_generator_scalar_p (expected);
      tree parm_type = expected;
      if (array)
        {
          parm_type = build_pointer_type (scalar_of (expected));
          if (!POINTER_TYPE_P (type)
              || (TYPE_MAIN_VARIANT (scalar_of (type))
                  != TYPE_MAIN_VARIANT (scalar_of (expected))))
            {
              error_at (loc,
                        "argument %d of %<cuda_guvectorize%> of %qD is %qT; "
                        "it must point to %qT",
                        k + 1, f, type,
                        TYPE_MAIN_VARIANT (scalar_of (expected)));
              ok = false;
            }
          else
            arg = fold_convert (parm_type, arg);
        }
      else if (cudajit_generator_scalar_p (type))
        arg = cudajit_generator_convert (parm_type, arg);
      else
        {
          error_at (loc,
                    "argument %d of %<cuda_guvectorize%> of %qD is %qT; it "
                    "must be a scalar, as parameter %d is",
                    k + 1, f, type, k + 1);
          ok = false;
        }
      arrays.safe_push (array);
      vec_safe_push (kernel_args, arg);
      char *name
          = cudajit_generator_parm_name (f, f_parm, k + 1, reserved_names);
      parms.safe_push (cudajit_generator_parm (loc, name, parm_type));
      free (name);
      if (f_parm)
        f_parm = DECL_CHAIN (f_parm);
    }
  if (!ok)
    return NULL_TREE;

  tree chain = parms[0];
  for (unsigned int k = 1; k < parms.length (); k++)
    DECL_CHAIN (parms[k - 1]) = parms[k];
  tree kernel = cudajit_generated_kernel_for (generator, f, chain);
  if (!kernel)
    {
      kernel = build_kernel (f, parms, arrays, loc);
      if (!kernel)
        return NULL_TREE;
      cudajit_translate_finished_function (kernel);
      cgraph_node::finalize_function (kernel, true);
    }
  *kernel_call = build_call_expr_loc_vec (loc, kernel, kernel_args);
  return kernel;
}
