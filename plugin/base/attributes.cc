/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cuda_jit attribute, which marks a C function as a kernel, with
   its compile options as arguments;
   cuda_device, which marks one that kernels call (Numba's
   @cuda.jit(device=True)), or a variable in device memory (CUDA's
   __device__); and cuda_shared, which puts an array of a
   kernel in the block's shared memory (Numba's cuda.shared.array).  */

#include "cudajit-plugin.h"

/* The kernel options of the arguments of cuda_jit, the table of
   cudajit-compile-options.def.  */
struct compile_option
{
  const char *name;
  int value;
  int sets, clears;
};

static const struct compile_option compile_options[] = {
#define DEF_CUDAJIT_COMPILE_OPTION(name, value, sets, clears, nvrtc)          \
  { name, value, sets, clears },
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_COMPILE_OPTION
};

#define COMPILE_OPTION_COUNT                                                  \
  (sizeof compile_options / sizeof compile_options[0])

/* The entries in SEEN (see parse_option) of the options that are no
   row of the table.  */
#define MAX_REGISTERS_ENTRY ((int) COMPILE_OPTION_COUNT)
#define LAUNCH_BOUNDS_ENTRY ((int) COMPILE_OPTION_COUNT + 1)
#define SPECIALIZE_ENTRY ((int) COMPILE_OPTION_COUNT + 2)
#define SHARED_CARVEOUT_ENTRY ((int) COMPILE_OPTION_COUNT + 3)

/* The names that shared_carveout takes as Numba does, by the percentage
   of shared memory that each is; "default", the driver's choice, is
   none, as if the option were not there.  */
static const struct
{
  const char *name;
  int percent;
} carveout_names[] = { { "MaxL1", 0 },
                       { "MaxShared", CUDAJIT_COMPILE_SHARED_CARVEOUT_LIMIT },
                       { "default", -1 } };

/* The most blocks of a multiprocessor that launch_bounds may ask for: as
   many as a multiprocessor of an H100 holds.  */
static const int launch_min_blocks_limit = 32;

/* What the arguments of cuda_jit say: the flags of enum
   cudajit_compile_flag that they set and clear, the most registers, 0 for
   no limit, the launch bounds, 0 for none, and the percentage of shared
   memory, -1 for the driver's choice.  */
struct kernel_options
{
  int sets, clears;
  int max_registers;
  int launch_threads, launch_min_blocks;
  int shared_carveout;
};
#define NO_KERNEL_OPTIONS                                                     \
  {                                                                           \
    0, 0, 0, 0, 0, -1                                                         \
  }

/* Whether TEXT's NAME_LENGTH first characters name the specialize
   option.  */
static bool
specialize_option_p (const char *text, size_t name_length)
{
  return (name_length == strlen (CUDAJIT_SPECIALIZE_OPTION_NAME)
          && strncmp (text, CUDAJIT_SPECIALIZE_OPTION_NAME, name_length) == 0);
}

/* Whether NAMES, the value of "specialize=NAMES", is
   CUDAJIT_SPECIALIZE_OFF or names separated by commas, each once; if one
   is there twice, it in *TWICE, malloc'ed.  Whether they are the
   kernel's integer parameters is checked once it is defined
   (specialize.cc).  */
static bool
good_specialize_names (const char *names, char **twice)
{
  *twice = NULL;
  if (strcmp (names, CUDAJIT_SPECIALIZE_OFF) == 0)
    return true;
  for (const char *name = names;; name++)
    {
      size_t length = 0;
      while (ISIDNUM (name[length]))
        length++;
      if (!length || ISDIGIT (*name) || (name[length] && name[length] != ','))
        return false;
      for (const char *other = names; other < name;
           other += strcspn (other, ",") + 1)
        if (strcspn (other, ",") == length
            && strncmp (other, name, length) == 0)
          {
            *twice = xstrndup (name, length);
            return false;
          }
      name += length;
      if (!*name)
        return true;
    }
}

