/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Embedding: keeps each kernel's CUDA C in the object file, with its
   host entry for the CPU backend (block-function.cc), and a constructor
   that registers both with the runtime when the program or library is
   loaded.

   All of it is built as ordinary GENERIC functions and variables while the
   unit is being parsed, so it goes through every optimization level and
   -flto like the user's own code.  */

#include "cudajit-plugin.h"

/* The unit's module handle, and a TREE_LIST of each kernel's handle
   (TREE_VALUE) keyed by the kernel (TREE_PURPOSE).  Rooted for the garbage
   collector by embed_roots.  */
static tree module_handle;
static tree kernel_handles;

/* The unit's CUDA C, for -fplugin-arg-cudajit-dump.  */
static char *unit_cuda_source;

/* -fplugin-arg-cudajit-debug.  */
static bool device_debug_requested;

/* The compile flags of the unit's kernels, each once: the runtime
   compiles a module of the unit for each.  */
static vec<int> kernel_flags;

static const struct ggc_root_tab embed_roots[]
    = { { &module_handle, 1, sizeof (tree), &gt_ggc_mx_tree_node,
          &gt_pch_nx_tree_node },
        { &kernel_handles, 1, sizeof (tree), &gt_ggc_mx_tree_node,
          &gt_pch_nx_tree_node },
        LAST_GGC_ROOT_TAB };

void
cudajit_embed_register_roots (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     CONST_CAST (ggc_root_tab *, embed_roots));
}

static tree
build_handle_var (const char *name, bool is_public)
{
  tree var = build_decl (UNKNOWN_LOCATION, VAR_DECL, get_identifier (name),
                         ptr_type_node);
  TREE_PUBLIC (var) = is_public;
  DECL_EXTERNAL (var) = is_public;
  TREE_STATIC (var) = !is_public;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  if (!is_public)
    varpool_node::finalize_decl (var);
  return var;
}

/* A public kernel's handle is public too, so that other units can launch
   it; it is defined where the kernel is.  */
tree
cudajit_kernel_handle (tree fndecl)
{
  for (tree entry = kernel_handles; entry; entry = TREE_CHAIN (entry))
    if (TREE_PURPOSE (entry) == fndecl)
      return TREE_VALUE (entry);
  char *name
      = concat ("cudajit.kernel.",
                IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)), NULL);
  tree handle = build_handle_var (name, TREE_PUBLIC (fndecl));
  free (name);
  if (TREE_PUBLIC (fndecl))
    {
      DECL_VISIBILITY (handle) = DECL_VISIBILITY (fndecl);
      DECL_VISIBILITY_SPECIFIED (handle) = DECL_VISIBILITY_SPECIFIED (fndecl);
    }
  kernel_handles = tree_cons (fndecl, handle, kernel_handles);
  return handle;
}

static void
define_kernel_handle (tree handle)
{
  if (!DECL_EXTERNAL (handle))
    return;
  DECL_EXTERNAL (handle) = 0;
  TREE_STATIC (handle) = 1;
  varpool_node::finalize_decl (handle);
}

tree
cudajit_add_temporary (tree function, tree type)
{
  /* Unique in the unit, which is as simple and as good.  */
  static unsigned int temporaries;
  char name[32];
  snprintf (name, sizeof name, "cudajit.arg.%u", temporaries++);
  tree var = build_decl (DECL_SOURCE_LOCATION (function), VAR_DECL,
                         get_identifier (name), type);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  TREE_ADDRESSABLE (var) = 1;
  DECL_CONTEXT (var) = function;
  tree bind = DECL_SAVED_TREE (function);
  DECL_CHAIN (var) = BIND_EXPR_VARS (bind);
  BIND_EXPR_VARS (bind) = var;
  return var;
}

tree
cudajit_sequence (tree first, tree next)
{
  if (!first || !next)
    return first ? first : next;
  return build2 (COMPOUND_EXPR, TREE_TYPE (next), first, next);
}

