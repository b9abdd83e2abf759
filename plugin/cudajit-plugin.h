/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Interfaces between the stages of the cudajit plugin.  */

#ifndef CUDAJIT_PLUGIN_H
#define CUDAJIT_PLUGIN_H

#include "gcc-compat.h"

/* What the plugin's code and libcudajit agree on.  */
#define CUDAJIT_ABI_CONSTANTS_ONLY
#include "cudajit-abi.h"

/* entry-points.cc: the declaration of WHICH, an entry point of
   libcudajit, to call; CONFIG_TYPE is cudajit.h's struct
   cudajit_launch_config, for the launches.  An error where DECL, a
   declaration that the unit makes, declares an entry point otherwise.  */
enum cudajit_entry_point
{
#define DEF_CUDAJIT_ENTRY(e, name, result, arguments) CUDAJIT_ENTRY_##e,
#include "cudajit-entry-points.def"
#undef DEF_CUDAJIT_ENTRY
  CUDAJIT_ENTRY_COUNT
};
tree cudajit_entry_point (enum cudajit_entry_point which, tree config_type);
const char *cudajit_entry_point_name (enum cudajit_entry_point which);
void cudajit_check_entry_point_declaration (tree decl);
/* The static inline function of cudajit.h called NAME, which the code
   that the plugin makes calls; NULL_TREE where the unit does not include
   cudajit.h.  */
tree cudajit_header_function (const char *name);

/* link-files.cc: cuda_jit ("link=FILE").  */
struct cudajit_linked_file
{
  char *path;
  /* Its content, NUL-terminated.  */
  char *bytes;
  size_t size;
  enum cudajit_linked_kind kind;
};
bool cudajit_link_option_p (const char *option);
/* Whether OPTION's file can be found and read; diagnosed at LOC.  */
bool cudajit_check_link_option (const char *option, location_t loc);
/* The files that FNDECL links, each once, which the unit keeps.  */
void cudajit_kernel_linked_files (const_tree fndecl,
                                  vec<const cudajit_linked_file *> *linked);
/* The CUDA C that FNDECL's linked files add to its own, and their paths,
   separated by spaces; malloc'ed, empty for none.  */
char *cudajit_kernel_link_text (const_tree fndecl);
char *cudajit_kernel_link_paths (const_tree fndecl);
/* Whether FNDECL's name is in a file that KERNEL links, or, where KERNEL
   is null, one that a kernel of the unit links.  */
bool cudajit_linked_function_p (const_tree fndecl, const_tree kernel);
/* The PLUGIN_PRAGMAS callback: #pragma cudajit link "FILE", the unit-wide
   form of cuda_jit ("link=FILE").  */
void cudajit_register_pragmas (void *, void *);
/* Whether PATH is that of CUDA C that the unit's kernels link, or of a
   header that it includes, as their #line directives name them.  */
bool cudajit_linked_source_p (const char *path);
/* Whether a kernel of the unit links code for the driver to link.  */
bool cudajit_unit_links_code_p (void);
/* Beside the unit's CUDA C in DIR, -fplugin-arg-cudajit-dump, the files
   that are not CUDA C that its kernels link, for nvrtc-check --link.  */
void cudajit_write_linked_files (const char *dir);

/* attributes.cc: the cuda_jit attribute.  */
void cudajit_register_attributes (void *gcc_data, void *user_data);
/* The same attributes in C++, each an error that says kernels are C.  */
void cudajit_register_cxx_attributes (void *gcc_data, void *user_data);
bool cudajit_kernel_p (const_tree fndecl);
/* How NVRTC compiles kernel FNDECL (enum cudajit_compile_flag): as the
   unit's kernels, UNIT_FLAGS, changed by the options of its cuda_jit
   attributes.  */
int cudajit_kernel_compile_flags (const_tree fndecl, int unit_flags);
/* specialize.cc: the parameters of KERNEL, whose body is BODY, that its
   variants take as constants, a mask of their indices, diagnosing those
   that its option "specialize=" names; whether its pointer parameters
   may be __restrict__ in a variant, for none can point to another; and
   whether pointer parameter PARM points to const.  */
unsigned HOST_WIDE_INT cudajit_specialized_params (tree kernel, tree body);
bool cudajit_restrict_params_p (const_tree kernel);
bool cudajit_read_only_param_p (const_tree parm);
/* The index of the parameter among SPECIALIZED that alone bounds LOOP, a
   FOR_STMT of a kernel's body that counts up by a constant from the
   constant that INIT, its init statement or the declaration before it,
   sets, so that a variant that takes the parameter as a constant knows
   the loop's trip count; -1 if there is none.  */
