/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission, names: every name that the CUDA C gives.  */

#include "cuda-emit.h"

/* C identifiers that CUDA C++ reserves.  */
static const char *const cxx_reserved[] = { "alignas",
                                            "alignof",
                                            "and",
                                            "and_eq",
                                            "asm",
                                            "bitand",
                                            "bitor",
                                            "bool",
                                            "catch",
                                            "char16_t",
                                            "char32_t",
                                            "char8_t",
                                            "class",
                                            "compl",
                                            "concept",
                                            "consteval",
                                            "constexpr",
                                            "constinit",
                                            "const_cast",
                                            "co_await",
                                            "co_return",
                                            "co_yield",
                                            "decltype",
                                            "delete",
                                            "dynamic_cast",
                                            "explicit",
                                            "export",
                                            "false",
                                            "friend",
                                            "mutable",
                                            "namespace",
                                            "new",
                                            "noexcept",
                                            "not",
                                            "not_eq",
                                            "nullptr",
                                            "operator",
                                            "or",
                                            "or_eq",
                                            "private",
                                            "protected",
                                            "public",
                                            "reinterpret_cast",
                                            "requires",
                                            "static_assert",
                                            "static_cast",
                                            "template",
                                            "this",
                                            "thread_local",
                                            "throw",
                                            "true",
                                            "try",
                                            "typeid",
                                            "typename",
                                            "using",
                                            "virtual",
                                            "wchar_t",
                                            "xor",
                                            "xor_eq",
                                            "warpSize",
                                            "min",
                                            "max",
                                            "threadIdx",
                                            "blockIdx",
                                            "blockDim",
                                            "gridDim" };

/* The names of file scope in the unit's CUDA C, which C++ keeps in one
   name space where C has one for tags and one for typedefs, and scopes in
   functions: each belongs to the type, by its TYPE_UID, that took it
   first.  The names of the types that took one, or NULL for a typedef
   printed as the type that it names.  */
static hash_map<nofree_string_hash, unsigned int> *file_scope_names;
static hash_map<int_hash<unsigned int, 0>, const char *> *type_cuda_names;

/* Every name that the CUDA C makes up starts with GENERATED_PREFIX, which
   no name of the user's keeps: a name of the user's that CUDA C++
   reserves, those with the prefix among them, becomes the prefix followed
   by the name; a name that the emitter invents is the prefix, a capital
   letter that says what it names (enum generated_name_kind) and a number.
   No reserved name starts with a capital, so the two kinds never meet,
   and no other name of the user's starts with the prefix.  */
#define GENERATED_PREFIX "_cj"

static bool
reserved_in_cuda_p (const char *name)
{
  for (size_t i = 0; i < ARRAY_SIZE (cxx_reserved); i++)
    if (strcmp (name, cxx_reserved[i]) == 0)
      return true;
  /* A local named clock would hide CUDA's clock from cuda_clock.  */
  for (const device_api &api : cudajit_device_apis)
    if (api.cuda_name && strcmp (name, api.cuda_name) == 0)
      return true;
  return (strncmp (name, "__", 2) == 0
          || strncmp (name, GENERATED_PREFIX, strlen (GENERATED_PREFIX)) == 0);
}

/* NAME, a name of the user's, in CUDA C (xmalloc'ed).  */
static char *
user_cuda_name (const char *name)
{
  return reserved_in_cuda_p (name) ? concat (GENERATED_PREFIX, name, NULL)
                                   : xstrdup (name);
}

/* A name of KIND made up for the thing numbered NUMBER, followed by
   C_NAME, its name in C, where it has one (xmalloc'ed).  */
static char *
generated_cuda_name (enum generated_name_kind kind, unsigned int number,
                     const char *c_name)
{
  return xasprintf ("%s%c%u%s%s", GENERATED_PREFIX, (char) kind, number,
                    c_name ? "_" : "", c_name ? c_name : "");
}

/* A CUDA name for DECL, unique in the kernel since all locals share the
   kernel's outermost scope; one of KIND if it has no name.  */