static void
finalize_function (tree decl)
{
  /* No garbage collection: the front end is in the middle of a function
     whose trees are not all reachable from GC roots.  */
  cgraph_node::finalize_function (decl, true);
}

void
cudajit_request_device_debug (void)
{
  device_debug_requested = true;
}

/* How NVRTC is to compile the unit's code (see cudajit-abi.h): a debug build,
   -g at -O0, gets cuda-gdb's device debug information; -g alone is not enough,
   as autotools' default CFLAGS, -g -O2, would make every kernel slow.  */
static int
unit_compile_flags (void)
{
  bool debug = device_debug_requested
               || (debug_info_level > DINFO_LEVEL_NONE && !optimize);
  return debug ? CUDAJIT_COMPILE_DEBUG : 0;
}

/* How NVRTC is to compile FNDECL: with its options if it is a kernel; a
   device function is compiled with those of each kernel, in each of the
   unit's modules, and registered with the unit's.  */
static int
compile_flags (tree fndecl)
{
  return cudajit_kernel_p (fndecl)
             ? cudajit_kernel_compile_flags (fndecl, unit_compile_flags ())
             : unit_compile_flags ();
}

/* The strings of a registration, laid out as a record of the section
   CUDAJIT_SECTION (see cudajit-abi.h), in which the registration's
   arguments point.  */
struct record
{
  tree var;
  /* The offset of each field in VAR.  */
  unsigned HOST_WIDE_INT offset[CUDAJIT_RECORD_FIELDS];
};

static struct record
build_record (const char *fields[CUDAJIT_RECORD_FIELDS])
{
  struct record r;
  size_t size = sizeof CUDAJIT_RECORD_MAGIC;
  for (int i = 0; i < CUDAJIT_RECORD_FIELDS; i++)
    {
      r.offset[i] = size;
      size += strlen (fields[i]) + 1;
    }
  char *text = XNEWVEC (char, size);
  memcpy (text, CUDAJIT_RECORD_MAGIC, sizeof CUDAJIT_RECORD_MAGIC);
  for (int i = 0; i < CUDAJIT_RECORD_FIELDS; i++)
    memcpy (text + r.offset[i], fields[i], strlen (fields[i]) + 1);

  /* Unique in the unit, which is as simple and as good.  */
  static unsigned int records;
  char name[32];
  snprintf (name, sizeof name, "cudajit.record.%u", records++);
  tree type = build_array_type_nelts (char_type_node, size);
  tree string = build_string (size, text);
  TREE_TYPE (string) = type;
  free (text);
  r.var = build_decl (UNKNOWN_LOCATION, VAR_DECL, get_identifier (name), type);
  TREE_STATIC (r.var) = 1;
  TREE_READONLY (r.var) = 1;
  TREE_USED (r.var) = 1;
  DECL_ARTIFICIAL (r.var) = 1;
  DECL_IGNORED_P (r.var) = 1;
  /* Byte-aligned, so that the records of the objects of a program follow
     each other without padding.  */
  SET_DECL_ALIGN (r.var, BITS_PER_UNIT);
  DECL_USER_ALIGN (r.var) = 1;
  DECL_INITIAL (r.var) = string;
  set_decl_section_name (r.var, CUDAJIT_SECTION);
  varpool_node::finalize_decl (r.var);
  return r;
}

/* A pointer to R's FIELD, an argument of a registration.  */
static tree
record_field (const struct record &r, enum cudajit_record_field field)
{
  tree string_type = build_pointer_type (
      build_qualified_type (char_type_node, TYPE_QUAL_CONST));
  return fold_convert (
      string_type, fold_build_pointer_plus_hwi (build_fold_addr_expr (r.var),
                                                r.offset[field]));
}

