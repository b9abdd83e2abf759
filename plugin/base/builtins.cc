/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The functions a kernel may call besides device functions: cudajit.h's
   (device-api.def), <math.h>'s and GCC's builtins, each with its name in
   CUDA C, where CUDA has the same function or the prelude defines it.  */

#include "cudajit-plugin.h"

struct callable
{
  const char *c_name;
  const char *cuda_name;
};

/* The table's macros are laid out by hand: clang-format cannot settle on
   a layout of lists of initializers made by macros.  */
/* clang-format off */
static const callable callables[] = {
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
  /* The device heap's, which cuda_set_device_heap sizes; the C library's
     on the CPU backend.  */
  { "malloc", "malloc" },
  { "free", "free" },
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

  /* GCC's atomic builtins on 1, 2, 4 and 8 bytes, as the prelude's
     wrappers of CUDA's atomics, which honour their memory orders.  The
     __sync forms share the wrappers of the __atomic ones, whose memory
     order is optional there and sequentially consistent without one, as
     the __sync builtins are; __sync_lock_test_and_set is an exchange.  */
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
  { "__sync_val_compare_and_swap_" n, "cudajit_atomic_sync_val_cas_" n },          \
  { "__sync_bool_compare_and_swap_" n, "cudajit_atomic_bool_cas_" n },        \
  { "__atomic_load_" n, "cudajit_atomic_load_" n },                           \
  { "__atomic_store_" n, "cudajit_atomic_store_" n },                         \
  { "__sync_lock_release_" n, "cudajit_atomic_lock_release_" n },
  GCC_ATOMIC ("1") GCC_ATOMIC ("2") GCC_ATOMIC ("4") GCC_ATOMIC ("8")
  { "__atomic_test_and_set", "cudajit_atomic_test_and_set" },
  { "__atomic_clear", "cudajit_atomic_clear" },
  { "__atomic_thread_fence", "cudajit_atomic_thread_fence" },
#undef GCC_ATOMIC_OP
#undef GCC_ATOMIC
};


/* The functions of <math.h> and <stdlib.h> that kernels may not call,
   and why.  */
static const callable library_refusals[] = {
#define DEF_MATH(name, what)
#define DEF_MATH_REFUSED(name, why) { #name, why }, { #name "f", why },
#include "math-functions.def"
#undef DEF_MATH
#undef DEF_MATH_REFUSED
  /* CUDA's device heap has malloc and free alone.  */
  { "calloc", "CUDA has no device calloc; call malloc, then memset" },
  { "realloc", "CUDA has no device realloc; call malloc, memcpy and free" },
  { "aligned_alloc", "CUDA has no device aligned_alloc; malloc's memory is "
                     "aligned to 16 bytes" },
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
  if (const char *device_api = cudajit_device_api_cuda_name (fndecl))
    return device_api;
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
cudajit_library_refusal (const_tree fndecl)
{
  if (!DECL_NAME (fndecl))
    return NULL;
  const char *name
      = strip_builtin_prefix (IDENTIFIER_POINTER (DECL_NAME (fndecl)));
  for (const callable &c : library_refusals)
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
