# SPDX-License-Identifier: GPL-3.0-or-later
"""Expressions and the statements of a thread, as text with $NAME for the
thread's variables: what the threads run between barriers and warp
functions."""

import re

from simt_tree import (ATOMIC_GROUPS, FLOAT_TYPES, INCDEC_LIMIT, INT_TYPES,
                       VECTOR_TYPES, WARP, Var, bits, c_type, float_suffix,
                       is_float, is_vector, renorm, signed, to_u32)


class Threads:
    """The thread half of a Generator."""

    # Expressions.  WHERE is 'T' (a thread's), 'W' (the same in a warp's
    # lanes) or 'U' (the same in a block's threads).

    def const(self, ty):
        r = self.rng
        if ty == "u64":
            return "0x%xull" % r.getrandbits(r.choice([4, 16, 40, 64]))
        pick = r.random()
        if pick < 0.4:
            return "%du" % r.randint(0, 9)
        if pick < 0.7:
            return "%du" % r.randint(10, 1000)
        return "0x%xu" % r.getrandbits(32)

    def uniform_ok(self, var, where):
        if where == "T":
            return True
        if where == "W":
            return var.uniform in ("warp", "block")
        return var.uniform == "block"

    def visible(self, b):
        return b.top + b.vars

    def readable(self, b, where, kinds):
        return [v for v in self.visible(b) if self.uniform_ok(v, where)
                and (v.ty in kinds if kinds else True)]

    def leaf(self, b, where, ty, depth):
        r = self.rng
        options = [lambda: self.const(ty)]
        for v in self.readable(b, where, None):
            if v.ty in INT_TYPES:
                options.append(lambda v=v: self.widen(to_u32(v.ty, v.ref()),
                                                      ty))
            elif is_float(v.ty):
                options.append(lambda v=v: self.widen(to_u32(v.ty, v.ref()),
                                                      ty))
            else:
                name, elem, lanes = VECTOR_TYPES[v.ty]
                options.append(lambda v=v, elem=elem, lanes=lanes: self.widen(
                    to_u32(elem, "%s[%d]" % (v.ref(), r.randrange(lanes))),
                    ty))
        geometry = ["blockIdx.x", "blockIdx.y", "blockDim.x", "blockDim.y",
                    "blockDim.z", "gridDim.x", "gridDim.y",
                    "(unsigned int) warpSize"]
        if b.kernel:
            geometry += ["p", "(unsigned int) n", "nt"]
        if where != "U":
            geometry.append("%s / 32u" % b.tid)
        if where == "T":
            geometry += ["threadIdx.x", "threadIdx.y", "threadIdx.z",
                         b.tid, "(unsigned int) cuda_laneid ()",
                         "cuda_lanemask_lt ()", "FZ_TID",
                         "(unsigned int) cuda_grid_x ()"]
            if b.kernel:
                geometry.append("(unsigned int) $gid")
        options.append(lambda: self.widen(r.choice(geometry), ty))
        if depth > 0:
            if b.kernel:
                options.append(lambda: self.widen(
                    "in[(%s) %% n]" % self.expr(b, where, "u32", depth - 1),
                    ty))
                options.append(lambda: self.widen(to_u32(
                    "f32", "fin[(%s) %% n]" % self.expr(b, where, "u32",
                                                       depth - 1)), ty))
            if self.tables:
                table = r.choice(self.tables)
                options.append(lambda: self.widen("%s[(%s) & 7u]" % (
                    table, self.expr(b, where, "u32", depth - 1)), ty))
            if "compound-literals" not in self.avoid:
                options.append(lambda: self.widen(
                    "((const unsigned int[]) { %s, %s, %s, %s })[(%s) & 3u]"
                    % (self.const("u32"), self.const("u32"),
                       self.const("u32"), self.const("u32"),
                       self.expr(b, where, "u32", depth - 1)), ty))
                options.append(lambda: self.widen(
                    "((unsigned int) { %s })" % self.expr(b, where, "u32",
                                                          depth - 1), ty))
                options.append(lambda: self.widen(
                    "((struct fz_pair) { %s, %s }).%s" % (
                        self.expr(b, where, "u32", depth - 1),
                        self.expr(b, where, "u32", depth - 1),
                        r.choice("ab")), ty))
            if where == "T":
                for s in b.shared:
                    options.append(lambda s=s: self.shared_read(b, s,
                                                                depth, ty))
                for f in b.functions:
                    options.append(lambda f=f: self.widen(
                        self.thread_call(b, f, depth), ty))
                for f in b.exchanges:
                    if f.initialized and b.epoch.may(f.exchange.name, "R"):
                        options.append(lambda f=f: self.widen(
                            self.exchange_call(b, f, 1, depth), ty))
        text = r.choice(options)()
        return text if text is not None else self.const(ty)

    def widen(self, text, ty):
        return "(unsigned long long) (%s)" % text if ty == "u64" else text

    def shared_read(self, b, s, depth, ty, others=False, slot=None):
        """A read of shared array S where its epoch allows it, of another
        thread's slot rather than its own if OTHERS, of slot SLOT (of
        another warp's thread where there is one) if given."""
        r = self.rng
        k = r.randrange(s.slots) if slot is None else slot
        if is_vector(s.ty):
            name, elem, lanes = VECTOR_TYPES[s.ty]
            pick = "[%d]" % r.randrange(lanes)
            ety = elem
        else:
            pick, ety = "", s.ty
        if self.chance(0.1 if others else 0.5) and b.epoch.may(s.name, "O"):
            b.epoch.mark(s.name, "O")
            return self.widen(to_u32(ety, s.own(k, b.tid) + pick), ty)
        if b.epoch.may(s.name, "R"):
            b.epoch.mark(s.name, "R")
            if (self.chance(0.6 if others else 0.3) or slot is not None) \
                    and self.nt >= 2 * WARP:
                # Slot k of a thread in another warp.
                c = r.randint(WARP, self.nt - WARP)
                index = "(%s + %du) %% %du" % (b.tid, c, self.nt)
                if k and not s.two_d:
                    index += " + %du" % (k * self.nt)
                if not b.nested:
                    b.strong.add((s.name, k, "R!"))
                return self.widen(to_u32(
                    ety, s.other(index, "%du" % k) + pick), ty)
            return self.widen(to_u32(ety, s.other(
                self.expr(b, "T", "u32", depth - 1),
                self.expr(b, "T", "u32", 0)) + pick), ty)
        return None

    def expr(self, b, where, ty, depth):
        """An unsigned int ('u32') or unsigned long long ('u64')
        expression."""
        r = self.rng
        if depth <= 0 or self.chance(0.25):
            return self.leaf(b, where, ty, depth)
        d = depth - 1
        a = lambda: self.expr(b, where, ty, d)
        one = "1u" if ty == "u32" else "1ull"
        width = 31 if ty == "u32" else 63
        pick = r.randrange(12)
        if pick < 4:
            return "(%s %s %s)" % (a(), r.choice("+-*&|^"), a())
        if pick == 4:
            return "(%s %s (%s | %s))" % (a(), r.choice("/%"), a(), one)
        if pick == 5:
            return "(%s %s (%s & %du))" % (a(), r.choice(["<<", ">>"]), a(),
                                          width)
        if pick == 6:
            return "(%s ? %s : %s)" % (self.pred(b, where, d), a(), a())
        if pick == 7:
            return self.widen("(unsigned int) %s" % self.pred(b, where, d),
                              ty)
        if pick == 8:
            return "%s(%s)" % (r.choice(["~", "-"]), a())
        if pick == 9:
            x = self.expr(b, where, "u32", d)
            return self.widen(r.choice([
                "(unsigned int) __builtin_popcount (%s)" % x,
                "(unsigned int) __builtin_clz ((%s) | 1u)" % x,
                "(unsigned int) __builtin_ctz ((%s) | 0x80000000u)" % x,
                "(unsigned int) __builtin_parity (%s)" % x,
                "__builtin_bswap32 (%s)" % x,
                "cuda_umulhi (%s, %s)" % (x, self.expr(b, where, "u32", d)),
            ]), ty)
        if pick == 10:
            if ty == "u32":
                return "(unsigned int) (%s >> (%s & 31u))" % (
                    self.expr(b, where, "u64", d), self.expr(b, where, "u32",
                                                             0))
            return "(%s * %s)" % (a(), self.widen(
                self.expr(b, where, "u32", d), ty))
        return self.widen("(unsigned int) %s" % self.signed(b, where, d), ty)

    def signed(self, b, where, depth):
        """A signed int expression whose operations cannot overflow: of
        operands within +-2^15."""
        r = self.rng
        x = "((int) ((%s) & 0xffffu) - 32768)" % self.expr(b, where, "u32",
                                                         depth)
        y = "((int) ((%s) & 0xffu) - 128)" % self.expr(b, where, "u32", 0)
        op = r.choice(["+", "-", "*", "/", "%", ">>"])
        if op in "/%":
            return "(%s %s (%s | 1))" % (x, op, y)
        if op == ">>":
            return "(%s >> (%s & 15u))" % (x, self.expr(b, where, "u32", 0))
        return "(%s %s %s)" % (x, op, y)

    def guard(self, b):
        """A comparison of the thread's place in the block or the grid
        with a bound, as kernels guard their work: what the CPU backend
        makes the bounds of its loops over the threads, or runs apart
        for the blocks whose threads all pass it."""
        r = self.rng
        bounds = ["%du" % r.randint(0, 2 * (self.threads + 1))]
        guards = []
        if b.kernel:
            bounds.append("(unsigned int) n")
            guards.append("((long) cuda_grid_x () < n)")
        return r.choice(guards + [
            "(blockIdx.x * blockDim.x + threadIdx.x < %s)" % r.choice(bounds),
            "(threadIdx.x + %du < blockDim.x)" % r.randint(1, 4),
            "(threadIdx.x >= %du)" % r.randint(1, 4),
            "(threadIdx.y + 1u < blockDim.y)",
            "(%s < %s)" % (b.tid, "%du" % r.randint(0, self.nt)),
        ])

    def pred(self, b, where, depth):
        r = self.rng
        if where == "T" and self.chance(0.15):
            return self.guard(b)
        pick = r.randrange(6)
        x = lambda: self.expr(b, where, "u32", max(depth - 1, 0))
        if pick < 3:
            return "(%s %s %s)" % (x(), r.choice(["<", "<=", ">", ">=", "==",
                                                  "!="]), x())
        if pick == 3:
            return "((%s & %s) != 0u)" % (x(), self.const("u32"))
        if pick == 4 and depth > 0:
            return "(%s %s %s)" % (self.pred(b, where, depth - 1),
                                   r.choice(["&&", "||"]),
                                   self.pred(b, where, depth - 1))
        return "(%s %% %du == %du)" % (x(), r.choice([2, 3, 5]),
                                       r.randint(0, 1))

    def fexpr(self, b, ty, depth, small=False):
        """A float expression whose value is exact: k / 16 with
        |k| < 2^22."""
        r = self.rng
        f = float_suffix(ty)

        def f0():
            options = [lambda: "(%s) ((%s) & 1023u) * 0.125%s" % (
                c_type(ty), self.expr(b, "T", "u32", depth - 1), f)]
            for v in self.visible(b):
                if v.ty in FLOAT_TYPES:
                    options.append(lambda v=v: "(%s) %s" % (c_type(ty),
                                                            v.ref()))
            if b.kernel:
                options.append(lambda: "(%s) fin[(%s) %% n]" % (
                    c_type(ty), self.expr(b, "T", "u32", depth - 1)))
            options.append(lambda: "%d.%d%s" % (r.randint(0, 99),
                                                r.choice([0, 5, 25, 125]), f))
            return r.choice(options)()

        pick = r.randrange(6)
        if pick == 0:
            f1 = "(%s + %s)" % (f0(), f0())
        elif pick == 1:
            f1 = "(%s - %s)" % (f0(), f0())
        elif pick == 2:
            f1 = "%s * %s" % (f0(), r.choice(["0.5" + f, "2.0" + f]))
        else:
            f1 = f0()
        if small or self.chance(0.6):
            return f1
        return "%s * (%s) ((%s) & 15u)" % (f1, c_type(ty),
                                           self.expr(b, "T", "u32", depth - 1))

    # Statements of a thread, as lines of text.

    def rhs_type(self, ty):
        return "u64" if ty in INT_TYPES and bits(ty) == 64 else "u32"

    def int_update(self, b, target, ty, depth, compound=True, incdec=True):
        """A statement that assigns, or updates with a compound operator,
        TARGET of integer type TY: in unsigned arithmetic, where a signed
        TARGET converts as GCC and CUDA both do, modulo."""
        r = self.rng
        rt = self.rhs_type(ty)
        e = lambda: self.expr(b, "T", rt, depth)
        cast = "(unsigned long long)" if rt == "u64" else "(unsigned int)"
        if not compound or self.chance(0.3):
            return "%s = (%s) %s;" % (target, c_type(ty), e())
        ops = ["+=", "-=", "*=", "&=", "|=", "^=", "/=", "%=", ">>="]
        if not signed(ty):
            ops.append("<<=")
        if incdec and (not signed(ty) or bits(ty) < 32):
            ops += ["++", "--"]
        op = r.choice(ops)
        if op in ("++", "--"):
            return r.choice(["%s%s;" % (target, op), "%s%s;" % (op, target)])
        if op in ("/=", "%="):
            return "%s %s (%s | 1u);" % (target, op, e())
        if op in (">>=", "<<="):
            # A promoted unsigned char or short shifts as an int.
            limit = {8: 15, 16: 15, 32: 31, 64: 63}[bits(ty)]
            return "%s %s (%s & %du);" % (target, op, e(), limit)
        return "%s %s %s %s;" % (target, op, cast, e())

    def float_update(self, b, target, ty, depth):
        r = self.rng
        f = float_suffix(ty)
        if self.chance(0.4):
            return ["%s = %s;" % (target, renorm(ty, self.fexpr(b, ty,
                                                                depth)))]
        op = r.choice(["+=", "-=", "*=", "/="])
        if op in ("+=", "-="):
            value = self.fexpr(b, ty, depth, small=True)
        elif op == "*=":
            value = "(%s) ((%s) & 15u)" % (c_type(ty),
                                           self.expr(b, "T", "u32", depth))
        else:
            value = r.choice(["2.0", "4.0", "0.5"]) + f
        return ["%s %s %s;" % (target, op, value),
                "%s = %s;" % (target, renorm(ty, target))]

    def vector_update(self, b, target, ty, depth):
        r = self.rng
        name, elem, lanes = VECTOR_TYPES[ty]
        etype = c_type(elem)
        same = [v for v in self.visible(b) if v.ty == ty]
        other = lambda: r.choice(same).ref() if same else None
        scalar = lambda: "(%s) %s" % (etype, self.expr(b, "T",
                                                      self.rhs_type(elem),
                                                      depth))
        lane = lambda: ["%s[%d] = %s;" % (target, r.randrange(lanes),
                                            scalar())]
        pick = r.randrange(6)
        if pick == 0:
            return lane()
        if pick == 1 and "compound-literals" not in self.avoid:
            return ["%s = (%s) { %s };" % (target, name, ", ".join(
                scalar() for _ in range(lanes)))]
        if pick == 2 and other():
            return ["%s %s %s;" % (target, r.choice(["+=", "-=", "*=", "&=",
                                                     "|=", "^="]), other())]
        if pick == 3 and other():
            return ["%s = %s %s %s;" % (target, other(), r.choice("+-*&|^"),
                                        other())]
        # A scalar operand that C broadcasts to the lanes is saved once
        # for them all, in the tree that many times, as a compound
        # assignment's target is (run-shared-device-function-broadcast.c).
        if not self.compound_ok(b):
            return lane()
        if pick == 4:
            limit = {"u8": 7, "u16": 15, "u32": 31, "u64": 63}[elem]
            return ["%s %s (%s) (%s & %du);" % (
                target, r.choice(["<<=", ">>="]), etype,
                self.expr(b, "T", "u32", depth), limit)]
        return ["%s %s %s;" % (target, r.choice(["+=", "^=", "*="]),
                               scalar())]

    def update(self, b, target, ty, depth, compound=True):
        """Statements that update TARGET of TY; without a compound
        operator, as target = target OP value, unless COMPOUND."""
        if ty in INT_TYPES:
            return [self.int_update(b, target, ty, depth, compound)]
        if is_float(ty):
            lines = self.float_update(b, target, ty, depth)
        else:
            lines = self.vector_update(b, target, ty, depth)
        if compound:
            return lines
        plain = []
        for line in lines:
            m = re.match(r"^(.*?) (\+|-|\*|/|&|\||\^|<<|>>)= (.*);$", line)
            plain.append("%s = %s %s (%s);" % (m.group(1), m.group(1),
                                               m.group(2), m.group(3))
                         if m else line)
        return plain

    def assignable(self, b, kinds=None):
        return [v for v in self.visible(b) if not v.readonly
                and (kinds is None or v.ty in kinds)]

    def atomic(self, b, depth):
        """An atomic on an accumulator of the kernel, or on a shared array
        in an epoch of atomics of its kind."""
        r = self.rng
        targets = []
        if b.kernel:
            for name, ty, kinds in self.accumulators:
                for k, kind in enumerate(kinds):
                    targets.append(("%s[%d]" % (name, k), ty, kind))
        for s in b.shared:
            if is_vector(s.ty) or (is_float(s.ty) and s.ty != "f32"):
                continue
            kind = "add" if is_float(s.ty) else r.choice(
                ["add", "or", "and", "xor", "min", "max"])
            # The reference adds plainly, which must not overflow.
            if s.ty in ("s32", "s64") and kind == "add":
                kind = "xor"
            if b.epoch.may(s.name, "A:" + kind):
                index = self.expr(b, "T", "u32", depth)
                targets.append((s.other(index, self.expr(b, "T", "u32", 0)),
                                s.ty, kind, s))
        if not targets:
            return []
        target = r.choice(targets)
        place, ty, kind = target[:3]
        if len(target) == 4:
            b.epoch.mark(target[3].name, "A:" + kind)
        op = r.choice(ATOMIC_GROUPS[kind])
        if ty == "f32":
            value = "(float) ((%s) & 7u)" % self.expr(b, "T", "u32", depth)
        elif op in ("inc", "dec"):
            value = "%du" % INCDEC_LIMIT
        else:
            value = "(%s) %s" % (c_type(ty), self.expr(b, "T",
                                                      self.rhs_type(ty),
                                                      depth))
        # Block scope only where the block's threads alone update it;
        # cudajit.h has the scopes on int and wider.
        scope = r.choice(["", "", "_block" if len(target) == 4 else "",
                          "_system"])
        if ty in INT_TYPES and bits(ty) < 32:
            scope = ""
        builtin = {"add": "__atomic_fetch_add", "sub": "__atomic_fetch_sub",
                   "or": "__atomic_fetch_or", "and": "__atomic_fetch_and",
                   "xor": "__atomic_fetch_xor"}
        if (op in builtin and ty in ("u32", "u64") and self.chance(0.25)):
            return ["%s (&%s, %s, __ATOMIC_RELAXED);" % (builtin[op], place,
                                                         value)]
        return ["cuda_atomic_%s%s (&%s, %s);" % (op, scope, place, value)]

    def shared_write(self, b, depth):
        """An update of one of the thread's own slots of a shared array."""
        r = self.rng
        arrays = [s for s in b.shared if b.epoch.may(s.name, "W")]
        if not arrays:
            return []
        s = r.choice(arrays)
        b.epoch.mark(s.name, "W")
        b.epoch.mark(s.name, "O")
        k = r.randrange(s.slots)
        if not b.nested:
            b.strong.add((s.name, k, "W!"))
        return self.update(b, s.own(k, b.tid), s.ty, depth,
                           self.compound_ok(b))

    def compound_ok(self, b):
        """Whether B may have compound assignments, and operations of a
        vector with a scalar: not in a device function with shared arrays
        where they are avoided, as the CPU backend loses those whose
        target is such an array, or whose right operand reads one and
        calls a function or is broadcast to a vector (which puts the
        operand several times in C's tree:
        run-shared-device-function-saved.c and -broadcast.c)."""
        return not (b.owner != self.name and b.shared
                    and "device-shared-compound" in self.avoid)

    def gather(self, b, depth):
        """A thread variable updated from what others wrote in shared
        memory, where the epoch allows it."""
        r = self.rng
        targets = [v for v in self.assignable(b, list(INT_TYPES))]
        if not targets:
            return []
        v = r.choice(targets)
        sources = []
        for s in b.shared:
            sources.append(lambda s=s: self.shared_read(b, s, depth, "u32",
                                                        True))
        for f in b.exchanges:
            if f.initialized and b.epoch.may(f.exchange.name, "R"):
                sources.append(lambda f=f: self.exchange_call(b, f, 1,
                                                              depth))
        if not sources:
            return []
        value = r.choice(sources)()
        if value is None:
            return []
        op = r.choice(["^", "+", "-", "|"])
        cast = "(unsigned long long)" if bits(v.ty) == 64 else \
            "(unsigned int)"
        if self.compound_ok(b):
            return ["%s %s= %s %s;" % (v.ref(), op, cast, value)]
        return ["%s = (%s) (%s %s %s %s);" % (v.ref(), c_type(v.ty), v.ref(),
                                             op, cast, value)]

    def t_block(self, b, depth, count, loop=False):
        """COUNT statements of a thread, in a scope of their own."""
        mark = len(b.vars)
        lines = []
        for _ in range(count):
            lines += self.t_stmt(b, depth, loop)
        del b.vars[mark:]
        return lines

    def indent(self, lines):
        return ["  " + line for line in lines]

    def t_stmt(self, b, depth, loop):
        r = self.rng
        w = self.weights
        choices = [("assign", 8), ("shared", 4), ("gather", 4), ("temp", 2),
                   ("atomic", w["atomic"]), ("if", 3 if depth > 0 else 0),
                   ("for", 2 if depth > 0 else 0),
                   ("while", 1 if depth > 0 else 0),
                   ("switch", 1 if depth > 0 else 0),
                   ("jump", 1 if loop else 0),
                   ("exchange", 2 if b.exchanges else 0),
                   ("grid", w["grid"] if (b.kernel and not b.nested
                                          and depth > 0
                                          and b.grid_loops < 3) else 0)]
        kind = r.choices([c for c, _ in choices],
                         [wt for _, wt in choices])[0]
        if kind == "assign":
            targets = self.assignable(b)
            if not targets:
                return []
            v = r.choice(targets)
            return self.update(b, v.ref(), v.ty, depth, self.compound_ok(b))
        if kind == "shared":
            return self.shared_write(b, depth)
        if kind == "gather":
            return self.gather(b, depth)
        if kind == "temp":
            ty = r.choice(["u32", "u32", "s32", "u64", "u16", "s8", "f32"])
            name = self.fresh("t")
            if is_float(ty):
                init = renorm(ty, self.fexpr(b, ty, depth))
            else:
                init = "(%s) %s" % (c_type(ty), self.expr(
                    b, "T", self.rhs_type(ty), depth))
            if "compound-literals" not in self.avoid and self.chance(0.3):
                # An object of the block that the declaration is in,
                # which may be the kernel's, with its barriers.
                init = "(%s) { %s }" % (c_type(ty), init)
            b.vars.append(Var(name, ty, False))
            return ["%s %s = %s;" % (c_type(ty), name, init)]
        if kind == "atomic":
            return self.atomic(b, depth)
        if kind == "exchange":
            f = r.choice(b.exchanges)
            mode = r.choice([0, 2, 2])
            call = self.exchange_call(b, f, mode, depth)
            return ["(void) %s;" % call] if call else []
        if kind == "jump":
            return ["if %s" % self.pred(b, "T", 1),
                    "  %s;" % r.choice(["break", "continue"])]
        b.nested += 1
        try:
            return self.t_compound(b, kind, depth, loop)
        finally:
            b.nested -= 1

    def t_compound(self, b, kind, depth, loop):
        r = self.rng
        d = depth - 1
        n = lambda: r.randint(1, 3)
        if kind == "if":
            lines = ["if %s" % self.pred(b, "T", 2), "  {"]
            lines += self.indent(self.t_block(b, d, n(), loop))
            lines.append("  }")
            if self.chance(0.5):
                lines += ["else", "  {"]
                lines += self.indent(self.t_block(b, d, n(), loop))
                lines.append("  }")
            return lines
        if kind == "for":
            j = self.fresh("j")
            bound = r.choice(["%du" % r.randint(1, 4),
                              "(%s & 3u) + 1u" % self.expr(b, "T", "u32", 1)])
            head = "for (unsigned int %s = 0u; %s < %s; %s++)" % (j, j, bound,
                                                                 j)
            b.vars.append(Var(j, "u32", False, readonly=True))
            body = self.t_block(b, d, n(), True)
            b.vars.pop()
            return [head, "  {"] + self.indent(body) + ["  }"]
        if kind == "while":
            c = self.fresh("c")
            lines = ["unsigned int %s = %du;" % (c, r.randint(1, 4))]
            if self.chance(0.5):
                body = self.t_block(b, d, n(), True)
                return lines + ["while (%s-- > 0u)" % c, "  {"] + \
                    self.indent(body) + ["  }"]
            body = self.t_block(b, d, n(), True)
            return lines + ["do", "  {"] + self.indent(body) + \
                ["  }", "while (--%s > 0u);" % c]
        if kind == "switch":
            lines = ["switch (%s & 3u)" % self.expr(b, "T", "u32", 1), "  {"]
            for case in r.sample(range(4), r.randint(1, 3)):
                lines.append("  case %d:" % case)
                lines += self.indent(self.indent(self.t_block(b, d, n())))
                if self.chance(0.8):
                    lines.append("    break;")
            lines += ["  default:"]
            lines += self.indent(self.indent(self.t_block(b, d, 1)))
            lines += ["    break;", "  }"]
            return lines
        return self.grid_loop(b, depth)

    def grid_loop(self, b, depth):
        """A grid-stride loop over the n elements, each of which one
        thread updates in its part of gs."""
        r = self.rng
        i = self.fresh("i")
        part = self.grid_loops
        self.grid_loops += 1
        b.grid_loops += 1
        if self.one_d and self.chance(0.6):
            head = ("for (long %s = cuda_grid_x (); %s < n; %s += "
                    "cuda_gridsize_x ())" % (i, i, i))
        else:
            head = ("for (long %s = (long) $gid; %s < n; %s += (long) nt * "
                    "gridDim.x * gridDim.y)" % (i, i, i))
        b.vars.append(Var(i, "u64", False, readonly=True))
        element = "gs[%d * n + %s]" % (part, i)
        body = [self.int_update(b, element, "u32", depth - 1)]
        body += self.t_block(b, depth - 1, r.randint(0, 2), True)
        b.vars.pop()
        return [head, "  {"] + self.indent(body) + ["  }"]

    def thread_call(self, b, f, depth):
        args = []
        for name, ty in f.params:
            if ty == "acc":
                args.append("acc")
            elif is_float(ty):
                args.append(renorm(ty, self.fexpr(b, ty, depth - 1)))
            else:
                args.append("(%s) %s" % (c_type(ty), self.expr(
                    b, "T", self.rhs_type(ty), depth - 1)))
        return to_u32(f.ty, "%s (%s)" % (f.name, ", ".join(args)))

    def exchange_call(self, b, f, mode, depth):
        """A call of exchange function F in MODE: 0 writes the thread's own
        slots of its array, 1 reads others', 2 updates it with atomics."""
        s = f.exchange
        access = {0: "W", 1: "R", 2: "A:" + f.atomic}[mode]
        if not b.epoch.may(s.name, access) or (mode == 1
                                               and not f.initialized):
            return None
        b.epoch.mark(s.name, access)
        if mode == 0:
            b.epoch.mark(s.name, "O")
        return "%s (%d, %s)" % (f.name, mode, self.expr(b, "T", "u32",
                                                        depth - 1))
