/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The subset check: everything in a kernel outside the subset of C that
   cudajit translates to CUDA C is diagnosed here, at the construct, so
   that the emitter only ever sees what it can translate.  */

#include "cudajit-plugin.h"
#include "internal-fn.h"
#include "hash-set.h"

struct subset_checker
{
  /* The kernel or device function being checked.  */
  tree kernel;
  bool clean;
  /* The device functions it calls, and where it first calls each.  */
  vec<tree> *callees;
  vec<location_t> *call_sites;
  /* Whether the expression checked is an argument of printf.  */
  bool in_printf;
  /* Whether the statement checked runs only on the GPU, in the branch of
     `if (cuda_on_gpu ())' whose else branch the CPU backend runs.  */
  bool in_gpu_branch;
  /* Inside a statement expression, the loops and the switches entered
   since it began, which its break and continue may leave: it prints as
   a lambda (cuda-expressions.cc), which no jump may leave.  */
  bool in_statement_expression;
  int loops, switches;
  /* The variables that hold statement expressions' values, which the C
     front end makes without a function.  */
  hash_set<tree> statement_expression_values;
  /* Its shared arrays; the bytes of its local variables so far.  */
  auto_vec<tree> shared;
  unsigned HOST_WIDE_INT local_bytes;
  /* What has been diagnosed once: types, local variables whose every
     use would repeat their declaration's error, and SAVE_EXPRs, checked
     where they are first used.  */
  hash_set<tree> reported;
};

static void check_expr (subset_checker *, tree, location_t);

static void reject (subset_checker *checker, location_t loc,
                    const char *gmsgid, ...) ATTRIBUTE_GCC_DIAG (3, 4);

static void
reject (subset_checker *checker, location_t loc, const char *gmsgid, ...)
{
  va_list ap;
  va_start (ap, gmsgid);
  cudajit_error_valist (loc, gmsgid, &ap);
  va_end (ap);
  checker->clean = false;
}

/* T, a construct outside the subset, by what C calls it.  */
static void
reject_construct (subset_checker *checker, location_t loc, tree t)
{
  const char *name = cudajit_construct_name (TREE_CODE (t));
  if (name)
    reject (checker, loc, "%s are not supported in a kernel", name);
  else
    reject (checker, loc, "this construct is not supported in a kernel");
}

static void
check_type (subset_checker *checker, tree type, location_t loc,
            const char *what, tree decl)
{
  if (cudajit_supported_type_p (type, true))
    return;
  checker->clean = false;
  if (decl)
    checker->reported.add (decl);
  if (checker->reported.add (TYPE_MAIN_VARIANT (type)) && !decl)
    return;
  tree plain = cudajit_refused_volatile (type);
  if (plain)
    {
      /* %qT drops the qualifiers of a type that has a name, as _Float16
         and complex double have.  */
      if (decl && TYPE_VOLATILE (type))
        reject (checker, loc,
                "%s %qD is %<volatile %T%>, which is not supported in a "
                "kernel: kernels have %qT, but not %<volatile%> ones",
                what, decl, plain, plain);
      else if (decl)
        reject (checker, loc,
                "%s %qD has type %qT, which is not supported in a kernel: "
                "kernels have %qT, but not %<volatile%> ones",
                what, decl, type, plain);
      else if (TYPE_VOLATILE (type))
        reject (checker, loc,
                "type %<volatile %T%> is not supported in a kernel: kernels "
                "have %qT, but not %<volatile%> ones",
                plain, plain);
      else
        reject (checker, loc,
                "type %qT is not supported in a kernel: kernels have %qT, "
                "but not %<volatile%> ones",
                type, plain);
      inform (loc,
              "on the GPU %qT is a class, and C++ copies no %<volatile%> "
              "class object",
              plain);
      return;
    }
  if (cudajit_unsupported_complex_p (type))
    {
      if (decl)
        reject (checker, loc,
                "%s %qD has type %qT, which is not supported "
                "in a kernel",
                what, decl, type);
      else
        reject (checker, loc, "type %qT is not supported in a kernel", type);
      inform (loc,
              "the complex numbers of kernels are %<_Complex float%> "
              "and %<_Complex double%>, not volatile, and not the complex "
              "integers of GNU C nor %<_Complex long double%>");
      return;
    }
  if (decl)
    reject (checker, loc,
            "%s %qD has type %qT, which is not supported in a kernel; "
            "kernels use integer, %<_Bool%>, %<_Float16%>, %<float%>, "
            "%<double%>, %<_Complex float%> and %<_Complex double%> values, "
            "vectors, pointers, arrays, and structures and unions of these",
            what, decl, type);
  else
    reject (checker, loc, "type %qT is not supported in a kernel", type);
  cudajit_explain_type (type, loc);
}

/* Local arrays of a constant size, Numba's cuda.local.array; their
   initializers are checked where they are declared.  */
static void
check_local_array (subset_checker *checker, tree var, location_t loc)
{
  tree element = cudajit_constant_array_element (TREE_TYPE (var));
  if (!element)
    {
      checker->reported.add (var);
      reject (checker, loc,
              "variable-length array %qD cannot be declared in a kernel; "
              "a local array needs a constant size",
              var);
    }
  else if (!cudajit_supported_type_p (element, true))
    check_type (checker, TREE_TYPE (var), loc, "local variable", var);
}

