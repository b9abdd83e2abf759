#!/bin/sh
# SPDX-License-Identifier: MIT
# check-cost.sh PROGRAM PROGRAM_CHECKABLE [N]: the time a launch of each
# kernel of bench/check-cost takes on the CPU backend, on one thread,
# without checks, under CUDAJIT_CHECK=bounds, and, built with
# -fplugin-arg-cudajit-check-races (PROGRAM_CHECKABLE), without
# CUDAJIT_CHECK and under CUDAJIT_CHECK=races; each with its ratio to
# the first.

plain=${1:?usage: check-cost.sh PROGRAM PROGRAM_CHECKABLE [N]}
checkable=${2:?usage: check-cost.sh PROGRAM PROGRAM_CHECKABLE [N]}
n=${3:-1048576}
export CUDAJIT_BACKEND=cpu CUDAJIT_CPU_THREADS=1

# run NAME CHECK PROGRAM: PROGRAM's lines, each prefixed by NAME.
run ()
{
  name=$1
  check=$2
  program=$3
  CUDAJIT_CHECK=$check "$program" "$n" | sed "s/^/$name /"
}

{
  run none "" "$plain"
  run bounds bounds "$plain"
  run checkable "" "$checkable"
  run races races "$checkable"
} | awk '
  $1 == "none" { base[$2] = $3 }
  { printf "%-10s %-10s %10.3f ms  %8.2f\n", $2, $1, $3, $3 / base[$2] }'
