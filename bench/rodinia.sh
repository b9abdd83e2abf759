#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/rodinia.sh [PROGRAM_DIR [SOURCE_DIR]]: the Rodinia-style programs
# of bench/rodinia/ (issue 36) on a GPU, cudajit against nvcc on the same
# source.  Builds each SOURCE_DIR/PROG-nvcc.cu with nvcc -O3 -arch=native
# into PROGRAM_DIR/PROG-nvcc, beside the cudajit programs that make built
# there (the GPU machine has no GCC plugin headers); runs each program
# with nvcc, with cudajit (its variants compiled into an empty cache, so
# that their compile time is NVRTC's) and with cudajit under
# CUDAJIT_SPECIALIZE=0; and prints each one's mean kernel time a run,
# cudajit's over nvcc's (below 1, cudajit is faster), the geometric means,
# then how many variants cudajit queued, how many were ready before the
# timed runs and after, and what NVRTC took to compile them.  PROGRAM_DIR defaults to rodinia/ beside
# this script, SOURCE_DIR to PROGRAM_DIR; RODINIA_NVCC names nvcc.  Exits
# with 77 without a GPU or nvcc, with 1 if a program fails its check.
set -u
here=$(cd "$(dirname "$0")" && pwd)
programs=${1:-$here/rodinia}
sources=${2:-$programs}
# Each PROG-nvcc.cu of SOURCE_DIR is a program.
list=$(cd "$sources" && ls ./*-nvcc.cu | sed 's|^\./||; s|-nvcc\.cu$||')
nvcc=${RODINIA_NVCC:-$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
status=0

if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "rodinia.sh: no GPU" >&2
  exit 77
fi
if test -z "$nvcc"; then
  echo "rodinia.sh: no nvcc" >&2
  exit 77
fi

logs=$(mktemp -d)
# ms NAME LOG: the kernel time that the program's run printed into LOG,
# or nothing if it failed its check.
ms() {
  grep -q "^$1: ok" "$2" &&
    sed -n "s/^$1: [a-z]* kernel time \([0-9.]*\) ms.*/\1/p" "$2"
}

for p in $list; do
  # An nvcc older than -arch=native builds for its default architecture.
  if ! "$nvcc" -O3 -arch=native -o "$programs/$p-nvcc" "$sources/$p-nvcc.cu" &&
    ! "$nvcc" -O3 -o "$programs/$p-nvcc" "$sources/$p-nvcc.cu"; then
    echo "rodinia.sh: nvcc cannot build $p" >&2
    status=1
    continue
  fi
  "$programs/$p-nvcc" >"$logs/$p.nvcc" 2>&1
  cache=$(mktemp -d)
  CUDAJIT_CACHE_DIR=$cache CUDAJIT_VERBOSE=1 "$programs/$p" \
    >"$logs/$p.cudajit" 2>"$logs/$p.verbose"
  rm -rf "$cache"
  CUDAJIT_SPECIALIZE=0 "$programs/$p" >"$logs/$p.generic" 2>&1
  for run in nvcc cudajit generic; do
    if ! grep -q "^$p: ok" "$logs/$p.$run"; then
      echo "rodinia.sh: $p ($run) failed:" >&2
      cat "$logs/$p.$run" "$logs/$p.verbose" >&2
      status=1
    fi
  done
done

printf '%-11s %10s %11s %6s %18s %6s\n' program "nvcc ms" "cudajit ms" \
  ratio "cudajit no-spec ms" ratio
for p in $list; do
  printf '%s %s %s %s\n' "$p" "$(ms "$p" "$logs/$p.nvcc")" \
    "$(ms "$p" "$logs/$p.cudajit")" "$(ms "$p" "$logs/$p.generic")"
done | awk '
  NF == 4 {
    printf "%-11s %10.4f %11.4f %6.2f %18.4f %6.2f\n", $1, $2, $3, $3 / $2,
      $4, $4 / $2
    spec += log ($3 / $2); generic += log ($4 / $2); n++
    next
  }
  { printf "%-11s %10s\n", $1, "FAILED" }
  END {
    if (n)
      printf "%-11s %10s %11s %6.2f %18s %6.2f\n", "geomean", "", "",
        exp (spec / n), "", exp (generic / n)
  }'

# The variants: those queued, those ready (compiled, and switched to)
# before the timed runs began and after, and NVRTC's milliseconds for
# them.
echo
printf '%-11s %8s %16s %16s %12s\n' program queued "ready before" \
  "ready after" "compile ms"
for p in $list; do
  awk -v p="$p" '
    $0 ~ "^" p ": timed runs begin" { timed = 1 }
    / variant [0-9]+ queued/ { queued++ }
    / variant [0-9]+ (compiled by NVRTC|came from the cache) in / {
      if (timed) after++; else before++
      for (i = 1; i < NF; i++)
        if ($i == "in" && $(i + 2) == "ms") ms += $(i + 1)
    }
    END {
      printf "%-11s %8d %16d %16d %12.1f\n", p, queued, before, after, ms
    }
  ' "$logs/$p.verbose"
done
echo "rodinia.sh: the runs' output is in $logs" >&2
exit $status
