package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.Spec.Branch;
import io.jprove.kernels.ptx.Spec.Edge;
import io.jprove.kernels.ptx.Spec.Exit;
import io.jprove.kernels.ptx.Spec.Goto;
import io.jprove.kernels.ptx.Spec.Term;
import io.jprove.kernels.ptx.Spec.Trap;
import io.jprove.kernels.ptx.State.Frame;
import io.jprove.kernels.ptx.State.LoopEntry;
import io.jprove.kernels.ptx.Val.Cmp;
import io.jprove.kernels.ptx.Val.IConst;
import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Ref;
import io.jprove.kernels.ptx.Val.Reg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One kernel's compilation: an online partial evaluator over the bytecode. Constants are folded with Java's own
 * arithmetic, so branches with constant conditions are decided at compile time; that unrolls loops whose trip count is
 * constant and lets local arrays live in registers. A loop whose iterations stop being bounded by a constant exit test
 * continues in one general form (after the iterations already unrolled), its changing values widened to registers.
 * Control merges start blocks whose entry states are merged, with moves on the incoming edges.
 */
final class Compilation
{
    static final int MAX_UNROLLED_ITERATIONS = 4096;
    /**
     * PTX lines an unrolled loop may emit before it is compiled as a loop instead: a radix-8 NTT round (twelve Fr
     * multiplications, about 8,600 lines) still unrolls, a loop that would bloat the kernel past what ptxas
     * schedules well does not.
     */
    static final int MAX_UNROLLED_LINES = 16_000;
    static final int MAX_BLOCKS = 50_000;
    static final long MAX_STEPS = 4_000_000L;
    static final int CONSTANT_EXIT = 1;
    static final int DYNAMIC_EXIT = 2;

    final KernelCompiler compiler;
    final boolean unrollBoundedLoops;
    final Class<?> context;
    final String kernelName;
    final MethodCode root;
    final List<String> prologue = new ArrayList<>();
    final Map<Integer, Val[]> globals = new HashMap<>();
    final TreeMap<Integer, Integer> sharedBytes = new TreeMap<>();
    final Map<String, Integer> sharedSites = new HashMap<>();
    final Map<String, Integer> allocationSites = new HashMap<>();
    final Map<MethodCode, Integer> methodIds = new IdentityHashMap<>();
    final Map<String, MethodCode> loaded = new HashMap<>();
    final Map<String, Reg> special = new HashMap<>();
    /** Within the block being compiled: registers known to be another register plus a constant (index arithmetic). */
    final Map<String, Derived> derived = new HashMap<>();
    /** Within the block: the address register of (array, base register), so constant offsets become immediates. */
    final Map<String, Reg> addresses = new HashMap<>();
    /** Within the block: registers known to hold a multiple of a constant (index arithmetic), by register name. */
    final Map<String, Long> multiples = new HashMap<>();
    /** Within the block: address registers known to be 16-byte aligned, whose pairs of 8-byte accesses may merge. */
    final Set<String> aligned = new HashSet<>();
    /** Within the block: pure instructions already emitted, by text without destination → their result register. */
    final Map<String, Reg> values = new HashMap<>();
    /** Loops (by {@link #loopKey}) compiled in their general form from their first iteration; kept across restarts. */
    final Set<String> generalLoops;
    /** Of those, the ones made general only because unrolling them was too large. */
    final Set<String> largeLoops;
    /** Loops that must unroll however large (a local-array index depends on their counter). */
    final Set<String> unrolledLoops;
    /** Join points (by {@link #stableKey}) that more than one path reaches: they start blocks; kept across restarts. */
    final Set<String> realJoins;
    /** This attempt's join points that a block ran through, assuming it the only path there, and that block's id. */
    private final Map<String, Integer> inlinedJoins = new HashMap<>();
    private final Map<Integer, Long> unrolledLines = new HashMap<>();
    boolean usesBarrier;
    boolean usesWarp;
    boolean usesDynamicShared;
    private final Reg[] dynamicSharedLengths = new Reg[2];

    private final Map<String, Spec> specs = new LinkedHashMap<>();
    private final ArrayDeque<Spec> queue = new ArrayDeque<>();
    private final Map<String, int[]> instances = new HashMap<>();
    private int instanceCount;
    private final Map<Long, Integer> iterationExits = new HashMap<>();
    private int r32 = 1;
    private int r64 = 1;
    private int rp = 1;
    private long steps;

