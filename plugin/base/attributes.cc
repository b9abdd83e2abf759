/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cuda_jit attribute, which marks a C function as a kernel, with
   its compile options as arguments;
   cuda_device, which marks one that kernels call (Numba's
   @cuda.jit(device=True)), or a variable in device memory (CUDA's
   __device__); and cuda_shared, which puts an array of a
   kernel in the block's shared memory (Numba's cuda.shared.array).  */

#include "cudajit-plugin.h"

/* The kernel options of the arguments of cuda_jit, the rows of
   cudajit-compile-options.def: how each is parsed, by its type.  */
enum kernel_option_type
{
  SWITCH_OPTION,
  COUNT_OPTION,
  COUNTS_OPTION,
  PERCENTAGE_OPTION,
  NAMES_OPTION,
  FILE_OPTION
};

struct kernel_option
{
  const char *name;
  enum kernel_option_type type;
  /* What a value is, from MIN to MAX, and for COUNTS_OPTION what the
     number after the comma is, from MORE_MIN to MORE_MAX; EXAMPLE is a
     good value.  */
  const char *what;
  int min, max;
  const char *more;
  int more_min, more_max;
  const char *example;
};

#define SWITCH SWITCH_OPTION, NULL, 0, 1, NULL, 0, 0, NULL
#define COUNT(what, min, max, example)                                        \
  COUNT_OPTION, what, min, max, NULL, 0, 0, example
#define COUNTS(what, min, max, more, more_min, more_max, example)             \
  COUNTS_OPTION, what, min, max, more, more_min, more_max, example
#define PERCENTAGE(what, max, example)                                        \
  PERCENTAGE_OPTION, what, 0, max, NULL, 0, 0, example
#define NAMES(what, example) NAMES_OPTION, what, 0, 0, NULL, 0, 0, example
#define FILE_NAME(what, example) FILE_OPTION, what, 0, 0, NULL, 0, 0, example
static const struct kernel_option option_table[] = {
#define DEF_CUDAJIT_KERNEL_OPTION(id, name, type, default_, syntax, gpu, cpu) \
  { name, type },
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_KERNEL_OPTION
};
#undef SWITCH
#undef COUNT
#undef COUNTS
#undef PERCENTAGE
#undef NAMES
#undef FILE_NAME

/* The rows of option_table by their IDs.  */
enum kernel_option_id
{
#define DEF_CUDAJIT_KERNEL_OPTION(id, name, type, default_, syntax, gpu, cpu) \
  KERNEL_OPTION_##id,
#include "cudajit-compile-options.def"
#undef DEF_CUDAJIT_KERNEL_OPTION
  KERNEL_OPTION_COUNT
};

/* What the values of the switches do, the DEF_CUDAJIT_COMPILE_OPTION
   rows.  */
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

/* The names that a percentage takes as Numba's shared_carveout does;
   "default", the driver's choice, is none, as if the option were not
   there.  */
static const struct
{
  const char *name;
  int percent;
} percentage_names[]
    = { { "MaxL1", 0 },
        { "MaxShared", CUDAJIT_COMPILE_SHARED_CARVEOUT_LIMIT },
        { "default", -1 } };

/* The value of an option: a switch's 0 or 1, a count, or 0 for none, a
   percentage, or -1 for none, a hash of a list of names; MORE, the
   number after the comma of a COUNTS_OPTION, or 0.  */
struct option_value
{
  int value, more;
};

/* What the arguments of cuda_jit say: the flags of enum
   cudajit_compile_flag that they set and clear, and the values of the
   options other than switches, by their IDs.  */
struct kernel_options
{
  int sets, clears;
  struct option_value values[KERNEL_OPTION_COUNT];
};

/* A kernel's options before its arguments.  */
static struct kernel_options
no_kernel_options (void)
{
  struct kernel_options options = {};
  for (int i = 0; i < KERNEL_OPTION_COUNT; i++)
    if (option_table[i].type == PERCENTAGE_OPTION)
      options.values[i].value = -1;
  return options;
}

/* The row of the option named by TEXT's LENGTH first characters, or
   null.  */
static const struct kernel_option *
find_option (const char *text, size_t length)
{
  for (const struct kernel_option &option : option_table)
    if (strlen (option.name) == length
        && strncmp (option.name, text, length) == 0)
      return &option;
  return NULL;
}

/* ITEMS in quotes, as a diagnostic's %qs quotes, separated by commas
   and CONJUNCTION before the last; malloc'ed.  */