int cudajit_loop_bound_param (tree loop, tree init,
                              unsigned HOST_WIDE_INT specialized);
/* The value of kernel FNDECL's option "specialize=", the names of the
   parameters that its variants take as constants, or
   CUDAJIT_SPECIALIZE_OFF; null without one, or with a bad one (diagnosed
   with the attribute).  */
const char *cudajit_kernel_specialize_option (const_tree fndecl);
/* The most threads of a block that FNDECL's launch_bounds allows, 0 for
   none, and into *MIN_BLOCKS the fewest blocks of a multiprocessor it
   asks for, 0 for none.  */
int cudajit_kernel_launch_bounds (const_tree fndecl, int *min_blocks);
bool cudajit_device_marked_p (const_tree fndecl);
/* Whether kernels may call FNDECL: marked cuda_device, or static.  */
bool cudajit_device_function_p (const_tree fndecl);
bool cudajit_shared_p (const_tree decl);
/* "array" or "variable", what DECL, in shared memory, is called in
   diagnostics.  */
const char *cudajit_shared_kind (const_tree decl);
/* Whether DECL is a device variable: cuda_device on a variable.  */
bool cudajit_device_variable_p (const_tree decl);
/* Diagnoses FNDECL, a function being declared or defined, if it is a
   kernel declared so that it could run otherwise than through a launch
   (alias, weak, constructor, ...) or an alias of a kernel.  */
void cudajit_check_kernel_declaration (tree fndecl);

/* subset-check.cc: diagnoses everything in BODY, the body of FNDECL, a
   kernel or a device function, that is outside the C subset that runs on
   the GPU.  True when it is clean.  The device functions it calls are
   added to CALLEES, with where it calls each in CALL_SITES.  */
bool cudajit_check_function (tree fndecl, tree body, vec<tree> *callees,
                             vec<location_t> *call_sites);

/* device-api.cc: the device API, device-api.def, whose columns are
   described there.  */
enum device_api_kind
{
  DA_GRID_INDEX,
  DA_GRID_SIZE,
  DA_BARRIER,
  DA_FENCE,
  DA_WARP_VOTE,
  DA_WARP_SHUFFLE,
  DA_WARP_MATCH,
  DA_COLLECTIVE,
  DA_LANE,
  DA_ATOMIC,
  DA_MATH,
  DA_FAST_MATH,
  DA_INTEGER,
  DA_CLOCK,
  DA_CACHE_LOAD,
  DA_CACHE_STORE,
  DA_ROUNDED,
  DA_TEXTURE,
  DA_BACKEND,
  DA_TRAP,
  DA_ASYNC_COPY,
  DA_WMMA
};
enum device_api_where
{
  DA_KERNEL_ONLY,
  DA_ANYWHERE
};
enum device_api_cpu
{
  DA_CPU_LOCALS,
  DA_CPU_FISSION,
  DA_CPU_WARP_FISSION,
  DA_CPU_FIBERS,
  DA_CPU_GRID_FIBERS,
  DA_CPU_CALL
};
enum device_api_types
{
  DA_UNTYPED,
  DA_WARP_TYPES,
  DA_ALL_TYPES,
  DA_ADD_TYPES,
  DA_INTEGER_TYPES,
  DA_WIDE_INTEGER_TYPES,
  DA_UNSIGNED_TYPES,
  DA_WORD_TYPES
};
struct device_api
{
  const char *name;
  const char *cuda_name;
  device_api_kind kind;
  device_api_where where;
  device_api_cpu cpu;
  device_api_types types;
};
enum device_api_id
{
#define DEF_DEVICE_API(id, name, cuda, kind, where, cpu, types)               \
  DEVICE_API_##id,
#include "device-api.def"
#undef DEF_DEVICE_API
  DEVICE_API_COUNT
};
extern const device_api cudajit_device_apis[DEVICE_API_COUNT];
/* The row that CALLEE is, one of its typed functions included, or NULL;
   the name of CALLEE in CUDA C if it is a row, else NULL.  */
const device_api *cudajit_device_api (const_tree callee);
const char *cudajit_device_api_cuda_name (const_tree callee);
/* Whether CALLEE is one at which a thread waits for others
   (cuda_syncthreads, cuda_grid_sync, the warp collectives); the barrier
   at which barrier fission cuts a block function; a warp function at
   which it may cut it too; cuda_grid_sync.  */