    Spec cur;
    List<String> out;
    State st;
    Term term;

    Compilation(final KernelCompiler compiler, final Class<?> context, final String kernelName, final MethodCode root,
        final boolean unrollBoundedLoops, final Set<String> generalLoops, final Set<String> largeLoops,
        final Set<String> unrolledLoops, final Set<String> realJoins)
    {
        this.realJoins = realJoins;
        this.generalLoops = generalLoops;
        this.largeLoops = largeLoops;
        this.unrolledLoops = unrolledLoops;
        this.unrollBoundedLoops = unrollBoundedLoops;
        this.compiler = compiler;
        this.context = context;
        this.kernelName = kernelName;
        this.root = root;
    }

    // ---------------------------------------------------------------- registers and operands

    Reg fresh(final boolean wide)
    {
        return wide ? new Reg(r64++, true) : new Reg(r32++, false);
    }

    String freshPredicate()
    {
        return "%p" + rp++;
    }

    String declarations()
    {
        return "\t.reg .b32 %r<" + r32 + ">;\n\t.reg .b64 %rd<" + r64 + ">;\n\t.reg .pred %p<" + rp + ">;\n";
    }

    void emit(final String line)
    {
        out.add(line);
        if (st != null)
        {
            for (final Frame f : st.frames)
            {
                for (final LoopEntry loop : f.loops)
                {
                    if (loop.iteration() >= 0)
                    {
                        unrolledLines.merge(loop.instance(), 1L, Long::sum);
                    }
                }
            }
        }
    }

    /** {@code r} holds {@code base + offset}: index arithmetic whose accesses share one address register. */
    record Derived(Reg base, long offset)
    {
    }

    /** Records that {@code r = x + offset}, following x back to its own base. */
    void derive(final Reg r, final Reg x, final long offset)
    {
        final Derived from = derived.get(x.toString());
        derived.put(r.toString(), from == null ? new Derived(x, offset) : new Derived(from.base(), from.offset()
            + offset));
    }

    /** Records that {@code r} holds a multiple of {@code m}. */
    void multiple(final Reg r, final long m)
    {
        if (m > 1)
        {
            multiples.put(r.toString(), m);
        }
    }

    /** @return a constant that {@code r} is known to be a multiple of (1 when nothing is known). */
    long multipleOf(final Reg r)
    {
        return multiples.getOrDefault(r.toString(), 1L);
    }

    /** @return the base register and constant offset of an index register (itself and 0 when not derived). */
    Derived derivation(final Reg r)
    {
        return derived.getOrDefault(r.toString(), new Derived(r, 0));
    }