void
name_decl (cuda_emitter *e, tree decl, enum generated_name_kind kind)
{
  char *name;
  if (DECL_P (decl) && DECL_NAME (decl))
    {
      const char *c_name = IDENTIFIER_POINTER (DECL_NAME (decl));
      name = user_cuda_name (c_name);
      if (e->taken.contains (name))
        {
          free (name);
          name = generated_cuda_name (NAME_RENAMED_LOCAL, ++e->temporaries,
                                      c_name);
        }
    }
  else
    name = generated_cuda_name (kind, ++e->temporaries, NULL);
  e->taken.add (name);
  e->names.put (decl, name);
}

const char *
decl_name (cuda_emitter *e, tree decl)
{
  const char **name = e->names.get (decl);
  if (name)
    return *name;
  /* Only labels are met before being named, at their first goto.  */
  name_decl (e, decl, NAME_LABEL);
  return *e->names.get (decl);
}

/* Whether NAME is one of CUDA's own types, such as float4 or dim3.  */
static bool
cuda_type_name_p (const char *name)
{
  static const char *const bases[]
      = { "char", "uchar", "short",    "ushort",    "int",   "uint",
          "long", "ulong", "longlong", "ulonglong", "float", "double" };
  if (strcmp (name, "dim3") == 0)
    return true;
  for (const char *base : bases)
    {
      size_t length = strlen (base);
      if (strncmp (name, base, length) == 0 && name[length] >= '1'
          && name[length] <= '4' && !name[length + 1])
        return true;
    }
  return false;
}

/* Whether CUDA C may give NAME, a name of the user's, to something of its
   own at file scope: not a reserved word, nor one of CUDA's types and
   names, nor a type of the C library or the namespace that NVRTC
   declares.  */
static bool
file_scope_name_ok_p (const char *name)
{
  static const char *const library_names[]
      = { "size_t", "ptrdiff_t", "clock_t", "va_list", "std" };
  for (const char *library_name : library_names)
    if (strcmp (name, library_name) == 0)
      return false;
  return (!reserved_in_cuda_p (name) && !cuda_type_name_p (name)
          && strncasecmp (name, "cuda", 4) != 0);
}

/* Whether NAME, that of an enumerated type's constant, may be its name in
   CUDA C too.  The functions that NVRTC declares, of the C and math
   libraries, have names in lower case, and constants mostly do not.  */
bool
enumerator_name_ok_p (const char *name)
{
  for (const char *c = name; *c; c++)
    if (ISUPPER (*c))
      return file_scope_name_ok_p (name);
  return false;
}

/* Gives NAME, xmalloc'ed, to the type whose TYPE_UID is UID, unless
   another has it; returns it, or frees it and returns NULL.  */
static const char *
claim_file_scope_name (char *name, unsigned int uid)
{
  if (!file_scope_names)
    file_scope_names = new hash_map<nofree_string_hash, unsigned int>;
  bool existed;
  unsigned int &owner = file_scope_names->get_or_insert (name, &existed);
  if (!existed)
    owner = uid;
  else if (owner != uid)
    {
      free (name);
      return NULL;
    }
  return name;
}

/* The name in CUDA C of TYPE, a structure, union or typedef, or NULL
   before it has been given one.  */
static const char **
known_type_cuda_name (tree type)
{
  if (!type_cuda_names)
    type_cuda_names = new hash_map<int_hash<unsigned int, 0>, const char *>;
  return type_cuda_names->get (TYPE_UID (type));
}

/* The typedef of file scope that names TYPE, a structure or union without
   a tag, or NULL_TREE.  */
static tree
record_typedef (tree type)
{
  for (tree variant = TYPE_NEXT_VARIANT (type); variant;
       variant = TYPE_NEXT_VARIANT (variant))
    if (TYPE_NAME (variant) && TREE_CODE (TYPE_NAME (variant)) == TYPE_DECL
        && DECL_ORIGINAL_TYPE (TYPE_NAME (variant)) == type
        && !decl_function_context (TYPE_NAME (variant)))
      return TYPE_NAME (variant);
  return NULL_TREE;
}

