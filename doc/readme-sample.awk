# SPDX-License-Identifier: GPL-3.0-or-later
# Print the sample NAME of README (the input): the lines of the first
# fenced block after its marker, a line "<!-- sample NAME: ... -->".
# make check-readme-samples compiles the programs so taken and compares
# the outputs so taken with what runs.

BEGIN { marker = "<!-- sample " name ": " }

index($0, marker) == 1 { found = 1; next }
found && /^```/ {
  if (inside)
    exit
  inside = 1
  next
}
inside { print }

END {
  if (!found) {
    print "README has no sample " name > "/dev/stderr"
    exit 1
  }
}
