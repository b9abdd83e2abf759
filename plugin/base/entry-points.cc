/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The entry points of libcudajit that the plugin's code calls, declared
   from the table that cudajit-abi.h expands into their prototypes
   (cudajit-entry-points.def), and checked against those prototypes where
   a unit includes cudajit.h: a plugin and a cudajit.h that do not belong
   together are an error, not code that calls with the wrong types.  */

#include "cudajit-plugin.h"

/* The types of cudajit-entry-points.def.  */
enum entry_type
{
  CUDAJIT_T_VOID,
  CUDAJIT_T_INT,
  CUDAJIT_T_UINT,
  CUDAJIT_T_LONGLONG,
  CUDAJIT_T_FLOAT,
  CUDAJIT_T_DOUBLE,
  CUDAJIT_T_SIZE,
  CUDAJIT_T_PTR,
  CUDAJIT_T_CONST_PTR,
  CUDAJIT_T_HANDLE,
  CUDAJIT_T_STRING,
  CUDAJIT_T_HOST_ENTRY,
  CUDAJIT_T_ARGS,
  CUDAJIT_T_EXTENTS,
  CUDAJIT_T_CONFIG,
  CUDAJIT_T_KERNEL,
  /* No more arguments.  */
  CUDAJIT_T_NONE
};

/* The most arguments an entry point has.  */
#define ENTRY_ARGUMENTS_MAX 14

static const struct entry_point
{
  const char *name;
  enum entry_type result;
  enum entry_type arguments[ENTRY_ARGUMENTS_MAX];
} entry_points[] = {
#define ARGUMENT_LIST(...) __VA_ARGS__, CUDAJIT_T_NONE
#define DEF_CUDAJIT_ENTRY(e, name, result, arguments)                         \
  { #name, result, { ARGUMENT_LIST arguments } },
#include "cudajit-entry-points.def"
#undef DEF_CUDAJIT_ENTRY
#undef ARGUMENT_LIST
};

static tree
const_pointer_to (tree type)
{
  return build_pointer_type (build_qualified_type (type, TYPE_QUAL_CONST));
}

/* TYPE as a tree; CONFIG_TYPE is cudajit.h's struct cudajit_launch_config,
   which only the launches take.  */
static tree
type_tree (enum entry_type type, tree config_type)
{
  switch (type)
    {
    case CUDAJIT_T_VOID:
      return void_type_node;
    case CUDAJIT_T_INT:
      return integer_type_node;
    case CUDAJIT_T_UINT:
      return unsigned_type_node;
    case CUDAJIT_T_LONGLONG:
      return long_long_integer_type_node;
    case CUDAJIT_T_FLOAT:
      return float_type_node;
    case CUDAJIT_T_DOUBLE:
      return double_type_node;
    case CUDAJIT_T_SIZE:
      return size_type_node;
    case CUDAJIT_T_PTR:
      return ptr_type_node;
    case CUDAJIT_T_CONST_PTR:
      return const_ptr_type_node;
    case CUDAJIT_T_HANDLE:
    case CUDAJIT_T_ARGS:
      return build_pointer_type (ptr_type_node);
    case CUDAJIT_T_STRING:
      return const_pointer_to (char_type_node);
    case CUDAJIT_T_HOST_ENTRY:
      return build_pointer_type (build_function_type_list (
          void_type_node, build_pointer_type (ptr_type_node), NULL_TREE));
    case CUDAJIT_T_EXTENTS:
      return const_pointer_to (size_type_node);
    case CUDAJIT_T_KERNEL:
      return build_pointer_type (
          build_function_type_list (void_type_node, NULL_TREE));
    case CUDAJIT_T_CONFIG:
      gcc_assert (config_type);
      return config_type;
    case CUDAJIT_T_NONE:
      break;
    }
  gcc_unreachable ();
}

static tree
entry_point_type (const entry_point &entry, tree config_type)
{
  tree arguments = void_list_node;
  int count = 0;
  while (entry.arguments[count] != CUDAJIT_T_NONE)
    count++;
  for (int i = count - 1; i >= 0; i--)
    arguments = tree_cons (
        NULL_TREE, type_tree (entry.arguments[i], config_type), arguments);
  return build_function_type (type_tree (entry.result, config_type),
                              arguments);
}

const char *
cudajit_entry_point_name (enum cudajit_entry_point which)
{
  return entry_points[which].name;
}

tree
cudajit_entry_point (enum cudajit_entry_point which, tree config_type)
{
  const entry_point &entry = entry_points[which];
  return build_fn_decl (entry.name, entry_point_type (entry, config_type));
}

/* Whether A and B are the same type for a call: the same scalars,
   pointers to the same types with the same qualifiers, structures of the
   same tag.  */
static bool
same_type_p (tree a, tree b)
{
  if (TREE_CODE (a) != TREE_CODE (b) || TYPE_QUALS (a) != TYPE_QUALS (b))
    return false;
  switch (TREE_CODE (a))
    {
    case POINTER_TYPE:
      return same_type_p (TREE_TYPE (a), TREE_TYPE (b));
    case FUNCTION_TYPE:
      {
        tree x = TYPE_ARG_TYPES (a), y = TYPE_ARG_TYPES (b);
        for (; x && y; x = TREE_CHAIN (x), y = TREE_CHAIN (y))
          if (!same_type_p (TREE_VALUE (x), TREE_VALUE (y)))
            return false;
        return !x && !y && same_type_p (TREE_TYPE (a), TREE_TYPE (b));
      }
    case RECORD_TYPE:
      return (TYPE_NAME (a) && TYPE_NAME (b)
              && TYPE_IDENTIFIER (a) == TYPE_IDENTIFIER (b));
    default:
      return TYPE_MAIN_VARIANT (a) == TYPE_MAIN_VARIANT (b);
    }
}

void
cudajit_check_entry_point_declaration (tree decl)
{
  if (TREE_CODE (decl) != FUNCTION_DECL || !DECL_NAME (decl))
    return;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  for (const entry_point &entry : entry_points)
    if (strcmp (name, entry.name) == 0)
      {
        /* The launch configuration is cudajit.h's own structure.  */
        tree config_type = NULL_TREE;
        tree argument = TYPE_ARG_TYPES (TREE_TYPE (decl));
        for (int i = 0; argument && entry.arguments[i] != CUDAJIT_T_NONE;
             i++, argument = TREE_CHAIN (argument))
          if (entry.arguments[i] == CUDAJIT_T_CONFIG)
            config_type = TREE_VALUE (argument);
        if (!config_type)
          config_type = void_type_node;
        tree expected = entry_point_type (entry, config_type);
        if (!same_type_p (TREE_TYPE (decl), expected))
          error_at (DECL_SOURCE_LOCATION (decl),
                    "cudajit: %qD is declared as %qT, but the cudajit "
                    "plugin calls it as %qT: this cudajit.h and this "
                    "plugin are not of the same cudajit",
                    decl, TREE_TYPE (decl), expected);
        return;
      }
}

tree
cudajit_header_function (const char *name)
{
  /* cudajit.h defines it static inline, which the front end has handed
     to the call graph.  */
  cgraph_node *node = cgraph_node::get_for_asmname (get_identifier (name));
  return node ? node->decl : NULL_TREE;
}
