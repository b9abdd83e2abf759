#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# gpu-tools.sh BUNDLE: on a GPU machine with the CUDA toolkit, check that
# its tools see the C lines of kernels built with cudajit, as they see
# CUDA C's: compute-sanitizer's memcheck and racecheck name the lines of
# a bad store and of a race in shared memory, cuda-gdb breaks in a kernel
# of a debug build (-g -O0) at a C line and prints its variables for one
# thread, and NVRTC's -lineinfo changes no instruction of the kernels
# (the SASS of each example's unit, with and without it, is the same).
# Where Nsight Compute and Nsight Systems are installed: ncu's source
# view shows the C lines, and nsys sees the runtime's NVTX ranges.
# Prints each check's output, a PASS or FAIL line for each, and
# 'N passed, N failed'; exits with 1 if one failed.

bundle=${1:?usage: gpu-tools.sh BUNDLE}
. "$(dirname "$0")/checks.sh"
export CUDAJIT_BACKEND=cuda

# The line of FILE marked with the comment "gpu-tools.sh: WHAT".
line_of ()
{
  grep -n "gpu-tools.sh: $2" "$1" | cut -d: -f1
}

# OUTPUT matches each extended regular expression that follows.
matches ()
{
  output=$1
  shift
  for pattern; do
    printf '%s\n' "$output" | grep -Eq "$pattern" || return 1
  done
}

for tool in compute-sanitizer cuda-gdb nvcc cuobjdump ncu nsys; do
  command -v $tool >/dev/null || PATH=$PATH:/usr/local/cuda/bin
done

store=$(line_of "$bundle/store-out-of-bounds.c" "the bad store")
out=$(compute-sanitizer --tool memcheck "$bundle/store-out-of-bounds" 2>&1)
printf '%s\n' "$out" | head -20
matches "$out" "Invalid __global__ write of size 4" \
  "store-out-of-bounds.c:$store"
check $? "compute-sanitizer memcheck names store-out-of-bounds.c:$store"

write=$(line_of "$bundle/shared-race.c" "the write")
read=$(line_of "$bundle/shared-race.c" "the read")
out=$(compute-sanitizer --tool racecheck --racecheck-report all \
  "$bundle/shared-race" 2>&1)
printf '%s\n' "$out" | head -20
matches "$out" "shared-race.c:$write" "shared-race.c:$read"
check $? "compute-sanitizer racecheck names shared-race.c:$write and :$read"

brk=$(grep -n "debug.exp breaks here" "$bundle/debug-kernel.c" | cut -d: -f1)
out=$(cuda-gdb -nx -batch -ex "set cuda break_on_launch none" \
  -ex "break debug-kernel.c:$brk" -ex run \
  -ex "cuda block (1,0,0) thread (5,0,0)" -ex "print i" -ex "print scaled" \
  -ex "print threadIdx" -ex kill "$bundle/debug-kernel-g" 2>&1)
printf '%s\n' "$out" | tail -20
matches "$out" "debug-kernel.c:$brk" '= 37$' '= 111$'
check $? "cuda-gdb breaks at debug-kernel.c:$brk and prints thread (5, 0, 0) of block (1, 0, 0)"

# The SASS of a unit as nvcc makes it with FLAGS, without the comments
# that carry the lines.
sass ()
{
  nvcc -cubin -arch=sm_90 $2 -o "$tmp/unit.cubin" "$1" >/dev/null 2>&1 &&
    cuobjdump -sass "$tmp/unit.cubin" | sed -e 's,/\*[^*]*\*/,,g' \
      -e '/^[[:space:]]*$/d' -e '/\.L_x_/d'
}

tmp=$(mktemp -d)
status=0
for example in add double doubled-2d gaussian-pdf transpose histogram \
  sum-reduce compute-pi; do
  program=$bundle/$example
  [ -x "$program" ] || continue
  kernel=$("$bundle/cudajit-inspect" "$program" 2>/dev/null |
    sed -n 's/^[^:]*: kernel //p' | head -1)
  [ -n "$kernel" ] || continue
  "$bundle/cudajit-inspect" --cuda "$program" "$kernel" >"$tmp/unit.cu"
  if sass "$tmp/unit.cu" "" >"$tmp/plain" &&
    sass "$tmp/unit.cu" -lineinfo >"$tmp/lines"; then
    if cmp -s "$tmp/plain" "$tmp/lines"; then
      echo "$(basename "$program"): the same $(wc -l <"$tmp/plain") lines of SASS with -lineinfo"
    else
      echo "$(basename "$program"): -lineinfo changes the SASS"
      diff "$tmp/plain" "$tmp/lines" | head
      status=1
    fi
  else
    echo "$(basename "$program"): nvcc cannot compile its unit"
    status=1
  fi
done
rm -rf "$tmp"
check $status "-lineinfo changes no instruction of the examples' kernels"

if command -v ncu >/dev/null; then
  out=$(ncu --page source --print-source cuda --kernel-name tile_transpose \
    --launch-count 1 "$bundle/transpose" 2>&1)
  printf '%s\n' "$out" | grep -m 12 -E 'transpose\.c|tile|==PROF==|ERR'
  matches "$out" 'transpose\.c'
  check $? "ncu's source view of tile_transpose names transpose.c"
else
  echo "SKIP: ncu is not installed"
fi

if command -v nsys >/dev/null; then
  tmp=$(mktemp -d)
  nsys profile --trace=cuda,nvtx --force-overwrite true -o "$tmp/double" \
    "$bundle/double" >/dev/null 2>&1
  out=$(nsys stats --report nvtx_sum "$tmp/double.nsys-rep" 2>&1)
  printf '%s\n' "$out" | tail -8
  matches "$out" 'double_kernel' 'cudajit: compile double\.c\.cu'
  check $? "nsys sees the NVTX ranges of the launches and the compilation"
  rm -rf "$tmp"
else
  echo "SKIP: nsys is not installed"
fi

summary