/* A shared variable, an array or not: of constant size, or an extern
   array without a size for the dynamic shared memory, which only a
   kernel knows the place of; and not initialized, as in CUDA.  */
static void
check_shared (subset_checker *checker, tree var, location_t loc)
{
  checker->reported.add (var);
  if (DECL_EXTERNAL (var) && !cudajit_kernel_p (checker->kernel))
    {
      reject (checker, loc,
              "the dynamic shared memory %qD can be declared only in a "
              "kernel, not in a device function; pass it a pointer to it",
              var);
      /* Its uses, through other declarations of it, are not errors
         again.  */
      checker->shared.safe_push (var);
    }
  else if (DECL_EXTERNAL (var) && TREE_CODE (TREE_TYPE (var)) != ARRAY_TYPE)
    {
      reject (checker, loc,
              "the dynamic shared memory %qD must be an array without a "
              "size",
              var);
      checker->shared.safe_push (var);
    }
  else if (DECL_INITIAL (var) && !DECL_EXTERNAL (var))
    reject (checker, loc, "shared %s %qD cannot be initialized",
            cudajit_shared_kind (var), var);
  else if (!DECL_EXTERNAL (var) && !TYPE_SIZE_UNIT (TREE_TYPE (var)))
    reject (checker, loc,
            "shared array %qD needs a size, unless it is %<extern%>, for "
            "the dynamic shared memory",
            var);
  else if (DECL_ALIGN_UNIT (var) > CUDAJIT_SHARED_MAX_ALIGN)
    reject (checker, loc,
            "shared array %qD is aligned to %u bytes; shared memory can be "
            "aligned to at most %d",
            var, DECL_ALIGN_UNIT (var), CUDAJIT_SHARED_MAX_ALIGN);
  else
    {
      tree element = TREE_TYPE (var);
      while (TREE_CODE (element) == ARRAY_TYPE)
        element = TREE_TYPE (element);
      if (!cudajit_supported_type_p (element, false))
        check_type (checker, TREE_TYPE (var), loc,
                    TREE_CODE (TREE_TYPE (var)) == ARRAY_TYPE
                        ? "shared array"
                        : "shared variable",
                    var);
      else
        {
          /* Its uses are fine.  */
          checker->shared.safe_push (var);
          return;
        }
    }
}

/* Whether INIT, the initializer of a constant array or of a part of one of
   TYPE, can initialize __constant__ data in CUDA C++: numbers, strings and
   lists of these, where a union is initialized by its first member.  */
static bool
constant_initializer_p (tree type, tree init)
{
  switch (TREE_CODE (init))
    {
    case INTEGER_CST:
    case REAL_CST:
    case STRING_CST:
      return true;
    case CONSTRUCTOR:
      {
        unsigned HOST_WIDE_INT i;
        tree index, value;
        FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
        if ((TREE_CODE (type) == UNION_TYPE && index != TYPE_FIELDS (type))
            || !constant_initializer_p (
                cudajit_initializer_part_type (type, index), value))
          return false;
        return true;
      }
    default:
      return false;
    }
}

/* The initializer of DECL, which the emitter reads as it is left here:
   one element per value.  */
static tree
expanded_initializer (tree decl)
{
  DECL_INITIAL (decl) = cudajit_expand_raw_data (DECL_INITIAL (decl));
  return DECL_INITIAL (decl);
}

/* A constant array that the kernel uses: its initializer becomes that of
   its __constant__ data.  */
static void
check_constant_array (subset_checker *checker, tree decl, location_t loc)
{
  if (constant_initializer_p (TREE_TYPE (decl), expanded_initializer (decl)))
    return;
  checker->reported.add (decl);
  reject (checker, loc,
          "the initializer of constant array %qD is not supported in a "
          "kernel; it may hold only numbers and strings, and initialize a "
          "union only by its first member",
          decl);
}

/* DECL, a device variable that the function uses: defined in the unit,
   whose module holds it, before the function, of a type that kernels
   have, and initialized, if it is, by numbers and strings.  */
static void
check_device_variable (subset_checker *checker, tree decl, location_t loc)
{
  if (DECL_EXTERNAL (decl))
    {
      checker->reported.add (decl);
      reject (checker, loc,
              "device variable %qD is used here but not defined before in "
              "this translation unit; a device variable must be defined "
              "before the kernels and device functions that use it, in "
              "their translation unit",
              decl);
      return;
    }
  tree element = TREE_TYPE (decl);
  while (TREE_CODE (element) == ARRAY_TYPE)
    element = TREE_TYPE (element);
  if (!TYPE_SIZE_UNIT (TREE_TYPE (decl))
      || !cudajit_supported_type_p (element, true))
    {
      check_type (checker, TREE_TYPE (decl), loc, "device variable", decl);
      return;
    }
  if (!DECL_INITIAL (decl)
      || constant_initializer_p (TREE_TYPE (decl),
                                 expanded_initializer (decl)))
    return;
  checker->reported.add (decl);
  reject (checker, loc,
          "the initializer of device variable %qD is not supported; it may "
          "hold only numbers and strings, and initialize a union only by "
          "its first member",
          decl);
}

