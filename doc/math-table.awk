# SPDX-License-Identifier: GPL-3.0-or-later
# Print README (the input) with the lines between the lines BEGIN and END
# replaced by a Markdown table of <math.h> in kernels, made of TABLE,
# plugin/math-functions.def: make readme-math-table.

function unquote(text) {
  sub(/^[ \t]*"/, "", text)
  sub(/"[ \t]*$/, "", text)
  return text
}

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

$0 == begin { print; print_table(); skipping = 1; next }
$0 == end { skipping = 0 }
!skipping { print }