/* The value of TEXT, digits alone, or -1; at most LIMIT + 1.  */
static int
parse_count (const char *text, int limit)
{
  int count = 0;
  if (!*text)
    return -1;
  for (; *text; text++)
    if (!ISDIGIT (*text))
      return -1;
    else if (count <= limit)
      count = count * 10 + (*text - '0');
  return MIN (count, limit + 1);
}

/* The value of "launch_bounds=TEXT", TEXT "THREADS" or
   "THREADS,MIN_BLOCKS", into *OPTIONS; false if it is bad.  */
static bool
parse_launch_bounds (const char *text, struct kernel_options *options)
{
  const char *comma = strchr (text, ',');
  char *threads_text = xstrndup (text, comma ? comma - text : strlen (text));
  int threads
      = parse_count (threads_text, CUDAJIT_COMPILE_LAUNCH_BOUNDS_LIMIT);
  int min_blocks
      = comma ? parse_count (comma + 1, launch_min_blocks_limit) : 0;
  free (threads_text);
  if (threads < 1 || threads > CUDAJIT_COMPILE_LAUNCH_BOUNDS_LIMIT
      || (comma && (min_blocks < 1 || min_blocks > launch_min_blocks_limit)))
    return false;
  options->launch_threads = threads;
  options->launch_min_blocks = min_blocks;
  return true;
}

/* The value of "shared_carveout=TEXT": a percentage, -1 for the driver's
   choice, or -2 if TEXT is bad.  */
static int
parse_shared_carveout (const char *text)
{
  for (const auto &name : carveout_names)
    if (strcmp (text, name.name) == 0)
      return name.percent;
  int percent = parse_count (text, CUDAJIT_COMPILE_SHARED_CARVEOUT_LIMIT);
  return percent < 0 || percent > CUDAJIT_COMPILE_SHARED_CARVEOUT_LIMIT
             ? -2
             : percent;
}

/* Fold the option ARGUMENT into *OPTIONS, where SEEN says which names
   were already given, by their first entry in the table, or
   MAX_REGISTERS_ENTRY, LAUNCH_BOUNDS_ENTRY or SHARED_CARVEOUT_ENTRY.
   Diagnose a bad one at LOC, if
   DIAGNOSE, and return false.  */
