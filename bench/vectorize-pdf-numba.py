# SPDX-License-Identifier: MIT
# Numba's @vectorize (target='cuda') of seed 002's gaussian_pdf on 64 M
# float32 in device memory, timed by events, best of 20 after a warm-up:
# the twin of bench/vectorize-pdf.c.
import math
import sys

import numpy as np

np.row_stack = getattr(np, "row_stack", np.vstack)
from numba import cuda, vectorize  # noqa: E402

SQRT_2PI = np.float32((2 * math.pi) ** 0.5)


@vectorize(["float32(float32, float32, float32)"], target="cuda")
def gaussian_pdf(x, mean, sigma):
    return math.exp(-0.5 * ((x - mean) / sigma) ** 2) / (sigma * SQRT_2PI)


n = int(sys.argv[1]) if len(sys.argv) > 1 else 64 << 20
x = cuda.to_device(((np.arange(n) % 6001) / 1000.0 - 3).astype(np.float32))
out = cuda.device_array(n, dtype=np.float32)
start, stop = cuda.event(), cuda.event()
best = float("inf")
for r in range(21):
    start.record()
    gaussian_pdf(x, np.float32(0.0), np.float32(1.0), out=out)
    stop.record()
    stop.synchronize()
    if r > 0:
        best = min(best, cuda.event_elapsed_time(start, stop))
print("vectorize-pdf-numba: %d floats: Numba @vectorize %.3f ms" % (n, best))