bool cudajit_waiting_call_p (const_tree callee);
bool cudajit_barrier_call_p (const_tree callee);
bool cudajit_warp_fission_call_p (const_tree callee);
bool cudajit_grid_sync_call_p (const_tree callee);
/* If TYPE is a fragment of the warp-matrix operations
   (cudajit-wmma.def), as cudajit-wmma.h declares it, the name of the
   prelude's structure, which is the GPU's fragment; else NULL.  */
const char *cudajit_wmma_fragment_name (const_tree type);
/* Whether CALLEE is cuda_activemask; a warp function whose lanes wait
   for each other, or cuda_activemask.  */
bool cudajit_activemask_call_p (const_tree callee);
bool cudajit_warp_function_p (const_tree callee);
/* The row of CALLEE if it is one of the grid's geometry (cuda_grid_x,
   ..., cuda_gridsize_z), else NULL; its axis, 0 for x.  */
const device_api *cudajit_grid_function (const_tree callee);
int cudajit_grid_function_axis (const device_api *api);
/* The user's name of DECL if it is a row that only kernels and device
   functions may call, else NULL.  */
const char *cudajit_kernel_only_name (const_tree decl);

/* builtins.cc: the name in CUDA C of FNDECL, a function of cudajit.h,
   <math.h> or GCC's builtins that a kernel may call; NULL for any other
   function.  */
const char *cudajit_builtin_cuda_name (const_tree fndecl);
/* Why a kernel may not call FNDECL if it is a function of <math.h> that
   math-functions.def refuses, or one of <stdlib.h>'s heap that CUDA
   lacks, else NULL.  */
const char *cudajit_library_refusal (const_tree fndecl);
/* The argument X of T if T is GCC's __builtin_cexpi (X) or its float
   variant, maybe saved, which the C front end makes of sincos (X, &s,
   &c): its real part is cos (X), its imaginary part sin (X), which the
   CUDA C computes instead of the complex number; else NULL.  */
tree cudajit_cexpi_argument (const_tree t);

/* tree-queries.cc: what the subset check and the emitter both ask.
   Whether the GPU has TYPE as the host has it, with pointers where
   POINTER_OK; a structure or union, saying why not where EXPLAIN; and
   an inform at LOC of why TYPE is not, where it is not.  */
bool cudajit_supported_type_p (tree type, bool pointer_ok);
bool cudajit_supported_record_p (tree type, bool explain);
void cudajit_explain_type (tree type, location_t loc);
/* Whether TYPE is a vector type that kernels have, the CUDA C's
   _CjVector of the prelude; whether T is the array that the front end
   makes of such a vector to subscript it, v[i]; whether T only changes
   the qualifiers of such a vector, as a load through a pointer to const
   does.  */
bool cudajit_vector_type_p (const_tree type);
bool cudajit_vector_subscript_p (const_tree t);
bool cudajit_vector_requalified_p (const_tree t);
/* Whether TYPE is _Float16, the CUDA C's cudajit_half.  */
bool cudajit_half_type_p (const_tree type);
/* If TYPE is a floating type narrower than float, _Float16 or __bf16 (GCC
   13 and later), the end of the CUDA C's names of it: the prelude's class
   cudajit_END and its conversions cudajit_float_to_END and
   cudajit_double_to_END; else null.  */
const char *cudajit_narrow_float_name (const_tree type);
/* Whether TYPE is, or points to or is an array of, a complex type that
   kernels do not have: GNU C's complex integers, _Complex long double,
   volatile ones.  */
bool cudajit_unsupported_complex_p (tree type);
/* The type that TYPE is, or points to or is an array of, without its
   qualifiers, if its volatile alone makes it unsupported (_Float16,
   complex numbers); else NULL_TREE.  */
tree cudajit_refused_volatile (tree type);
/* The scalars of TYPE, an array of constant size in every dimension, or
   NULL_TREE when a dimension's size is not a constant; TYPE itself if it
   is no array.  */
tree cudajit_constant_array_element (tree type);
/* The first call in BODY of a function that MATCH accepts, or NULL_TREE;
   whether BODY calls one at which a thread waits for others.  */