static bool
parse_option (tree argument, location_t loc, bool diagnose,
              struct kernel_options *options, auto_vec<int> &seen,
              auto_vec<int> &seen_values)
{
  if (TREE_CODE (argument) != STRING_CST)
    {
      if (diagnose)
        error_at (loc, "the arguments of %<cuda_jit%> are strings, such as "
                       "%<\"fastmath\"%> or %<\"max_registers=64\"%>");
      return false;
    }
  const char *text = TREE_STRING_POINTER (argument);
  /* Several files may be linked; none sets a flag.  */
  if (cudajit_link_option_p (text))
    return !diagnose || cudajit_check_link_option (text, loc);
  const char *equals = strchr (text, '=');
  size_t name_length = equals ? (size_t) (equals - text) : strlen (text);
  const char *value_text = equals ? equals + 1 : "1";
  int entry = -1;
  int value;
  struct kernel_options bounds = NO_KERNEL_OPTIONS;
  if (specialize_option_p (text, name_length))
    {
      /* Its names are checked against the parameters once the kernel is
         defined (specialize.cc).  */
      entry = SPECIALIZE_ENTRY;
      /* Names that differ are values that conflict.  */
      value = equals ? (int) (htab_hash_string (equals + 1) & INT_MAX) : 0;
      if (!equals || !equals[1])
        {
          if (diagnose)
            error_at (loc,
                      "kernel option %qs needs the names of parameters, as "
                      "in %<specialize=n,m%>, or %<specialize=0%>",
                      text);
          return false;
        }
      char *twice;
      if (!good_specialize_names (equals + 1, &twice))
        {
          if (diagnose && twice)
            error_at (loc, "kernel option %qs names parameter %qs twice", text,
                      twice);
          else if (diagnose)
            error_at (loc,
                      "kernel option %qs needs the names of parameters "
                      "separated by commas, as in %<specialize=n,m%>, or "
                      "%<specialize=0%>",
                      text);
          free (twice);
          return false;
        }
    }
  else if (name_length == strlen (CUDAJIT_COMPILE_LAUNCH_BOUNDS_NAME)
           && strncmp (text, CUDAJIT_COMPILE_LAUNCH_BOUNDS_NAME, name_length)
                  == 0)
    {
      entry = LAUNCH_BOUNDS_ENTRY;
      if (!equals || !parse_launch_bounds (value_text, &bounds))
        {
          if (diagnose)
            error_at (loc,
                      "kernel option %qs needs the most threads of a block, "
                      "from 1 to %d, and maybe the fewest blocks of a "
                      "multiprocessor, from 1 to %d, as in "
                      "%<launch_bounds=256%> or %<launch_bounds=256,2%>",
                      text, CUDAJIT_COMPILE_LAUNCH_BOUNDS_LIMIT,
                      launch_min_blocks_limit);
          return false;
        }
      value = bounds.launch_threads * (launch_min_blocks_limit + 1)
              + bounds.launch_min_blocks;
    }
  else if (name_length == strlen (CUDAJIT_COMPILE_SHARED_CARVEOUT_NAME)
           && strncmp (text, CUDAJIT_COMPILE_SHARED_CARVEOUT_NAME, name_length)
                  == 0)
    {
      entry = SHARED_CARVEOUT_ENTRY;
      value = parse_shared_carveout (equals ? value_text : "");
      if (value < -1)
        {
          if (diagnose)
            error_at (loc,
                      "kernel option %qs needs the percentage of the L1 "
                      "cache and shared memory that shared memory should "
                      "have, from 0 to %d, or %<MaxL1%>, %<MaxShared%> or "
                      "%<default%>, as in %<shared_carveout=50%>",
                      text, CUDAJIT_COMPILE_SHARED_CARVEOUT_LIMIT);
          return false;
        }
    }
  else if (name_length == strlen (CUDAJIT_COMPILE_MAX_REGISTERS_NAME)
           && strncmp (text, CUDAJIT_COMPILE_MAX_REGISTERS_NAME, name_length)
                  == 0)
    {
      entry = MAX_REGISTERS_ENTRY;
      value = equals ? parse_count (value_text,
                                    CUDAJIT_COMPILE_MAX_REGISTERS_LIMIT)
                     : -1;
      if (value < 1 || value > CUDAJIT_COMPILE_MAX_REGISTERS_LIMIT)
        {
          if (diagnose)
            error_at (loc,
                      "kernel option %qs needs a count of registers from 1 "
                      "to %d, as in %<max_registers=64%>",
                      text, CUDAJIT_COMPILE_MAX_REGISTERS_LIMIT);
          return false;
        }
    }
  else
    {
      for (unsigned int i = 0; i < COMPILE_OPTION_COUNT && entry < 0; i++)
        if (strlen (compile_options[i].name) == name_length
            && strncmp (compile_options[i].name, text, name_length) == 0)
          entry = i;
      if (entry < 0)
        {
          if (diagnose)
            error_at (loc,
                      "unknown kernel option %qs; the options are "
                      "%<fastmath%>, %<opt%>, %<debug%>, %<lineinfo%>, "
                      "each maybe %<=0%> or %<=1%>, %<max_registers=N%>, "
                      "%<launch_bounds=THREADS[,MIN_BLOCKS]%>, "
                      "%<shared_carveout=N%>, %<specialize=n,m%> and "
                      "%<link=FILE%>",
                      text);
          return false;
        }
      value = parse_count (value_text, 1);
      if (value < 0 || value > 1)
        {
          if (diagnose)
            error_at (loc, "kernel option %qs takes %<=0%> or %<=1%>", text);
          return false;
        }
    }
  for (unsigned int i = 0; i < seen.length (); i++)
    if (seen[i] == entry)
      {
        if (diagnose && seen_values[i] == value)
          error_at (loc, "kernel option %<%.*s%> is given twice",
                    (int) name_length, text);
        else if (diagnose)
          error_at (loc, "conflicting values of kernel option %<%.*s%>",
                    (int) name_length, text);
        return false;
      }
  seen.safe_push (entry);
  seen_values.safe_push (value);
  if (entry == SPECIALIZE_ENTRY)
    return true;
  if (entry == MAX_REGISTERS_ENTRY)
    {
      options->max_registers = value;
      return true;
    }
  if (entry == LAUNCH_BOUNDS_ENTRY)
    {
      options->launch_threads = bounds.launch_threads;
      options->launch_min_blocks = bounds.launch_min_blocks;
      return true;
    }
  if (entry == SHARED_CARVEOUT_ENTRY)
    {
      options->shared_carveout = value;
      return true;
    }
  for (const struct compile_option &option : compile_options)
    if (strcmp (option.name, compile_options[entry].name) == 0
        && option.value == value)
      {
        options->sets = (options->sets & ~option.clears) | option.sets;
        options->clears = (options->clears & ~option.sets) | option.clears;
        return true;
      }
  if (diagnose)
    error_at (loc,
              "kernel option %qs cannot be turned off; kernels always have "
              "it",
              text);
  return false;
}

