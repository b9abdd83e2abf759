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

/* The names of the kernel's first parameters, which F's may not take.  */
static const char count_name[] = "n";
static const char out_name[] = "out";
static const char *const own_parms[] = { count_name, out_name, NULL };

static bool
check_function (tree f, location_t loc)
{
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
  return ok;
}

/* The output, first, points to F's results.  */
static bool
check_outputs (tree f, tree call, location_t loc)
{
  tree result_type = TREE_TYPE (TREE_TYPE (f));
  tree out_type = TREE_TYPE (CALL_EXPR_ARG (call, 0));
  if (!POINTER_TYPE_P (out_type)
      || TYPE_MAIN_VARIANT (TREE_TYPE (out_type))
             != TYPE_MAIN_VARIANT (result_type)
      || TYPE_READONLY (TREE_TYPE (out_type)))
    {
      error_at (loc,
                "the output of %<cuda_vectorize%> of %qD is %qT; it must "
                "point to %qT, the result of %qD",
                f, out_type, result_type, f);
      return false;
    }
  return true;
}

/* A pointer to elements, or a scalar for every element, converted to F's
   parameter as a call converts it (C has promoted it, which changes no
   value).  */
static tree
convert_argument (tree f, int position, tree arg, tree parm_type,
                  tree *kernel_type, location_t loc)
{
  tree type = TREE_TYPE (arg);
  if (POINTER_TYPE_P (type) && cudajit_generator_scalar_p (TREE_TYPE (type)))
    {
      *kernel_type = build_pointer_type (
          build_qualified_type (TREE_TYPE (type), TYPE_QUAL_CONST));
      return fold_convert (*kernel_type, arg);
    }
  if (cudajit_generator_scalar_p (type))
    {
      *kernel_type = parm_type;
      return cudajit_generator_convert (parm_type, arg);
    }
  error_at (loc,
            "argument %d of %<cuda_vectorize%> of %qD is %qT; it must point "
            "to scalars or be one",
            position, f, type);
  return NULL_TREE;
}

/* out[i] = f (x[i], y), with PARMS n, out, then the pointers to
   elements and the scalars; the arrays have n elements, out written,
   the others read.  */
static tree
build_element (tree f, tree parms, tree i, tree *attributes, location_t loc)
{
  tree out = DECL_CHAIN (parms);
  auto_vec<unsigned int> count_bound;
  count_bound.safe_push (0);
  unsigned int index = 1;
  for (tree parm = out; parm; parm = DECL_CHAIN (parm), index++)
    if (POINTER_TYPE_P (TREE_TYPE (parm)))
      *attributes = cudajit_generated_array_param (
          *attributes, index, parm == out ? CUDAJIT_COPY_OUT : CUDAJIT_COPY_IN,
          1, count_bound);

  vec<tree, va_gc> *args = NULL;
  tree f_parm_type = TYPE_ARG_TYPES (TREE_TYPE (f));
  for (tree parm = DECL_CHAIN (out); parm;
       parm = DECL_CHAIN (parm), f_parm_type = TREE_CHAIN (f_parm_type))
    vec_safe_push (args, cudajit_generator_convert (
                             TREE_VALUE (f_parm_type),
                             POINTER_TYPE_P (TREE_TYPE (parm))
                                 ? cudajit_generator_element (parm, i)
                                 : parm));
  tree value = build_call_expr_loc_vec (loc, f, args);
  return build2 (MODIFY_EXPR, TREE_TYPE (value),
                 cudajit_generator_element (out, i), value);
}

const cudajit_generator cudajit_vectorize_generator
    = { .name = "cuda_vectorize",
        .own_parms = own_parms,
        .check_function = check_function,
        .check_outputs = check_outputs,
        .convert_argument = convert_argument,
        .build_element = build_element };
