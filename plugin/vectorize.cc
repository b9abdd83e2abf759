/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cuda_vectorize: the kernel that the plugin makes at each call of

     cuda_vectorize (f, n [, .stream = s]) (out, args...)

   which cudajit.h expands to

     cudajit_unlaunched_vectorize (n, config, __FILE__, __LINE__)
     ? (void) 0 : ((void (*) ()) f) (out, args...)

   For float f (float x, float y) applied to a pointer to doubles and a
   float, the kernel is

     static void cuda_vectorize_f (long long n, float out[n],
                                   const double x[n], float y)
       __attribute__ ((cuda_jit))
     {
       long i = cuda_grid_x ();
       if (i < n)
         out[i] = f (x[i], y);
     }

   whose array parameters are copied when they are host memory, as for
   any launch, and which is launched over n threads as by cuda_forall.
   It goes through the same translation as the user's kernels, and its
   host version is the CPU backend's.  */

#include "cudajit-plugin.h"

static const char generator[] = "cuda_vectorize";

/* The names of the kernel's first parameters, which F's may not take.  */
static const char count_name[] = "n";
static const char out_name[] = "out";
static const char *const reserved_names[] = { count_name, out_name, NULL };

/* The function that the call applies, checked; NULL_TREE after an
   error.  */
static tree
applied_function (tree fn, location_t loc)
{
  tree f = cudajit_generator_function (fn, generator, loc);
  if (!f)
    return NULL_TREE;
  tree fntype = TREE_TYPE (f);
  bool ok = true;
  if (!cudajit_generator_scalar_p (TREE_TYPE (fntype)))
    {
      error_at (loc,
                "%qD returns %qT; %<cuda_vectorize%> needs a function whose "
                "result is a scalar",
                f, TREE_TYPE (fntype));
      ok = false;
    }
  unsigned int position = 1;
  for (tree p = TYPE_ARG_TYPES (fntype); p != void_list_node;
       p = TREE_CHAIN (p), position++)
    if (!cudajit_generator_scalar_p (TREE_VALUE (p)))
      {
        error_at (loc,
                  "parameter %u of %qD is %qT; %<cuda_vectorize%> needs a "
                  "function whose parameters are scalars",
                  position, f, TREE_VALUE (p));
        ok = false;
      }
  return ok ? f : NULL_TREE;
}

/* Builds the kernel: PARMS are its parameters, n and out first; ARRAYS
   says which of the others point to elements.  */
static tree
build_kernel (tree f, tree parms, const vec<bool> &arrays, location_t loc)
{
  tree i = cudajit_generator_index (loc);
  if (!i)
    return NULL_TREE;
  tree count = parms;
  tree out = DECL_CHAIN (count);

  /* Its type says that the arrays have n elements, out written, the
     others read.  */
  auto_vec<tree> parm_types;
  tree attributes = NULL_TREE;
  auto_vec<unsigned int> count_bound;
  count_bound.safe_push (0);
  unsigned int index = 0;
  for (tree parm = parms; parm; parm = DECL_CHAIN (parm), index++)
    {
      parm_types.safe_push (TREE_TYPE (parm));
      if (parm == out || (index > 1 && arrays[index - 2]))
        attributes = cudajit_generated_array_param (
            attributes, index,
            parm == out ? CUDAJIT_COPY_OUT : CUDAJIT_COPY_IN, 1, count_bound);
    }
  tree fntype = build_type_attribute_variant (
      build_function_type_array (void_type_node, parm_types.length (),
                                 parm_types.address ()),
      attributes);

  vec<tree, va_gc> *args = NULL;
  tree f_parm_type = TYPE_ARG_TYPES (TREE_TYPE (f));
  index = 0;
  for (tree parm = DECL_CHAIN (out); parm;
       parm = DECL_CHAIN (parm), f_parm_type = TREE_CHAIN (f_parm_type))
    vec_safe_push (
        args,
        cudajit_generator_convert (
            TREE_VALUE (f_parm_type),
            arrays[index++] ? cudajit_generator_element (parm, i) : parm));
  tree value = build_call_expr_loc_vec (loc, f, args);
  tree store = build2 (MODIFY_EXPR, TREE_TYPE (value),
                       cudajit_generator_element (out, i), value);
  return cudajit_build_element_kernel (generator, f, fntype, parms, i, store,
                                       loc);
}