/* VAR, a local variable of CHECKER's function, in the local memory of
   each of its threads, which must fit a GPU's.  */
static void
check_local_memory (subset_checker *checker, tree var, location_t loc)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (var));
  if (!size || !tree_fits_uhwi_p (size))
    return;
  bool fitted = checker->local_bytes <= CUDAJIT_LOCAL_MEMORY_MAX;
  checker->local_bytes += tree_to_uhwi (size);
  if (fitted && checker->local_bytes > CUDAJIT_LOCAL_MEMORY_MAX)
    reject (checker, loc,
            "with %qD, the local variables of %qD take %wu bytes, more "
            "than the %d bytes of local memory that a GPU gives each "
            "thread",
            var, checker->kernel, checker->local_bytes,
            CUDAJIT_LOCAL_MEMORY_MAX);
}

static void
check_local (subset_checker *checker, tree var)
{
  /* The compiler's own temporaries are checked where they are used, if
     they are.  */
  if (DECL_ARTIFICIAL (var))
    return;
  location_t loc = DECL_SOURCE_LOCATION (var);
  if (cudajit_shared_p (var))
    {
      check_shared (checker, var, loc);
      return;
    }
  /* Constants, in the CUDA C by their values or as __constant__ data.  */
  if (cudajit_constant_value (var))
    return;
  if (cudajit_constant_array_p (var))
    {
      check_constant_array (checker, var, loc);
      return;
    }
  if (TREE_STATIC (var) || DECL_EXTERNAL (var))
    {
      checker->reported.add (var);
      reject (checker, loc,
              "static and extern variables such as %qD cannot be declared "
              "in a kernel",
              var);
      return;
    }
  check_local_memory (checker, var, loc);
  if (TREE_CODE (TREE_TYPE (var)) == ARRAY_TYPE)
    {
      check_local_array (checker, var, loc);
      return;
    }
  check_type (checker, TREE_TYPE (var), loc, "local variable", var);
}

/* Whether FNDECL is one of GCC's __atomic or __sync builtins; those that
   the table of callables lacks are the ones on objects of other sizes, and
   the fences, which a kernel has in other forms.  */
static bool
gcc_atomic_builtin_p (const_tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL)
          && (strncmp (name, "__atomic_", 9) == 0
              || strncmp (name, "__sync_", 7) == 0));
}

/* Whether a field of TYPE, or of a structure or union in it, is a volatile
   structure or union.  The CUDA C copies a volatile one as a whole byte by
   byte, but C++ has no copy of a class that holds one.  */
static bool
holds_volatile_record_p (tree type)
{
  type = strip_array_types (type);
  if (!RECORD_OR_UNION_TYPE_P (type))
    return false;
  for (tree field = TYPE_FIELDS (type); field; field = DECL_CHAIN (field))
    if (TREE_CODE (field) == FIELD_DECL)
      {
        tree field_type = strip_array_types (TREE_TYPE (field));
        if ((RECORD_OR_UNION_TYPE_P (field_type) && TYPE_VOLATILE (field_type))
            || holds_volatile_record_p (field_type))
          return true;
      }
  return false;
}

/* VALUE copied as a whole into an object of TYPE.  */
static void
check_copy (subset_checker *checker, tree type, tree value, location_t loc)
{
  if (holds_volatile_record_p (type)
      || holds_volatile_record_p (TREE_TYPE (value)))
    reject (checker, loc,
            "structures and unions that hold volatile structures or unions "
            "cannot be copied as a whole in a kernel; copy their fields");
}

/* The operations of the block and warp collectives, whether each is
   bitwise, by their number.  */
static const bool collective_op_bitwise[] = {
#define CUDAJIT_COLLECTIVE_OP(name, bitwise) bitwise,
#include "cudajit-collective-ops.def"
#undef CUDAJIT_COLLECTIVE_OP
};

/* CALL of API, a block, warp or tile collective ([TILE,] V, OP): OP is
   a constant operation, bitwise only on an integer V, as the prelude's
   and the CPU backend's functions need.  */
static void
check_collective_op (subset_checker *checker, const device_api *api, tree call,
                     location_t loc)
{
  if (api->types == DA_WORD_TYPES)
    return;
  int nargs = call_expr_nargs (call);
  tree value = CALL_EXPR_ARG (call, nargs - 2);
  tree op = fold (CALL_EXPR_ARG (call, nargs - 1));
  STRIP_NOPS (op);
  if (TREE_CODE (op) != INTEGER_CST)
    reject (checker, loc,
            "the operation of %qs must be a constant: %<CUDA_ADD%>, "
            "%<CUDA_MIN%>, %<CUDA_MAX%>, %<CUDA_AND%>, %<CUDA_OR%> or "
            "%<CUDA_XOR%>",
            api->name);
  else if (!tree_fits_uhwi_p (op)
           || tree_to_uhwi (op) >= ARRAY_SIZE (collective_op_bitwise))
    reject (checker, loc,
            "the operation of %qs is none of %<CUDA_ADD%>, %<CUDA_MIN%>, "
            "%<CUDA_MAX%>, %<CUDA_AND%>, %<CUDA_OR%> and %<CUDA_XOR%>",
            api->name);
  else if (collective_op_bitwise[tree_to_uhwi (op)]
           && FLOAT_TYPE_P (TREE_TYPE (value)))
    reject (checker, loc,
            "%qs with %<CUDA_AND%>, %<CUDA_OR%> or %<CUDA_XOR%> needs an "
            "integer value, not %qT",
            api->name, TREE_TYPE (value));
}

