# SPDX-License-Identifier: GPL-3.0-or-later
# Print the sample NAME of README or of a file of the manual (the
# input): the lines of the first fenced block after its marker, a line
# "<!-- sample NAME: ... -->", or of the first @example after "@c sample
# NAME: ...", with Texinfo's @@, @{ and @} as the characters they stand
# for.  make check-readme-samples compiles the programs so taken and
# compares the outputs so taken with what runs.

BEGIN { marker = "<!-- sample " name ": "; texinfo_marker = "@c sample " name ": " }

index($0, marker) == 1 { found = 1; next }
index($0, texinfo_marker) == 1 { found = texinfo = 1; next }
found && !texinfo && /^```/ {
  if (inside)
    exit
  inside = 1
  next
}
found && texinfo && /^@example$/ { inside = 1; next }
found && texinfo && /^@end example$/ { exit }
inside && texinfo {
  gsub(/@@/, "\001")
  gsub(/@{/, "{")
  gsub(/@}/, "}")
  gsub(/\001/, "@")
}
inside { print }

END {
  if (!found) {
    print FILENAME " has no sample " name > "/dev/stderr"
    exit 1
  }
}
