/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cuda_jit attribute, which marks a C function as a kernel;
   cuda_device, which marks one that kernels call (Numba's
   @cuda.jit(device=True)); and cuda_shared, which puts an array of a
   kernel in the block's shared memory (Numba's cuda.shared.array).  */

#include "cudajit-plugin.h"

static tree
handle_cuda_jit_attribute (tree *node, tree name, tree, int, bool *no_add)
{
  tree decl = *node;
  if (TREE_CODE (decl) != FUNCTION_DECL)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "%qE attribute applies only to functions", name);
      *no_add = true;
      return NULL_TREE;
    }
  if (!VOID_TYPE_P (TREE_TYPE (TREE_TYPE (decl))))
    {
      /* Keep the attribute: calls of the function are then diagnosed as
         kernel calls, not as host calls that happen to work.  */
      error_at (DECL_SOURCE_LOCATION (decl),
                "kernel %qD must return %<void%>; a kernel returns its "
                "results through memory",
                decl);
    }
  return NULL_TREE;
}

static tree
handle_cuda_device_attribute (tree *node, tree name, tree, int, bool *no_add)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      error_at (DECL_SOURCE_LOCATION (*node),
                "%qE attribute applies only to functions", name);
      *no_add = true;
    }
  return NULL_TREE;
}

static tree
handle_cuda_shared_attribute (tree *node, tree name, tree, int, bool *no_add)
{
  tree decl = *node;
  if (!VAR_P (decl) || !(TREE_STATIC (decl) || DECL_EXTERNAL (decl))
      || TREE_CODE (TREE_TYPE (decl)) != ARRAY_TYPE)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "%qE attribute applies only to static or extern arrays", name);
      *no_add = true;
    }
  /* Those of device functions are diagnosed with the function's other
     constructs.  */
  else if (!current_function_decl)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "shared array %qD can be declared only in a kernel, not at "
                "file scope",
                decl);
      *no_add = true;
    }
  else if (!cudajit_kernel_p (current_function_decl)
           && !cudajit_device_marked_p (current_function_decl))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "shared array %qD can be declared only in a kernel, not in "
                "function %qD",
                decl, current_function_decl);
      *no_add = true;
    }
  return NULL_TREE;
}

static const struct attribute_spec cuda_jit_attribute
    = { "cuda_jit", 0, 0, true, false, false, false, handle_cuda_jit_attribute,
        NULL };

static const struct attribute_spec cuda_device_attribute
    = { "cuda_device", 0,     0,     true,
        false,         false, false, handle_cuda_device_attribute,
        NULL };

static const struct attribute_spec cuda_shared_attribute
    = { "cuda_shared", 0,     0,     true,
        false,         false, false, handle_cuda_shared_attribute,
        NULL };

void
cudajit_register_attributes (void *, void *)
{
  register_attribute (&cuda_jit_attribute);
  register_attribute (&cuda_device_attribute);
  register_attribute (&cuda_shared_attribute);
}

bool
cudajit_shared_p (const_tree decl)
{
  return (VAR_P (decl)
          && lookup_attribute ("cuda_shared", DECL_ATTRIBUTES (decl)));
}

bool
cudajit_device_marked_p (const_tree fndecl)
{
  return (TREE_CODE (fndecl) == FUNCTION_DECL
          && lookup_attribute ("cuda_device", DECL_ATTRIBUTES (fndecl)));
}

bool
cudajit_kernel_p (const_tree fndecl)
{
  return (TREE_CODE (fndecl) == FUNCTION_DECL
          && lookup_attribute ("cuda_jit", DECL_ATTRIBUTES (fndecl)));
}

/* Attributes with which a function runs, or is called, otherwise than as
   its declaration says: a kernel with one of them could run as a host
   function, or not be the kernel that a launch names.  GCC gives an ifunc
   the alias attribute too.  */
static const char *const kernel_forbidden_attributes[]
    = { "ifunc", "weakref", "alias", "weak", "constructor", "destructor" };

/* The kernels and the aliases of the unit, whichever is declared first:
   each alias is compared with each kernel.  */
static vec<tree> kernels;
static vec<tree> aliases;
static hash_set<tree> *reported_kernels;

static const char *
forbidden_attribute (const_tree fndecl)
{
  for (const char *name : kernel_forbidden_attributes)
    if (lookup_attribute (name, DECL_ATTRIBUTES (fndecl)))
      return name;
  if (DECL_WEAK (fndecl))
    return "weak";
  if (DECL_STATIC_CONSTRUCTOR (fndecl))
    return "constructor";
  if (DECL_STATIC_DESTRUCTOR (fndecl))
    return "destructor";
  return NULL;
}

/* Calling ALIAS would run KERNEL's host version on the caller's thread.  */
static void
check_alias (tree alias, tree kernel)
{
  tree attribute = lookup_attribute ("alias", DECL_ATTRIBUTES (alias));
  tree target = TREE_VALUE (TREE_VALUE (attribute));
  if (TREE_CODE (target) == STRING_CST
      && strcmp (TREE_STRING_POINTER (target),
                 IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (kernel)))
             == 0)
    error_at (DECL_SOURCE_LOCATION (alias),
              "%qD cannot be an alias of kernel %qD, which runs only "
              "through %<cuda_launch%>",
              alias, kernel);
}

void
cudajit_check_kernel_declaration (tree fndecl)
{
  if (TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  if (!cudajit_kernel_p (fndecl))
    {
      if (lookup_attribute ("alias", DECL_ATTRIBUTES (fndecl))
          && !aliases.contains (fndecl))
        {
          aliases.safe_push (fndecl);
          for (tree kernel : kernels)
            check_alias (fndecl, kernel);
        }
      return;
    }
  if (!kernels.contains (fndecl))
    {
      kernels.safe_push (fndecl);
      for (tree alias : aliases)
        check_alias (alias, fndecl);
    }
  const char *attribute = forbidden_attribute (fndecl);
  if (!attribute)
    return;
  if (!reported_kernels)
    reported_kernels = new hash_set<tree>;
  if (!reported_kernels->add (fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl),
              "kernel %qD cannot have the %qs attribute; a kernel runs only "
              "through %<cuda_launch%>",
              fndecl, attribute);
}
