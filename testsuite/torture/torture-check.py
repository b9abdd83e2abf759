#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that the plugin leaves host C alone, on GCC's own execute tests.

Every program of gcc.c-torture/execute (and of its ieee/ and builtins/
directories) in the GCC source tarball is compiled to assembly with and
without the plugin loaded, at each optimization level.  It passes when
both compiles agree (both fail, or both succeed) without an internal
compiler error, and their assembly is the same; where the assembly
differs, both are linked and run, and must end with the same status.
The programs of skip.txt are left out, each for the reason given there.

One line per program and level: "pass:", "ice:", "differ:" or "skip:",
then a summary line.  It exits 0 when there is no ICE and no difference.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import subprocess
import sys
import tarfile

EXECUTE = "gcc/testsuite/gcc.c-torture/execute"
# Some of the programs loop for a while; a run that outlives this is
# compared as a timeout.
RUN_TIMEOUT_S = 20
COMPILE_TIMEOUT_S = 120
ICE = "internal compiler error"

# The options that the directories' .exp files give every program.
DIRECTORY_FLAGS = {
    "": [],
    "ieee": ["-fno-inline"],
    "builtins": ["-fno-tree-dse", "-fno-tree-loop-distribute-patterns",
                 "-fno-tracer", "-fno-ipa-ra", "-fno-inline-functions"],
}

DG_OPTIONS = re.compile(
    r'\{\s*dg-(?:additional-)?options\s+(?:"([^"]*)"|\{\s*"([^"]*)"\s*\})'
    r'\s*(\{[^}]*(?:\}[^}]*)*?\})?\s*\}')
X_FLAGS = re.compile(r'^lappend additional_flags (.*)$', re.M)


def applies_here(selector):
    """Whether a dg- target selector holds on x86_64 GNU/Linux (LP64):
    the few forms that the execute tests use."""
    if not selector:
        return True
    if "ia32" in selector:
        return False
    return "x86_64-*-*" in selector or "fpic" in selector


def program_flags(path):
    """The options of the program's dg-options and of its .x file."""
    flags = []
    with open(path, errors="replace") as f:
        text = f.read()
    for m in DG_OPTIONS.finditer(text):
        if applies_here(m.group(3)):
            flags += shlex.split(m.group(1) or m.group(2) or "")
    x = os.path.splitext(path)[0] + ".x"
    if os.path.exists(x):
        with open(x) as f:
            for m in X_FLAGS.finditer(f.read()):
                flags += [a.strip('"') for a in m.group(1).split()]
    return flags


def find_tarball(cc):
    major = subprocess.run([cc, "-dumpversion"], capture_output=True,
                           text=True).stdout.strip().split(".")[0]
    found = sorted(glob.glob("/usr/src/gcc-%s/gcc-%s*.tar.*" % (major,
                                                                major)))
    return found[0] if found else None


def extract(tarball, workdir):
    """The execute directory, extracted once into WORKDIR."""
    stamp = os.path.join(workdir, "extracted")
    root = os.path.join(workdir, "execute")
    if os.path.exists(stamp):
        return root
    with tarfile.open(tarball) as tar:
        members = []
        for m in tar:
            parts = m.name.split("/", 1)
            if len(parts) == 2 and parts[1].startswith(EXECUTE + "/"):
                m.name = "execute/" + parts[1][len(EXECUTE) + 1:]
                members.append(m)
        tar.extractall(workdir, members)
    open(stamp, "w").close()
    return root


def programs(root):
    """(name, sources) of each program: NAME is its path in ROOT."""
    found = []
    for directory in DIRECTORY_FLAGS:
        for path in sorted(glob.glob(os.path.join(root, directory, "*.c"))):
            name = os.path.relpath(path, root)
            if directory == "builtins":
                if path.endswith("-lib.c"):
                    continue
                sources = [path, path[:-2] + "-lib.c",
                           os.path.join(root, directory, "lib", "main.c")]
            else:
                sources = [path]
            found.append((name, sources))
    return found


def read_skips(path):
    skips = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, reason = line.partition(" ")
                skips[name] = reason.strip()
    return skips


