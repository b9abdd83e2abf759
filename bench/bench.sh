#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/bench.sh [SUITE ARGUMENTS]: run the benchmark suites of issue 15,
# each in a process of its own, and print their table (bench/bench-table.py):
# bench/suite (cudajit), bench/suite-nvcc (CUDA C by nvcc) and
# bench/suite-numba.py (Numba), each where it can run, then each one's
# first launch in a fresh process, with an empty and then a warm kernel
# cache, bench/cold-launch.sh and bench/graph-launch (GRAPH_LAUNCH), and
# bench/vector-copy (VECTOR_COPY) beside vector-copy-nvcc.cu, built with
# nvcc as suite-nvcc is, and bench/rodinia.sh, the Rodinia-style
# programs of RODINIA_PROGRAMS (rodinia/ beside this script) against nvcc.
# Where there is no GPU, bench/suite
# runs on the CPU backend beside plain C and OpenMP, and the others are
# left out.  The arguments (--scale
# N, --repeats N) go to each suite.  The programs are looked for beside
# this script unless SUITE, SUITE_NVCC, SUITE_NUMBA or BENCH_TABLE name
# them; unless SUITE_NVCC does, where there is no suite-nvcc but nvcc and
# suite-nvcc.cu are, it is built first (as in gpu-bundle/, on the GPU
# machine).  The suites' JSON
# lines go to $BENCH_RESULTS (bench-results.jsonl), which
# bench/plot-bench.py draws.  It fails if a suite fails or a result is
# wrong.
set -u
here=$(cd "$(dirname "$0")" && pwd)
suite=${SUITE:-$here/suite}
nvcc_suite=${SUITE_NVCC:-$here/suite-nvcc}
numba_suite=${SUITE_NUMBA:-$here/suite-numba.py}
table=${BENCH_TABLE:-$here/bench-table.py}
results=${BENCH_RESULTS:-bench-results.jsonl}
status=0

if test -z "${SUITE_NVCC:-}" && test ! -x "$nvcc_suite" &&
  test -f "$here/suite-nvcc.cu"; then
  nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
  if test -n "$nvcc"; then
    echo "bench.sh: building $nvcc_suite with $nvcc" >&2
    "$nvcc" -O3 -arch=native -o "$nvcc_suite" "$here/suite-nvcc.cu" ||
      "$nvcc" -O3 -o "$nvcc_suite" "$here/suite-nvcc.cu" || status=1
  fi
fi

# numba-cuda 0.30 uses np.row_stack, which numpy 2.5 removed.
numba_check='import numpy as np
np.row_stack = getattr(np, "row_stack", np.vstack)
import numba.cuda'

# run NAME COMMAND...: its JSON lines to the results; a status of 77 is
# a suite that has no GPU to run on.
run() {
  name=$1
  shift
  "$@" >>"$results"
  rc=$?
  if test $rc -eq 77; then
    echo "bench.sh: $name: no GPU, left out" >&2
  elif test $rc -ne 0; then
    echo "bench.sh: $name failed (exit status $rc)" >&2
    status=1
  fi
}

# first_launch NAME CACHE_VARIABLE COMMAND...: the first launch in a fresh
# process with an empty cache, then with the cache it left.
first_launch() {
  name=$1 variable=$2
  shift 2
  cache=$(mktemp -d)
  for label in cold warm; do
    run "$name first launch ($label)" env "$variable=$cache" "$@" \
      --first-launch "$label"
  done
  rm -rf "$cache"
}

: >"$results"
run cudajit "$suite" "$@"
nvcc_rc=77
if test -x "$nvcc_suite"; then
  run nvcc "$nvcc_suite" "$@"
  nvcc_rc=$rc
fi
numba_rc=77
if python3 -c "$numba_check" 2>/dev/null; then
  run numba python3 "$numba_suite" "$@"
  numba_rc=$rc
else
  echo "bench.sh: no numba.cuda in python3: Numba left out" >&2
fi
first_launch cudajit CUDAJIT_CACHE_DIR "$suite"
test $nvcc_rc -ne 77 && first_launch nvcc CUDA_CACHE_PATH "$nvcc_suite"
test $numba_rc -ne 77 &&
  first_launch numba NUMBA_CACHE_DIR python3 "$numba_suite"
python3 "$table" "$results" || status=1
echo "bench.sh: the suites' JSON lines are in $results" >&2
# One kernel of a unit of nine, against NVRTC compiling it alone; and,
# in the GPU bundle, compiled ahead of time.
for cold_launch in "${COLD_LAUNCH:-$here/cold-launch}" "$here/cold-launch-aot"; do
  if test -x "$cold_launch"; then
    sh "$here/cold-launch.sh" "$cold_launch"
    rc=$?
    test $rc -eq 0 || test $rc -eq 77 || status=1
  fi
done
# A loop of small launches, with and without a graph.
graph_launch=${GRAPH_LAUNCH:-$here/graph-launch}
if test -x "$graph_launch"; then
  "$graph_launch" || status=1
fi
# A float copy against a cuda_float4 one, and nvcc's twin of both.
vector_copy=${VECTOR_COPY:-$here/vector-copy}
if test -x "$vector_copy"; then
  "$vector_copy" || status=1
fi
vector_copy_nvcc=$here/vector-copy-nvcc
if test ! -x "$vector_copy_nvcc" && test -f "$here/vector-copy-nvcc.cu"; then
  nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
  if test -n "$nvcc"; then
    "$nvcc" -O3 -arch=native -o "$vector_copy_nvcc" \
      "$here/vector-copy-nvcc.cu" ||
      "$nvcc" -O3 -o "$vector_copy_nvcc" "$here/vector-copy-nvcc.cu" ||
      status=1
  fi
fi
if test -x "$vector_copy_nvcc"; then
  "$vector_copy_nvcc"
  rc=$?
  test $rc -eq 0 || test $rc -eq 77 || status=1
fi
# The Rodinia-style programs, against nvcc's builds of the same source.
rodinia_programs=${RODINIA_PROGRAMS:-$here/rodinia}
if test -f "$here/rodinia.sh" && test -x "$rodinia_programs/hotspot"; then
  sh "$here/rodinia.sh" "$rodinia_programs" "$here/rodinia"
  rc=$?
  test $rc -eq 0 || test $rc -eq 77 || status=1
fi
exit $status
