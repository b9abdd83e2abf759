#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/gemm's two builds side by side on this machine's GPU (issue 47):
#   sh gemm.sh GEMM NVCC GEMM_NVCC_CU HEADER_DIR [N...]
# GEMM is bench/gemm, built by cudajit.  NVCC compiles GEMM_NVCC_CU
# (bench/gemm-nvcc.cu, with gemm.c beside it and gemm-tensor-cores.h in
# HEADER_DIR) into ./gemm-nvcc, for this machine's GPU, with cuBLAS.
# Each prints its own and cuBLAS's times (bench/gemm.c says how).
# Without a GPU, GEMM says so and this exits with 77.

set -e
test $# -ge 4 || {
  echo "usage: sh gemm.sh GEMM NVCC GEMM_NVCC_CU HEADER_DIR [N...]" >&2
  exit 2
}
gemm=$1
nvcc=$2
source=$3
header_dir=$4
shift 4
status=0
"$gemm" "$@" || status=$?
test $status -ne 77 || exit 77
"$nvcc" -O3 -arch=native -I"$header_dir" -o gemm-nvcc "$source" -lcublas
./gemm-nvcc "$@" || status=$?
exit $status