/* The options of ARGUMENTS, those of a cuda_jit attribute, diagnosed at
   LOC if DIAGNOSE, into *OPTIONS, and their entries and values into SEEN
   and SEEN_VALUES as parse_option says.  Return false if one is bad.  */
static bool
parse_options (tree arguments, location_t loc, bool diagnose,
               struct kernel_options *options, auto_vec<int> &seen,
               auto_vec<int> &seen_values)
{
  bool good = true;
  for (tree argument = arguments; argument; argument = TREE_CHAIN (argument))
    good &= parse_option (TREE_VALUE (argument), loc, diagnose, options, seen,
                          seen_values);
  return good;
}

/* The options of all FNDECL's cuda_jit attributes, taken as good.  */
static struct kernel_options
kernel_options_of (const_tree fndecl)
{
  struct kernel_options options = NO_KERNEL_OPTIONS;
  for (tree attribute
       = lookup_attribute ("cuda_jit", DECL_ATTRIBUTES (fndecl));
       attribute;
       attribute = lookup_attribute ("cuda_jit", TREE_CHAIN (attribute)))
    {
      auto_vec<int> seen, seen_values;
      parse_options (TREE_VALUE (attribute), UNKNOWN_LOCATION, false, &options,
                     seen, seen_values);
    }
  return options;
}

int
cudajit_kernel_compile_flags (const_tree fndecl, int unit_flags)
{
  struct kernel_options options = kernel_options_of (fndecl);
  return ((unit_flags & ~options.clears) | options.sets
          | options.max_registers << CUDAJIT_COMPILE_MAX_REGISTERS_SHIFT
          | options.launch_threads << CUDAJIT_COMPILE_LAUNCH_BOUNDS_SHIFT
          | (options.shared_carveout + 1)
                << CUDAJIT_COMPILE_SHARED_CARVEOUT_SHIFT);
}

int
cudajit_kernel_launch_bounds (const_tree fndecl, int *min_blocks)
{
  struct kernel_options options = kernel_options_of (fndecl);
  *min_blocks = options.launch_min_blocks;
  return options.launch_threads;
}

const char *
cudajit_kernel_specialize_option (const_tree fndecl)
{
  for (tree attribute
       = lookup_attribute ("cuda_jit", DECL_ATTRIBUTES (fndecl));
       attribute;
       attribute = lookup_attribute ("cuda_jit", TREE_CHAIN (attribute)))
    for (tree argument = TREE_VALUE (attribute); argument;
         argument = TREE_CHAIN (argument))
      {
        tree value = TREE_VALUE (argument);
        if (TREE_CODE (value) != STRING_CST)
          continue;
        const char *text = TREE_STRING_POINTER (value);
        const char *equals = strchr (text, '=');
        char *twice;
        if (equals && specialize_option_p (text, equals - text))
          {
            /* A bad list was diagnosed with the attribute.  */
            bool good = good_specialize_names (equals + 1, &twice);
            free (twice);
            return good ? equals + 1 : NULL;
          }
      }
  return NULL;
}

