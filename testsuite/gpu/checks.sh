# SPDX-License-Identifier: GPL-3.0-or-later
# The checks of the scripts for GPU machines (gpu-tools.sh,
# several-gpus.sh), which source this file from beside them: check STATUS
# NAME prints PASS or FAIL for NAME as STATUS is 0 or not, and counts it;
# summary prints 'N passed, N failed' and fails if one failed.

passed=0
failed=0

check ()
{
  if [ "$1" = 0 ]; then
    echo "PASS: $2"
    passed=$((passed + 1))
  else
    echo "FAIL: $2"
    failed=$((failed + 1))
  fi
}

summary ()
{
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
}