tree
cudajit_vectorize_kernel (tree unlaunched, tree call, location_t loc,
                          tree *kernel_call)
{
  tree f = applied_function (CALL_EXPR_FN (call), loc);
  cudajit_generator_settings (CALL_EXPR_ARG (unlaunched, 1), generator, loc);
  if (!f)
    return NULL_TREE;

  tree result_type = TREE_TYPE (TREE_TYPE (f));
  int nargs = call_expr_nargs (call);
  int nparms = list_length (TYPE_ARG_TYPES (TREE_TYPE (f))) - 1;
  if (nargs != nparms + 1)
    {
      error_at (loc,
                "%<cuda_vectorize%> of %qD takes the output and %d "
                "arguments, but is given %d",
                f, nparms, nargs ? nargs - 1 : 0);
      return NULL_TREE;
    }

  /* The count is both the kernel's first argument and the launch's.  */
  tree count = save_expr (CALL_EXPR_ARG (unlaunched, 0));
  CALL_EXPR_ARG (unlaunched, 0) = count;
  vec<tree, va_gc> *kernel_args = NULL;
  vec_safe_push (kernel_args, count);
  tree parms = cudajit_generator_parm (loc, count_name, TREE_TYPE (count));
  tree *last_parm = &DECL_CHAIN (parms);

  tree out = CALL_EXPR_ARG (call, 0);
  tree out_type = TREE_TYPE (out);
  if (!POINTER_TYPE_P (out_type)
      || TYPE_MAIN_VARIANT (TREE_TYPE (out_type))
             != TYPE_MAIN_VARIANT (result_type)
      || TYPE_READONLY (TREE_TYPE (out_type)))
    {
      error_at (loc,
                "the output of %<cuda_vectorize%> of %qD is %qT; it must "
                "point to %qT, the result of %qD",
                f, out_type, result_type, f);
      return NULL_TREE;
    }
  vec_safe_push (kernel_args, out);
  *last_parm = cudajit_generator_parm (loc, out_name, out_type);
  last_parm = &DECL_CHAIN (*last_parm);

  /* Pointers to elements, or scalars for every element, converted to
     F's parameter as a call converts them (C has promoted them, which
     changes no value).  */
  auto_vec<bool> arrays;
  tree f_parm = DECL_ARGUMENTS (f);
  tree f_parm_type = TYPE_ARG_TYPES (TREE_TYPE (f));
  bool ok = true;
  for (int k = 1; k < nargs; k++, f_parm_type = TREE_CHAIN (f_parm_type))
    {
      tree arg = CALL_EXPR_ARG (call, k);
      tree type = TREE_TYPE (arg);
      tree parm_type;
      if (POINTER_TYPE_P (type)
          && cudajit_generator_scalar_p (TREE_TYPE (type)))
        {
          parm_type = build_pointer_type (
              build_qualified_type (TREE_TYPE (type), TYPE_QUAL_CONST));
          arg = fold_convert (parm_type, arg);
        }
      else if (cudajit_generator_scalar_p (type))
        {
          parm_type = TREE_VALUE (f_parm_type);
          arg = cudajit_generator_convert (parm_type, arg);
        }
      else
        {
          error_at (loc,
                    "argument %d of %<cuda_vectorize%> of %qD is %qT; it "
                    "must point to scalars or be one",
                    k, f, type);
          ok = false;
          parm_type = error_mark_node;
        }
      arrays.safe_push (POINTER_TYPE_P (parm_type));
      vec_safe_push (kernel_args, arg);
      char *name = cudajit_generator_parm_name (f, f_parm, k, reserved_names);
      *last_parm = cudajit_generator_parm (loc, name, parm_type);
      last_parm = &DECL_CHAIN (*last_parm);
      free (name);
      if (f_parm)
        f_parm = DECL_CHAIN (f_parm);
    }
  if (!ok)
    return NULL_TREE;

  tree kernel = cudajit_generated_kernel_for (generator, f, parms);
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
