/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The functions a kernel may call besides device functions: cudajit.h's,
   <math.h>'s and GCC's builtins, each with its name in CUDA C, where CUDA
   has the same function or the prelude defines it.  */

#include "cudajit-plugin.h"

struct callable
{
  const char *c_name;
  const char *cuda_name;
};

/* For the expansions of cudajit-scalar-types.def: X where a class of
   types has warp functions, bit operations, or the wrapping inc and
   dec.  */
#define IF_WARP_SMALL_INTEGER(x)
#define IF_WARP_SIGNED_INTEGER(x) x
#define IF_WARP_UNSIGNED_INTEGER(x) x
#define IF_WARP_FLOATING(x) x
#define IF_INTEGER_SMALL_INTEGER(x) x
#define IF_INTEGER_SIGNED_INTEGER(x) x
#define IF_INTEGER_UNSIGNED_INTEGER(x) x
#define IF_INTEGER_FLOATING(x)
#define IF_UNSIGNED_SMALL_INTEGER(x)
#define IF_UNSIGNED_SIGNED_INTEGER(x)
#define IF_UNSIGNED_UNSIGNED_INTEGER(x) x
#define IF_UNSIGNED_FLOATING(x)

/* The table's macros are laid out by hand: clang-format cannot settle on
   a layout of lists of initializers made by macros.  */
