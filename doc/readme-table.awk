# SPDX-License-Identifier: GPL-3.0-or-later
# Print README (the input) with the lines between the markers of the
# table NAME replaced by the table that print_table, from a file given
# with this one (math-table.awk, device-table.awk, environment-table.awk),
# makes of TABLE, a .def file: make readme-tables.

function unquote(text) {
  sub(/^[ \t]*"/, "", text)
  sub(/"[ \t]*$/, "", text)
  return text
}

BEGIN {
  begin = "<!-- " name " table: make readme-tables -->"
  end = "<!-- end of " name " table -->"
}

$0 == begin { print; print_table(); skipping = 1; next }
$0 == end { skipping = 0 }
!skipping { print }