static struct record
build_registration_record (const char *kind, int flags, const char *name,
                           const char *prelude, const char *cuda_source)
{
  char flags_text[16];
  snprintf (flags_text, sizeof flags_text, "%d", flags);
  const char *fields[CUDAJIT_RECORD_FIELDS];
  fields[CUDAJIT_RECORD_KIND] = kind;
  fields[CUDAJIT_RECORD_FLAGS] = flags_text;
  fields[CUDAJIT_RECORD_UNIT] = lbasename (main_input_filename);
  fields[CUDAJIT_RECORD_NAME] = name;
  fields[CUDAJIT_RECORD_PRELUDE] = prelude;
  fields[CUDAJIT_RECORD_CUDA_SOURCE] = cuda_source;
  return build_record (fields);
}

/* The record of FNDECL's registration.  */
static struct record
build_function_record (const char *kind, tree fndecl, const char *prelude,
                       const char *cuda_source)
{
  return build_registration_record (kind, compile_flags (fndecl),
                                    IDENTIFIER_POINTER (DECL_NAME (fndecl)),
                                    prelude, cuda_source);
}

/* What the runtime needs to know of the kernel's parameters: an entry
   for each, as cudajit-abi.h says; its variants take those of
   SPECIALIZED, a mask of their indices, as constants.  */
static char *
describe_params (tree kernel, unsigned HOST_WIDE_INT specialized)
{
  /* A size mark and the digits of a parameter's size.  */
  char size[2 + 3 * sizeof (unsigned HOST_WIDE_INT)];
  static const char separator[] = { CUDAJIT_PARAM_SEPARATOR, '\0' };
  static const char copy_in[] = { CUDAJIT_PARAM_COPY_IN_MARK, '\0' };
  static const char copy_out[] = { CUDAJIT_PARAM_COPY_OUT_MARK, '\0' };
  static const char copy_both[]
      = { CUDAJIT_PARAM_COPY_IN_MARK, CUDAJIT_PARAM_COPY_OUT_MARK, '\0' };
  static const char restrict_mark[] = { CUDAJIT_PARAM_RESTRICT_MARK, '\0' };
  static const char read_only[]
      = { CUDAJIT_PARAM_RESTRICT_MARK, CUDAJIT_PARAM_READ_ONLY_MARK, '\0' };
  static const char signed_mark[] = { CUDAJIT_PARAM_SIGNED, '\0' };
  static const char unsigned_mark[] = { CUDAJIT_PARAM_UNSIGNED, '\0' };
  bool restrict_params = cudajit_restrict_params_p (kernel);
  char *text = xstrdup ("");
  unsigned int index = 0;
  auto_vec<unsigned int> bounds;
  auto_vec<tree> expressions;
  for (tree parm = DECL_ARGUMENTS (kernel); parm;
       parm = DECL_CHAIN (parm), index++)
    {
      const char *name = "";
      const char *copies = "";
      const char *aliasing = "";
      size[0] = '\0';
      if (POINTER_TYPE_P (TREE_TYPE (parm)))
        {
          unsigned HOST_WIDE_INT bytes;
          int direction = cudajit_array_param (TREE_TYPE (kernel), index,
                                               &bounds, &expressions, &bytes);
          name = DECL_NAME (parm) ? IDENTIFIER_POINTER (DECL_NAME (parm))
                                  : "(unnamed)";
          copies = (direction == CUDAJIT_COPY_IN    ? copy_in
                    : direction == CUDAJIT_COPY_OUT ? copy_out
                    : direction                     ? copy_both
                                                    : "");
          aliasing = !restrict_params                   ? ""
                     : cudajit_read_only_param_p (parm) ? read_only
                                                        : restrict_mark;
        }
      else
        {
          bool specializable = index < HOST_BITS_PER_WIDE_INT
                               && (specialized & HOST_WIDE_INT_1U << index);
          if (specializable)
            name = IDENTIFIER_POINTER (DECL_NAME (parm));
          snprintf (size, sizeof size, "%c%s" HOST_WIDE_INT_PRINT_UNSIGNED,
                    CUDAJIT_PARAM_SIZE_MARK,
                    !specializable                     ? ""
                    : TYPE_UNSIGNED (TREE_TYPE (parm)) ? unsigned_mark
                                                       : signed_mark,
                    tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (parm))));
        }
      text = reconcat (text, text, index ? separator : "", name, copies,
                       aliasing, size, NULL);
    }
  return text;
}