/* clang-format off */
static const callable callables[] = {
  /* cudajit.h.  */
  { "cuda_grid_x", "cuda_grid_x" },
  { "cuda_grid_y", "cuda_grid_y" },
  { "cuda_grid_z", "cuda_grid_z" },
  { "cuda_gridsize_x", "cuda_gridsize_x" },
  { "cuda_gridsize_y", "cuda_gridsize_y" },
  { "cuda_gridsize_z", "cuda_gridsize_z" },
  { "cuda_syncthreads", "__syncthreads" },
  { "cuda_syncthreads_count", "__syncthreads_count" },
  { "cuda_syncthreads_and", "__syncthreads_and" },
  { "cuda_syncthreads_or", "__syncthreads_or" },
  { "cuda_grid_sync", "cudajit_grid_sync" },
  { "cuda_threadfence", "__threadfence" },
  { "cuda_threadfence_block", "__threadfence_block" },
  { "cuda_threadfence_system", "__threadfence_system" },
  { "cuda_ballot_sync", "__ballot_sync" },
  { "cuda_all_sync", "__all_sync" },
  { "cuda_any_sync", "__any_sync" },
  /* Numba's eq_sync is PTX's vote.uni.  */
  { "cuda_eq_sync", "__uni_sync" },
  { "cuda_activemask", "__activemask" },
  { "cuda_lanemask_lt", "cuda_lanemask_lt" },
  { "cuda_laneid", "cuda_laneid" },
  /* cudajit.h's shuffles and match functions, which the prelude defines by
     the same names.  */
#define WARP(t)                                                               \
  { "cudajit_shfl_sync_" t, "cudajit_shfl_sync_" t },                         \
  { "cudajit_shfl_up_sync_" t, "cudajit_shfl_up_sync_" t },                   \
  { "cudajit_shfl_down_sync_" t, "cudajit_shfl_down_sync_" t },               \
  { "cudajit_shfl_xor_sync_" t, "cudajit_shfl_xor_sync_" t },                 \
  { "cudajit_match_any_sync_" t, "cudajit_match_any_sync_" t },               \
  { "cudajit_match_all_sync_" t, "cudajit_match_all_sync_" t },
#define CUDAJIT_SCALAR(t, type, kind, bytes) IF_WARP_##kind (WARP (#t))
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef WARP

  /* <math.h>, in double and float; CUDA has them by the same names.  */
#define DEF_MATH(name, what) { #name, #name }, { #name "f", #name "f" },
#define DEF_MATH_REFUSED(name, why)
#include "math-functions.def"
#undef DEF_MATH
#undef DEF_MATH_REFUSED
  /* <complex.h>, which the prelude defines for both types.  */
#define DEF_COMPLEX(name, what)                                               \
  { #name, "cudajit_" #name }, { #name "f", "cudajit_" #name },
#include "complex-functions.def"
#undef DEF_COMPLEX
  /* printf, which CUDA has for the device too.  */
  { "printf", "printf" },
  { "abs", "abs" },
  { "labs", "labs" },
  { "llabs", "llabs" },

  /* What the C front end leaves of signbit, isinf and fpclassify (see
     float-compare.cc).  */
  { "__builtin_signbit", "cudajit_signbit" },
  { "__builtin_signbitf", "cudajit_signbit" },

  /* What glibc's assert calls (see assertions.cc).  */
  { "__assert_fail", "cudajit_assert_fail" },

  /* <string.h>'s memory functions: CUDA has memcpy and memset, the
     prelude the others.  */
  { "memcpy", "memcpy" },
  { "memset", "memset" },
  { "memmove", "cudajit_memmove" },
  { "memcmp", "cudajit_memcmp" },

  /* GCC's hints, which CUDA has too.  */
  { "__builtin_expect", "__builtin_expect" },
  { "__builtin_unreachable", "__builtin_unreachable" },

  /* GCC's integer builtins, as CUDA's intrinsics or the prelude's.  */
  { "__builtin_bswap16", "cudajit_bswap16" },
  { "__builtin_bswap32", "cudajit_bswap32" },
  { "__builtin_bswap64", "cudajit_bswap64" },
  { "__builtin_parity", "cudajit_parity" },
  { "__builtin_parityl", "cudajit_parityll" },
  { "__builtin_parityll", "cudajit_parityll" },
  { "__builtin_popcount", "__popc" },
  { "__builtin_popcountl", "__popcll" },
  { "__builtin_popcountll", "__popcll" },
  { "__builtin_clz", "__clz" },
  { "__builtin_clzl", "__clzll" },
  { "__builtin_clzll", "__clzll" },
  { "__builtin_ctz", "cudajit_ctz" },
  { "__builtin_ctzl", "cudajit_ctzll" },
  { "__builtin_ctzll", "cudajit_ctzll" },
  { "__builtin_ffs", "__ffs" },
  { "__builtin_ffsl", "__ffsll" },
  { "__builtin_ffsll", "__ffsll" },

  /* cudajit.h's atomics, which the prelude defines by the same names.  */
#define ATOMIC(name) { name, name },
  /* Those of every type, those of integers, and those of unsigned int
     and wider.  */
#define ATOMIC_TYPE(t, op) ATOMIC ("cudajit_atomic_" op "_" #t)
#define ATOMIC_ALL(t) ATOMIC_TYPE (t, "add") ATOMIC_TYPE (t, "sub")         \
  ATOMIC_TYPE (t, "max") ATOMIC_TYPE (t, "min") ATOMIC_TYPE (t, "exch")
#define ATOMIC_BITS(t) ATOMIC_TYPE (t, "cas") ATOMIC_TYPE (t, "and")        \
  ATOMIC_TYPE (t, "or") ATOMIC_TYPE (t, "xor")
#define ATOMIC_WRAPPING(t) ATOMIC_TYPE (t, "inc") ATOMIC_TYPE (t, "dec")
#define CUDAJIT_SCALAR(t, type, kind, bytes)                                  \
  ATOMIC_ALL (t) IF_INTEGER_##kind (ATOMIC_BITS (t))                          \
  IF_UNSIGNED_##kind (ATOMIC_WRAPPING (t))
#include "cudajit-scalar-types.def"
#undef CUDAJIT_SCALAR
#undef ATOMIC
#undef ATOMIC_TYPE
#undef ATOMIC_ALL
#undef ATOMIC_BITS
#undef ATOMIC_WRAPPING

  /* GCC's atomic builtins on 1, 2, 4 and 8 bytes, as the prelude's
     wrappers of CUDA's atomics.  The __sync forms share the wrappers of the
     __atomic ones, whose memory order is optional there;
     __sync_lock_test_and_set is an exchange.  */
#define GCC_ATOMIC_OP(op, n)                                                  \
  { "__atomic_fetch_" op "_" n, "cudajit_atomic_fetch_" op "_" n },           \
  { "__sync_fetch_and_" op "_" n, "cudajit_atomic_fetch_" op "_" n },         \
  { "__atomic_" op "_fetch_" n, "cudajit_atomic_" op "_fetch_" n },           \
  { "__sync_" op "_and_fetch_" n, "cudajit_atomic_" op "_fetch_" n },
#define GCC_ATOMIC(n)                                                         \
  GCC_ATOMIC_OP ("add", n) GCC_ATOMIC_OP ("sub", n) GCC_ATOMIC_OP ("and", n)  \
  GCC_ATOMIC_OP ("or", n) GCC_ATOMIC_OP ("xor", n)                            \
  GCC_ATOMIC_OP ("nand", n)                                                   \
  { "__atomic_exchange_" n, "cudajit_atomic_exchange_" n },                   \
  { "__sync_lock_test_and_set_" n, "cudajit_atomic_exchange_" n },            \
  { "__atomic_compare_exchange_" n, "cudajit_atomic_compare_exchange_" n },   \
  { "__sync_val_compare_and_swap_" n, "cudajit_atomic_val_cas_" n },          \
  { "__sync_bool_compare_and_swap_" n, "cudajit_atomic_bool_cas_" n },        \
  { "__atomic_load_" n, "cudajit_atomic_load_" n },                           \
  { "__atomic_store_" n, "cudajit_atomic_store_" n },                         \
  { "__sync_lock_release_" n, "cudajit_atomic_lock_release_" n },
  GCC_ATOMIC ("1") GCC_ATOMIC ("2") GCC_ATOMIC ("4") GCC_ATOMIC ("8")
  { "__atomic_test_and_set", "cudajit_atomic_test_and_set" },
  { "__atomic_clear", "cudajit_atomic_clear" },
#undef GCC_ATOMIC_OP
#undef GCC_ATOMIC
};


/* The functions of <math.h> that kernels may not call, and why.  */
static const callable math_refusals[] = {
#define DEF_MATH(name, what)
#define DEF_MATH_REFUSED(name, why) { #name, why }, { #name "f", why },
#include "math-functions.def"
#undef DEF_MATH
#undef DEF_MATH_REFUSED
};
/* clang-format on */

/* GCC's __builtin_NAME for a <math.h> function is NAME to CUDA.  */
static const char *
strip_builtin_prefix (const char *name)
{
  const char *prefix = "__builtin_";
  size_t length = strlen (prefix);
  return strncmp (name, prefix, length) == 0 ? name + length : name;
}

const char *
cudajit_builtin_cuda_name (const_tree fndecl)
{
  if (!DECL_NAME (fndecl))
    return NULL;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  /* A function of the user's own with a library function's name is not
     the library's.  */
  bool library = (fndecl_built_in_p (fndecl) || DECL_EXTERNAL (fndecl)
                  || strncmp (name, "cuda", 4) == 0);
  if (!library)
    return NULL;
  for (const callable &c : callables)
    if (strcmp (name, c.c_name) == 0)
      return c.cuda_name;
  const char *plain = strip_builtin_prefix (name);
  if (plain != name)
    for (const callable &c : callables)
      if (strcmp (plain, c.c_name) == 0)
        return c.cuda_name;
  return NULL;
}

const char *
cudajit_math_refusal (const_tree fndecl)
{
  if (!DECL_NAME (fndecl))
    return NULL;
  const char *name
      = strip_builtin_prefix (IDENTIFIER_POINTER (DECL_NAME (fndecl)));
  for (const callable &c : math_refusals)
    if (strcmp (name, c.c_name) == 0)
      return c.cuda_name;
  return NULL;
}

tree
cudajit_cexpi_argument (const_tree t)
{
  if (TREE_CODE (t) == SAVE_EXPR)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != CALL_EXPR)
    return NULL_TREE;
  tree fndecl = get_callee_fndecl (t);
  if (fndecl
      && (fndecl_built_in_p (fndecl, BUILT_IN_CEXPI)
          || fndecl_built_in_p (fndecl, BUILT_IN_CEXPIF)))
    return CALL_EXPR_ARG (t, 0);
  return NULL_TREE;
}
