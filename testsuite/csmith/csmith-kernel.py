#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Differential testing of cudajit with csmith's random programs.

csmith writes programs whose main calls func_1 and prints a checksum of
the global variables.  Kernels may not touch non-const globals, so this
script moves the globals into one structure that the kernel receives and
passes to every function as G; the kernel runs func_1 and the checksum on
one GPU thread, and the host prints the checksum that came back.

  csmith-kernel.py transform PROGRAM.c KERNEL.c
      write PROGRAM's kernel version.
  csmith-kernel.py check [OPTIONS] SEED...
      for each seed: generate the program, build and run it as plain C,
      build its kernel version with the plugin, check the CUDA C with
      NVRTC, run it on the CPU backend and compare the checksums.  Prints
      one line per seed, a verdict and a reason, then the totals:
        pass      same checksum
        rejected  the plugin refused the program with an error
        skip      the plain program does not build or run in time
        slow      NVRTC did not finish in time (--nvrtc-timeout)
        gcc       another checksum, but also from the kernel version
                  compiled without the plugin and called as a function:
                  GCC, not cudajit, computes the two programs differently
        ice       internal compiler error, or the compiler crashed
        nvrtc     NVRTC rejected the generated CUDA C
        crash     the kernel version failed or timed out
        mismatch  different checksums
      ice, nvrtc, crash and mismatch are failures: the exit status is 1.
      Options (make check passes them from site.exp):
        --cc CC --plugin SO --include DIR --libdir DIR --nvrtc-check PROG
        --workdir DIR    where the programs go (default: a temporary one)
        --csmith-options "..."   added to csmith's command line
        --jobs N         seeds checked at once (default: the CPUs)
        --timeout S      seconds for the plain program (default 10; the
                         kernel version gets four times as long)
        --nvrtc-timeout S  seconds for NVRTC (default 120)
        --bundle DIR     also put each passing kernel program into DIR
                         with a manifest for testsuite/gpu/run-tests.py,
                         to run on a GPU with the host's checksum expected
  Seeds may be ranges: 1-100.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# csmith's defaults, less what C has but the kernel subset leaves out on
# purpose: packed structures would need a layout NVRTC cannot promise.
DEFAULT_CSMITH_OPTIONS = "--no-packed-struct"

OPTIMIZATIONS = ["-O0", "-O1", "-O2", "-O3", "-Os"]

# What both the plain program and the kernel version print at the end.
CHECKSUM = r"checksum = [0-9A-F]+"


def section(text, start, end):
    """The lines of TEXT strictly between the START and END markers."""
    begin = text.index(start) + len(start)
    return text[begin:text.index(end, begin)]


def with_globals_parameter(code):
    """CODE with G passed to every func_N and g_N read through G."""
    lines = []
    for line in code.splitlines():
        if line.startswith("static") and re.search(r"\bfunc_\d+\(", line):
            line = re.sub(r"\b(func_\d+)\(void\)",
                          r"\1(struct csmith_globals *G)", line)
            line = re.sub(r"\b(func_\d+)\((?!struct csmith_globals \*G\))",
                          r"\1(struct csmith_globals *G, ", line)
        else:
            line = re.sub(r"\b(func_\d+)\(\s*\)", r"\1(G)", line)
            line = re.sub(r"\b(func_\d+)\((?!G\))", r"\1(G, ", line)
        lines.append(re.sub(r"\bg_(\d+)\b", r"G->g_\1", line))
    return "\n".join(lines) + "\n"


