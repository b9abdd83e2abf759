# SPDX-License-Identifier: GPL-3.0-or-later
"""Random SIMT kernels in cudajit's C subset, and their plain C reference:
a seed's kernel, its device functions and its host code.  See
simt_tree.py for what keeps them free of races and deterministic."""

import random

from simt_blocks import Blocks
from simt_print import Printer, program  # noqa: F401 (simt-fuzz.py's)
from simt_threads import Threads
from simt_tree import (ACCUMULATORS, ATOMIC_GROUPS, INCDEC_LIMIT,
                       VECTOR_TYPES, WARP, Body, Code, Epoch, Exit, Function,
                       Shared, Var, bits, c_type, float_suffix, is_float,
                       is_vector, renorm, signed, to_u32)


class Generator(Threads, Blocks, Printer):
    """The kernel of one seed, its device functions and its host code."""

    SHAPES_1D = [(32,), (64,), (96,), (128,), (256,), (40,), (33,), (100,),
                 (7,), (1,), (160,), (48,), (512,), (1024,)]
    SHAPES_2D = [(8, 4), (16, 3), (10, 10), (32, 2), (5, 7), (16, 16),
                 (4, 9), (32, 4), (32, 16)]
    SHAPES_3D = [(4, 4, 2), (8, 4, 2), (3, 5, 7), (2, 3, 4), (4, 4, 4),
                 (8, 2, 3), (16, 2, 2), (8, 8, 8)]

    def __init__(self, seed, avoid=(), launches=1):
        self.seed = seed
        self.rng = random.Random(seed)
        self.avoid = set(avoid)
        self.launches = launches
        self.name = "k%d" % seed
        self.counter = 0
        self.functions = []
        self.tables = []
        self.barriers = []
        r = self.rng
        dims = r.choice([1, 1, 2, 3])
        block = r.choice({1: self.SHAPES_1D, 2: self.SHAPES_2D,
                          3: self.SHAPES_3D}[dims])
        self.block = tuple(block) + (1,) * (3 - len(block))
        self.grid = (r.choice([1, 2, 3, 4]), r.choice([1, 1, 2]))
        self.nt = self.block[0] * self.block[1] * self.block[2]
        self.one_d = self.block[1:] == (1, 1) and self.grid[1] == 1
        self.threads = self.nt * self.grid[0] * self.grid[1]
        self.n = max(1, r.randint(self.threads // 2, 3 * self.threads))
        self.p = r.getrandbits(32)
        self.full_warps = self.nt % WARP == 0
        # What this kernel does much of.
        self.style = r.choice(["barriers", "warps", "mixed", "mixed",
                               "grid", "plain"])
        # Whether it keeps to what the CPU backend runs in loops over a
        # block's threads, rather than as fibers: warp functions only on
        # whole warps, with the constant mask, where the whole block
        # runs alike; no barrier with a result, no device function that
        # waits.
        self.loops = self.chance(0.4)
        self.weights = {
            "barriers": dict(barrier=6, warp=1, call=3, grid=1, atomic=2),
            "warps": dict(barrier=0, warp=6, call=2, grid=1, atomic=2),
            "mixed": dict(barrier=3, warp=3, call=2, grid=1, atomic=2),
            "grid": dict(barrier=0, warp=0, call=1, grid=6, atomic=3),
            "plain": dict(barrier=0, warp=0, call=1, grid=1, atomic=1),
        }[self.style]
        if self.loops and not self.full_warps:
            self.weights["warp"] = 0
        self.returns = (not self.weights["barrier"] and not self.weights["warp"]
                        and self.chance(0.5))
        self.accumulators = [(name, ty, kinds) for name, ty, kinds
                             in ACCUMULATORS]
        self.acc_init = {}
        for name, ty, kinds in self.accumulators:
            for k, kind in enumerate(kinds):
                self.acc_init[(name, k)] = self.initial(ty, kind)
        self.outputs = 0
        self.grid_loops = 0
        # The functions with barriers that every thread calls.
        self.called = set()

    def fresh(self, prefix):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def initial(self, ty, kind):
        r = self.rng
        if ty == "f32":
            return "%d.0f" % r.randint(0, 100)
        if kind == "incdec":
            return "%du" % r.randint(0, INCDEC_LIMIT)
        if kind == "and" or kind == "min":
            mask = (1 << bits(ty)) - 1
            v = mask ^ (r.getrandbits(bits(ty)) & r.getrandbits(bits(ty)))
        else:
            v = r.getrandbits(16) if kind == "max" else r.getrandbits(bits(ty))
        if signed(ty):
            v = r.randint(-1000, 1000) if kind in ("min", "max") else v
            return "%d" % v
        return "0x%xu%s" % (v, "ll" if bits(ty) == 64 else "")

    def chance(self, p):
        return self.rng.random() < p

    # Device functions.

    def local_types(self):
        r = self.rng
        types = ["u32", "u32", "s32", "u64", "s64", "u16", "s16", "u8", "s8"]
        if "floats" not in self.avoid:
            types += ["f32", "f64", "f32"]
        if "vectors" not in self.avoid:
            types += list(VECTOR_TYPES)
        return [r.choice(types) for _ in range(r.randint(2, 6))]

    def seeded(self, ty, source):
        """A first value of TY from SOURCE, an unsigned int."""
        if is_float(ty):
            f = float_suffix(ty)
            return "(%s) ((int) ((%s) & 1023u) - 512) * 0.125%s" % (
                c_type(ty), source, f)
        return "(%s) (%s)" % (c_type(ty), source)

    def first_values(self, b, v, source):
        """Lines that give thread variable V its first value from SOURCE,
        a function of the thread's index."""
        if is_vector(v.ty):
            name, elem, lanes = VECTOR_TYPES[v.ty]
            return ["%s[%d] = %s;" % (v.ref(), k, self.seeded(
                elem, "%s * %du" % (source, 2 * k + 1)))
                for k in range(lanes)]
        return ["%s = %s;" % (v.ref(), self.seeded(v.ty, source))]

    def late_values(self, b, count):
        """Zero for the variables made while the body was generated, which
        warps or blocks that skip their code still read."""
        lines = []
        for v in b.top[count:]:
            zero = "0.0%s" % float_suffix(v.ty) if is_float(v.ty) else "0"
            lines.append("%s = %s;" % (v.ref(), zero))
        return lines

    def shared_arrays(self, prefix, count):
        r = self.rng
        arrays = []
        types = ["u32", "s32", "u16", "s16", "u8", "s8", "u64", "s64"]
        if "floats" not in self.avoid:
            types += ["f32", "f64"]
        if "vectors" not in self.avoid:
            types += ["v4u32", "v2u64"]
        for _ in range(count):
            ty = r.choice(types)
            slots = 1 if is_vector(ty) else r.choice([1, 1, 2, 3])
            arrays.append(Shared(prefix + self.fresh("sh"), ty, self.nt,
                                 slots, slots > 1 and self.chance(0.5)))
        return arrays

    def shared_init(self, b, arrays, source):
        """Every thread writes every one of its own slots."""
        lines = []
        for s in arrays:
            for k in range(s.slots):
                value = "%s * %du + %du" % (source, 2 * k + 1,
                                            self.rng.getrandbits(16))
                if is_vector(s.ty):
                    name, elem, lanes = VECTOR_TYPES[s.ty]
                    for e in range(lanes):
                        lines.append("%s[%d] = %s;" % (
                            s.own(k, b.tid), e, self.seeded(
                                elem, "%s ^ %du" % (value, e))))
                else:
                    lines.append("%s = %s;" % (s.own(k, b.tid),
                                               self.seeded(s.ty, value)))
                b.strong.add((s.name, k, "W!"))
            b.epoch.mark(s.name, "W")
        return lines

    def thread_function(self, callees):
        """A function that each thread calls alone, printed alike in both
        programs."""
        r = self.rng
        name = "%s_f%d" % (self.name, len(self.functions))
        ty = r.choice(["u32", "u32", "s32", "u64", "f32"])
        if "floats" in self.avoid and is_float(ty):
            ty = "u32"
        params = [(self.fresh("a"), pty) for pty in r.sample(
            ["u32", "s32", "u16", "u64", "f32", "s8"], r.randint(1, 3))
            if not (is_float(pty) and "floats" in self.avoid)]
        f = Function(name, "thread", ty, params)
        b = Body(name, "tid", False)
        b.functions = list(callees)
        b.vars = [Var(p, pty, False) for p, pty in params]
        b.vars.append(Var("tid", "u32", False, readonly=True))
        body = self.t_block(b, 2, r.randint(1, 4))
        if is_float(ty):
            result = renorm(ty, self.fexpr(b, ty, 2))
        else:
            result = "(%s) %s" % (c_type(ty), self.expr(b, "T",
                                                        self.rhs_type(ty), 2))
        f.text = ["static %s" % c_type(ty),
                  "%s (%s)" % (name, ", ".join(
                      "%s %s" % (c_type(pty), p) for p, pty in params)),
                  "{", "  unsigned int tid = FZ_TID;"]
        f.text += self.indent(body) + ["  return %s;" % result, "}"]
        f.text_fixed = (4, 2)
        return f

    def exchange_function(self):
        """A function with a shared array that the block's threads update
        through it: MODE 0 writes the caller's own slots, 1 reads others',
        2 updates it with atomics."""
        r = self.rng
        name = "%s_f%d" % (self.name, len(self.functions))
        f = Function(name, "thread", "u32", [("mode", "s32"), ("v", "u32")])
        s = self.shared_arrays(name + "_", 1)[0]
        if is_vector(s.ty):
            s = Shared(s.name, "u32", s.nt, s.slots, s.two_d)
        f.exchange = s
        f.atomic = ("add" if is_float(s.ty) else
                    r.choice(["or", "xor", "min", "max"])
                    if s.ty in ("s32", "s64") else
                    r.choice(["add", "or", "xor", "min", "max"]))
        b = Body(name, "tid", False)
        b.vars = [Var("v", "u32", False, readonly=True),
                  Var("tid", "u32", False, readonly=True)]
        b.shared = [s]
        write = self.shared_init(b, [s], "v")
        b.epoch.mark(s.name, "O")
        compound = "device-shared-compound" not in self.avoid
        for _ in range(r.randint(1, 3)):
            write += self.update(b, s.own(r.randrange(s.slots), "tid"), s.ty,
                                 2, compound)
        b.epoch = Epoch()
        b.epoch.mark(s.name, "R")
        read = self.expr(b, "T", "u32", 3)
        b.epoch = Epoch()
        b.shared = []
        index = self.expr(b, "T", "u32", 2)
        op = r.choice(ATOMIC_GROUPS[f.atomic])
        if is_float(s.ty):
            value = "(%s) (v & 7u)" % c_type(s.ty)
        else:
            value = "(%s) (v * %s)" % (c_type(s.ty), self.const("u32"))
        f.text = ["static unsigned int",
                  "%s (int mode, unsigned int v)" % name, "{",
                  "  " + s.declaration(),
                  "  unsigned int tid = FZ_TID;",
                  "  if (mode == 0)", "    {"]
        f.text += self.indent(self.indent(self.indent(write)))
        f.text += ["      return 0u;", "    }", "  if (mode == 1)",
                   "    return %s;" % read,
                   "  cuda_atomic_%s (&%s, %s);" % (
                       op, s.other(index, self.expr(b, "T", "u32", 0)),
                       value),
                   "  return 1u;", "}"]
        f.text_fixed = (len(f.text), 0)
        return f

    def waiting_function(self, level, warp_functions, callees):
        """A function with barriers ('U'), which the whole block calls
        alike, or with warp functions ('W'), which a warp does."""
        r = self.rng
        name = "%s_f%d" % (self.name, len(self.functions))
        params = [(name + "_mask", "u32")] if level == "W" else []
        params += [(name + self.fresh("_a"), pty) for pty in r.sample(
            ["u32", "s32", "u64", "f32"], r.randint(1, 2))
            if not (is_float(pty) and "floats" in self.avoid)]
        f = Function(name, level, "u32", params)
        b = Body(name, "$%s_tid" % name, False)
        b.prefix = name + "_"
        b.functions = list(callees)
        b.warp_functions = list(warp_functions)
        for p, pty in params:
            b.top.append(Var(p, pty, True, readonly=p.endswith("_mask")))
        if level == "W":
            b.mask = "$" + params[0][0]
        tid = Var(name + "_tid", "u32", True, readonly=True)
        b.top.append(tid)
        first = ["%s = FZ_TID;" % tid.ref()]
        sources = [to_u32(pty, "$" + p) for p, pty in params]
        for ty in self.local_types():
            v = self.top_var(b, ty)
            first += self.first_values(b, v, "%s ^ %s * %du" % (
                r.choice(sources), tid.ref(), r.getrandbits(16) | 1))
        count = len(b.top)
        if level == "U":
            f.shared = self.shared_arrays(name + "_", r.randint(1, 2))
            b.shared = f.shared
            # The previous call's last epoch and this one's first are
            # apart.
            start = self.chance(0.5)
            nodes = [self.barrier(b)] if start else []
            first += self.shared_init(b, f.shared, "%s ^ %s" % (
                r.choice(sources), tid.ref()))
            code = Code(first, True)
            nodes.append(code)
            nodes += self.u_block(b, 2, r.randint(2, 5))
            # The result, from what the others wrote, and kept apart
            # from the next call's writes.
            result = self.top_var(b, "u32")
            nodes.append(self.barrier(b))
            nodes.append(Code(["%s = %s;" % (result.ref(), self.expr(
                b, "T", "u32", 3))] + self.gather(b, 2)))
            result.readonly = True
            if not start:
                nodes.append(self.barrier(b))
            self.settle(b)
            f.result = result.ref()
            f.scalars = b.scalars
        else:
            code = Code(first, True)
            nodes = [code] + self.w_block(b, 2, r.randint(2, 5))
            f.result = self.expr(b, "T", "u32", 2)
        code.lines += self.late_values(b, count)
        f.body = nodes
        f.locals = b.top[len(params):]
        return f

    def kernel_body(self):
        """The kernel: its first phase gives every variable and every
        shared slot a value, its last writes them to out."""
        r = self.rng
        b = Body(self.name, "$tid", True)
        tid = Var("tid", "u32", True, readonly=True)
        gid = Var("gid", "u64", True, readonly=True)
        b.top = [tid, gid]
        first = ["$tid = FZ_TID;",
                 "$gid = (unsigned long long) (blockIdx.x + gridDim.x * "
                 "blockIdx.y) * nt + $tid;"]
        for ty in self.local_types() + self.local_types():
            v = self.top_var(b, ty)
            first += self.first_values(b, v, "in[($gid * %du + %du) %% n] ^ "
                                       "$tid * %du" % (
                                           r.randint(1, 9), r.randint(0, 99),
                                           r.getrandbits(16) | 1))
        count = len(b.top)
        self.locals_count = count
        b.shared = self.shared_arrays("", r.randint(0, 3))
        first += self.shared_init(b, b.shared, "$tid ^ (unsigned int) $gid")
        b.functions = [f for f in self.functions if f.kind == "thread"
                       and not f.exchange]
        b.exchanges = [f for f in self.functions if f.exchange]
        b.u_functions = [f for f in self.functions if f.kind == "U"]
        b.warp_functions = [f for f in self.functions if f.kind == "W"]
        for f in b.exchanges:
            first.append("(void) %s (0, %s);" % (f.name, r.choice(
                [to_u32(v.ty, v.ref()) for v in b.top[2:count]
                 if not is_vector(v.ty)] or ["$tid"])))
            b.epoch.mark(f.exchange.name, "W")
            b.epoch.mark(f.exchange.name, "O")
            f.initialized = True
        code = Code(first, True)
        nodes = [code]
        # Where no thread waits for another, some may leave first, as
        # many kernels' threads past the end of their arrays do.
        if self.returns:
            nodes.append(Exit("(!%s)" % self.guard(b)))
        nodes += self.u_block(b, 3, r.randint(3, 10))
        # The last phase: each thread's variables, and its own slots of
        # the shared arrays once no one updates them any more.
        if any(not b.epoch.may(s.name, "O") for s in b.shared):
            nodes.append(self.barrier(b))
        last = []
        slot = 0
        for v in b.top[2:]:
            if is_vector(v.ty):
                name, elem, lanes = VECTOR_TYPES[v.ty]
                for k in range(lanes):
                    last.append(self.output(slot, to_u32(
                        elem, "%s[%d]" % (v.ref(), k))))
                    slot += 1
            else:
                last.append(self.output(slot, to_u32(v.ty, v.ref())))
                slot += 1
        for s in b.shared:
            for k in range(s.slots):
                if is_vector(s.ty):
                    name, elem, lanes = VECTOR_TYPES[s.ty]
                    for e in range(lanes):
                        last.append(self.output(slot, to_u32(
                            elem, "%s[%d]" % (s.own(k, "$tid"), e))))
                        slot += 1
                else:
                    last.append(self.output(slot, to_u32(
                        s.ty, s.own(k, "$tid"))))
                    slot += 1
        self.settle(b)
        nodes.append(Code(last, True))
        code.lines += self.late_values(b, count)
        self.outputs = slot
        self.body = nodes
        self.top = b.top
        self.shared = b.shared
        self.scalars = b.scalars

    def output(self, slot, value):
        return "out[$gid * %s_OUTPUTS + %du] = %s;" % (self.name.upper(),
                                                       slot, value)

    def generate(self):
        r = self.rng
        if "tables" not in self.avoid and self.chance(0.5):
            table = "%s_table" % self.name
            self.tables.append(table)
            self.table_values = [r.getrandbits(32) for _ in range(8)]
        for _ in range(r.randint(0, 3)):
            callees = [f for f in self.functions if f.kind == "thread"
                       and not f.exchange]
            self.functions.append(self.thread_function(callees))
        if self.chance(0.5):
            self.functions.append(self.exchange_function())
        waits = self.weights["barrier"] + self.weights["warp"]
        for _ in range(r.randint(0, 2) if waits and not self.loops else 0):
            callees = [f for f in self.functions if f.kind == "thread"
                       and not f.exchange]
            warps = [f for f in self.functions if f.kind == "W"]
            level = r.choice(["U", "W"]) if self.weights["barrier"] else "W"
            if level not in self.avoid:
                self.functions.append(self.waiting_function(level, warps,
                                                            callees))
        self.kernel_body()
        return self