/* The unit's module handle, made at its first use.  */
static tree
unit_module (void)
{
  if (!module_handle)
    module_handle = build_handle_var ("cudajit.module", false);
  return module_handle;
}

/* A constructor, named after WHAT, whose body is BODY.  */
static void
build_constructor (const char *what, tree body)
{
  char *name = concat ("cudajit.register.", what, NULL);
  tree ctor = cudajit_build_function (
      name, build_function_type_list (void_type_node, NULL_TREE), NULL_TREE,
      body);
  free (name);
  DECL_STATIC_CONSTRUCTOR (ctor) = 1;
  decl_init_priority_insert (ctor, DEFAULT_INIT_PRIORITY);
  finalize_function (ctor);
}

static tree
abi_version (void)
{
  return build_int_cst (unsigned_type_node, CUDAJIT_ABI_VERSION);
}

/* How GCC compiles KERNEL's C version, flags of enum cudajit_host_flag,
   with FIBER_FLAGS, why its threads run as fibers: -Og, too, leaves the
   loops over a block's threads slow.  */
static int
host_flags (tree kernel, int fiber_flags)
{
  bool optimized
      = opt_for_fn (kernel, optimize) && !opt_for_fn (kernel, optimize_debug);
  return ((optimized ? 0 : CUDAJIT_HOST_UNOPTIMIZED)
          | (cudajit_checking_races_p () ? CUDAJIT_HOST_CHECKS_RACES : 0)
          | fiber_flags);
}

static tree build_image_bytes (const cudajit_aot_image &image);

/* For the CPU backend, the name of the first function that KERNEL calls,
   itself or through the device functions of CALLEES defined so far, that
   it links from CUDA C (link-files.cc) and for which the program defines
   no C function, else "".  */
static tree
first_missing_c_version (tree kernel, const vec<tree> *callees)
{
  tree string_type = build_pointer_type (
      build_qualified_type (char_type_node, TYPE_QUAL_CONST));
  tree missing = build_string_literal (1, "");
  auto_vec<tree> reached;
  if (callees)
    cudajit_device_functions_reached (*callees, &reached);
  for (unsigned int i = reached.length (); i-- > 0;)
    {
      tree callee = reached[i];
      if (!cudajit_linked_callee_p (callee)
          || !cudajit_linked_function_p (callee, kernel))
        continue;
      const char *name = IDENTIFIER_POINTER (DECL_NAME (callee));
      missing = build3 (
          COND_EXPR, string_type,
          build2 (EQ_EXPR, boolean_type_node, build_fold_addr_expr (callee),
                  null_pointer_node),
          fold_convert (string_type,
                        build_string_literal (strlen (name) + 1, name)),
          fold_convert (string_type, missing));
    }
  return missing;
}

/* A constructor that registers KERNEL (see cudajit-abi.h), which calls
   CALLEES.  */