tree cudajit_calls_p (tree body, bool (*match) (const_tree callee));
bool cudajit_calls_barrier_p (tree body);
/* Whether CALLEE is a fence or cuda_nanosleep, which a thread calls
   while it waits for another.  Whether LOOP, a loop statement, waits
   for another thread to change memory, which it runs on a GPU, on the
   CPU backend only where its thread lets the others run: it fences or
   sleeps, or a condition that ends it reads volatile memory, cuda_ldcv
   or an atomic that a lock or a read polls with, or a local that it
   sets from such a read.  The first such loop in BODY, or NULL_TREE.  */
bool cudajit_fence_or_sleep_p (const_tree callee);
bool cudajit_waiting_loop_p (tree loop);
tree cudajit_waiting_loop (tree body);
/* Whether the statement at HEAD of a statement list is the label of a
   loop of gotos, as the front end lowers a loop of a function that it
   has finished: a later statement of the list jumps back to it, the last
   at *LAST.  Whether such a loop, from HEAD to LAST, waits for another
   thread as cudajit_waiting_loop_p says.  */
bool cudajit_lowered_loop_p (tree_stmt_iterator head,
                             tree_stmt_iterator *last);
bool cudajit_lowered_loop_waits_p (tree_stmt_iterator head,
                                   tree_stmt_iterator last);

/* The type of the part of an object of TYPE that the element at INDEX of
   a CONSTRUCTOR for it initializes.  */
tree cudajit_initializer_part_type (tree type, tree index);

/* The STRING_CST that ARG, an argument of printf, points to, or
   NULL_TREE.  */
tree cudajit_string_literal (tree arg);

/* Whether DECL is a const array of scalars of constant size with a
   constant initializer, global or static, which kernels read as
   __constant__ data (Numba's cuda.const.array_like).  */
bool cudajit_constant_array_p (const_tree decl);

/* The value of DECL, a global const scalar with a constant initializer,
   which kernels use as the constant it is; else NULL_TREE.  */
tree cudajit_constant_value (const_tree decl);

/* Whether T is a BIND_EXPR that only declares types, as the C front end
   puts before a cast to a pointer to a variable-length array.  */
bool cudajit_type_declaration_p (const_tree t);

/* The names under which the CUDA built-in variables are declared in
   cudajit.h; the emitter prints them as they are.  */
bool cudajit_builtin_variable_p (const_tree decl);

/* construct-names.cc: what CODE, of a construct that kernels cannot
   have, is called in C, in the plural ("vector types"); NULL where
   there is no better name than "this construct".  */
const char *cudajit_construct_name (enum tree_code code);

/* tree-queries.cc: whether T, a statement, is none or does nothing.  */
bool cudajit_empty_statement_p (tree t);

/* gpu-branches.cc: whether COND is cuda_on_gpu (), as a condition; whether
   T is `if (cuda_on_gpu ()) ... else ...', the GPU's branch, with an
   else branch that is not empty, the CPU backend's; whether BODY has
   one; and BODY, a host version, with each such branch's condition
   false and its GPU branch dropped, and each other cuda_on_gpu ()
   false.  */
bool cudajit_on_gpu_condition_p (tree cond);
bool cudajit_gpu_branch_p (tree t);
bool cudajit_has_gpu_branch_p (tree body);
void cudajit_drop_host_gpu_branches (tree *body);

/* sanitizer-checks.cc: T, or its value without the check that
   -fsanitize=undefined put before it, which the GPU leaves out.  */
tree cudajit_skip_sanitizer_check (tree t);

/* assertions.cc: whether FNDECL is glibc's __assert_fail, which assert
   calls; and the redirection of its calls in the host version of FNDECL,
   a kernel or a device function translated, to the runtime's.  */
bool cudajit_assert_fail_p (const_tree fndecl);
void cudajit_redirect_host_assertions (tree fndecl);

/* float-compare.cc: the function of the prelude that computes CODE, a
   comparison that is true or false for NaNs (UNORDERED_EXPR, UNLT_EXPR,
   ...), in CUDA C; NULL for other codes.  */
const char *cudajit_float_compare_function (enum tree_code code);
/* The SAVE_EXPRs that T evaluates whatever its values, outside its
   conditional parts, added to SAVES: a call's arguments in CUDA C++ are
   evaluated in any order, so these are evaluated before.  */
void cudajit_unconditional_saves (tree t, vec<tree> *saves);

/* cuda-statements.cc: CUDA C (xmalloc'ed) for FNDECL, a checked kernel or
   device function whose body is BODY, after declarations of the device
   functions CALLEES that it calls; a kernel's variants take the
   parameters of SPECIALIZED, a mask of their indices, as constants.  */