/* The CPU backend's twin of fastmath: GCC's -ffast-math for the kernel's
   C version, as if it said __attribute__ ((optimize ("fast-math"))); its
   host entry takes the kernel's optimizations (block-function.cc).  */
static void
use_fast_math_on_cpu (tree *node)
{
  static const char fast_math[] = "fast-math";
  tree attribute = build_tree_list (
      get_identifier ("optimize"),
      build_tree_list (NULL_TREE,
                       build_string (sizeof fast_math - 1, fast_math)));
  decl_attributes (node, attribute, 0);
}

static tree
handle_cuda_jit_attribute (tree *node, tree name, tree args, int, bool *no_add)
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
  struct kernel_options options = NO_KERNEL_OPTIONS;
  auto_vec<int> seen, seen_values;
  if (parse_options (args, DECL_SOURCE_LOCATION (decl), true, &options, seen,
                     seen_values)
      && (options.sets & CUDAJIT_COMPILE_FAST_MATH))
    use_fast_math_on_cpu (node);
  return NULL_TREE;
}

/* On a function, one that kernels call; on a variable of file scope, a
   device variable, CUDA's __device__ variable.  */
static tree
handle_cuda_device_attribute (tree *node, tree name, tree, int, bool *no_add)
{
  tree decl = *node;
  if (TREE_CODE (decl) == FUNCTION_DECL)
    return NULL_TREE;
  if (!VAR_P (decl) || current_function_decl
      || !(TREE_STATIC (decl) || DECL_EXTERNAL (decl)))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "%qE attribute applies only to functions and to variables "
                "of file scope",
                name);
      *no_add = true;
    }
  else if (DECL_THREAD_LOCAL_P (decl))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "device variable %qD cannot be thread-local", decl);
      *no_add = true;
    }
  return NULL_TREE;
}

/* Shared memory: static variables of a kernel or a device function,
   arrays or not, as CUDA's __shared__; and extern arrays without a size,
   the dynamic shared memory, which the subset check requires of an
   extern one.  */
static tree
handle_cuda_shared_attribute (tree *node, tree name, tree, int, bool *no_add)
{
  tree decl = *node;
  if (!VAR_P (decl) || !(TREE_STATIC (decl) || DECL_EXTERNAL (decl)))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "%qE attribute applies only to static variables and extern "
                "arrays",
                name);
      *no_add = true;
    }
  /* Those of device functions are diagnosed with the function's other
     constructs.  */
  else if (!current_function_decl)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "shared %s %qD can be declared only in a kernel, not at "
                "file scope",
                cudajit_shared_kind (decl), decl);
      *no_add = true;
    }
  else if (!cudajit_kernel_p (current_function_decl)
           && !cudajit_device_function_p (current_function_decl))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
                "shared %s %qD can be declared only in a kernel, not in "
                "function %qD",
                cudajit_shared_kind (decl), decl, current_function_decl);
      *no_add = true;
    }
  return NULL_TREE;
}

static const struct attribute_spec cuda_jit_attribute = {
  "cuda_jit", 0, -1, true, false, false, false, handle_cuda_jit_attribute, NULL
};

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

/* In C++, where GCC alone would say that it ignores the attribute, and
   the kernel would be a host function.  */
static tree
handle_attribute_in_cxx (tree *node, tree name, tree, int, bool *no_add)
{
  location_t loc
      = DECL_P (*node) ? DECL_SOURCE_LOCATION (*node) : input_location;
  error_at (loc,
            "kernels can be written only in C, not C++: the %qE attribute "
            "is for C files compiled by gcc with the plugin",
            name);
  *no_add = true;
  return NULL_TREE;
}

static const struct attribute_spec cxx_attributes[]
    = { { "cuda_jit", 0, -1, false, false, false, false,
          handle_attribute_in_cxx, NULL },
        { "cuda_device", 0, -1, false, false, false, false,
          handle_attribute_in_cxx, NULL },
        { "cuda_shared", 0, -1, false, false, false, false,
          handle_attribute_in_cxx, NULL } };

