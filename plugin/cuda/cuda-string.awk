# SPDX-License-Identifier: GPL-3.0-or-later
# Prints prelude.cuh as the initializers of its parts (see prelude.cc):
# for each "@part NAME TRIGGER..." line, { "NAME", "TRIGGER ...", TEXT },
# where TEXT is the part's lines as a C string, with the text of each file
# it includes by #include "NAME" (looked for in INCDIR) in place of the
# directive: NVRTC gets the string alone, without its includes.  Given
# several files, their parts follow one another; what precedes a file's
# first part, its own comment, is left out.

# What a backslash in gsub's replacement means differs between awks
# (mawk writes one of "\\\\"), so the line is escaped a character at a
# time, with only string constants, which all awks read alike.
function emit(line,    escaped, c, i) {
  escaped = ""
  for (i = 1; i <= length(line); i++) {
    c = substr(line, i, 1)
    if (c == "\\" || c == "\"")
      escaped = escaped "\\"
    escaped = escaped c
  }
  print "\"" escaped "\\n\""
}
FNR == 1 {
  if (in_part)
    print "},"
  in_part = 0
}
/^\/\* @part [a-z_0-9]+( [A-Za-z_0-9]+)* \*\/$/ {
  if (in_part)
    print "},"
  triggers = ""
  for (i = 4; i < NF; i++)
    triggers = triggers (triggers == "" ? "" : " ") $i
  print "{ \"" $3 "\", \"" triggers "\","
  in_part = 1
  next
}
!in_part { next }
/^#include "[^"]*"$/ {
  file = incdir "/" substr($2, 2, length($2) - 2)
  while ((getline line < file) > 0)
    emit(line)
  close(file)
  next
}
{ emit($0) }
END {
  if (in_part)
    print "},"
}