static void
build_registration (tree kernel, const char *cuda_source, tree host_entry,
                    unsigned HOST_WIDE_INT static_shared_bytes,
                    enum cudajit_host_entry host_entry_kind, int fiber_flags,
                    unsigned HOST_WIDE_INT specialized,
                    const vec<tree> *callees)
{
  char *params = describe_params (kernel, specialized);
  char *prelude = cudajit_cuda_prelude (cuda_source);
  struct record r = build_function_record (CUDAJIT_RECORD_KIND_KERNEL, kernel,
                                           prelude, cuda_source);
  tree call = build_call_expr_loc (
      DECL_SOURCE_LOCATION (kernel),
      cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_KERNEL, NULL_TREE), 13,
      abi_version (), build_fold_addr_expr (cudajit_kernel_handle (kernel)),
      build_fold_addr_expr (unit_module ()),
      record_field (r, CUDAJIT_RECORD_UNIT),
      record_field (r, CUDAJIT_RECORD_PRELUDE),
      record_field (r, CUDAJIT_RECORD_NAME),
      record_field (r, CUDAJIT_RECORD_CUDA_SOURCE),
      build_fold_addr_expr (host_entry),
      build_string_literal (strlen (params) + 1, params),
      size_int (static_shared_bytes),
      build_int_cst (integer_type_node, host_entry_kind),
      build_int_cst (integer_type_node, compile_flags (kernel)),
      build_int_cst (integer_type_node, host_flags (kernel, fiber_flags)));
  free (params);
  free (prelude);
  tree body = alloc_stmt_list ();
  append_to_statement_list (call, &body);
  char *linked = cudajit_kernel_link_paths (kernel);
  if (*linked)
    append_to_statement_list (
        build_call_expr (
            cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_LINKED, NULL_TREE), 4,
            abi_version (), cudajit_kernel_handle (kernel),
            build_string_literal (strlen (linked) + 1, linked),
            first_missing_c_version (kernel, callees)),
        &body);
  free (linked);
  auto_vec<const cudajit_linked_file *> files;
  cudajit_kernel_linked_files (kernel, &files);
  for (const cudajit_linked_file *f : files)
    if (f->kind != CUDAJIT_LINKED_CUDA)
      {
        cudajit_aot_image image = { f->path, f->bytes, f->size };
        append_to_statement_list (
            build_call_expr (
                cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_LINKED_CODE,
                                     NULL_TREE),
                6, abi_version (), cudajit_kernel_handle (kernel),
                build_string_literal (strlen (f->path) + 1, f->path),
                build_fold_addr_expr (build_image_bytes (image)),
                size_int (f->size),
                build_int_cst (integer_type_node, f->kind)),
            &body);
      }
  build_constructor (IDENTIFIER_POINTER (DECL_NAME (kernel)), body);
  if (!kernel_flags.contains (compile_flags (kernel)))
    kernel_flags.safe_push (compile_flags (kernel));
}

/* A constructor that registers FNDECL, a device function.  */
static void
build_code_registration (tree fndecl, const char *cuda_source)
{
  char *prelude = cudajit_cuda_prelude (cuda_source);
  struct record r = build_function_record (CUDAJIT_RECORD_KIND_CODE, fndecl,
                                           prelude, cuda_source);
  tree call = build_call_expr_loc (
      DECL_SOURCE_LOCATION (fndecl),
      cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_CODE, NULL_TREE), 6,
      abi_version (), build_fold_addr_expr (unit_module ()),
      record_field (r, CUDAJIT_RECORD_UNIT),
      record_field (r, CUDAJIT_RECORD_PRELUDE),
      record_field (r, CUDAJIT_RECORD_CUDA_SOURCE),
      build_int_cst (integer_type_node, compile_flags (fndecl)));
  free (prelude);
  build_constructor (IDENTIFIER_POINTER (DECL_NAME (fndecl)), call);
}

static void
add_to_dump (const char *cuda_source)
{
  /* As the runtime puts it together for NVRTC.  */
  char *prelude = cudajit_cuda_prelude (cuda_source);
  unit_cuda_source
      = reconcat (unit_cuda_source, unit_cuda_source ? unit_cuda_source : "",
                  prelude, cuda_source, NULL);
  free (prelude);
}

