# SPDX-License-Identifier: GPL-3.0-or-later
# The manual's table of <math.h> in kernels, made of TABLE,
# plugin/math-functions.def, for manual-table.awk: make manual-tables.

function print_table(   line, name, rest, supported) {
  print "@multitable @columnfractions 0.3 0.15 0.55"
  print "@headitem function @tab in kernels @tab"
  while ((getline line < table) > 0) {
    if (line !~ /^DEF_MATH(_REFUSED)? \(/)
      continue
    supported = line ~ /^DEF_MATH \(/
    sub(/^DEF_MATH(_REFUSED)? \(/, "", line)
    sub(/\)[ \t]*$/, "", line)
    name = line
    sub(/,.*/, "", name)
    rest = line
    sub(/^[^,]*,/, "", rest)
    printf "@item @code{%s}, @code{%sf}\n", name, name
    if (supported)
      printf "@findex %s\n@findex %sf\n", name, name
    printf "@tab %s @tab %s\n", supported ? "yes" : "no", texi(unquote(rest))
  }
  print "@end multitable"
  close(table)
}
