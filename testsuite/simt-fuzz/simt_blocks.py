# SPDX-License-Identifier: GPL-3.0-or-later
"""The code that warps and blocks run alike: warp functions under
conditions that each warp takes alike, barriers in loops and under
conditions that the block takes alike, the templates of reductions,
scans and exchanges through shared memory, and the epochs that keep them
free of races."""

from simt_tree import (INT_TYPES, WARP, WARP_VALUE_TYPES, Barrier,
                       BarrierValue, Call, Code, Epoch, If, Loop, Match,
                       SharedScalar, Shuffle, SyncWarp, Var, Vote, Warp, bits,
                       c_type, float_suffix, is_float, is_vector, renorm,
                       signed)


class Blocks:
    """The warp and block half of a Generator."""

    # Warp functions, under conditions that a warp takes alike.

    def mask(self, b):
        """The mask of every lane of the caller's warp."""
        if b.mask:
            return b.mask
        if self.loops:
            return "0xffffffffu"
        # cuda_activemask () is all of them only where the warp has
        # converged, which a GPU need not promise even in code that the
        # warp runs alike: seldom.
        options = ["fz_mask ()"] * 3
        if "activemask" not in self.avoid:
            options.append("cuda_activemask ()")
        if self.full_warps:
            options += ["0xffffffffu"] * 6
        return self.rng.choice(options)

    def top_var(self, b, ty, uniform=None, readonly=False):
        """A new variable of the thread, for the whole function."""
        v = Var(b.prefix + self.fresh("x"), ty, True, uniform, readonly)
        b.top.append(v)
        return v

    def warp_value(self, b, ty, depth):
        if is_float(ty):
            # In k / 8, as the variable it goes to must be.
            return renorm(ty, self.fexpr(b, ty, depth, small=True))
        value = self.expr(b, "T", self.rhs_type(ty), depth)
        if self.chance(0.4):
            value = "(%s) %% %du" % (value, self.rng.choice([2, 3, 4, 7]))
        return value

    def warp_op(self, b, depth):
        r = self.rng
        choices = [("shuffle", 5), ("vote", 2),
                   ("match", 0 if self.loops else 1), ("syncwarp", 1)]
        choices = [(k, w) for k, w in choices if k not in self.avoid]
        if not choices:
            return None
        kind = r.choices([k for k, _ in choices], [w for _, w in choices])[0]
        mask = self.mask(b)
        if kind == "shuffle":
            ty = r.choice(WARP_VALUE_TYPES)
            floats = is_float(ty)
            dests = [v for v in self.assignable(b) if v.thread
                     and (is_float(v.ty) if floats else v.ty in INT_TYPES)]
            if not dests:
                return None
            dest = r.choice(dests)
            width = r.choice([None, None, 32, 16, 8, 4, 2])
            # Where a warp has fewer than 32 lanes, no lane reads one that
            # does not exist, whose value CUDA leaves undefined: up reads
            # lanes below, idx one of the warp's lanes, without groups.
            shuffle = r.choice(["idx", "up", "down", "xor"]
                               if self.full_warps else ["idx", "up"])
            if shuffle == "idx" and self.full_warps:
                lane = "(int) ((%s) & 63u)" % self.expr(b, "T", "u32", 1)
            elif shuffle == "idx":
                lane = "(int) ((%s) %% fz_lanes ())" % self.expr(b, "T",
                                                                "u32", 1)
                width = None
            else:
                lane = "%d" % r.randint(0, 31)
            op = "="
            if (ty in ("u32", "u64") and not floats and not signed(dest.ty)
                    and self.chance(0.4)):
                op = r.choice(["+=", "^=", "|=", "-="])
            return Shuffle(shuffle, dest, mask, ty,
                           self.warp_value(b, ty, depth), lane, width, op)
        if kind == "vote":
            vote = r.choice(["ballot", "all", "any", "eq"])
            dest = self.top_var(b, "u32", "warp", True)
            return Vote(vote, dest, mask, self.pred(b, "T", 2))
        if kind == "match":
            ty = r.choice(WARP_VALUE_TYPES)
            if r.random() < 0.5:
                dests = [v for v in self.assignable(b, ["u32"]) if v.thread]
                if not dests:
                    return None
                return Match("any", r.choice(dests), mask, ty,
                             self.warp_value(b, ty, depth), None)
            dest = self.top_var(b, "u32", "warp", True)
            pred = self.top_var(b, "s32", "warp", True)
            return Match("all", dest, mask, ty,
                         self.warp_value(b, ty, depth), pred)
        return SyncWarp(mask)

    def w_block(self, b, depth, count):
        """COUNT items of code that each warp runs alike."""
        r = self.rng
        nodes = []
        mark = len(b.vars)
        for _ in range(count):
            choices = [("code", 3), ("op", 5),
                       ("template", 2 if self.full_warps
                        and "shuffle" not in self.avoid else 0),
                       ("if", 1 if depth > 0 and not self.loops else 0),
                       ("loop", 1 if depth > 0 and not self.loops else 0),
                       ("call", 1 if b.warp_functions and not self.loops
                        else 0)]
            kind = r.choices([c for c, _ in choices],
                             [w for _, w in choices])[0]
            if kind == "code":
                nodes.append(Code(self.t_block(b, 2, r.randint(1, 3))))
            elif kind == "op":
                op = self.warp_op(b, 2)
                if op:
                    nodes.append(op)
            elif kind == "template":
                nodes += self.warp_template(b)
            elif kind == "if":
                cond = self.pred(b, "W", 1)
                then = self.w_block(b, depth - 1, r.randint(1, 3))
                other = (self.w_block(b, depth - 1, r.randint(1, 2))
                         if self.chance(0.4) else [])
                nodes.append(If("W", cond, then, other))
            elif kind == "loop":
                v = self.fresh("w")
                bound = r.choice(["%du" % r.randint(1, 3), "(%s & 1u) + 1u"
                                  % self.expr(b, "W", "u32", 1)])
                b.vars.append(Var(v, "u32", False, "warp", True))
                body = self.w_block(b, depth - 1, r.randint(1, 3))
                b.vars.pop()
                nodes.append(Loop("for (unsigned int %s = 0u; %s < %s; %s++)"
                                  % (v, v, bound, v), body))
            else:
                f = r.choice(b.warp_functions)
                dests = [v for v in self.assignable(b, ["u32"]) if v.thread]
                if dests:
                    nodes.append(Call(f, r.choice(dests),
                                      [self.mask(b)] + self.call_args(b, f)))
        del b.vars[mark:]
        return nodes

    def warp_template(self, b):
        """A reduction or an inclusive scan over each group of WIDTH lanes
        with shuffles in a loop, as kernels write them and the CPU
        backend recognizes them, on whole warps."""
        r = self.rng
        values = [v for v in self.assignable(b, ["u32", "u64"]) if v.thread]
        if not values:
            return []
        v = r.choice(values)
        width = r.choice([32, 32, 32, 16, 8, 4])
        given = width if width < 32 or self.chance(0.3) else None
        op = r.choice(["+=", "^=", "|=", "&=", "*="])
        w = self.fresh("w")
        kind = r.choice(["down", "xor", "up"])
        if kind != "up":
            return [Loop("for (unsigned int %s = %du; %s > 0u; %s /= 2u)"
                         % (w, width // 2, w, w),
                         [Shuffle(kind, v, self.mask(b), v.ty, v.ref(), w,
                                  given, op)])]
        carry = self.top_var(b, v.ty)
        return [Loop("for (unsigned int %s = 1u; %s < %du; %s *= 2u)"
                     % (w, w, width, w),
                     [Shuffle("up", carry, self.mask(b), v.ty, v.ref(), w,
                              given, "="),
                      Code(["if ((unsigned int) cuda_laneid () %% %du >= %s)"
                            % (width, w),
                            "  %s %s %s;" % (v.ref(), op, carry.ref())])])]

    def call_args(self, b, f):
        args = []
        for name, ty in f.params[1 if f.kind == "W" else 0:]:
            if is_float(ty):
                args.append(renorm(ty, self.fexpr(b, ty, 1)))
            else:
                args.append("(%s) %s" % (c_type(ty), self.expr(
                    b, "T", self.rhs_type(ty), 1)))
        return args

    # Code that a block runs alike, with its barriers.

    def settle(self, b):
        """Whether dropping the pending barrier makes a race that the race
        check must find: every thread wrote its own slot of an array
        before it and read another warp's slot of it after, or read
        before and wrote after."""
        if b.pending is not None and self.nt >= 2 * WARP:
            for array, k, access in b.pending.pre:
                other = "R!" if access == "W!" else "W!"
                if (array, k, other) in b.strong:
                    b.pending.essential = True
        b.pending = None

    def barrier(self, b):
        node = Barrier(False)
        node.owner = b.owner
        self.settle(b)
        if not b.nested:
            node.pre = set(b.strong)
            b.pending = node
        b.strong = set()
        b.epoch = Epoch()
        return node

    def enter(self, b):
        """Into a construct whose code not every thread runs alike, or that
        runs again."""
        self.settle(b)
        b.nested += 1

    def leave(self, b):
        b.nested -= 1
        b.strong = set()

    def u_block(self, b, depth, count, barriers=True):
        r = self.rng
        w = self.weights
        nodes = []
        for _ in range(count):
            choices = [("code", 4), ("barrier", w["barrier"] if barriers
                                     else 0),
                       ("value", 1 if barriers and w["barrier"]
                        and not self.loops else 0),
                       ("if", 2 if depth > 0 else 0),
                       ("loop", 2 if depth > 0 else 0),
                       ("warp", w["warp"]),
                       ("call", w["call"] if barriers and b.u_functions
                        and not self.loops else 0),
                       ("reduce", 1 if barriers and w["barrier"] and b.shared
                        else 0),
                       ("scan", 1 if barriers and w["barrier"] and b.shared
                        else 0),
                       ("neighbour", 2 if barriers and w["barrier"]
                        and b.shared else 0),
                       ("broadcast", 1 if barriers and w["barrier"]
                        and "shared-scalars" not in self.avoid else 0)]
            choices = [(k, x) for k, x in choices if k not in self.avoid]
            kind = r.choices([c for c, _ in choices],
                             [x for _, x in choices])[0]
            nodes += self.u_item(b, kind, depth, barriers)
        return nodes

    def u_item(self, b, kind, depth, barriers):
        r = self.rng
        if kind == "code":
            return [Code(self.t_block(b, 3, r.randint(1, 4)))]
        if kind == "barrier":
            return [self.barrier(b)]
        if kind == "value":
            which = r.choice(["count", "and", "or"])
            dest = self.top_var(b, "u32", "block", True)
            pred = self.pred(b, "T", 2)
            self.settle(b)
            b.strong = set()
            b.epoch = Epoch()
            return [BarrierValue(which, dest, pred)]
        if kind == "warp":
            cond = (self.pred(b, "W", 1)
                    if self.chance(0.5) and not self.loops else None)
            self.enter(b)
            body = self.w_block(b, depth, r.randint(1, 4))
            self.leave(b)
            return [Warp(cond, body)]
        if kind == "call":
            f = r.choice(b.u_functions)
            dests = [v for v in self.assignable(b, ["u32"]) if v.thread]
            if not dests:
                return []
            if not b.nested:
                self.called.add(f.name)
            args = self.call_args(b, f)
            self.enter(b)
            self.leave(b)
            b.epoch = Epoch()
            return [Call(f, r.choice(dests), args)]
        if kind == "if":
            # Its branches start from the same epoch, but in a loop
            # without barriers, where a pass may take one and the next
            # pass the other in the same epoch.
            cond = self.pred(b, "U", 1)
            self.enter(b)
            start = b.epoch
            b.epoch = start.copy() if barriers else start
            then = self.u_block(b, depth - 1, r.randint(1, 3), barriers)
            after = b.epoch
            b.epoch = start.copy() if barriers else after
            other = (self.u_block(b, depth - 1, r.randint(1, 2), barriers)
                     if self.chance(0.5) else [])
            b.epoch.union(after)
            self.leave(b)
            return [If("U", cond, then, other)]
        if kind == "loop":
            return [self.u_loop(b, depth, barriers)]
        if kind == "reduce":
            return self.reduction(b)
        if kind == "neighbour":
            return self.neighbour(b)
        if kind == "broadcast":
            return self.broadcast(b)
        return self.scan(b)

    def neighbour(self, b):
        """Each thread writes its own slot, and after a barrier reads
        another's, as CLsmith's barrier mode has threads do."""
        targets = self.assignable(b, list(INT_TYPES))
        s, nodes = self.template_array(b) if targets else (None, [])
        if s is None:
            return []
        k = self.rng.randrange(s.slots)
        # Marked first: the update's value must not read others' slots,
        # which their threads write in the same epoch.
        b.epoch.mark(s.name, "W")
        b.epoch.mark(s.name, "O")
        write = self.update(b, s.own(k, b.tid), s.ty, 2, self.compound_ok(b))
        if not b.nested:
            b.strong.add((s.name, k, "W!"))
        nodes += [Code(write), self.barrier(b)]
        v = self.rng.choice(targets)
        value = self.shared_read(b, s, 2, self.rhs_type(v.ty), True, k)
        if value:
            nodes.append(Code(["%s ^= %s;" % (v.ref(), value)]
                              if self.compound_ok(b) else
                              ["%s = (%s) (%s ^ %s);" % (
                                  v.ref(), c_type(v.ty), v.ref(), value)]))
        return nodes

    def broadcast(self, b):
        """One thread writes a shared scalar, and after a barrier every
        thread reads it, as kernels tell the block what one thread found;
        a barrier after the reads keeps them apart from the next write
        (a loop's next pass)."""
        r = self.rng
        targets = self.assignable(b, list(INT_TYPES))
        if not targets:
            return []
        s = SharedScalar(b.prefix + self.fresh("sc"),
                         r.choice(["u32", "s32", "u8", "u16", "u64", "bool"]))
        b.scalars.append(s)
        ty = "u32" if s.ty == "bool" else s.ty
        value = self.expr(b, "T", self.rhs_type(ty), 2)
        if s.ty == "bool":
            write = "%s = ((%s) & 1u) != 0u;" % (s.name, value)
        else:
            write = "%s = (%s) %s;" % (s.name, c_type(ty), value)
            if self.compound_ok(b) and self.chance(0.5):
                write += " " + self.int_update(b, s.name, ty, 1, True, False)
        writer = r.choice([0, self.nt // 2, self.nt - 1])
        # On one line, which a reduction keeps whole: a thread that wrote
        # without its condition would make a race.
        nodes = [Code(["if (%s == %du) { %s }" % (b.tid, writer, write)],
                      True)]
        if not b.nested:
            b.strong.add((s.name, 0, "W!"))
        nodes.append(self.barrier(b))
        if not b.nested:
            b.strong.add((s.name, 0, "R!"))
        v = r.choice(targets)
        cast = "(unsigned long long)" if bits(v.ty) == 64 else \
            "(unsigned int)"
        if self.compound_ok(b):
            read = "%s %s= %s %s;" % (v.ref(), r.choice("^+-|"), cast, s.name)
        else:
            read = "%s = (%s) (%s ^ %s %s);" % (v.ref(), c_type(v.ty),
                                               v.ref(), cast, s.name)
        nodes += [Code([read]), self.barrier(b)]
        return nodes

    def u_loop(self, b, depth, barriers):
        """A loop that the block runs alike, with a barrier at the start or
        the end of its body if it has any, so that the end of one pass
        and the start of the next are apart."""
        r = self.rng
        u = self.fresh("u")
        bound = r.choice(["%du" % r.randint(1, 3),
                          "(%s & 1u) + 1u" % self.expr(b, "U", "u32", 1)])
        form = r.choice(["for", "while", "do"])
        before = None
        if form == "for":
            head, tail = ("for (unsigned int %s = 0u; %s < %s; %s++)"
                          % (u, u, bound, u)), ""
        elif form == "while":
            before = "unsigned int %s = %s;" % (u, bound)
            head, tail = "while (%s-- > 0u)" % u, ""
        else:
            before = "unsigned int %s = 0u;" % u
            head, tail = "do", "while (++%s < %s);" % (u, bound)
        with_barriers = barriers and self.chance(0.6) and self.weights[
            "barrier"] > 0
        where = r.choice(["start", "end"]) if with_barriers else None
        self.enter(b)
        entry = b.epoch.copy()
        b.vars.append(Var(u, "u32", False, "block", True))
        body = []
        if where == "start":
            body.append(self.barrier(b))
        body += self.u_block(b, depth - 1, r.randint(1, 3), with_barriers)
        if where == "end":
            body.append(self.barrier(b))
            b.epoch = entry
        else:
            b.epoch.union(entry)
        b.vars.pop()
        self.leave(b)
        return Loop(head, body, tail, before)

    def compound_shared(self, b, target, ty, value):
        """TARGET, an element of shared array of TY, updated from VALUE,
        another element, with a compound operator (or without one where
        that is avoided)."""
        r = self.rng
        if is_float(ty):
            return "%s = %s;" % (target, renorm(ty, "%s + %s" % (target,
                                                                 value)))
        cast = "(unsigned long long)" if bits(ty) == 64 else "(unsigned int)"
        ops = ["+=", "-=", "*=", "&=", "|=", "^=", "/=", "%=", ">>="]
        if not signed(ty):
            ops.append("<<=")
        op = r.choice(ops)
        if op in ("/=", "%="):
            rhs = "(%s %s | 1u)" % (cast, value)
        elif op in (">>=", "<<="):
            rhs = "(%s %s & 15u)" % (cast, value)
        else:
            rhs = "%s %s" % (cast, value)
        if not self.compound_ok(b):
            return "%s = (%s) (%s %s %s);" % (target, c_type(ty), target,
                                              op[:-1], rhs)
        return "%s %s %s;" % (target, op, rhs)

    def template_array(self, b):
        arrays = [s for s in b.shared if not is_vector(s.ty)]
        if not arrays:
            return None, []
        s = self.rng.choice(arrays)
        # Its epoch must be empty: the first pass reads others' slots.
        return s, ([self.barrier(b)] if b.epoch.get(s.name) else [])

    def reduction(self, b):
        """A tree reduction in a shared array: in each pass, thread t <
        s updates its slot from slot t + s, which no one writes in it."""
        s, nodes = self.template_array(b)
        if s is None:
            return []
        k = self.rng.randrange(s.slots)
        half = 1
        while half * 2 < self.nt:
            half *= 2
        u = self.fresh("u")
        tid = b.tid
        self.enter(b)
        code = Code(["if (%s < %s && %s + %s < %du)" % (tid, u, tid, u,
                                                       self.nt),
                     "  " + self.compound_shared(
                         b, s.own(k, tid), s.ty,
                         s.own(k, "%s + %s" % (tid, u)))])
        body = [code, self.barrier(b)]
        self.leave(b)
        b.epoch = Epoch()
        return nodes + [Loop("for (unsigned int %s = %du; %s > 0u; %s >>= 1)"
                             % (u, half if self.nt > 1 else 0, u, u), body)]

    def scan(self, b):
        """Hillis and Steele's inclusive scan in a shared array, through a
        variable of each thread between two barriers."""
        s, nodes = self.template_array(b)
        if s is None:
            return []
        k = self.rng.randrange(s.slots)
        carry_ty = s.ty if is_float(s.ty) else self.rhs_type(s.ty)
        carry = self.top_var(b, carry_ty)
        d = self.fresh("u")
        tid = b.tid
        zero = "0.0%s" % float_suffix(s.ty) if is_float(s.ty) else "0u"
        self.enter(b)
        b.epoch = Epoch()
        read = Code(["%s = %s >= %s ? (%s) %s : %s;" % (
            carry.ref(), tid, d, c_type(carry_ty), s.own(k, "%s - %s" % (
                tid, d)), zero)])
        first = self.barrier(b)
        update = Code(["if (%s >= %s)" % (tid, d), "  " + self.compound_shared(
            b, s.own(k, tid), s.ty, carry.ref())])
        body = [read, first, update, self.barrier(b)]
        self.leave(b)
        b.epoch = Epoch()
        return nodes + [Loop("for (unsigned int %s = 1u; %s < %du; %s <<= 1)"
                             % (d, d, self.nt, d), body)]