def compile_asm(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=COMPILE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return "timeout", "compile timed out"
    return p.returncode, p.stderr


def run_status(cmd, exe):
    """The exit status of the program built by CMD into EXE."""
    build = subprocess.run(cmd + ["-o", exe], capture_output=True,
                           text=True, timeout=COMPILE_TIMEOUT_S)
    if build.returncode:
        return "link failed"
    try:
        return subprocess.run([exe], capture_output=True,
                              timeout=RUN_TIMEOUT_S,
                              cwd=os.path.dirname(exe)).returncode
    except subprocess.TimeoutExpired:
        return "timeout"


def check(args, name, sources, level):
    """The verdict and its reason for one program at one level."""
    flags = (["-w", level] + shlex.split(args.flags)
             + DIRECTORY_FLAGS[os.path.dirname(name)]
             + program_flags(sources[0]))
    base = os.path.join(args.workdir, "out",
                        name.replace("/", "_")[:-2] + level)
    plugin = ["-fplugin=" + args.plugin]
    # Only the program itself is compiled to assembly; builtins' other
    # sources are the same with and without the plugin.
    plain_s, plugged_s = base + ".s", base + "-plugin.s"
    plain = compile_asm([args.cc, "-S"] + flags + [sources[0], "-o",
                                                   plain_s])
    plugged = compile_asm([args.cc, "-S"] + plugin + flags
                          + [sources[0], "-o", plugged_s])
    if ICE in plugged[1]:
        return "ice", next(line for line in plugged[1].splitlines()
                           if ICE in line)
    if (plain[0] == 0) != (plugged[0] == 0):
        return "differ", ("compiles %s without the plugin, %s with it: %s"
                          % ("ok" if plain[0] == 0 else "fails",
                             "ok" if plugged[0] == 0 else "fails",
                             plugged[1].strip()[:300]))
    if plain[0] != 0:
        return "pass", "fails to compile with and without the plugin"
    with open(plain_s) as a, open(plugged_s) as b:
        same = a.read() == b.read()
    os.remove(plain_s)
    os.remove(plugged_s)
    if same:
        return "pass", "same assembly"
    cmd = [args.cc] + flags + sources + ["-lm"]
    plain_run = run_status(cmd, base + ".exe")
    plugged_run = run_status(cmd[:1] + plugin + cmd[1:], base + "-plugin.exe")
    if plain_run != plugged_run:
        return "differ", ("exits %s without the plugin, %s with it"
                          % (plain_run, plugged_run))
    return "pass", "runs alike (status %s), other assembly" % plain_run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--tarball", help="default: /usr/src/gcc-N/gcc-N*.tar.*"
                    " for CC's major version N")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--skip-list", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "skip.txt"))
    ap.add_argument("--levels", default="-O0 -O2")
    ap.add_argument("--flags", default="",
                    help="more options for every compile, e.g. -g")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("names", nargs="*",
                    help="only these programs, e.g. 20000112-1.c ieee/mzero2.c")
    args = ap.parse_args()

    tarball = args.tarball or find_tarball(args.cc)
    if not tarball or not os.path.exists(tarball):
        print("unsupported: no GCC source tarball (Debian: gcc-N-source for"
              " the GCC that loads the plugin)")
        return 0
    os.makedirs(os.path.join(args.workdir, "out"), exist_ok=True)
    root = extract(tarball, args.workdir)
    skips = read_skips(args.skip_list)
    todo, skipped = [], 0
    for name, sources in programs(root):
        if args.names and name not in args.names:
            continue
        if name in skips:
            print("skip: %s: %s" % (name, skips[name]))
            skipped += 1
            continue
        for level in args.levels.split():
            todo.append((name, sources, level))

    counts = {"pass": 0, "ice": 0, "differ": 0}
    rerun = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {pool.submit(check, args, *t): t for t in todo}
        for job in concurrent.futures.as_completed(jobs):
            name, _, level = jobs[job]
            verdict, why = job.result()
            counts[verdict] += 1
            rerun += "other assembly" in why
            print("%s: %s %s: %s" % (verdict, name, level, why), flush=True)

    print("summary: %d programs, %d compiles with the plugin, %d ICEs, "
          "%d differences, %d with other assembly run alike, %d skipped"
          % (len(set(t[0] for t in todo)), len(todo), counts["ice"],
             counts["differ"], rerun, skipped))
    return 1 if counts["ice"] or counts["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
