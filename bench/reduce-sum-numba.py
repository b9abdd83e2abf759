# SPDX-License-Identifier: MIT
# Numba's cuda.reduce of a sum of 64 M float64 in device memory, the
# result on the host, timed by events around the call, best of 20 after a
# warm-up: the twin of bench/reduce-sum.c.
import sys

import numpy as np

np.row_stack = getattr(np, "row_stack", np.vstack)
from numba import cuda  # noqa: E402


@cuda.reduce
def sum_reduce(a, b):
    return a + b


n = int(sys.argv[1]) if len(sys.argv) > 1 else 64 << 20
d = cuda.to_device((np.arange(n) & 1023).astype(np.float64))
start, stop = cuda.event(), cuda.event()
best = float("inf")
for r in range(21):
    start.record()
    result = sum_reduce(d)
    stop.record()
    stop.synchronize()
    if r > 0:
        best = min(best, cuda.event_elapsed_time(start, stop))
print("reduce-sum-numba: cuda.reduce of %d doubles: %.4f ms" % (n, best))
