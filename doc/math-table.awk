# SPDX-License-Identifier: GPL-3.0-or-later
# README's Markdown table of <math.h> in kernels, made of TABLE,
# plugin/math-functions.def, for readme-table.awk: make readme-tables.

function print_table(   line, name, rest, supported) {
  print "| function | in kernels | |"
  print "|---|---|---|"
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
    printf "| `%s`, `%sf` | %s | %s |\n", name, name,
      supported ? "yes" : "no", unquote(rest)
  }
  close(table)
}