void
cudajit_embed_kernel (tree fndecl, const char *cuda_source,
                      unsigned HOST_WIDE_INT static_shared_bytes,
                      const vec<tree> &callees,
                      unsigned HOST_WIDE_INT specialized)
{
  enum cudajit_host_entry kind;
  int fiber_flags;
  tree host_entry = cudajit_host_entry (fndecl, &callees, &kind, &fiber_flags);
  define_kernel_handle (cudajit_kernel_handle (fndecl));
  /* The files it links come first, so that its code sees what they
     declare.  */
  char *linked = cudajit_kernel_link_text (fndecl);
  char *source = concat (linked, cuda_source, NULL);
  build_registration (fndecl, source, host_entry, static_shared_bytes, kind,
                      fiber_flags, specialized, &callees);
  add_to_dump (source);
  free (source);
  free (linked);
}

void
cudajit_embed_whole_kernel (tree fndecl, const char *cuda_source)
{
  enum cudajit_host_entry kind;
  int fiber_flags;
  tree host_entry = cudajit_host_entry (fndecl, NULL, &kind, &fiber_flags);
  define_kernel_handle (cudajit_kernel_handle (fndecl));
  build_registration (fndecl, cuda_source, host_entry, 0, kind, fiber_flags, 0,
                      NULL);
  add_to_dump (cuda_source);
}

void
cudajit_embed_device_function (tree fndecl, const char *cuda_source)
{
  build_code_registration (fndecl, cuda_source);
  add_to_dump (cuda_source);
}

/* The device variables that the unit's CUDA C defines, in the order that
   its functions first use them; reachable from the unit.  */
static vec<tree> device_variables;

static tree
note_device_variable (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  /* A constant is its value in the CUDA C, which defines no variable.  */
  else if (cudajit_device_variable_p (*tp) && !cudajit_constant_value (*tp)
           && !device_variables.contains (*tp))
    device_variables.safe_push (*tp);
  return NULL_TREE;
}

void
cudajit_embed_device_variables (tree body)
{
  walk_tree_without_duplicates (&body, note_device_variable, NULL);
}

/* A constructor that registers VAR, a device variable of the unit's module
   of compile flags FLAGS.  */
static void
build_variable_registration (tree var, int flags)
{
  char *name = cudajit_device_variable_cuda_name (var);
  const char *unit = lbasename (main_input_filename);
  tree call = build_call_expr_loc (
      DECL_SOURCE_LOCATION (var),
      cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_VARIABLE, NULL_TREE), 7,
      abi_version (), build_fold_addr_expr (unit_module ()),
      build_string_literal (strlen (unit) + 1, unit),
      build_string_literal (strlen (name) + 1, name),
      build_fold_addr_expr (var),
      fold_convert (size_type_node, TYPE_SIZE_UNIT (TREE_TYPE (var))),
      build_int_cst (integer_type_node, flags));
  build_constructor (name, call);
  free (name);
}

void
cudajit_embed_variable_registrations (void)
{
  if (device_variables.is_empty () || seen_error ())
    return;
  /* Each set of compile flags is a module of its own, which would have
     a copy of its own of each variable.  */
  if (kernel_flags.length () > 1)
    {
      error_at (DECL_SOURCE_LOCATION (device_variables[0]),
                "device variable %qD is used in a translation unit whose "
                "kernels have different compile options; the kernels that "
                "share device variables must have the same options",
                device_variables[0]);
      return;
    }
  int flags
      = kernel_flags.is_empty () ? unit_compile_flags () : kernel_flags[0];
  for (tree var : device_variables)
    build_variable_registration (var, flags);
}

/* IMAGE's bytes, read-only data of the unit: code compiled ahead of
   time, or that a kernel links.  */