void
cudajit_register_cxx_attributes (void *, void *)
{
  for (const struct attribute_spec &attribute : cxx_attributes)
    register_attribute (&attribute);
}

bool
cudajit_shared_p (const_tree decl)
{
  return (VAR_P (decl)
          && lookup_attribute ("cuda_shared", DECL_ATTRIBUTES (decl)));
}

const char *
cudajit_shared_kind (const_tree decl)
{
  return TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE ? "array" : "variable";
}

bool
cudajit_device_variable_p (const_tree decl)
{
  return (VAR_P (decl)
          && lookup_attribute ("cuda_device", DECL_ATTRIBUTES (decl)));
}

bool
cudajit_device_marked_p (const_tree fndecl)
{
  return (TREE_CODE (fndecl) == FUNCTION_DECL
          && lookup_attribute ("cuda_device", DECL_ATTRIBUTES (fndecl)));
}

bool
cudajit_device_function_p (const_tree fndecl)
{
  return (cudajit_device_marked_p (fndecl)
          || (!TREE_PUBLIC (fndecl) && !fndecl_built_in_p (fndecl)));
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
/* Those whose cuda_jit attributes contradict each other, reported.  */
static hash_set<tree> *conflicting_kernels;

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

/* The name of the option that two of FNDECL's cuda_jit attributes give
   different values, each good by itself, or null.  GCC keeps each
   attribute of a declaration, and merges those of its declarations, but
   calls the handler for one at a time: the prototype's are not the
   definition's yet.  */
static const char *
conflicting_option (const_tree fndecl)
{
  auto_vec<int> all, all_values;
  for (tree attribute
       = lookup_attribute ("cuda_jit", DECL_ATTRIBUTES (fndecl));
       attribute;
       attribute = lookup_attribute ("cuda_jit", TREE_CHAIN (attribute)))
    {
      struct kernel_options options = NO_KERNEL_OPTIONS;
      auto_vec<int> seen, seen_values;
      parse_options (TREE_VALUE (attribute), UNKNOWN_LOCATION, false, &options,
                     seen, seen_values);
      for (unsigned int i = 0; i < seen.length (); i++)
        for (unsigned int j = 0; j < all.length (); j++)
          if (all[j] == seen[i] && all_values[j] != seen_values[i])
            return (seen[i] == SPECIALIZE_ENTRY
                        ? CUDAJIT_SPECIALIZE_OPTION_NAME
                    : seen[i] == MAX_REGISTERS_ENTRY
                        ? CUDAJIT_COMPILE_MAX_REGISTERS_NAME
                    : seen[i] == LAUNCH_BOUNDS_ENTRY
                        ? CUDAJIT_COMPILE_LAUNCH_BOUNDS_NAME
                    : seen[i] == SHARED_CARVEOUT_ENTRY
                        ? CUDAJIT_COMPILE_SHARED_CARVEOUT_NAME
                        : compile_options[seen[i]].name);
      all.safe_splice (seen);
      all_values.safe_splice (seen_values);
    }
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
  if (!reported_kernels)
    reported_kernels = new hash_set<tree>;
  const char *option = conflicting_option (fndecl);
  if (option && !conflicting_kernels)
    conflicting_kernels = new hash_set<tree>;
  if (option && !conflicting_kernels->add (fndecl))
    {
      error_at (DECL_SOURCE_LOCATION (fndecl),
                "conflicting values of kernel option %qs", option);
      inform (DECL_SOURCE_LOCATION (fndecl),
              "the %<cuda_jit%> attributes of a kernel, on all its "
              "declarations, give its options together");
    }
  const char *attribute = forbidden_attribute (fndecl);
  if (attribute && !reported_kernels->add (fndecl))
    error_at (DECL_SOURCE_LOCATION (fndecl),
              "kernel %qD cannot have the %qs attribute; a kernel runs only "
              "through %<cuda_launch%>",
              fndecl, attribute);
}