char *cudajit_emit_function (tree fndecl, tree body, const vec<tree> &callees,
                             unsigned HOST_WIDE_INT specialized);
/* CUDA C for KERNEL, made by the plugin for a cuda_reduce of F: the
   prelude's cudajit_reduce, with KERNEL's parameters and F.  */
char *cudajit_emit_reduce_kernel (tree kernel, tree f);

/* cuda-names.cc: the name of DECL, a device variable, in CUDA C
   (xmalloc'ed), by which the runtime finds it in its module.  */
char *cudajit_device_variable_cuda_name (tree decl);

/* prelude.cc: the parts of the CUDA C prelude (prelude.cuh) that
   CUDA_SOURCE uses, each guarded so that a module that gets it twice has
   it once (xmalloc'ed).  */
char *cudajit_cuda_prelude (const char *cuda_source);

/* overflow-builtins.cc: GCC's internal functions in kernels: whether T is
   [[fallthrough]],
   which a kernel drops; why CALL, a call of an internal function, is
   refused in a kernel, or NULL when it is not; whether CALL is an overflow
   builtin, and its CUDA C, whose types and operands PRINT prints.  */
bool cudajit_fallthrough_p (const_tree t);
const char *cudajit_internal_call_refusal (const_tree call);
const char *cudajit_overflow_operation (const_tree call);
struct cudajit_tree_printers
{
  void *emitter;
  void (*type) (void *emitter, tree type);
  void (*value) (void *emitter, tree operand);
};
void cudajit_emit_overflow_call (pretty_printer *pp, tree call,
                                 const cudajit_tree_printers &print);

/* ahead-of-time.cc: -fplugin-arg-cudajit-arch=VALUE, the architectures
   to compile the kernels for at build time, checked against the NVRTC
   that it loads: false, with an error, if it cannot.  Whether it was
   given.  The images of SOURCE, the unit's CUDA C, compiled as FLAGS say
   (enum cudajit_compile_flag), added to IMAGES; an error for those that
   NVRTC cannot compile.  */
struct cudajit_aot_image
{
  /* The target as NVRTC names it, sm_90 or compute_90; malloc'ed, as is
     CODE.  */
  char *name;
  char *code;
  size_t size;
};
bool cudajit_set_arch_option (const char *value);
bool cudajit_ahead_of_time_p (void);
void cudajit_compile_ahead_of_time (const char *source, int flags,
                                    vec<cudajit_aot_image> *images);

/* embed.cc: keeps a kernel's CUDA C and host entry, or a device
   function's CUDA C, in the object file and registers them with the
   runtime at load time; writes the dump.  CALLEES are the device
   functions that the kernel calls.  */
void cudajit_embed_kernel (tree fndecl, const char *cuda_source,
                           unsigned HOST_WIDE_INT static_shared_bytes,
                           const vec<tree> &callees,
                           unsigned HOST_WIDE_INT specialized);
/* As cudajit_embed_kernel, for a kernel whose C version the runtime calls
   alone, not for each thread of a block (cuda_reduce's).  */
void cudajit_embed_whole_kernel (tree fndecl, const char *cuda_source);
void cudajit_embed_device_function (tree fndecl, const char *cuda_source);
tree cudajit_kernel_handle (tree fndecl);
void cudajit_embed_register_roots (const char *plugin_name);
/* Compiles the unit's CUDA C ahead of time, once for each set of compile
   flags of its kernels, and embeds the images with their registrations;
   once the unit is whole.  */
void cudajit_embed_images (void);
/* Notes the device variables that BODY, of a function translated, uses;
   once the unit is whole, registers them with the unit's module.  */
void cudajit_embed_device_variables (tree body);
void cudajit_embed_variable_registrations (void);
/* Once the unit is parsed, the registration of the device functions that
   it exports and imports (device-functions.cc), if any.  */
void cudajit_embed_linkage (void);
void cudajit_write_dump (const char *dir);
/* -fplugin-arg-cudajit-debug: compile the kernels for cuda-gdb.  */
void cudajit_request_device_debug (void);

/* array-params.cc: for parameter INDEX of a kernel of type FNTYPE that
   points to an array of declared extent, the directions in which the array
   is copied when the argument is host memory, and its size in bytes: the
   product of *CONSTANT_BYTES, of the arguments at the positions that it
   puts in BOUNDS and of the values of the bounds that it puts in
   EXPRESSIONS, computed from the parameters (float x[n / 256]), whose
   PARM_DECLs are those of one of the kernel's declarations.  0 for other
   parameters.  */