/* CALL of cuda_tiled_partition (SIZE): SIZE is a constant power of two
   from 1 to a warp, as CUDA's template argument is, and as the tile's
   mask needs.  */
static void
check_tile_size (subset_checker *checker, tree call, location_t loc)
{
  tree size = fold (CALL_EXPR_ARG (call, 0));
  STRIP_NOPS (size);
  if (TREE_CODE (size) != INTEGER_CST || !tree_fits_shwi_p (size)
      || tree_to_shwi (size) < 1 || tree_to_shwi (size) > CUDAJIT_WARP_SIZE
      || !pow2p_hwi (tree_to_shwi (size)))
    reject (checker, loc,
            "the size of %<cuda_tiled_partition%> must be a constant power "
            "of two from 1 to %d",
            CUDAJIT_WARP_SIZE);
}

/* cuda_memcpy_async's size, which cp.async takes as an immediate.  */
static void
check_async_copy_size (subset_checker *checker, tree call, location_t loc)
{
  tree bytes = fold (CALL_EXPR_ARG (call, 2));
  STRIP_NOPS (bytes);
  if (TREE_CODE (bytes) != INTEGER_CST || !tree_fits_uhwi_p (bytes)
      || (tree_to_uhwi (bytes) != 4 && tree_to_uhwi (bytes) != 8
          && tree_to_uhwi (bytes) != 16))
    reject (checker, loc,
            "the size of %<cuda_memcpy_async%> must be the constant 4, 8 "
            "or 16");
}

static void
check_call (subset_checker *checker, tree call, location_t loc)
{
  tree fndecl = get_callee_fndecl (call);
  if (!CALL_EXPR_FN (call))
    {
      const char *refusal = cudajit_internal_call_refusal (call);
      if (refusal)
        reject (checker, loc, refusal,
                internal_fn_name (CALL_EXPR_IFN (call)));
    }
  else if (!fndecl)
    reject (checker, loc,
            "calls through function pointers are not supported in a kernel");
  else if (cudajit_kernel_p (fndecl))
    /* Diagnosed by launch rewriting.  */
    checker->clean = false;
  else if (cudajit_builtin_cuda_name (fndecl))
    {
      const device_api *api = cudajit_device_api (fndecl);
      if (api && api->kind == DA_COLLECTIVE)
        check_collective_op (checker, api, call, loc);
      else if (api == &cudajit_device_apis[DEVICE_API_MEMCPY_ASYNC])
        check_async_copy_size (checker, call, loc);
      else if (api == &cudajit_device_apis[DEVICE_API_TILED_PARTITION])
        check_tile_size (checker, call, loc);
    }
  else if (decl_function_context (fndecl))
    reject (checker, loc,
            "kernel calls the nested function %qD; nested functions are not "
            "supported on the GPU",
            fndecl);
  else if (cudajit_device_function_p (fndecl))
    {
      if (!checker->callees->contains (fndecl))
        {
          checker->callees->safe_push (fndecl);
          checker->call_sites->safe_push (loc);
        }
    }
  else if (gcc_atomic_builtin_p (fndecl))
    reject (checker, loc,
            "kernel calls %qD, which is not available on the GPU; kernels "
            "have GCC%'s %<__atomic%> and %<__sync%> builtins on integers of "
            "1, 2, 4 and 8 bytes, and %<cuda_threadfence%> for fences",
            fndecl);
  else if (cudajit_library_refusal (fndecl))
    reject (checker, loc,
            "kernel calls %qD, which is not available on the GPU: %s", fndecl,
            cudajit_library_refusal (fndecl));
  else if (DECL_EXTERNAL (fndecl))
    reject (checker, loc,
            "kernel calls %qD, which is not available on the GPU", fndecl);
  else
    reject (checker, loc,
            "kernel calls %qD, which is not available on the GPU; mark it "
            "%<__attribute__ ((cuda_device))%> to compile it for the GPU "
            "too, or make it %<static%>",
            fndecl);
  /* String literals are printf's own, and assert's.  */
  bool printf_p
      = fndecl && cudajit_builtin_cuda_name (fndecl)
        && (strcmp (cudajit_builtin_cuda_name (fndecl), "printf") == 0
            || cudajit_assert_fail_p (fndecl));
  bool outer = checker->in_printf;
  checker->in_printf |= printf_p;
  for (int i = 0; i < call_expr_nargs (call); i++)
    {
      check_copy (checker, TREE_TYPE (CALL_EXPR_ARG (call, i)),
                  CALL_EXPR_ARG (call, i), loc);
      check_expr (checker, CALL_EXPR_ARG (call, i), loc);
    }
  checker->in_printf = outer;
}

/* Inline PTX, which the CUDA C keeps as it is: only where the CPU
   backend has C to run instead (gpu-branches.cc).  */
