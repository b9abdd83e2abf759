# Prints a CUDA C file as the lines of a C string literal, with the text
# of each file it includes by #include "NAME" (looked for in INCDIR) in
# place of the directive: NVRTC gets the string alone, without its
# includes.
function emit(line) {
  gsub(/\\/, "\\\\", line)
  gsub(/"/, "\\\"", line)
  print "\"" line "\\n\""
}
/^#include "[^"]*"$/ {
  file = incdir "/" substr($2, 2, length($2) - 2)
  while ((getline line < file) > 0)
    emit(line)
  close(file)
  next
}
{ emit($0) }