int cudajit_array_param (tree fntype, unsigned int index,
                         vec<unsigned int> *bounds, vec<tree> *expressions,
                         unsigned HOST_WIDE_INT *constant_bytes);

/* Whether PARM is a parameter of one of the declarations of a function of
   type FNTYPE, and in *POSITION which.  */
bool cudajit_param_position (tree fntype, tree parm, unsigned int *position);

/* The attributes ATTRIBUTES of a kernel's type that the plugin makes,
   with parameter INDEX an array copied in DIRECTION whose size is the
   product of its element's, of COUNT and of the arguments at BOUNDS.  */
tree cudajit_generated_array_param (tree attributes, unsigned int index,
                                    int direction,
                                    unsigned HOST_WIDE_INT count,
                                    const vec<unsigned int> &bounds);

/* generators.cc: the kernels that the plugin makes for the generators,
   cuda_vectorize (vectorize.cc) and the like, which apply a function F
   that the user names, each described by a cudajit_generator.  */
struct cudajit_generator
{
  /* What the user calls, "cuda_vectorize": in the messages, and the
     kernels' names.  */
  const char *name;
  /* The CUDA C of KERNEL, made for F, written by hand; NULL where the
     kernel is translated as the user's are.  */
  char *(*write_cuda) (tree kernel, tree f);
  /* The body of the kernel for F with the parameters PARMS, a BIND_EXPR,
     and in *ATTRIBUTES those of the kernel's type
     (cudajit_generated_array_param); NULL_TREE after an error.  NULL for
     an element-wise kernel, which the rest describes.  */
  tree (*build_body) (tree f, tree parms, tree *attributes, location_t loc);

  /* An element-wise kernel runs F for each element or instance I of its
     arrays, in a thread of its own, launched as by cuda_forall.  The
     names of its own parameters, the count and the outputs that the call
     passes before F's arguments, which F's parameters may not take,
     null-terminated; whether F's type suits; whether the outputs of
     CALL, that of F, suit F, if it has any; ARG, the argument for
     F's parameter at POSITION (from 1) of type PARM_TYPE, converted to
     the type of the kernel's parameter, *KERNEL_TYPE, or NULL_TREE after
     an error; what the thread of I does, and in *ATTRIBUTES the
     attributes of the kernel's type, whose parameters are PARMS.  Errors
     are at LOC.  */
  const char *const *own_parms;
  bool (*check_function) (tree f, location_t loc);
  bool (*check_outputs) (tree f, tree call, location_t loc);
  tree (*convert_argument) (tree f, int position, tree arg, tree parm_type,
                            tree *kernel_type, location_t loc);
  tree (*build_element) (tree f, tree parms, tree i, tree *attributes,
                         location_t loc);
};

/* The kernel of GENERATOR that applies F at LOC, with the parameters
   PARMS: the one made already for parameters of their types, else made,
   named after GENERATOR and F, marked cuda_jit, translated and handed to
   the call graph; NULL_TREE after an error.  */
tree cudajit_generate_kernel (const cudajit_generator *generator, tree f,
                              tree parms, location_t loc);
/* For UNLAUNCHED, the unplugged call of the element-wise GENERATOR, and
   CALL, that of the function it applies, at LOC: the kernel that it
   runs, and in *KERNEL_CALL its call, to launch; NULL_TREE after an
   error.  */
tree cudajit_generate_element_kernel (const cudajit_generator *generator,
                                      tree unlaunched, tree call,
                                      location_t loc, tree *kernel_call);
/* For the generators: whether TYPE is a scalar that they take; VALUE
   converted to the scalar TYPE as C converts it; the function that FN,
   the first argument of GENERATOR at LOC, names, if kernels can call it,
   else NULL_TREE after an error; a parameter; a local variable that the
   plugin makes up; *(POINTER + INDEX), as C writes POINTER[INDEX].  */
bool cudajit_generator_scalar_p (tree type);
tree cudajit_generator_convert (tree type, tree value);
tree cudajit_generator_function (tree fn, const char *generator,
                                 location_t loc);
tree cudajit_generator_parm (location_t loc, const char *name, tree type);
tree cudajit_generator_local (location_t loc, const char *name, tree type);
tree cudajit_generator_element (tree pointer, tree index);