    /** Thrown to compile again with a loop's form settled; caught by {@link KernelCompiler}. */
    static final class Restart extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        Restart()
        {
            super(null, null, false, false);
        }
    }

    static String imm(final Val v)
    {
        return switch (v)
        {
            case IConst c -> Integer.toString(c.value());
            case LConst c -> String.format("0x%016X", c.value());
            case Reg r -> r.toString();
            default -> throw new IllegalStateException("not a scalar: " + v);
        };
    }

    /** A register holding the value (constants are moved into a fresh one). */
    String reg(final Val v)
    {
        if (v instanceof Reg r)
        {
            return r.toString();
        }
        final Reg r = fresh(v.wide());
        emit("mov.b" + (v.wide() ? "64 " : "32 ") + r + ", " + imm(v) + ";");
        return r.toString();
    }

    /** A register holding the value, as a {@link Reg} (constants are moved into a fresh one). */
    Reg register(final Val v)
    {
        if (v instanceof Reg r)
        {
            return r;
        }
        final Reg r = fresh(v.wide());
        emit("mov.b" + (v.wide() ? "64 " : "32 ") + r + ", " + imm(v) + ";");
        return r;
    }

    Val scalar(final Val v)
    {
        if (v instanceof Cmp c)
        {
            return materialize(c);
        }
        if (v instanceof Ref || v instanceof Val.Dead)
        {
            throw fail("a reference is used where an int or long is expected");
        }
        return v;
    }

    private Val materialize(final Cmp c)
    {
        final String t = c.operandsWide() ? (c.unsigned() ? "u64" : "s64") : (c.unsigned() ? "u32" : "s32");
        final String lt = freshPredicate();
        final String gt = freshPredicate();
        emit("setp." + (c.unsigned() ? "lo." : "lt.") + t + " " + lt + ", " + reg(c.a()) + ", " + imm(c.b()) + ";");
        emit("setp." + (c.unsigned() ? "hi." : "gt.") + t + " " + gt + ", " + reg(c.a()) + ", " + imm(c.b()) + ";");
        final Reg neg = fresh(false);
        final Reg res = fresh(false);
        emit("selp.b32 " + neg + ", -1, 0, " + lt + ";");
        emit("selp.b32 " + res + ", 1, " + neg + ", " + gt + ";");
        return res;
    }

    /**
     * The dynamic shared memory's length in longs or ints, read once in the prologue from
     * {@code %dynamic_smem_size} (the launch's byte count).
     */
    Reg dynamicSharedLength(final boolean longs)
    {
        final int k = longs ? 1 : 0;
        if (dynamicSharedLengths[k] == null)
        {
            final Reg bytes32 = fresh(false);
            final Reg bytes = fresh(true);
            final Reg length = fresh(true);
            prologue.add("mov.u32 " + bytes32 + ", %dynamic_smem_size;");
            prologue.add("cvt.u64.u32 " + bytes + ", " + bytes32 + ";");
            prologue.add("shr.u64 " + length + ", " + bytes + ", " + (longs ? 3 : 2) + ";");
            dynamicSharedLengths[k] = length;
        }
        return dynamicSharedLengths[k];
    }

    // ---------------------------------------------------------------- errors

    KernelCompileException fail(final String reason)
    {
        return fail(reason, false);
    }

    KernelCompileException fail(final String reason, final boolean indexNotConstant)
    {
        if (indexNotConstant && st != null)
        {
            // A loop made general for its size may hold the counter that indexes a local array: unroll it after all.
            for (int fi = st.frames.size() - 1; fi >= 0; fi--)
            {
                final Frame f = st.frames.get(fi);
                for (int li = f.loops.size() - 1; li >= 0; li--)
                {
                    final String key = loopKey(st, fi, li);
                    if (f.loops.get(li).iteration() < 0 && largeLoops.contains(key))
                    {
                        largeLoops.remove(key);
                        generalLoops.remove(key);
                        unrolledLoops.add(key);
                        throw new Restart();
                    }
                }
            }
        }
        final StringBuilder where = new StringBuilder();
        if (st != null)
        {
            for (int i = st.frames.size() - 1; i >= 0; i--)
            {
                final Frame f = st.frames.get(i);
                final int pc = i == st.frames.size() - 1 ? f.pc : st.frames.get(i + 1).returnPc;
                final int at = i == st.frames.size() - 1 ? pc : previousPc(f.code, pc);
                where.append(i == st.frames.size() - 1 ? "" : ", inlined into ").append(f.code.display())
                    .append(" at bytecode offset ").append(at).append(" (line ").append(lineOf(f.code, at)).append(')');
            }
        }
        return new KernelCompileException("cannot compile kernel " + kernelName + ": " + reason + " — in " + where,
            indexNotConstant);
    }

    private static int previousPc(final MethodCode code, final int pc)
    {
        for (int p = pc - 1; p >= 0; p--)
        {
            if (code.insns[p] != null)
            {
                return p;
            }
        }
        return pc;
    }

    private static int lineOf(final MethodCode code, final int pc)
    {
        return pc >= 0 && pc < code.line.length ? code.line[pc] : -1;
    }

    // ---------------------------------------------------------------- driver

    String run(final State entry)
    {
        final Spec first = new Spec(0, "entry", entry);
        specs.put(first.key, first);
        enqueue(first);
        while (!queue.isEmpty())
        {
            final Spec spec = queue.poll();
            spec.queued = false;
            process(spec);
        }
        return emitBody(first);
    }

    private void enqueue(final Spec spec)
    {
        if (!spec.queued)
        {
            spec.queued = true;
            queue.add(spec);
        }
    }

    private void process(final Spec spec)
    {
        cur = spec;
        out = new ArrayList<>();
        st = spec.entry.copy();
        term = null;
        derived.clear();
        addresses.clear();
        multiples.clear();
        aligned.clear();
        values.clear();
        // The entry block runs its first instruction like any other, so a loop header at offset 0 is entered properly.
        boolean first = spec.id != 0;
        final Interpreter interpreter = new Interpreter(this);
        while (term == null)
        {
            final Frame f = st.top();
            if (!first && (f.code.isJoin(f.pc) || f.fromPc == Interpreter.FORCE_JOIN) && !continueUnrolled(f)
                && !continueThroughJoin(f))
            {
                term = new Goto(arrive(st));
                break;
            }
            first = false;
            if (++steps > MAX_STEPS)
            {
                throw fail("the kernel is too large after inlining and unrolling (over " + MAX_STEPS + " steps)");
            }
            interpreter.step(f);
        }
        spec.code = BoundsChecks.defer(this, VectorAccesses.pair(this, BoundsChecks.merge(this, out)));
        spec.term = term;
    }

    // ---------------------------------------------------------------- control flow

    /** Ends the block with a two-way branch; {@code f.pc} must still be the branch's offset. */
    void fork(final String predicate, final int takenPc, final int fallPc)
    {
        final Frame f = st.top();
        noteExits(f, takenPc, fallPc, DYNAMIC_EXIT);
        final int pc = f.pc;
        final State fall = st;
        final State taken = st.copy();
        taken.top().fromPc = pc;
        taken.top().pc = takenPc;
        f.fromPc = pc;
        f.pc = fallPc;
        final Edge takenEdge = arrive(taken);
        final Edge fallEdge = arrive(fall);
        term = new Branch(predicate, takenEdge, fallEdge);
    }

    /**
     * Runs on into the next unrolled iteration of a loop (or into its first) inside the current block instead of
     * starting a block at its header: an unrolled iteration's header is reached from exactly one place (the previous
     * iteration's back edge, or the code before the loop) when the header has just those two predecessors, so the
     * block stays straight-line code and the block-local work — shared index addresses, merged and deferred bounds
     * checks, paired accesses, value numbering — spans the whole unrolled loop.
     *
     * @return true when the frame entered the header here and the block goes on.
     */
    private boolean continueUnrolled(final Frame f)
    {
        if (f.fromPc == Interpreter.FORCE_JOIN || !f.code.isHeader(f.pc) || f.code.predecessorCount(f.pc) != 2
            || f.fromPc < 0)
        {
            return false;
        }
        final int header = f.pc;
        final boolean back = f.code.loopBody(header).get(f.fromPc);
        final int frameIndex = st.frames.indexOf(f);
        final String key;
        if (back)
        {
            final LoopEntry top = f.loops.isEmpty() ? null : f.loops.get(f.loops.size() - 1);
            if (top == null || top.header() != header || top.iteration() < 0)
            {
                return false;
            }
            key = loopKey(st, frameIndex, f.loops.size() - 1);
        }
        else
        {
            f.loops.add(new LoopEntry(header, -2, 0));
            key = loopKey(st, frameIndex, f.loops.size() - 1);
            f.loops.remove(f.loops.size() - 1);
        }
        if (generalLoops.contains(key))
        {
            return false;
        }
        for (final Frame frame : st.frames)
        {
            for (int i = 0; i < frame.stack.size(); i++)
            {
                frame.stack.set(i, scalarOrRef(frame.stack.get(i)));
            }
        }
        popLoops(f);
        clean(st);
        enterHeader(f);
        return true;
    }

    /**
     * Runs on through a join point (a bytecode offset with several predecessors, not a loop header) inside the current
     * block, betting that in this specialization only this path reaches it — true whenever the other predecessors sit
     * behind branches decided at compile time, as with {@code if} on a constant argument. A join another path reaches
     * too is noted, and the compilation restarts with it a block of its own ({@link #realJoins}), so no code is ever
     * duplicated in the result.
     */
    private boolean continueThroughJoin(final Frame f)
    {
        if (f.code.isHeader(f.pc))
        {
            return false;
        }
        final String key = stableKey(st);
        if (realJoins.contains(key))
        {
            return false;
        }
        // Another path already ended at this join with a block of its own (queued or done): going on through it here
        // would emit that block's code a second time, and lanes of one warp taking the two paths would reach
        // different copies of its warp operations. Join that block instead.
        final State probe = st.copy();
        popLoops(probe.top());
        if (specs.containsKey(chainKey(probe) + "@" + probe.top().pc))
        {
            return false;
        }
        // A block processed again (its entry widened) passes its own joins again; another block there is a second path.
        final Integer owner = inlinedJoins.putIfAbsent(key, cur.id);
        if (owner != null && owner != cur.id)
        {
            // The first join found reached twice settles first: later conflicts may only echo it (a join inlined
            // before a real one duplicates the loops after it), so the compilation restarts at once.
            realJoins.add(key);
            throw new Restart();
        }
        for (final Frame frame : st.frames)
        {
            for (int i = 0; i < frame.stack.size(); i++)
            {
                frame.stack.set(i, scalarOrRef(frame.stack.get(i)));
            }
        }
        popLoops(f);
        clean(st);
        if (f.fromPc == Interpreter.FORCE_JOIN)
        {
            f.fromPc = -1;
        }
        return true;
    }

    /** A point's identity across compilations: the call chain, the unrolled iterations around it and its offset. */
    static String stableKey(final State s)
    {
        final StringBuilder key = new StringBuilder();
        for (final Frame f : s.frames)
        {
            key.append(f.code.display()).append(':').append(f.returnPc);
            for (final LoopEntry e : f.loops)
            {
                key.append('[').append(e.header()).append(',').append(e.iteration()).append(']');
            }
            key.append('/');
        }
        return key.append('@').append(s.top().pc).toString();
    }

    /**
     * Records that a branch in the current iteration of the frame's loops may leave them, and whether its condition
     * was a compile-time constant. An iteration with a run-time exit and no constant one means the trip count is not
     * constant: the loop's next iterations take the general form. With {@link #unrollBoundedLoops}, a constant exit
     * bounds the loop (a counted loop with an early {@code return} or {@code break} still unrolls).
     */
    void noteExits(final Frame f, final int takenPc, final int fallPc, final int kind)
    {
        for (final LoopEntry loop : f.loops)
        {
            final java.util.BitSet body = f.code.loopBody(loop.header());
            if (loop.iteration() >= 0 && (!body.get(takenPc) || !body.get(fallPc)))
            {
                iterationExits.merge(((long)loop.instance() << 32) | loop.iteration(), kind, (x, y) -> x | y);
            }
        }
    }

    void exit()
    {
        term = new Exit();
    }

    void trap()
    {
        emit("trap;");
        term = new Trap();
    }

    private Edge arrive(final State s)
    {
        st = s;
        for (final Frame f : s.frames)
        {
            for (int i = 0; i < f.stack.size(); i++)
            {
                f.stack.set(i, scalarOrRef(f.stack.get(i)));
            }
        }
        final Frame f = s.top();
        popLoops(f);
        clean(s);
        if (!inlinedJoins.isEmpty() && inlinedJoins.containsKey(stableKey(s)))
        {
            realJoins.add(stableKey(s));
            throw new Restart();
        }
        if (f.code.isHeader(f.pc))
        {
            enterHeader(f);
        }
        if (f.fromPc == Interpreter.FORCE_JOIN)
        {
            f.fromPc = -1;
        }
        // Blocks are keyed by call chain, loop iterations and offset: unrolled iterations stay apart, while the exits
        // of a peeled iteration and of the general loop merge instead of duplicating the code after the loop.
        final String key = chainKey(s) + "@" + f.pc;
        Spec target = specs.get(key);
        if (target == null)
        {
            if (specs.size() >= MAX_BLOCKS)
            {
                throw fail("the kernel is too large after inlining and unrolling (over " + MAX_BLOCKS + " blocks)");
            }
            target = new Spec(specs.size(), key, s.copy());
            specs.put(key, target);
            enqueue(target);
        }
        else if (merge(target, s))
        {
            enqueue(target);
        }
        return new Edge(target, s.copy());
    }

    private Val scalarOrRef(final Val v)
    {
        return v instanceof Cmp c ? materialize(c) : v;
    }

    static void popLoops(final Frame f)
    {
        while (!f.loops.isEmpty())
        {
            final LoopEntry top = f.loops.get(f.loops.size() - 1);
            if (f.code.loopBody(top.header()).get(f.pc))
            {
                return;
            }
            f.loops.remove(f.loops.size() - 1);
        }
    }

    private void enterHeader(final Frame f)
    {
        final int header = f.pc;
        final boolean back = f.fromPc >= 0 && f.code.loopBody(header).get(f.fromPc);
        if (back)
        {
            final int last = f.loops.size() - 1;
            final LoopEntry top = last >= 0 ? f.loops.get(last) : null;
            if (top == null || top.header() != header)
            {
                throw fail("internal error: back edge to " + header + " outside its loop");
            }
            if (top.iteration() < 0)
            {
                return;
            }
            final int exits = iterationExits.getOrDefault(((long)top.instance() << 32) | top.iteration(), 0);
            // Loops with a constant bound and run-time exits too (a search with an early return) unroll only on the
            // compiler's second attempt, made when a local-array index was not constant: compact code first.
            final boolean dynamic = unrollBoundedLoops ? exits == DYNAMIC_EXIT : (exits & DYNAMIC_EXIT) != 0;
            final String key = loopKey(st, st.frames.indexOf(f), last);
            if (dynamic)
            {
                // Its trip count is not constant: compile it again, general from its first iteration (no peeling).
                generalLoops.add(key);
                throw new Restart();
            }
            final boolean tooLarge = unrolledLines.getOrDefault(top.instance(), 0L) > MAX_UNROLLED_LINES
                || top.iteration() + 1 > MAX_UNROLLED_ITERATIONS;
            if (tooLarge && !unrolledLoops.contains(key))
            {
                generalLoops.add(key);
                largeLoops.add(key);
                throw new Restart();
            }
            if (top.iteration() + 1 > MAX_UNROLLED_ITERATIONS)
            {
                throw fail("a loop ran " + MAX_UNROLLED_ITERATIONS + " iterations while being unrolled; its "
                    + "trip count is constant but too large, or it never ends");
            }
            f.loops.set(last, new LoopEntry(header, top.instance(), top.iteration() + 1));
        }
        else
        {
            final String instanceKey = cur.id + "|" + chainKey(st) + "@" + header;
            final int[] id = instances.computeIfAbsent(instanceKey, k -> new int[] {instanceCount++});
            f.loops.add(new LoopEntry(header, id[0], 0));
            final String key = loopKey(st, st.frames.indexOf(f), f.loops.size() - 1);
            if (generalLoops.contains(key))
            {
                f.loops.set(f.loops.size() - 1, new LoopEntry(header, id[0], -1));
            }
        }
    }

    /**
     * A loop's identity across compilations of one kernel: the call chain (methods and return offsets), the unrolled
     * iterations of the loops around it, and its header.
     */
    static String loopKey(final State s, final int frameIndex, final int loopIndex)
    {
        final StringBuilder key = new StringBuilder();
        for (int i = 0; i <= frameIndex; i++)
        {
            final Frame f = s.frames.get(i);
            key.append(f.code.display()).append(':').append(f.returnPc);
            final int loops = i == frameIndex ? loopIndex : f.loops.size();
            for (int l = 0; l < loops; l++)
            {
                final LoopEntry e = f.loops.get(l);
                key.append('[').append(e.header()).append(',').append(e.iteration()).append(']');
            }
            key.append('/');
        }
        return key.append('@').append(s.frames.get(frameIndex).loops.get(loopIndex).header()).toString();
    }

    private String chainKey(final State s)
    {
        final StringBuilder key = new StringBuilder();
        for (final Frame f : s.frames)
        {
            key.append(methodIds.computeIfAbsent(f.code, c -> methodIds.size())).append(':').append(f.returnPc);
            for (final LoopEntry loop : f.loops)
            {
                key.append('[').append(loop.header()).append(',').append(loop.instance()).append(',')
                    .append(loop.iteration()).append(']');
            }
            key.append('/');
        }
        return key.toString();
    }

    /** Kills dead locals (so they neither widen merges nor cost moves) and drops unreachable local arrays. */
    private static void clean(final State s)
    {
        final Set<Integer> reachable = new HashSet<>();
        for (int i = 0; i < s.frames.size(); i++)
        {
            final Frame f = s.frames.get(i);
            final int pc = i == s.frames.size() - 1 ? f.pc : s.frames.get(i + 1).returnPc;
            for (int slot = 0; slot < f.locals.length; slot++)
            {
                if (!f.code.isLive(pc, slot))
                {
                    f.locals[slot] = Val.DEAD;
                }
                else if (f.locals[slot] instanceof Ref r && r.kind() == Ref.Kind.LOCAL)
                {
                    reachable.add(r.id());
                }
            }
            for (final Val v : f.stack)
            {
                if (v instanceof Ref r && r.kind() == Ref.Kind.LOCAL)
                {
                    reachable.add(r.id());
                }
            }
        }
        s.heap.keySet().retainAll(reachable);
    }

    /** Merges an arriving state into a block's entry; true if the entry widened. */
    private boolean merge(final Spec target, final State from)
    {
        final State into = target.entry;
        final java.util.Set<Reg> owned = target.owned;
        boolean changed = false;
        for (int i = 0; i < into.frames.size(); i++)
        {
            final Frame a = into.frames.get(i);
            final Frame b = from.frames.get(i);
            changed |= mergeSlots(a.locals, b.locals.clone(), owned);
            final Val[] as = a.stack.toArray(new Val[0]);
            changed |= mergeSlots(as, b.stack.toArray(new Val[0]), owned);
            for (int k = 0; k < as.length; k++)
            {
                a.stack.set(k, as[k]);
            }
        }
        if (!into.heap.keySet().equals(from.heap.keySet()))
        {
            throw fail("a local array is not the same one on every path reaching this point");
        }
        for (final Map.Entry<Integer, Val[]> e : into.heap.entrySet())
        {
            changed |= mergeSlots(e.getValue(), from.heap.get(e.getKey()), owned);
        }
        return changed;
    }

    private boolean mergeSlots(final Val[] into, final Val[] from, final java.util.Set<Reg> owned)
    {
        boolean changed = false;
        for (int k = 0; k < into.length; k++)
        {
            final Val a = into[k];
            final Val b = from[k];
            if (a.equals(b) || a instanceof Reg r && owned.contains(r))
            {
                continue;
            }
            if (a instanceof Ref || b instanceof Ref)
            {
                throw fail("a reference (array or context) is not the same one on every path reaching this point");
            }
            if (a instanceof Val.Dead || b instanceof Val.Dead)
            {
                throw fail("internal error: liveness differs between paths");
            }
            final Reg widened = fresh(a.wide());
            owned.add(widened);
            into[k] = widened;
            changed = true;
        }
        return changed;
    }

    // ---------------------------------------------------------------- emission

    private String emitBody(final Spec first)
    {
        final StringBuilder body = new StringBuilder();
        for (final String line : prologue)
        {
            body.append('\t').append(line).append('\n');
        }
        final List<Spec> order = new ArrayList<>();
        final Set<Spec> seen = new HashSet<>();
        final ArrayDeque<Spec> work = new ArrayDeque<>();
        work.add(first);
        seen.add(first);
        while (!work.isEmpty())
        {
            final Spec s = work.poll();
            order.add(s);
            for (final Edge e : edges(s.term))
            {
                if (seen.add(e.target()))
                {
                    work.add(e.target());
                }
            }
        }
        out = new ArrayList<>();
        for (final Spec s : order)
        {
            out.add(s.label() + ":");
            for (final String line : s.code)
            {
                out.add("\t" + line);
            }
            terminate(s);
        }
        for (final String line : out)
        {
            body.append(line.startsWith("$") ? line : line.startsWith("\t") ? line : "\t" + line).append('\n');
        }
        return body.toString();
    }

    private static List<Edge> edges(final Term t)
    {
        return switch (t)
        {
            case Goto g -> List.of(g.edge());
            case Branch b -> List.of(b.taken(), b.fallThrough());
            default -> List.of();
        };
    }

    private void terminate(final Spec s)
    {
        switch (s.term)
        {
            case Goto g ->
            {
                moves(g.edge());
                out.add("\tbra.uni " + g.edge().target().label() + ";");
            }
            case Branch b ->
            {
                final String stub = s.label() + "_t";
                out.add("\t@" + b.predicate() + " bra " + stub + ";");
                moves(b.fallThrough());
                out.add("\tbra.uni " + b.fallThrough().target().label() + ";");
                out.add(stub + ":");
                moves(b.taken());
                out.add("\tbra.uni " + b.taken().target().label() + ";");
            }
            case Exit x -> out.add("\tret;");
            case Trap x -> out.add("\tret;");
        }
    }

    /** Parallel moves of an edge's values into its target's entry registers. */
    private void moves(final Edge e)
    {
        final List<Reg> dst = new ArrayList<>();
        final List<Val> src = new ArrayList<>();
        collectMoves(e.target().entry, e.arriving(), dst, src);
        final Set<Reg> targets = new HashSet<>(dst);
        boolean conflict = false;
        for (int i = 0; i < src.size(); i++)
        {
            if (src.get(i) instanceof Reg r && targets.contains(r) && !r.equals(dst.get(i)))
            {
                conflict = true;
                break;
            }
        }
        if (conflict)
        {
            for (int i = 0; i < src.size(); i++)
            {
                if (src.get(i) instanceof Reg r && targets.contains(r))
                {
                    final Reg tmp = fresh(r.wide());
                    out.add("\tmov.b" + (r.wide() ? "64 " : "32 ") + tmp + ", " + r + ";");
                    src.set(i, tmp);
                }
            }
        }
        for (int i = 0; i < dst.size(); i++)
        {
            if (!dst.get(i).equals(src.get(i)))
            {
                out.add("\tmov.b" + (dst.get(i).wide() ? "64 " : "32 ") + dst.get(i) + ", " + imm(src.get(i)) + ";");
            }
        }
    }

    private static void collectMoves(final State into, final State from, final List<Reg> dst, final List<Val> src)
    {
        for (int i = 0; i < into.frames.size(); i++)
        {
            final Frame a = into.frames.get(i);
            final Frame b = from.frames.get(i);
            pairs(a.locals, b.locals, dst, src);
            pairs(a.stack.toArray(new Val[0]), b.stack.toArray(new Val[0]), dst, src);
        }
        for (final Map.Entry<Integer, Val[]> e : into.heap.entrySet())
        {
            pairs(e.getValue(), from.heap.get(e.getKey()), dst, src);
        }
    }

    private static void pairs(final Val[] into, final Val[] from, final List<Reg> dst, final List<Val> src)
    {
        for (int k = 0; k < into.length; k++)
        {
            if (into[k] instanceof Reg r && !(from[k] instanceof Val.Dead))
            {
                dst.add(r);
                src.add(from[k]);
            }
        }
    }

    // ---------------------------------------------------------------- helpers for the interpreter

    int allocationSite(final String key)
    {
        return allocationSites.computeIfAbsent(key, k -> allocationSites.size());
    }

    String chainKeyOfCurrent()
    {
        return chainKey(st);
    }

    boolean atKernelStart()
    {
        return cur.id == 0 && st.frames.stream().allMatch(f -> f.loops.isEmpty());
    }

    /** Refuses what the instruction-level compiler would silently get wrong: handlers it never enters, monitors. */
    void checkShape(final MethodCode code)
    {
        if (code.hasExceptionHandlers)
        {
            throw new KernelCompileException("cannot compile kernel " + kernelName + ": " + code.display()
                + " has exception handlers (try/catch/finally), which kernels do not support — at bytecode offset 0 "
                + "(line " + lineOf(code, 0) + ")");
        }
        if (code.isSynchronized)
        {
            throw new KernelCompileException("cannot compile kernel " + kernelName + ": " + code.display()
                + " is synchronized, which kernels do not support — at bytecode offset 0 (line " + lineOf(code, 0)
                + ")");
        }
    }

    MethodCode load(final String owner, final String name, final String descriptor)
    {
        final String key = owner + "." + name + descriptor;
        MethodCode code = loaded.get(key);
        if (code == null)
        {
            code = MethodCode.load(context, owner, name, descriptor);
            if (code == null)
            {
                throw fail("no bytecode for " + owner.replace('/', '.') + "." + name + descriptor);
            }
            checkShape(code);
            loaded.put(key, code);
        }
        return code;
    }
}