static tree
build_image_bytes (const cudajit_aot_image &image)
{
  /* Unique in the unit, which is as simple and as good.  */
  static unsigned int images;
  char name[32];
  snprintf (name, sizeof name, "cudajit.image.%u", images++);
  tree type = build_array_type_nelts (unsigned_char_type_node, image.size);
  tree bytes = build_string (image.size, image.code);
  TREE_TYPE (bytes) = type;
  tree var
      = build_decl (UNKNOWN_LOCATION, VAR_DECL, get_identifier (name), type);
  TREE_STATIC (var) = 1;
  TREE_READONLY (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  /* The driver reads a cubin's ELF headers in place.  */
  SET_DECL_ALIGN (var, BIGGEST_ALIGNMENT);
  DECL_USER_ALIGN (var) = 1;
  DECL_INITIAL (var) = bytes;
  varpool_node::finalize_decl (var);
  return var;
}

/* A constructor that registers IMAGES, the code of the unit's module of
   compile flags FLAGS (see cudajit-abi.h).  */
static void
build_image_registration (int flags, const vec<cudajit_aot_image> &images)
{
  tree body = alloc_stmt_list ();
  for (const cudajit_aot_image &image : images)
    {
      struct record r = build_registration_record (CUDAJIT_RECORD_KIND_IMAGE,
                                                   flags, image.name, "", "");
      append_to_statement_list (
          build_call_expr (
              cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_IMAGE, NULL_TREE), 7,
              abi_version (), build_fold_addr_expr (unit_module ()),
              record_field (r, CUDAJIT_RECORD_UNIT),
              record_field (r, CUDAJIT_RECORD_NAME),
              build_fold_addr_expr (build_image_bytes (image)),
              size_int (image.size), build_int_cst (integer_type_node, flags)),
          &body);
    }
  char what[32];
  snprintf (what, sizeof what, "images.%d", flags);
  build_constructor (what, body);
}

/* Whether the unit's kernels call device functions of other units, whose
   code the whole unit's CUDA C lacks.  */
static bool unit_imports;

void
cudajit_embed_linkage (void)
{
  char *exports, *imports;
  const char *unit = lbasename (main_input_filename);
  cudajit_device_function_linkage (&exports, &imports);
  unit_imports = *imports;
  if (*exports || *imports)
    build_constructor (
        "linkage",
        build_call_expr (
            cudajit_entry_point (CUDAJIT_ENTRY_REGISTER_LINKAGE, NULL_TREE), 5,
            abi_version (), build_fold_addr_expr (unit_module ()),
            build_string_literal (strlen (unit) + 1, unit),
            build_string_literal (strlen (exports) + 1, exports),
            build_string_literal (strlen (imports) + 1, imports)));
  free (exports);
  free (imports);
}

/* A unit whose kernels call other units' device functions, or link code
   for the driver, is compiled relocatable and linked at run time.  */
void
cudajit_embed_images (void)
{
  if (!unit_cuda_source || !cudajit_ahead_of_time_p () || seen_error ()
      || unit_imports || cudajit_unit_links_code_p ())
    return;
  for (int flags : kernel_flags)
    {
      auto_vec<cudajit_aot_image> images;
      cudajit_compile_ahead_of_time (unit_cuda_source, flags, &images);
      if (!images.is_empty ())
        build_image_registration (flags, images);
      for (cudajit_aot_image &image : images)
        {
          free (image.name);
          free (image.code);
        }
    }
}

/* The name of the unit's dump: its file name, for the reader, and a hash
   of its absolute path, so that units of the same name in different
   directories do not overwrite each other's, and a unit keeps its name
   whatever the directory it is compiled from.  */
static char *
dump_name (void)
{
  char *absolute = realpath (main_input_filename, NULL);
  unsigned hash = crc32_string (0, absolute ? absolute : main_input_filename);
  char *name = xasprintf ("%s.%08x.cu", lbasename (main_input_filename), hash);
  free (absolute);
  return name;
}

void
cudajit_write_dump (const char *dir)
{
  if (!unit_cuda_source)
    return;
  cudajit_write_linked_files (dir);
  char *name = dump_name ();
  char *path = concat (dir, "/", name, NULL);
  FILE *out = fopen (path, "w");
  if (!out || fputs (unit_cuda_source, out) == EOF || fclose (out) != 0)
    error ("cudajit: cannot write the generated CUDA C to %qs: %m", path);
  free (path);
  free (name);
}
