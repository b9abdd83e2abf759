/* What the generators of kernels share: cuda_vectorize (vectorize.cc)
   and cuda_reduce (reduce.cc) apply a function that the user names, and
   make a kernel for it at the call, in GENERIC.  */

#include "cudajit-plugin.h"

/* The names of the kernels made so far in the unit.  */
static vec<char *> kernel_names;

/* Those kernels, with their generator and the function each applies.
   The call graph holds them for the garbage collector.  */
struct generated_kernel
{
  const char *generator;
  tree f;
  tree kernel;
};
static vec<generated_kernel> generated_kernels;

bool
cudajit_generator_scalar_p (tree type)
{
  return ((INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
          && cudajit_supported_type_p (type, false));
}

/* fold_convert does not convert floating point to integers.  */
tree
cudajit_generator_convert (tree type, tree value)
{
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return fold_build2 (NE_EXPR, type, value,
                        build_zero_cst (TREE_TYPE (value)));
  if (INTEGRAL_TYPE_P (type) && SCALAR_FLOAT_TYPE_P (TREE_TYPE (value)))
    return fold_build1 (FIX_TRUNC_EXPR, type, value);
  return fold_convert (type, value);
}

tree
cudajit_generator_function (tree fn, const char *generator, location_t loc)
{
  STRIP_NOPS (fn);
  tree f = TREE_CODE (fn) == ADDR_EXPR ? TREE_OPERAND (fn, 0) : NULL_TREE;
  if (!f || TREE_CODE (f) != FUNCTION_DECL)
    {
      error_at (loc, "%qs needs the name of a function", generator);
      return NULL_TREE;
    }
  if (cudajit_kernel_p (f))
    {
      error_at (loc, "%qs applies a function, not the kernel %qD", generator,
                f);
      return NULL_TREE;
    }
  if (!cudajit_device_function_p (f) && !cudajit_builtin_cuda_name (f))
    {
      error_at (loc,
                "%qD cannot be compiled for the GPU; mark it "
                "%<__attribute__ ((cuda_device))%> or make it static",
                f);
      return NULL_TREE;
    }
  if (!prototype_p (TREE_TYPE (f)) || stdarg_p (TREE_TYPE (f)))
    {
      error_at (loc,
                "%qD has no fixed list of parameters; %qs needs a "
                "prototype",
                f, generator);
      return NULL_TREE;
    }
  return f;
}

tree
cudajit_generator_parm (location_t loc, const char *name, tree type)
{
  tree parm = build_decl (loc, PARM_DECL, get_identifier (name), type);
  DECL_ARG_TYPE (parm) = type;
  TREE_USED (parm) = 1;
  return parm;
}

tree
cudajit_generator_element (tree pointer, tree index)
{
  tree type = TREE_TYPE (TREE_TYPE (pointer));
  tree offset = size_binop (MULT_EXPR, fold_convert (sizetype, index),
                            TYPE_SIZE_UNIT (type));
  return build1 (INDIRECT_REF, type,
                 fold_build_pointer_plus (pointer, offset));
}

/* GENERATOR_F, or GENERATOR_F_2 and so on when the unit applies F more
   than once.  */
static const char *
kernel_name (const char *generator, tree f)
{
  const char *base = IDENTIFIER_POINTER (DECL_NAME (f));
  char *name = concat (generator, "_", base, NULL);
  for (unsigned int uses = 1;; uses++)
    {
      bool taken = false;
      for (char *other : kernel_names)
        taken |= strcmp (other, name) == 0;
      if (!taken)
        break;
      free (name);
      name = xasprintf ("%s_%s_%u", generator, base, uses + 1);
    }
  kernel_names.safe_push (name);
  return name;
}

tree
cudajit_build_generated_kernel (const char *generator, tree f, tree fntype,
                                tree parms, tree body)
{
  tree kernel = cudajit_build_function (kernel_name (generator, f), fntype,
                                        parms, body);
  DECL_ATTRIBUTES (kernel)
      = tree_cons (get_identifier ("cuda_jit"), NULL_TREE, NULL_TREE);
  generated_kernels.safe_push ({ generator, f, kernel });
  return kernel;
}

tree
cudajit_generated_kernel_for (const char *generator, tree f, tree parms)
{
  for (const generated_kernel &made : generated_kernels)
    {
      if (made.f != f || strcmp (made.generator, generator) != 0)
        continue;
      tree parm = parms, type = TYPE_ARG_TYPES (TREE_TYPE (made.kernel));
      for (; parm && type != void_list_node;
           parm = DECL_CHAIN (parm), type = TREE_CHAIN (type))
        if (TREE_TYPE (parm) != TREE_VALUE (type))
          break;
      if (!parm && type == void_list_node)
        return made.kernel;
    }
  return NULL_TREE;
}
