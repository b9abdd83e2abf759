/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CUDA C emission, types and declarators.  */

#include "cuda-emit.h"

const char *
integer_type_name (tree type)
{
  tree main = TYPE_MAIN_VARIANT (type);
  if (main == char_type_node)
    return "char";
  bool uns = TYPE_UNSIGNED (type);
  unsigned int precision = TYPE_PRECISION (type);
  if (precision == 8)
    return uns ? "unsigned char" : "signed char";
  if (precision == 16)
    return uns ? "unsigned short" : "short";
  /* The type of a bit-field is printed as the first of int and long that
     holds its values.  */
  if (precision <= 32)
    return uns ? "unsigned int" : "int";
  if (main == long_long_integer_type_node)
    return "long long";
  if (main == long_long_unsigned_type_node)
    return "unsigned long long";
  return uns ? "unsigned long" : "long";
}

/* TYPE, or the type of the scalars of TYPE if it is an array.  */
tree
array_element_type (tree type)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return type;
}

/* The number of elements of TYPE, an array of constant size.  */
unsigned HOST_WIDE_INT
array_length (tree type)
{
  return tree_to_uhwi (TYPE_MAX_VALUE (TYPE_DOMAIN (type))) + 1;
}

/* The [N] of each dimension of TYPE, after the name in a declaration; []
   for the unknown size of an extern array.  */
void
emit_array_dimensions (cuda_emitter *e, tree type)
{
  for (; TREE_CODE (type) == ARRAY_TYPE; type = TREE_TYPE (type))
    if (TYPE_DOMAIN (type) && TYPE_MAX_VALUE (TYPE_DOMAIN (type)))
      emit_printf (e, "[" HOST_WIDE_INT_PRINT_UNSIGNED "]",
                   array_length (type));
    else
      pp_string (&e->pp, "[]");
}

/* __align__ (N) before DECL's declaration, where GCC aligns it more than
   its type as the CUDA C names it: by aligned (N) or _Alignas on the
   declaration, or on a typedef of a scalar, which CUDA C would not see;
   a structure's own alignment goes with its definition.  Without it,
   NVRTC would align a shared or local array only as its elements, and
   vector loads from it would fault.  */
void
emit_alignment (cuda_emitter *e, tree decl)
{
  tree element = TYPE_MAIN_VARIANT (array_element_type (TREE_TYPE (decl)));
  if (DECL_ALIGN (decl) > TYPE_ALIGN (element))
    emit_printf (e, "__align__ (%u) ", DECL_ALIGN_UNIT (decl));
}

/* TYPE's typedef name, where E may print it.  */
static const char *
usable_typedef_name (cuda_emitter *e, tree type)
{
  const char *name = typedef_cuda_name (type);
  if (!name || TYPE_RESTRICT (type)
      || (e->hidden && e->hidden->contains (name)))
    return NULL;
  if (!e->typedefs.contains (TYPE_NAME (type)))
    e->typedefs.safe_push (TYPE_NAME (type));
  return name;
}

/* A pointer to an array, such as a float a[rows][cols] parameter, is
   printed as a pointer to its scalars, since CUDA C++ has no arrays of
   variable size; the arithmetic on it is then done in bytes.  */
void
emit_type (cuda_emitter *e, tree type)
{
  const char *typedef_name = usable_typedef_name (e, type);
  if (TREE_CODE (type) == POINTER_TYPE && !typedef_name)
    {
      emit_type (e, array_element_type (TREE_TYPE (type)));
      pp_string (&e->pp, " *");
      if (TYPE_RESTRICT (type))
        pp_string (&e->pp, "__restrict__ ");
      if (TYPE_READONLY (type))
        pp_string (&e->pp, "const ");
      if (TYPE_VOLATILE (type))
        pp_string (&e->pp, "volatile ");
      return;
    }
  if (TYPE_READONLY (type))
    pp_string (&e->pp, "const ");
  if (TYPE_VOLATILE (type))
    pp_string (&e->pp, "volatile ");
  if (typedef_name)
    {
      pp_string (&e->pp, typedef_name);
      return;
    }
  switch (TREE_CODE (type))
    {
    case VOID_TYPE:
      pp_string (&e->pp, "void");
      break;
    case BOOLEAN_TYPE:
      pp_string (&e->pp, "bool");
      break;
    case REAL_TYPE:
      if (cudajit_narrow_float_name (type))
        emit_printf (e, "cudajit_%s", cudajit_narrow_float_name (type));
      else
        pp_string (&e->pp, TYPE_MAIN_VARIANT (type) == float_type_node
                               ? "float"
                               : "double");
      break;
    case COMPLEX_TYPE:
      /* C's complex numbers, or an overflow builtin's value and overflow
         flag, GCC's complex integer.  */
      pp_string (&e->pp, TREE_CODE (TREE_TYPE (type)) == REAL_TYPE
                             ? "cudajit_complex<"
                             : "cudajit_overflow<");
      emit_type (e, TYPE_MAIN_VARIANT (TREE_TYPE (type)));
      pp_greater (&e->pp);
      break;
    case VECTOR_TYPE:
      /* The prelude's, a class with GCC's operators on vectors.  */
      pp_string (&e->pp, "_CjVector<");
      emit_type (e, TYPE_MAIN_VARIANT (TREE_TYPE (type)));
      emit_printf (e, ", " HOST_WIDE_INT_PRINT_UNSIGNED ">",
                   TYPE_VECTOR_SUBPARTS (type).to_constant ());
      break;
    case RECORD_TYPE:
    case UNION_TYPE:
      {
        tree main = TYPE_MAIN_VARIANT (type);
        /* The prelude defines it, as the GPU holds it.  */
        const char *fragment = cudajit_wmma_fragment_name (main);
        if (fragment)
          {
            emit_printf (e, "struct %s", fragment);
            break;
          }
        if (!e->records.contains (main))
          e->records.safe_push (main);
        emit_printf (e, "%s %s",
                     TREE_CODE (type) == RECORD_TYPE ? "struct" : "union",
                     record_cuda_name (main));
        break;
      }
    default:
      pp_string (&e->pp, integer_type_name (type));
      break;
    }
}

/* TYPE NAME, the declaration of a local, parameter, field, temporary or
   typedef.  */
void
emit_declaration (cuda_emitter *e, tree type, const char *name)
{
  emit_type (e, type);
  /* Not after the * of a pointer, nor after its qualifiers.  */
  const char *last = pp_last_position_in_text (&e->pp);
  if (*last != '*' && *last != ' ')
    pp_space (&e->pp);
  pp_string (&e->pp, name);
}

/* TYPE as a field's type in CUDA C.  C++ deletes the default constructor
   and the assignment of a class with a const member, and the CUDA C
   initializes local structures member by member; GCC has already refused
   every write to a const field, so the const adds nothing there.  */
tree
field_type (tree type)
{
  return build_qualified_type (type, TYPE_QUALS (type) & ~TYPE_QUAL_CONST);
}