static void
check_asm (subset_checker *checker, tree t, location_t loc)
{
  if (!checker->in_gpu_branch)
    {
      reject (checker, loc,
              "inline assembly in a kernel needs the C that the CPU backend "
              "runs instead: write %<if (cuda_on_gpu ()) { asm ...; } else "
              "{ C ... }%>, whose else branch is not empty");
      return;
    }
  if (ASM_LABELS (t))
    {
      reject (checker, loc, "%<asm goto%> is not supported in a kernel");
      return;
    }
  tree operands[] = { ASM_OUTPUTS (t), ASM_INPUTS (t) };
  for (tree list : operands)
    for (tree operand = list; operand; operand = TREE_CHAIN (operand))
      check_expr (checker, TREE_VALUE (operand), loc);
}

static void
check_decl_ref (subset_checker *checker, tree decl, location_t loc)
{
  if (TREE_CODE (decl) == PARM_DECL || cudajit_builtin_variable_p (decl))
    return;
  if (checker->reported.contains (decl) || checker->shared.contains (decl))
    return;
  /* An extern shared array is the same array in all its declarations.  */
  if (cudajit_shared_p (decl))
    for (tree shared : checker->shared)
      if (DECL_NAME (shared) == DECL_NAME (decl))
        return;
  if (VAR_P (decl) && !TREE_STATIC (decl) && !DECL_EXTERNAL (decl)
      && (DECL_CONTEXT (decl) == checker->kernel
          || checker->statement_expression_values.contains (decl)))
    {
      if (DECL_ARTIFICIAL (decl))
        check_type (checker, TREE_TYPE (decl), loc, NULL, NULL_TREE);
      return;
    }
  if (cudajit_constant_value (decl))
    return;
  if (cudajit_constant_array_p (decl))
    check_constant_array (checker, decl, loc);
  else if (cudajit_device_variable_p (decl))
    check_device_variable (checker, decl, loc);
  else if (TREE_CODE (decl) == FUNCTION_DECL)
    reject (checker, loc,
            "the address of function %qD cannot be taken in a kernel", decl);
  else
    reject (checker, loc,
            "kernel uses global variable %qD; a kernel can use only its "
            "parameters and local variables",
            decl);
}

/* The initializer of a local or a compound literal of TYPE: an
   expression, the values of a list for a structure, union or array, maybe
   designated and nested, or a string literal for an array of
   characters.  */
static void
check_initializer (subset_checker *checker, tree type, tree init,
                   location_t loc)
{
  if (TREE_CODE (init) == STRING_CST)
    return;
  if (TREE_CODE (init) != CONSTRUCTOR)
    {
      check_copy (checker, type, init, loc);
      check_expr (checker, init, loc);
      return;
    }
  unsigned HOST_WIDE_INT i;
  tree index, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (init), i, index, value)
  {
    if (index && TREE_CODE (index) != INTEGER_CST
        && TREE_CODE (index) != FIELD_DECL)
      reject (checker, loc,
              "ranges of designated initializers are not "
              "supported in a kernel");
    check_initializer (checker, cudajit_initializer_part_type (type, index),
                       value, loc);
  }
}

static void check_stmt (subset_checker *, tree, location_t);

/* BODY, a statement inside one more loop or switch, as COUNTER counts
   them.  */
static void
check_nested_stmt (subset_checker *checker, tree body, location_t loc,
                   int *counter)
{
  ++*counter;
  check_stmt (checker, body, loc);
  --*counter;
}

/* WHAT (a goto, a return...) at LOC, which would leave the statement
   expression it is in, if it is in one.  */
static void
reject_jump_out (subset_checker *checker, location_t loc, const char *what)
{
  if (checker->in_statement_expression)
    reject (checker, loc,
            "%s in a statement expression is not supported in a kernel; "
            "only break and continue of the loops and switches inside it "
            "may jump",
            what);
}

/* The statements BODY of a GNU statement expression, ({ ... }).  */
static void
check_statement_expression (subset_checker *checker, tree body, location_t loc)
{
  bool outer = checker->in_statement_expression;
  int loops = checker->loops, switches = checker->switches;
  checker->in_statement_expression = true;
  checker->loops = checker->switches = 0;
  check_stmt (checker, body, loc);
  checker->in_statement_expression = outer;
  checker->loops = loops;
  checker->switches = switches;
}

/* Statements, as the C front end leaves them before genericization.  LOC
   is where the innermost enclosing construct with a location is, for the
   trees that have none of their own.  */