/* The tag of TYPE, the main variant of a structure or union, in CUDA C:
   its own, or that of the typedef that names it if it has none, unless
   that is CUDA's or another type's; else one made of its UID.  The same
   in all the CUDA C of the unit.  */
const char *
record_cuda_name (tree type)
{
  const char **known = known_type_cuda_name (type);
  if (known)
    return *known;
  tree name = TYPE_NAME (type);
  if (!name && record_typedef (type))
    name = DECL_NAME (record_typedef (type));
  const char *tag = name ? IDENTIFIER_POINTER (name) : NULL;
  const char *cuda_name = NULL;
  if (tag && file_scope_name_ok_p (tag))
    cuda_name = claim_file_scope_name (xstrdup (tag), TYPE_UID (type));
  /* No name of the user's has the prefix.  */
  if (!cuda_name)
    cuda_name = claim_file_scope_name (
        generated_cuda_name (NAME_RECORD, TYPE_UID (type), tag),
        TYPE_UID (type));
  type_cuda_names->put (TYPE_UID (type), cuda_name);
  return cuda_name;
}

/* The name of the typedef that TYPE is, or is a qualified variant of, in
   CUDA C, or NULL where TYPE is printed as the type that it names.  A
   typedef keeps its name where it is the user's, of file scope, and names
   a type without qualifiers that is not an array, since CUDA C prints
   those and arrays differently.  A typedef may name a structure of its
   own name, as C++ allows.  */
const char *
typedef_cuda_name (tree type)
{
  tree decl = TYPE_NAME (type);
  if (!decl || TREE_CODE (decl) != TYPE_DECL || !DECL_ORIGINAL_TYPE (decl))
    return NULL;
  const char **known = known_type_cuda_name (TREE_TYPE (decl));
  if (known)
    return *known;
  tree original = DECL_ORIGINAL_TYPE (decl);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  const char *cuda_name = NULL;
  if (!DECL_IN_SYSTEM_HEADER (decl) && !decl_function_context (decl)
      && !TYPE_QUALS (original) && TREE_CODE (original) != ARRAY_TYPE
      && file_scope_name_ok_p (name))
    {
      /* A structure that it names or points to keeps its tag, rather than
         lose it to the typedef.  */
      tree base = original;
      while (TREE_CODE (base) == POINTER_TYPE
             || TREE_CODE (base) == ARRAY_TYPE)
        base = TREE_TYPE (base);
      const char *tag = (RECORD_OR_UNION_TYPE_P (base)
                             ? record_cuda_name (TYPE_MAIN_VARIANT (base))
                             : NULL);
      if (tag && base == original && strcmp (tag, name) == 0)
        cuda_name = tag;
      else
        cuda_name = claim_file_scope_name (xstrdup (name),
                                           TYPE_UID (TREE_TYPE (decl)));
    }
  type_cuda_names->put (TYPE_UID (TREE_TYPE (decl)), cuda_name);
  return cuda_name;
}

/* A field's name in CUDA C: its own, unless reserved, or one made of its
   UID for an unnamed one.  */
char *
field_cuda_name (tree field)
{
  if (!DECL_NAME (field))
    return generated_cuda_name (NAME_FIELD, DECL_UID (field), NULL);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (field));
  return user_cuda_name (name);
}

/* The name of a constant array in CUDA C: its own for a global, unless
   reserved; for a static of a function, with its UID, as statics of
   different functions may have the same name.  */
char *
constant_cuda_name (tree decl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (decl));
  if (decl_function_context (decl))
    return generated_cuda_name (NAME_STATIC_CONSTANT, DECL_UID (decl), name);
  return user_cuda_name (name);
}

char *
cudajit_device_variable_cuda_name (tree decl)
{
  return constant_cuda_name (decl);
}

/* The name of FNDECL in CUDA C: its own, unless CUDA C++ reserves it.  */
char *
function_cuda_name (const_tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return user_cuda_name (name);
}

/* A macro of a kernel's variants (cudajit-abi.h): PREFIX, one of
   CUDAJIT_SPECIALIZE_*, and the index of a parameter.  */
char *
specialize_macro_name (const char *prefix, unsigned int index)
{
  return xasprintf ("%s%u", prefix, index);
}
