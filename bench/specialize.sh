#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/specialize.sh [PROGRAM]: bench/specialize with CUDAJIT_SPECIALIZE=0
# (the generic code) and on (the variants), and the ratio of each
# kernel's time, generic over specialized: above 1, the variant is faster.
# Exits with 77 without a GPU.
program=${1:-bench/specialize}
generic=$(CUDAJIT_SPECIALIZE=0 "$program") || exit $?
specialized=$("$program") || exit $?
printf '%-10s %12s %12s %8s\n' kernel "generic ms" "variant ms" ratio
echo "$generic" | while read -r name ms; do
  variant=$(echo "$specialized" | awk -v n="$name" '$1 == n { print $2 }')
  awk -v n="$name" -v g="$ms" -v s="$variant" \
    'BEGIN { printf "%-10s %12.4f %12.4f %8.2f\n", n, g, s, g / s }'
done