static void
check_stmt (subset_checker *checker, tree t, location_t loc)
{
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    loc = EXPR_LOCATION (t);

  if (cudajit_statement_pair_p (t))
    {
      check_stmt (checker, TREE_OPERAND (t, 0), loc);
      check_stmt (checker, TREE_OPERAND (t, 1), loc);
      return;
    }
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        check_stmt (checker, tsi_stmt (i), loc);
      return;

    case BIND_EXPR:
      for (tree var = BIND_EXPR_VARS (t); var; var = DECL_CHAIN (var))
        if (VAR_P (var))
          check_local (checker, var);
      check_stmt (checker, BIND_EXPR_BODY (t), loc);
      return;

    case DECL_EXPR:
      {
        /* A rejected variable's initializer would only repeat its
           error.  */
        tree decl = DECL_EXPR_DECL (t);
        tree init = VAR_P (decl) ? expanded_initializer (decl) : NULL_TREE;
        if (!init || checker->reported.contains (decl) || TREE_STATIC (decl))
          return;
        check_initializer (checker, TREE_TYPE (decl), init, loc);
        return;
      }

    case COND_EXPR:
      {
        check_expr (checker, COND_EXPR_COND (t), loc);
        bool outer = checker->in_gpu_branch;
        checker->in_gpu_branch |= cudajit_gpu_branch_p (t);
        check_stmt (checker, COND_EXPR_THEN (t), loc);
        checker->in_gpu_branch = outer;
      }
      if (COND_EXPR_ELSE (t))
        check_stmt (checker, COND_EXPR_ELSE (t), loc);
      return;

    case FOR_STMT:
      if (FOR_INIT_STMT (t))
        check_stmt (checker, FOR_INIT_STMT (t), loc);
      if (FOR_COND (t))
        check_expr (checker, FOR_COND (t), loc);
      if (FOR_EXPR (t))
        check_expr (checker, FOR_EXPR (t), loc);
      check_nested_stmt (checker, FOR_BODY (t), loc, &checker->loops);
      return;

    case WHILE_STMT:
      check_expr (checker, WHILE_COND (t), loc);
      check_nested_stmt (checker, WHILE_BODY (t), loc, &checker->loops);
      return;

    case DO_STMT:
      check_nested_stmt (checker, DO_BODY (t), loc, &checker->loops);
      check_expr (checker, DO_COND (t), loc);
      return;

    case SWITCH_EXPR:
    case SWITCH_STMT:
      check_expr (checker, TREE_OPERAND (t, 0), loc);
      check_nested_stmt (checker, TREE_OPERAND (t, 1), loc,
                         &checker->switches);
      return;

    case GOTO_EXPR:
      if (TREE_CODE (GOTO_DESTINATION (t)) != LABEL_DECL)
        reject (checker, loc, "computed gotos are not supported in a kernel");
      else
        reject_jump_out (checker, loc, "goto");
      return;

    case LABEL_EXPR:
      reject_jump_out (checker, loc, "a label");
      return;

    case BREAK_STMT:
      if (!checker->loops && !checker->switches)
        reject_jump_out (checker, loc, "break");
      return;

    case CONTINUE_STMT:
      if (!checker->loops)
        reject_jump_out (checker, loc, "continue");
      return;

    case RETURN_EXPR:
      reject_jump_out (checker, loc, "return");
      /* A kernel returning a value is diagnosed with its type; a device
         function's value is in an assignment to its result.  */
      if (TREE_OPERAND (t, 0)
          && TREE_CODE (TREE_OPERAND (t, 0)) == MODIFY_EXPR)
        {
          tree result = TREE_OPERAND (t, 0);
          check_copy (checker, TREE_TYPE (TREE_OPERAND (result, 0)),
                      TREE_OPERAND (result, 1), loc);
          check_expr (checker, TREE_OPERAND (result, 1), loc);
        }
      return;

    case CASE_LABEL_EXPR:
    case PREDICT_EXPR:
    case DEBUG_BEGIN_STMT:
      return;

    default:
      check_expr (checker, t, loc);
      return;
    }
}

static void
check_operands (subset_checker *checker, tree t, location_t loc)
{
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    if (TREE_OPERAND (t, i))
      check_expr (checker, TREE_OPERAND (t, i), loc);
}

/* Expressions: exactly the codes that the emitter prints, its operators
   those of operators.def.  */
