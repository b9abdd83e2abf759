#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/rodinia/check.sh PROGRAM_DIR CUDA_DIR NVRTC_CHECK [NVCC]: make
# check-rodinia.  Runs each program of PROGRAM_DIR on the CPU backend at a
# small size, where its result is checked against the host's; compiles
# the CUDA C that the plugin dumped for them into CUDA_DIR with NVRTC
# (NVRTC_CHECK, generic and as variants), for sm_90; and, with NVCC, the
# programs' PROG-nvcc.cu beside this script, compiled only.  Prints a
# line a check and "N passed, N failed"; fails if one fails.
set -u
programs=$1 cuda=$2 nvrtc_check=$3 nvcc=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0

# result NAME STATUS: count and say it.
result() {
  if test "$2" -eq 0; then
    passed=$((passed + 1))
    echo "PASS: $1"
  else
    failed=$((failed + 1))
    echo "FAIL: $1"
  fi
}

# The small sizes, a few tenths of a second each on two cores.
while read -r name args; do
  out=$(CUDAJIT_BACKEND=cpu "$programs/$name" $args 2>&1)
  echo "$out" | grep -q "^$name: ok" || { echo "$out"; false; }
  result "$name $args (CPU backend)" $?
done <<EOF_SIZES
hotspot 64 2 10
pathfinder 5000 50 7
srad 128 96 0 31 0 31 0.5 4
nw 256 10
nn 100000 10
gaussian 128
bfs 20000 6
kmeans 20000 34 5 5
lud 256
backprop 4096
EOF_SIZES

for flags in "" --variant; do
  "$nvrtc_check" --arch=sm_90 $flags "$cuda"/*.cu
  rc=$?
  test $rc -eq 77 && echo "UNSUPPORTED: NVRTC ${flags:-generic}: no NVRTC" ||
    result "NVRTC ${flags:-generic} ($(ls "$cuda"/*.cu | wc -l) units)" $rc
done

if test -n "$nvcc"; then
  out=$(mktemp)
  for cu in "$here"/*-nvcc.cu; do
    "$nvcc" -arch=sm_90 -c -o "$out" "$cu"
    rc=$?
    result "nvcc $(basename "$cu")" $rc
  done
  rm -f "$out"
else
  echo "UNSUPPORTED: nvcc: none found"
fi
echo "$passed passed, $failed failed"
test "$failed" -eq 0