static char *
quoted_list (const vec<char *> &items, const char *conjunction)
{
  char *list = xstrdup ("");
  for (unsigned int i = 0; i < items.length (); i++)
    {
      char *longer = concat (list,
                             !i                        ? ""
                             : i + 1 < items.length () ? ", "
                                                       : conjunction,
                             open_quote, items[i], close_quote, NULL);
      free (list);
      list = longer;
    }
  return list;
}

/* Diagnose TEXT at LOC, an option of no row: the message lists the
   switches and the others as they are written, from the table.  */
static void
diagnose_unknown_option (const char *text, location_t loc)
{
  auto_vec<char *> switches, others;
  for (const struct kernel_option &option : option_table)
    if (option.type == SWITCH_OPTION)
      switches.safe_push (xstrdup (option.name));
    else
      others.safe_push (concat (option.name, "=", option.example, NULL));
  char *switch_list = quoted_list (switches, " and ");
  char *other_list = quoted_list (others, " and ");
  error_at (loc,
            "unknown kernel option %qs; the options are the switches %s, "
            "each maybe %<=0%> or %<=1%>, and %s",
            text, switch_list, other_list);
  free (switch_list);
  free (other_list);
  for (char *item : switches)
    free (item);
  for (char *item : others)
    free (item);
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

/* The value of the COUNTS_OPTION OPTION, TEXT "N" or "N,MORE", into
 *VALUE; false if it is bad.  */
static bool
parse_counts (const struct kernel_option *option, const char *text,
              struct option_value *value)
{
  const char *comma = strchr (text, ',');
  char *first = xstrndup (text, comma ? comma - text : strlen (text));
  int count = parse_count (first, option->max);
  int more = comma ? parse_count (comma + 1, option->more_max) : 0;
  free (first);
  if (count < option->min || count > option->max
      || (comma && (more < option->more_min || more > option->more_max)))
    return false;
  value->value = count;
  value->more = more;
  return true;
}

/* The value of the PERCENTAGE_OPTION OPTION, TEXT: a percentage, -1 for
   none, or -2 if TEXT is bad.  */
static int
parse_percentage (const struct kernel_option *option, const char *text)
{
  for (const auto &name : percentage_names)
    if (strcmp (text, name.name) == 0)
      return name.percent;
  int percent = parse_count (text, option->max);
  return percent < option->min || percent > option->max ? -2 : percent;
}

/* The value of the option TEXT, of the row OPTION, whose value follows
   EQUALS, or which has none if EQUALS is null, into *VALUE; diagnose a
   bad one at LOC, if DIAGNOSE, and return false.  */
static bool
parse_value (const struct kernel_option *option, const char *text,
             const char *equals, location_t loc, bool diagnose,
             struct option_value *value)
{
  const char *value_text = equals ? equals + 1 : "";
  value->more = 0;
  switch (option->type)
    {
    case SWITCH_OPTION:
      value->value = equals ? parse_count (value_text, 1) : 1;
      if (value->value >= 0 && value->value <= 1)
        return true;
      if (diagnose)
        error_at (loc, "kernel option %qs takes %<=0%> or %<=1%>", text);
      return false;
    case COUNT_OPTION:
      value->value = parse_count (value_text, option->max);
      if (value->value >= option->min && value->value <= option->max)
        return true;
      if (diagnose)
        error_at (loc,
                  "kernel option %qs needs %s, from %d to %d, as in %<%s=%s%>",
                  text, option->what, option->min, option->max, option->name,
                  option->example);
      return false;
    case COUNTS_OPTION:
      if (parse_counts (option, value_text, value))
        return true;
      if (diagnose)
        error_at (loc,
                  "kernel option %qs needs %s, from %d to %d, and maybe %s, "
                  "from %d to %d, as in %<%s=%.*s%> or %<%s=%s%>",
                  text, option->what, option->min, option->max, option->more,
                  option->more_min, option->more_max, option->name,
                  (int) strcspn (option->example, ","), option->example,
                  option->name, option->example);
      return false;
    case PERCENTAGE_OPTION:
      value->value = parse_percentage (option, value_text);
      if (value->value >= -1)
        return true;
      if (diagnose)
        {
          auto_vec<char *> names;
          for (const auto &name : percentage_names)
            names.safe_push (const_cast<char *> (name.name));
          char *list = quoted_list (names, " or ");
          error_at (loc,
                    "kernel option %qs needs %s, from %d to %d, or %s, as in "
                    "%<%s=%s%>",
                    text, option->what, option->min, option->max, list,
                    option->name, option->example);
          free (list);
        }
      return false;
    case NAMES_OPTION:
      {
        /* Names that differ are values that conflict.  */
        value->value = (int) (htab_hash_string (value_text) & INT_MAX);
        char *twice = NULL;
        if (*value_text && good_specialize_names (value_text, &twice))
          return true;
        if (diagnose && twice)
          error_at (loc, "kernel option %qs names parameter %qs twice", text,
                    twice);
        else if (diagnose)
          error_at (loc,
                    "kernel option %qs needs %s%s, as in %<%s=%s%>, or "
                    "%<%s=%s%>",
                    text, option->what,
                    *value_text ? " separated by commas" : "", option->name,
                    option->example, option->name, CUDAJIT_SPECIALIZE_OFF);
        free (twice);
        return false;
      }
    case FILE_OPTION:
      /* Several files may be linked, so the value is no value that
         conflicts.  */
      if (!equals && diagnose)
        error_at (loc, "kernel option %qs needs %s, as in %<%s=%s%>", text,
                  option->what, option->name, option->example);
      return equals && (!diagnose || cudajit_check_link_option (text, loc));
    }
  gcc_unreachable ();
}

/* Fold the option ARGUMENT into *OPTIONS, where SEEN says which options
   were already given, by their IDs, with which values, SEEN_VALUES.
   Diagnose a bad one at LOC, if DIAGNOSE, and return false.  */
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
  const char *equals = strchr (text, '=');
  size_t name_length = equals ? (size_t) (equals - text) : strlen (text);
  const struct kernel_option *option = find_option (text, name_length);
  if (!option)
    {
      if (diagnose)
        diagnose_unknown_option (text, loc);
      return false;
    }
  struct option_value value;
  if (!parse_value (option, text, equals, loc, diagnose, &value))
    return false;
  if (option->type == FILE_OPTION)
    return true;
  int id = option - option_table;
  /* Two numbers as one.  */
  int key = value.value * (option->more_max + 1) + value.more;
  for (unsigned int i = 0; i < seen.length (); i++)
    if (seen[i] == id)
      {
        if (diagnose && seen_values[i] == key)
          error_at (loc, "kernel option %<%.*s%> is given twice",
                    (int) name_length, text);
        else if (diagnose)
          error_at (loc, "conflicting values of kernel option %<%.*s%>",
                    (int) name_length, text);
        return false;
      }
  seen.safe_push (id);
  seen_values.safe_push (key);
  if (option->type != SWITCH_OPTION)
    {
      options->values[id] = value;
      return true;
    }
  for (const struct compile_option &compile : compile_options)
    if (strcmp (compile.name, option->name) == 0
        && compile.value == value.value)
      {
        options->sets = (options->sets & ~compile.clears) | compile.sets;
        options->clears = (options->clears & ~compile.sets) | compile.clears;
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
  struct kernel_options options = no_kernel_options ();
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
  const struct option_value *values = options.values;
  return ((unit_flags & ~options.clears) | options.sets
          | (values[KERNEL_OPTION_MAX_REGISTERS].value
             << CUDAJIT_COMPILE_MAX_REGISTERS_SHIFT)
          | (values[KERNEL_OPTION_LAUNCH_BOUNDS].value
             << CUDAJIT_COMPILE_LAUNCH_BOUNDS_SHIFT)
          | ((values[KERNEL_OPTION_SHARED_CARVEOUT].value + 1)
             << CUDAJIT_COMPILE_SHARED_CARVEOUT_SHIFT));
}

int
cudajit_kernel_launch_bounds (const_tree fndecl, int *min_blocks)
{
  struct kernel_options options = kernel_options_of (fndecl);
  *min_blocks = options.values[KERNEL_OPTION_LAUNCH_BOUNDS].more;
  return options.values[KERNEL_OPTION_LAUNCH_BOUNDS].value;
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
        if (equals
            && find_option (text, equals - text)
                   == &option_table[KERNEL_OPTION_SPECIALIZE])
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
  struct kernel_options options = no_kernel_options ();
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
      struct kernel_options options = no_kernel_options ();
      auto_vec<int> seen, seen_values;
      parse_options (TREE_VALUE (attribute), UNKNOWN_LOCATION, false, &options,
                     seen, seen_values);
      for (unsigned int i = 0; i < seen.length (); i++)
        for (unsigned int j = 0; j < all.length (); j++)
          if (all[j] == seen[i] && all_values[j] != seen_values[i])
            return option_table[seen[i]].name;
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