static void
check_expr (subset_checker *checker, tree t, location_t loc)
{
  t = cudajit_skip_sanitizer_check (t);
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    loc = EXPR_LOCATION (t);

  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return;

    case ERROR_MARK:
      /* Diagnosed by the front end.  */
      checker->clean = false;
      return;

    case REAL_CST:
    case COMPLEX_CST:
    case VECTOR_CST:
      check_type (checker, TREE_TYPE (t), loc, NULL, NULL_TREE);
      return;

    case CONSTRUCTOR:
      /* A vector of a scalar, where an operator of vectors has one.  */
      if (TREE_CODE (TREE_TYPE (t)) != VECTOR_TYPE)
        break;
      check_type (checker, TREE_TYPE (t), loc, NULL, NULL_TREE);
      check_initializer (checker, TREE_TYPE (t), t, loc);
      return;

    case VIEW_CONVERT_EXPR:
      if (!cudajit_vector_requalified_p (t))
        {
          reject (checker, loc,
                  "reading a vector as another type is not supported in a "
                  "kernel; convert its elements one by one");
          return;
        }
      break;

    case VEC_COND_EXPR:
      /* A comparison of vectors, whose elements are -1 where true and 0
         where false.  */
      break;

    case STRING_CST:
      if (!checker->in_printf)
        reject (checker, loc,
                "string literals are not supported in a kernel, but as "
                "arguments of %<printf%>");
      return;

    case VAR_DECL:
      if (cudajit_builtin_variable_p (t))
        {
          reject (checker, loc,
                  "%qD can be used in a kernel only through its fields "
                  "%<x%>, %<y%> and %<z%>",
                  t);
          return;
        }
      /* Fall through.  */
    case PARM_DECL:
    case FUNCTION_DECL:
      check_decl_ref (checker, t, loc);
      return;

    case CALL_EXPR:
      check_call (checker, t, loc);
      return;

    case ADDR_EXPR:
      if (TREE_CODE (TREE_OPERAND (t, 0)) == LABEL_DECL)
        {
          reject (checker, loc,
                  "label addresses are not supported in a kernel");
          return;
        }
      break;

    case BIT_FIELD_REF:
      /* Folding makes them of comparisons of bit-fields: whole bytes of a
         structure read as an integer of their size.  */
      if (!INTEGRAL_TYPE_P (TREE_TYPE (t))
          || !type_has_mode_precision_p (TREE_TYPE (t))
          || compare_tree_int (TREE_OPERAND (t, 1),
                               TYPE_PRECISION (TREE_TYPE (t)))
          || tree_to_uhwi (TREE_OPERAND (t, 2)) % BITS_PER_UNIT)
        {
          reject_construct (checker, loc, t);
          return;
        }
      check_type (checker, TREE_TYPE (t), loc, NULL, NULL_TREE);
      check_expr (checker, TREE_OPERAND (t, 0), loc);
      return;

    case COMPONENT_REF:
      /* The field itself is no expression to check.  */
      if (!cudajit_builtin_variable_p (TREE_OPERAND (t, 0)))
        check_expr (checker, TREE_OPERAND (t, 0), loc);
      return;

    case ASM_EXPR:
      check_asm (checker, t, loc);
      return;

    case REALPART_EXPR:
    case IMAGPART_EXPR:
      {
        /* Those of complex numbers, of the overflow builtins and of
           sincos; others take apart complex numbers that kernels do not
           have, refused once, by their type.  */
        tree operand = TREE_OPERAND (t, 0);
        if (tree x = cudajit_cexpi_argument (operand))
          {
            check_expr (checker, x, loc);
            return;
          }
        if (cudajit_supported_type_p (TREE_TYPE (operand), false))
          break;
        if (TREE_CODE (operand) == SAVE_EXPR)
          operand = TREE_OPERAND (operand, 0);
        if (!cudajit_overflow_operation (operand))
          {
            check_type (checker, TREE_TYPE (operand), loc, NULL, NULL_TREE);
            return;
          }
        break;
      }

    case BIND_EXPR:
      /* A cast to a pointer to a variable-length array declares the
         array's type first.  */
      if (cudajit_type_declaration_p (t))
        return;
      /* Fall through.  */
    case STATEMENT_LIST:
      check_statement_expression (checker, t, loc);
      return;
    case TARGET_EXPR:
      checker->statement_expression_values.add (TARGET_EXPR_SLOT (t));
      check_statement_expression (checker, TARGET_EXPR_INITIAL (t), loc);
      return;

    case COMPOUND_LITERAL_EXPR:
      {
        tree decl = DECL_EXPR_DECL (TREE_OPERAND (t, 0));
        if (TREE_STATIC (decl))
          reject (checker, loc,
                  "static compound literals are not supported in a kernel");
        else
          {
            /* An array, of the size of its initializer, is checked by its
               scalars.  */
            tree element = cudajit_constant_array_element (TREE_TYPE (decl));
            check_type (checker, element ? element : TREE_TYPE (decl), loc,
                        NULL, NULL_TREE);
            if (expanded_initializer (decl))
              check_initializer (checker, TREE_TYPE (decl),
                                 DECL_INITIAL (decl), loc);
          }
        return;
      }

    case ARRAY_REF:
      /* Rows of an array that a pointer parameter points to, arrays in
         structures, and arrays that are variables or compound literals,
         which are checked as such.  */
      switch (TREE_CODE (TREE_OPERAND (t, 0)))
        {
        case INDIRECT_REF:
        case MEM_REF:
        case ARRAY_REF:
        case COMPONENT_REF:
        case VAR_DECL:
        case COMPOUND_LITERAL_EXPR:
          break;
        case VIEW_CONVERT_EXPR:
          /* v[i] of a vector.  */
          if (!cudajit_vector_subscript_p (TREE_OPERAND (t, 0)))
            {
              reject_construct (checker, loc, TREE_OPERAND (t, 0));
              return;
            }
          check_expr (checker, TREE_OPERAND (TREE_OPERAND (t, 0), 0), loc);
          check_expr (checker, TREE_OPERAND (t, 1), loc);
          return;
        case STRING_CST:
          /* "0123456789abcdef"[digit], of chars.  */
          if (TYPE_PRECISION (TREE_TYPE (t))
              != TYPE_PRECISION (char_type_node))
            reject (checker, loc,
                    "wide string literals are not supported in a kernel");
          check_expr (checker, TREE_OPERAND (t, 1), loc);
          return;
        default:
          reject (checker, loc, "arrays are not supported in a kernel");
          return;
        }
      break;

    case NOP_EXPR:
    case CONVERT_EXPR:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
      if (!VOID_TYPE_P (TREE_TYPE (t)))
        check_type (checker, TREE_TYPE (t), loc, NULL, NULL_TREE);
      /* The value of a volatile structure, as the front end reads it.  */
      check_copy (checker, TREE_TYPE (t), TREE_OPERAND (t, 0), loc);
      break;

    case MODIFY_EXPR:
    case INIT_EXPR:
      check_copy (checker, TREE_TYPE (TREE_OPERAND (t, 0)),
                  TREE_OPERAND (t, 1), loc);
      break;

    case ANNOTATE_EXPR:
      /* A loop's condition, with what #pragma GCC unroll, ivdep, vector
         or novector says of the loop: the CUDA C keeps the unrolling
         (cuda-statements.cc).  */
      check_expr (checker, TREE_OPERAND (t, 0), loc);
      return;

    case SAVE_EXPR:
      /* Its operand is evaluated once, and is best diagnosed once.  */
      if (checker->reported.add (t))
        return;
      break;

#define DEF_OPERATOR(code, kind, spelling) case code:
#include "operators.def"
#undef DEF_OPERATOR
      break;

    default:
      if (cudajit_float_compare_function (TREE_CODE (t)))
        break;
      reject_construct (checker, loc, t);
      return;
    }
  check_operands (checker, t, loc);
}