def transform(program):
    """The kernel version of csmith's PROGRAM text."""
    types = section(program, "/* --- Struct/Union Declarations --- */",
                    "/* --- GLOBAL VARIABLES --- */")
    global_lines = section(program, "/* --- GLOBAL VARIABLES --- */",
                           "/* --- FORWARD DECLARATIONS --- */")
    functions = section(program, "/* --- FORWARD DECLARATIONS --- */",
                        "\nint main")
    main_body = program[program.index("\nint main"):]
    main_body = main_body[main_body.index("{") + 1:main_body.rindex("}")]

    members, initializers = [], []
    for line in global_lines.splitlines():
        line = re.sub(r"/\*.*?\*/", "", line).strip()
        if not line:
            continue
        match = re.fullmatch(r"static (.*?\bg_(\d+)\b[^=]*?)\s*(?:=\s*(.*))?;",
                             line)
        if not match:
            raise ValueError("unexpected global: " + line)
        members.append("    %s;" % match.group(1))
        if match.group(3) is not None:
            initializers.append("      .g_%s = %s," % (
                match.group(2),
                re.sub(r"\bg_(\d+)\b", r"G->g_\1", match.group(3))))

    kernel_body = []
    for line in main_body.splitlines():
        if re.search(r"argc|platform_main|return 0;", line):
            continue
        kernel_body.append(line.replace("crc32_gentab();", "csmith_init(G);"))

    return """\
/* The kernel version of a csmith program, by csmith-kernel.py.  */
#define CSMITH_KERNEL 1
#include <cudajit.h>
#include "csmith.h"

%(types)s
struct csmith_globals
{
    uint32_t crc32_context;
%(members)s
};

static void
csmith_init(struct csmith_globals *G)
{
    const struct csmith_globals init = {
      .crc32_context = 0xFFFFFFFFu,
%(initializers)s
    };
    const unsigned char *from = (const unsigned char *) &init;
    unsigned char *to = (unsigned char *) G;
    for (unsigned long n = 0; n < sizeof init; n++)
        to[n] = from[n];
}
%(functions)s
__attribute__ ((cuda_jit)) void
csmith_kernel(struct csmith_globals G[1])
{
%(kernel_body)s
}

int
main(void)
{
    static struct csmith_globals globals;
#ifdef CSMITH_NO_PLUGIN
    csmith_kernel(&globals);
#else
    cuda_launch(csmith_kernel, 1, 1)(&globals);
    cuda_synchronize();
#endif
    printf("checksum = %%X\\n", globals.crc32_context ^ 0xFFFFFFFFu);
    return 0;
}
""" % {"types": types.strip("\n"),
       "members": "\n".join(members),
       "initializers": "\n".join(initializers),
       "functions": with_globals_parameter(functions),
       "kernel_body": with_globals_parameter("\n".join(kernel_body))}


def run(command, timeout, env=None):
    """(status, output) of COMMAND; status None when it timed out."""
    try:
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=timeout, env=env,
                                errors="replace")
        return result.returncode, result.stdout + result.stderr
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout


def first_error(output):
    for line in output.splitlines():
        if "error:" in line or "internal compiler error" in line:
            return line.strip()
    return output.strip().splitlines()[-1] if output.strip() else ""


def check_seed(seed, args):
    """(verdict, reason) for csmith's program number SEED."""
    work = os.path.join(args.workdir, "seed-%d" % seed)
    os.makedirs(work, exist_ok=True)
    program = os.path.join(work, "program.c")
    kernel = os.path.join(work, "kernel.c")
    optimization = OPTIMIZATIONS[seed % len(OPTIMIZATIONS)]

    status, output = run(["csmith", "--seed", str(seed), "-o", program]
                         + shlex.split(args.csmith_options), 60)
    if status != 0:
        return "skip", "csmith failed: " + first_error(output)

    cflags = [optimization, "-w", "-I" + HERE]
    status, output = run([args.cc] + cflags + [program, "-o",
                                               program[:-2]], 300)
    if status != 0:
        return "skip", "the plain program does not compile"
    status, output = run([program[:-2]], args.timeout)
    expected = re.search(CHECKSUM, output or "")
    if status != 0 or not expected:
        return "skip", "the plain program: " + first_error(output)

    with open(program) as source, open(kernel, "w") as out:
        out.write(transform(source.read()))
    dump = os.path.join(work, "dump")
    shutil.rmtree(dump, ignore_errors=True)
    os.makedirs(dump)
    status, output = run(
        [args.cc, "-fplugin=" + args.plugin,
         "-fplugin-arg-cudajit-dump=" + dump, "-I" + args.include]
        + cflags + [kernel, "-o", kernel[:-2], "-L" + args.libdir,
                    "-Wl,-rpath," + args.libdir, "-Wl,-rpath,$ORIGIN",
                    "-lcudajit", "-lm"], 600)
    if status is None or "internal compiler error" in output or (
            status != 0 and "error:" not in output):
        return "ice", first_error(output)
    if status != 0:
        return "rejected", first_error(output)

    cuda_files = [os.path.join(dump, f) for f in sorted(os.listdir(dump))]
    nvrtc_start = time.monotonic()
    status, output = run([args.nvrtc_check] + cuda_files, args.nvrtc_timeout)
    nvrtc_seconds = time.monotonic() - nvrtc_start
    if status is None:
        # NVRTC takes minutes over the biggest programs, as the JIT would.
        return "slow", "NVRTC took over %d s" % args.nvrtc_timeout
    if status != 0:
        return "nvrtc", first_error(output)

    env = dict(os.environ, CUDAJIT_BACKEND="cpu")
    status, output = run([kernel[:-2]], 4 * args.timeout, env)
    got = re.search(CHECKSUM, output or "")
    if status != 0 or not got:
        return "crash", first_error(output)
    if got.group(0) != expected.group(0):
        # csmith finds bugs in GCC too: the kernel version compiled
        # without the plugin, the kernel called as a function, tells
        # whether GCC computes the transformed program differently.
        status, output = run([args.cc, "-DCSMITH_NO_PLUGIN",
                              "-I" + args.include] + cflags
                             + [kernel, "-o", kernel[:-2] + "-host"], 600)
        if status == 0:
            status, output = run([kernel[:-2] + "-host"], args.timeout)
        host = re.search(CHECKSUM, output or "")
        if host and host.group(0) == got.group(0):
            return "gcc", ("%s, plain C %s, and so without the plugin"
                           % (got.group(0), expected.group(0)))
        return "mismatch", "%s, plain C %s" % (got.group(0),
                                               expected.group(0))
    if args.bundle:
        name = "csmith-%d" % seed
        shutil.copy(kernel[:-2], os.path.join(args.bundle, name))
        with open(os.path.join(args.bundle, name + ".expected"), "w") as out:
            out.write(expected.group(0))
    return "pass", "%s %s, NVRTC %.1f s" % (optimization, got.group(0),
                                            nvrtc_seconds)


