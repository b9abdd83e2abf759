# SPDX-License-Identifier: GPL-3.0-or-later
# make check's last line, from cudajit.sum: "N passed, M failed", where
# the failures are DejaGnu's unexpected failures, unexpected successes
# and unresolved tests, and the ERRORs before the summary (a .exp file
# that stopped), each counted once.  Exits 1 on any failure or when no
# test ran, which DejaGnu itself would report as success.
/^[ \t]*=== .* Summary/ { summary = 1 }
/^(PASS|FAIL|XPASS|XFAIL|KPASS|KFAIL|UNRESOLVED|UNTESTED|UNSUPPORTED): / { tests++ }
/^# of expected passes/ { passed = $NF }
/^# of (unexpected failures|unexpected successes|unresolved testcases)/ { failed += $NF }
/^ERROR: / && !summary && !seen[$0]++ { failed++ }
END {
  if (!tests)
    print "check-DEJAGNU: no test ran" > "/dev/stderr"
  printf "%d passed, %d failed\n", passed, failed
  exit (failed > 0 || !tests)
}