/* What a GPU gives a kernel's parameters (CUDA 12.1 and later on Volta and
   later GPUs, all that NVRTC 13 compiles for): larger parameters, a large
   structure passed by value, would run on the CPU backend but not on a
   GPU.  */
#define KERNEL_PARAMS_BYTES_MAX 32764

/* Whether KERNEL's parameters fit in the GPU's parameter space; if not,
   reject the parameter that overflows it.  NVRTC counts their sizes
   without the padding between them.  */
static void
check_params_size (subset_checker *checker, tree kernel)
{
  unsigned HOST_WIDE_INT bytes = 0;
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    {
      tree type = TREE_TYPE (parm);
      if (!TYPE_SIZE_UNIT (type)
          || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
        return;
      bytes += tree_to_uhwi (TYPE_SIZE_UNIT (type));
      if (bytes > KERNEL_PARAMS_BYTES_MAX)
        {
          reject (checker, DECL_SOURCE_LOCATION (parm),
                  "parameter %qD brings the parameters of kernel %qD to "
                  "%wu bytes, more than the %d that a GPU gives them; pass "
                  "large data through device memory",
                  parm, kernel, bytes, KERNEL_PARAMS_BYTES_MAX);
          return;
        }
    }
}

/* Refuse a parameter of KERNEL that is, or points to, a fragment of the
   warp-matrix operations, which the host lays out as the CPU backend
   does, not as the GPU does (cudajit-wmma.def).  */
static void
check_fragment_params (subset_checker *checker, tree kernel)
{
  for (tree parm = DECL_ARGUMENTS (kernel); parm; parm = DECL_CHAIN (parm))
    {
      tree type = TREE_TYPE (parm);
      while (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE)
        type = TREE_TYPE (type);
      if (cudajit_wmma_fragment_name (type))
        reject (checker, DECL_SOURCE_LOCATION (parm),
                "parameter %qD of kernel %qD is a warp-matrix fragment, "
                "%qT, which the host and a GPU lay out apart; declare "
                "fragments in the kernel, and pass the matrices",
                parm, kernel, type);
    }
}

bool
cudajit_check_function (tree fndecl, tree body, vec<tree> *callees,
                        vec<location_t> *call_sites)
{
  subset_checker checker;
  checker.kernel = fndecl;
  checker.clean = true;
  checker.callees = callees;
  checker.call_sites = call_sites;
  checker.in_printf = false;
  checker.in_gpu_branch = false;
  checker.in_statement_expression = false;
  checker.loops = checker.switches = 0;
  checker.local_bytes = 0;
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  tree fntype = TREE_TYPE (fndecl);
  const char *what = cudajit_kernel_p (fndecl) ? "kernel" : "device function";

  if (!prototype_p (fntype) || stdarg_p (fntype))
    reject (&checker, loc,
            "%s %qD must have a prototype with a fixed list of parameters",
            what, fndecl);
  if (decl_function_context (fndecl))
    reject (&checker, loc, "%s %qD cannot be a nested function", what, fndecl);
  tree result = TREE_TYPE (fntype);
  if (!VOID_TYPE_P (result) && !cudajit_supported_type_p (result, true))
    reject (&checker, loc,
            "device function %qD returns %qT, which is not supported on the "
            "GPU",
            fndecl, result);
  for (tree parm = DECL_ARGUMENTS (fndecl); parm; parm = DECL_CHAIN (parm))
    check_type (&checker, TREE_TYPE (parm), DECL_SOURCE_LOCATION (parm),
                "parameter", parm);
  if (checker.clean && cudajit_kernel_p (fndecl))
    check_params_size (&checker, fndecl);
  if (checker.clean && cudajit_kernel_p (fndecl))
    check_fragment_params (&checker, fndecl);
  /* Its launches are rewritten into calls of the runtime, which the GPU
     does not have.  */
  tree kernel;
  location_t launch;
  if (checker.clean && cudajit_first_launch (fndecl, &kernel, &launch))
    reject (&checker, launch,
            "device function %qD launches kernel %qD; kernels can be "
            "launched only from host code",
            fndecl, kernel);
  if (checker.clean)
    check_stmt (&checker, body, loc);
  return checker.clean;
}