def seeds(words):
    for word in words:
        first, _, last = word.partition("-")
        yield from range(int(first), int(last or first) + 1)


def write_bundle_manifest(bundle, passed):
    """Add the passing programs to BUNDLE's manifest for run-tests.py."""
    path = os.path.join(bundle, "manifest.json")
    manifest = json.load(open(path)) if os.path.exists(path) else []
    names = {"csmith-%d" % seed for seed in passed}
    manifest = [t for t in manifest if t["name"] not in names]
    for seed in passed:
        name = "csmith-%d" % seed
        with open(os.path.join(bundle, name + ".expected")) as expected:
            output = re.escape(expected.read()) + "\\b"
        os.remove(os.path.join(bundle, name + ".expected"))
        manifest.append({"name": name, "output": output,
                         "shouldfail": False, "env": {}})
    with open(path, "w") as out:
        json.dump(manifest, out, indent=1)


def check(args):
    if shutil.which("csmith") is None:
        print("csmith is not installed (Debian: csmith)")
        return 77
    args.workdir = args.workdir or tempfile.mkdtemp(prefix="csmith-")
    if args.bundle:
        os.makedirs(args.bundle, exist_ok=True)
        shutil.copy(os.path.join(args.libdir, "libcudajit.so.0"), args.bundle)
    counts = {}
    passed = []
    failures = {"ice", "nvrtc", "crash", "mismatch"}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [(seed, pool.submit(check_seed, seed, args))
                   for seed in seeds(args.seeds)]
        for seed, future in futures:
            verdict, reason = future.result()
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict == "pass":
                passed.append(seed)
            print("%s: seed %d: %s" % (verdict, seed, reason), flush=True)
    if args.bundle:
        write_bundle_manifest(args.bundle, passed)
    print("csmith: %d programs: %s" % (
        sum(counts.values()),
        ", ".join("%d %s" % (counts.get(v, 0), v)
                  for v in ["pass", "rejected", "skip", "slow", "gcc", "ice",
                            "nvrtc", "crash", "mismatch"])))
    return 1 if failures & counts.keys() else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "transform":
        with open(sys.argv[2]) as source, open(sys.argv[3], "w") as out:
            out.write(transform(source.read()))
        return 0
    if len(sys.argv) < 2 or sys.argv[1] != "check":
        sys.exit(__doc__)
    parser = argparse.ArgumentParser(prog="csmith-kernel.py check")
    parser.add_argument("--cc", default="gcc")
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--libdir", required=True)
    parser.add_argument("--nvrtc-check", required=True)
    parser.add_argument("--workdir")
    parser.add_argument("--csmith-options", default=DEFAULT_CSMITH_OPTIONS)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=int, default=10)
    parser.add_argument("--nvrtc-timeout", type=int, default=120)
    parser.add_argument("--bundle")
    parser.add_argument("seeds", nargs="+")
    return check(parser.parse_args(sys.argv[2:]))


if __name__ == "__main__":
    sys.exit(main())