/* guvectorize.cc: cuda_guvectorize, element-wise.  */
extern const cudajit_generator cudajit_guvectorize_generator;

/* reduce.cc: for UNLAUNCHED, the unplugged call of a cuda_reduce in
   FUNCTION, and CALL, that of the function it folds, at LOC: the
   expression that folds with the kernel it made, and returns the result;
   NULL_TREE after an error.  */
tree cudajit_rewrite_reduce (tree function, tree unlaunched, tree call,
                             location_t loc);

/* vectorize.cc: cuda_vectorize, element-wise.  */
extern const cudajit_generator cudajit_vectorize_generator;

/* translate.cc: checks, translates and embeds FNDECL, a function that the
   front end has finished, if it is a kernel or a device function that a
   kernel needs, and the device functions it calls.  */
void cudajit_translate_finished_function (tree fndecl);
/* Embeds KERNEL, which the plugin made with its CUDA C, CUDA_SOURCE,
   written by hand, and translates CALLEE, which it calls at SITE, if it
   is a device function.  */
void cudajit_translate_made_kernel (tree kernel, const char *cuda_source,
                                    tree callee, location_t site);

/* device-functions.cc: the functions that kernels call.  A function
   marked cuda_device, or a static function of the unit, may be called;
   each is translated when a kernel of the unit first needs it, which may
   be before or after the function is defined.  When the front end
   finishes FNDECL: its body, to translate now if a kernel already needs
   it, else NULL_TREE.  When CALLER calls CALLEE at SITE: the body of
   CALLEE, to translate now if this is its first call and it has been
   defined, else NULL_TREE.  The first call of FNDECL.  */
/* Whether a kernel of the unit calls FNDECL.  */
bool cudajit_device_function_needed_p (const_tree fndecl);
tree cudajit_device_function_finished (tree fndecl);
tree cudajit_device_function_needed (tree callee, tree caller,
                                     location_t site);
void cudajit_device_function_first_call (tree fndecl, tree *caller,
                                         location_t *site);
/* Whether a kernel of the unit calls FNDECL, so far.  */
bool cudajit_device_function_called_p (const_tree fndecl);
/* Errors for the functions that kernels need but the unit does not
   define.  */
void cudajit_finish_device_functions (void);
/* The names of the device functions that the unit defines for others
   and of those of others that its kernels call, as cudajit-abi.h says;
   malloc'ed.  */
void cudajit_device_function_linkage (char **exports, char **imports);
/* Whether FNDECL may wait for other threads, at cuda_syncthreads, a
   warp function or in a loop that waits for memory to change: yes unless
   its body, and those of the functions it calls, are known and do not.
   Whether FNDECL, or BODY, or the bodies of the device functions they
   call that are defined so far, reach cuda_activemask; reach
   cuda_grid_sync, of those whose bodies are kept.  */
bool cudajit_device_function_may_sync (tree fndecl);
/* A copy of FNDECL's body and its statements as the front end left
   them, before it lowered its loops, kept where FNDECL was defined
   before a kernel needed it; or NULL_TREE.  */
tree cudajit_device_function_body (tree fndecl);
bool cudajit_device_function_may_converge (tree fndecl);
bool cudajit_device_function_reaches_grid_sync (tree fndecl);
bool cudajit_reaches_grid_sync_p (tree body);
/* Whether FNDECL, which a kernel or a device function calls, is a
   function that a kernel of the unit links from CUDA C, which the CPU
   backend runs as a C function of that name that the program may lack:
   declared, not defined, and marked cuda_device.  */
bool cudajit_linked_callee_p (const_tree fndecl);
/* Into REACHED, CALLEES and the device functions that they call, in
   turn, as far as the unit has defined them so far.  */
void cudajit_device_functions_reached (const vec<tree> &callees,
                                       vec<tree> *reached);
void cudajit_device_functions_register_roots (const char *plugin_name);

/* fiber-waits.cc: the host version of FNDECL, a kernel or a device
   function translated, made to tell the CPU backend's fibers where its
   threads wait: at warp functions, and cuda_activemask's position; in
   loops that wait for another thread.  */
void cudajit_host_fiber_waits (tree fndecl);

/* shared-memory.cc: the shared arrays of KERNEL, checked and translated,
   become parts of its block's shared memory on the CPU backend: its host
   version is rewritten to find them there, each use mapped in
   *RELOCATED to its array.  How many bytes they take.  */
