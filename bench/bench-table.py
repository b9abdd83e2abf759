#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The table of the benchmark suites' JSON lines (bench/suite,
bench/suite-nvcc, bench/suite-numba.py): one row a benchmark, with
cudajit's time, each other implementation's time and cudajit's time over
it (1 is as fast, 2 twice as slow), and cudajit's bandwidth (GB/s of the
memory that the kernel reads and writes) or FLOP rate, the bandwidth as a
fraction of cudajit's device-to-device copy, the "copy" row.  A result
that was wrong reads FAILED.  It prints the table as text, then as JSON
lines, one a row.

  python3 bench/bench-table.py RESULTS.jsonl... [--json-only]"""

import argparse
import json
import sys

# The implementations cudajit is measured against, in the table's order:
# nvcc and Numba on a GPU, plain C and OpenMP on the CPU backend.
OTHERS = ("nvcc", "numba", "c", "openmp")
REFERENCE = "copy"


def read(paths):
    """The devices and the measures of the files at PATHS."""
    devices, measures = {}, []
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                record = json.loads(line)
                if "device" in record:
                    devices[record["impl"]] = record
                else:
                    measures.append(record)
    return devices, measures


def merge(measures):
    """One row a benchmark, in the order of their first measures."""
    rows = {}
    for m in measures:
        row = rows.setdefault(m["bench"], {"bench": m["bench"]})
        row[m["impl"] + "_ms"] = m["ms"]
        row[m["impl"] + "_ok"] = m.get("ok", True)
        if m["impl"] == "cudajit":
            for key in ("bytes", "flops"):
                if key in m:
                    row[key] = m[key]
    copy = rows.get(REFERENCE, {})
    copy_rate = (copy["bytes"] / copy["cudajit_ms"] / 1e6
                 if copy.get("bytes") and copy.get("cudajit_ms") else None)
    for row in rows.values():
        ms = row.get("cudajit_ms")
        for other in OTHERS:
            if ms and row.get(other + "_ms"):
                row["ratio_" + other] = ms / row[other + "_ms"]
        if ms and row.get("bytes"):
            row["gb_per_s"] = row["bytes"] / ms / 1e6
            if copy_rate:
                row["of_copy"] = row["gb_per_s"] / copy_rate
        elif ms and row.get("flops"):
            row["gflop_per_s"] = row["flops"] / ms / 1e6
    return list(rows.values())


def time_text(ms):
    return "%.2f us" % (ms * 1e3) if ms < 0.1 else "%.3f ms" % ms


def cell(row, impl):
    if impl + "_ms" not in row:
        return "-"
    if not row[impl + "_ok"]:
        return "FAILED"
    return time_text(row[impl + "_ms"])


def table(devices, rows):
    others = [o for o in OTHERS if any(o + "_ms" in r for r in rows)]
    head = ["bench", "cudajit"]
    for o in others:
        head += [o, "x " + o]
    head += ["rate", "of copy"]
    lines = [head]
    for row in rows:
        line = [row["bench"], cell(row, "cudajit")]
        for o in others:
            ratio = row.get("ratio_" + o)
            line += [cell(row, o), "%.2f" % ratio if ratio else "-"]
        if "gb_per_s" in row:
            line.append("%.1f GB/s" % row["gb_per_s"])
        elif "gflop_per_s" in row:
            line.append("%.1f GFLOP/s" % row["gflop_per_s"])
        else:
            line.append("-")
        line.append("%.2f" % row["of_copy"] if "of_copy" in row else "-")
        lines.append(line)
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = []
    for impl, d in devices.items():
        text.append("%s: %s%s, scale %s, best of %s" % (
            impl, d["device"],
            " (%s)" % d["backend"] if "backend" in d else "",
            d.get("scale", 1), d.get("repeats", "?")))
    text.append("x IMPL: cudajit's time over IMPL's (above 1: cudajit is "
                "slower); of copy: the rate over the copy's")
    for line in lines:
        text.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                              for i, (c, w) in enumerate(zip(line, widths))))
    return "\n".join(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="+")
    parser.add_argument("--json-only", action="store_true",
                        help="only the JSON lines")
    args = parser.parse_args()
    devices, measures = read(args.results)
    rows = merge(measures)
    if not args.json_only:
        print(table(devices, rows))
        print()
    for row in rows:
        print(json.dumps({k: float("%.4g" % v) if isinstance(v, float) else v
                          for k, v in row.items()}))
    return 0 if all(v for r in rows for k, v in r.items()
                    if k.endswith("_ok")) else 1


if __name__ == "__main__":
    sys.exit(main())