unsigned HOST_WIDE_INT
cudajit_host_shared_memory (tree kernel, hash_map<tree, tree> *relocated);
/* The shared arrays of FNDECL, a device function, checked and
   translated, become on the CPU backend arrays that the runtime keeps
   for each block: its host version is rewritten to ask for them, each
   use mapped in *RELOCATED to its array.  */
void cudajit_host_device_shared_arrays (tree fndecl,
                                        hash_map<tree, tree> *relocated);
/* The accesses of FNDECL's host version to the elements of the shared
   arrays that RELOCATED maps check their bounds under
   CUDAJIT_CHECK=bounds.  */
void cudajit_check_shared_bounds (tree fndecl,
                                  hash_map<tree, tree> *relocated);
/* Whether CALLEE is cudajit.h's check of an access; *BODY's checks
   dropped.  */
bool cudajit_shared_access_p (const_tree callee);
void cudajit_drop_shared_checks (tree *body);

/* block-function.cc: the C version of KERNEL that the CPU backend calls,
   handed to the call graph, and how it is called.  With CALLEES, the
   device functions KERNEL calls, it runs a block (work-item loops,
   fission at barriers) where it can, else a thread; without, it runs the
   whole work (cuda_reduce's); *FIBER_FLAGS, the host flags that say why
   its threads run as fibers, where they do (cudajit-abi.h).
   -fplugin-arg-cudajit-warn-fibers: warn of the kernels whose threads run
   as fibers.  */
tree cudajit_host_entry (tree kernel, const vec<tree> *callees,
                         enum cudajit_host_entry *kind, int *fiber_flags);
void cudajit_warn_fibers (void);

/* race-instrumentation.cc: -fplugin-arg-cudajit-check-races, from the
   plugin named PLUGIN_NAME: the pass that makes the C versions of
   kernels and device functions report their loads and stores; whether it
   was given.  */
void cudajit_check_races (const char *plugin_name);
bool cudajit_checking_races_p (void);

/* array-extents.cc: reports, once for KERNEL, an extent of an array
   parameter that a launch cannot compute from its arguments, a call or an
   assignment in it above all.  */
void cudajit_check_array_extents (tree kernel);
/* The size in bytes of the array that parameter INDEX of KERNEL points to,
   computed by code in FUNCTION from the launch's arguments VALUES,
   temporaries of FUNCTION, as a size_t that is 0 minus an enum
   cudajit_extent_error where they give it none; *DECLARED says whether
   the parameter declares an extent.  NULL_TREE if it declares none, or
   one that cannot be computed.  */
tree cudajit_extent_bytes (tree function, tree kernel, unsigned int index,
                           const vec<tree> &values, bool *declared);

/* launch-rewrite.cc: turns each cuda_launch in FNDECL into a call of
   cudajit_launch, and diagnoses kernels called any other way.  */
void cudajit_rewrite_launches (tree fndecl);

/* launch-sites.cc: whether FUNCTION launches a kernel; the first it
   launches in *KERNEL, and where, in *LOC.  That FUNCTION launches KERNEL
   at LOC.  */
bool cudajit_first_launch (const_tree function, tree *kernel, location_t *loc);
void cudajit_record_launch (tree function, tree kernel, location_t loc);
/* Diagnoses the address of a kernel in the initializer of DECL, a
   variable at file scope.  */
void cudajit_check_kernel_addresses (tree decl);

/* outside-kernel.cc: diagnoses in FNDECL, a function that is neither a
   kernel nor a device function, the first use of what exists only in a
   kernel, such as threadIdx or cuda_syncthreads, and of each device
   variable; keeps those of a static function for later.  */
void cudajit_check_outside_kernel (tree fndecl);
/* Once the unit is whole: diagnoses the device variables used by the
   static functions that no kernel calls, which run only on the host.  */
void cudajit_check_static_host_functions (void);

/* build-function.cc: builds a static function NAME of type FNTYPE with
   parameters PARMS and the GENERIC body BODY, and hands it to the call
   graph.  */
tree cudajit_build_function (const char *name, tree fntype, tree parms,
                             tree body);

/* embed.cc: a new local variable of TYPE in FUNCTION, a function being
   finished, for the code that the plugin adds to it; the expression
   FIRST, then NEXT, whose value it has, either of them null for none.  */
tree cudajit_add_temporary (tree function, tree type);
tree cudajit_sequence (tree first, tree next);

#endif /* cudajit-plugin.h */
