package io.jprove.kernels.ptx;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Executes the PTX this compiler generates, instruction by instruction, with the semantics of the PTX ISA — a
 * CPU-side check of generated code (not of ptxas or the GPU). Work-items of a group run one at a time up to each
 * {@code bar.sync} (items that exited do not hold it back); atomics are trivially atomic. Instructions outside the
 * generated subset, and operations whose PTX result is unspecified (division by zero, {@code MIN / -1}), fail the run
 * so a miscompile cannot hide.
 */
public final class PtxInterpreter
{
    private static final long MASK32 = 0xFFFF_FFFFL;
    private static final int GLOBAL_SHIFT = 40;
    private static final long SHARED_BASE = 0x100L << GLOBAL_SHIFT;
    private static final String DYNAMIC_SHARED = "jprove_dynamic_shared";
    private static final int DYNAMIC_SHARED_INDEX = 0xFFFF;
    private static final int WARP = 32;

    /** A work-item trapped (Java would have thrown). */
    public static final class Trap extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        Trap(final String message)
        {
            super(message);
        }
    }

    private record Operand(char kind, int index, long value, String name, Operand[] parts)
    {
    }

    private record Insn(String op, int pred, Operand[] args, int target)
    {
    }

    private final List<Insn> code = new ArrayList<>();
    private final List<String> params = new ArrayList<>();
    private final Map<String, Integer> sharedBytes = new HashMap<>();
    private int r32Count;
    private int r64Count;
    private int predCount;

    /**
     * @param ptx a module with one entry, as {@link KernelCompiler} writes it.
     */
    public PtxInterpreter(final String ptx)
    {
        final Map<String, Integer> labels = new HashMap<>();
        final List<String[]> raw = new ArrayList<>();
        boolean body = false;
        for (final String line0 : ptx.split("\n"))
        {
            final String line = line0.strip();
            if (line.startsWith(".param"))
            {
                params.add(line.substring(line.lastIndexOf(' ') + 1).replace(",", "").replace(")", ""));
            }
            else if (line.startsWith(".reg"))
            {
                final int n = Integer.parseInt(line.substring(line.indexOf('<') + 1, line.indexOf('>')));
                if (line.contains(".b32"))
                {
                    r32Count = n;
                }
                else if (line.contains(".b64"))
                {
                    r64Count = n;
                }
                else
                {
                    predCount = n;
                }
            }
            else if (line.startsWith(".shared"))
            {
                final String decl = line.substring(line.lastIndexOf(' ') + 1);
                sharedBytes.put(decl.substring(0, decl.indexOf('[')),
                    Integer.parseInt(decl.substring(decl.indexOf('[') + 1, decl.indexOf(']'))));
            }
            else if (line.equals("{"))
            {
                body = true;
            }
            else if (body && line.endsWith(":"))
            {
                labels.put(line.substring(0, line.length() - 1), raw.size());
            }
            else if (body && !line.isEmpty() && !line.equals("}"))
            {
                raw.add(new String[] {line.substring(0, line.length() - 1)});
            }
        }
        for (final String[] r : raw)
        {
            code.add(parse(r[0], labels));
        }
    }

    private Insn parse(final String text, final Map<String, Integer> labels)
    {
        String t = text;
        int pred = -1;
        if (t.startsWith("@"))
        {
            pred = Integer.parseInt(t.substring(3, t.indexOf(' ')));
            t = t.substring(t.indexOf(' ') + 1);
        }
        final int space = t.indexOf(' ');
        final String op = space < 0 ? t : t.substring(0, space);
        final List<Operand> args = new ArrayList<>();
        if (space >= 0)
        {
            for (final String a : splitArgs(t.substring(space + 1)))
            {
                args.add(operand(a.strip()));
            }
        }
        final int target = op.startsWith("bra") ? labels.get(args.get(0).name()) : -1;
        return new Insn(op, pred, args.toArray(new Operand[0]), target);
    }

    private static List<String> splitArgs(final String s)
    {
        final List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++)
        {
            final char ch = s.charAt(i);
            if (ch == '{' || ch == '[')
            {
                depth++;
            }
            else if (ch == '}' || ch == ']')
            {
                depth--;
            }
            else if (ch == ',' && depth == 0)
            {
                out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        out.add(s.substring(start));
        return out;
    }

    private static Operand operand(final String a)
    {
        if (a.startsWith("{"))
        {
            final String[] parts = a.substring(1, a.length() - 1).split(",");
            return new Operand('v', 0, 0, a, new Operand[] {operand(parts[0].strip()), operand(parts[1].strip())});
        }
        if (a.startsWith("["))
        {
            final String inner = a.substring(1, a.length() - 1);
            final int plus = inner.indexOf('+');
            final Operand base = operand(plus < 0 ? inner : inner.substring(0, plus));
            final long offset = plus < 0 ? 0 : Long.parseLong(inner.substring(plus + 1));
            return new Operand('m', 0, offset, inner, new Operand[] {base});
        }
        if (a.startsWith("%rd"))
        {
            return new Operand('d', Integer.parseInt(a.substring(3)), 0, a, null);
        }
        if (a.startsWith("%r"))
        {
            return new Operand('r', Integer.parseInt(a.substring(2)), 0, a, null);
        }
        if (a.startsWith("%p"))
        {
            return new Operand('p', Integer.parseInt(a.substring(2)), 0, a, null);
        }
        if (a.startsWith("%"))
        {
            return new Operand('s', 0, 0, a, null);
        }
        if (a.startsWith("0x"))
        {
            return new Operand('i', 0, Long.parseUnsignedLong(a.substring(2), 16), a, null);
        }
        if (a.matches("-?\\d+"))
        {
            return new Operand('i', 0, Long.parseLong(a), a, null);
        }
        return new Operand('n', 0, 0, a, null);
    }

    /**
     * Runs a one-dimensional launch without dynamic shared memory.
     *
     * @see #run(int, int, int, int, Object[], long)
     */
    public void run(final int groups, final int local, final Object[] paramValues, final long maxSteps)
    {
        run(groups, 1, local, 0, paramValues, maxSteps);
    }

    /**
     * Runs a launch.
     *
     * @param groupsX     groups along x.
     * @param groupsY     groups along y.
     * @param local       items per group.
     * @param sharedBytes dynamic shared memory per group.
     * @param paramValues one value per {@code .param}: a {@link MemorySegment} for an array pointer, else a Long.
     * @param maxSteps    instruction budget per work-item.
     * @throws Trap when a work-item traps.
     */
    public void run(final int groupsX, final int groupsY, final int local, final int sharedBytes,
        final Object[] paramValues, final long maxSteps)
    {
        final List<MemorySegment> globals = new ArrayList<>();
        final long[] paramBits = new long[params.size()];
        for (int i = 0; i < paramValues.length; i++)
        {
            if (paramValues[i] instanceof MemorySegment seg)
            {
                globals.add(seg);
                paramBits[i] = (long)globals.size() << GLOBAL_SHIFT;
            }
            else
            {
                paramBits[i] = (Long)paramValues[i];
            }
        }
        final Launch launch = new Launch(groupsX, groupsY, local, sharedBytes);
        for (int gy = 0; gy < groupsY; gy++)
        {
            for (int g = 0; g < groupsX; g++)
            {
                final Map<Integer, MemorySegment> shared = new HashMap<>();
                for (final Map.Entry<String, Integer> e : this.sharedBytes.entrySet())
                {
                    shared.put(symbolIndex(e.getKey()), garbage(e.getValue()));
                }
                shared.put(DYNAMIC_SHARED_INDEX, garbage(sharedBytes));
                final Item[] items = new Item[local];
                for (int l = 0; l < local; l++)
                {
                    items[l] = new Item(launch, g, gy, l, paramBits, globals, shared);
                }
                runGroup(items, maxSteps);
            }
        }
    }

    private record Launch(int groupsX, int groupsY, int local, int sharedBytes)
    {
    }

    /** Shared memory starts undefined on a GPU: garbage here, so a kernel relying on zeros fails. */
    private static MemorySegment garbage(final int bytes)
    {
        final MemorySegment seg = MemorySegment.ofArray(new long[(bytes + 7) / 8]);
        seg.fill((byte)0xA5);
        return seg;
    }

    private static int symbolIndex(final String name)
    {
        return name.equals(DYNAMIC_SHARED) ? DYNAMIC_SHARED_INDEX : Integer.parseInt(name.substring(2));
    }

    /**
     * Runs a group: every item runs until it reaches a synchronizing instruction (a barrier, a warp shuffle or vote)
     * or exits; a warp whose live lanes all wait at the same warp operation performs it; once every live item waits
     * at a barrier, all pass it. Anything else is divergence the GPU would not survive, and fails the run.
     */
    private void runGroup(final Item[] items, final long maxSteps)
    {
        while (true)
        {
            int live = 0;
            for (final Item item : items)
            {
                if (!item.done)
                {
                    if (!item.waiting)
                    {
                        item.runUntilSync(maxSteps);
                    }
                    live += item.done ? 0 : 1;
                }
            }
            if (live == 0)
            {
                return;
            }
            boolean progressed = false;
            for (int w = 0; w < items.length; w += WARP)
            {
                progressed |= warpStep(items, w, Math.min(items.length, w + WARP));
            }
            if (progressed)
            {
                continue;
            }
            for (final Item item : items)
            {
                if (!item.done && !code.get(item.pc).op().equals("bar.sync"))
                {
                    throw new IllegalStateException("divergent synchronization: item " + item.localId + " waits at "
                        + code.get(item.pc) + " while others wait at a barrier");
                }
            }
            for (final Item item : items)
            {
                item.pc++;
                item.waiting = false;
            }
        }
    }

    /** Performs the warp operation all live lanes of {@code [from, to)} wait at, if they do; true if it did. */
    private boolean warpStep(final Item[] items, final int from, final int to)
    {
        int pc = -1;
        for (int l = from; l < to; l++)
        {
            final Item item = items[l];
            if (item.done || !code.get(item.pc).op().contains(".sync."))
            {
                continue;
            }
            if (pc >= 0 && item.pc != pc)
            {
                throw new IllegalStateException("lanes of one warp wait at different warp operations");
            }
            pc = item.pc;
        }
        if (pc < 0)
        {
            return false;
        }
        for (int l = from; l < to; l++)
        {
            if (items[l].done || items[l].pc != pc)
            {
                if (items[l].done || !code.get(items[l].pc).op().equals("bar.sync"))
                {
                    throw new IllegalStateException("a warp operation with lane " + l + " "
                        + (items[l].done ? "exited" : "elsewhere") + " (full-mask warp operations need every lane)");
                }
                return false; // the other lanes are still on their way
            }
        }
        if (to - from != WARP)
        {
            throw new IllegalStateException("a warp operation in a partial warp of " + (to - from) + " lanes");
        }
        final Insn insn = code.get(pc);
        final Operand[] a = insn.args();
        final String op = insn.op();
        if (op.startsWith("shfl.sync."))
        {
            final long[] values = new long[WARP];
            for (int l = 0; l < WARP; l++)
            {
                values[l] = items[from + l].value(a[1]) & MASK32;
            }
            for (int l = 0; l < WARP; l++)
            {
                final Item item = items[from + l];
                final int b = (int)(item.value(a[2]) & 31);
                final int source = switch (op)
                {
                    case "shfl.sync.bfly.b32" -> l ^ b;
                    case "shfl.sync.idx.b32" -> b;
                    case "shfl.sync.up.b32" -> l - b >= 0 ? l - b : l;
                    case "shfl.sync.down.b32" -> l + b <= 31 ? l + b : l;
                    default -> throw new IllegalStateException("the interpreter does not know " + op);
                };
                item.set(a[0], values[source]);
            }
        }
        else if (op.startsWith("vote.sync."))
        {
            int bits = 0;
            for (int l = 0; l < WARP; l++)
            {
                bits |= (items[from + l].predicate(a[1]) ? 1 : 0) << l;
            }
            for (int l = 0; l < WARP; l++)
            {
                final Item item = items[from + l];
                switch (op)
                {
                    case "vote.sync.ballot.b32" -> item.set(a[0], bits & MASK32);
                    case "vote.sync.any.pred" -> item.setPredicate(a[0], bits != 0);
                    case "vote.sync.all.pred" -> item.setPredicate(a[0], bits == -1);
                    default -> throw new IllegalStateException("the interpreter does not know " + op);
                }
            }
        }
        else if (op.equals("match.any.sync.b32"))
        {
            final long[] values = new long[WARP];
            for (int l = 0; l < WARP; l++)
            {
                values[l] = items[from + l].value(a[1]) & MASK32;
            }
            for (int l = 0; l < WARP; l++)
            {
                int bits = 0;
                for (int m = 0; m < WARP; m++)
                {
                    bits |= (values[m] == values[l] ? 1 : 0) << m;
                }
                items[from + l].set(a[0], bits & MASK32);
            }
        }
        else
        {
            throw new IllegalStateException("the interpreter does not know " + op);
        }
        for (int l = from; l < to; l++)
        {
            items[l].pc++;
            items[l].waiting = false;
        }
        return true;
    }

    /** One work-item's registers and position. */
    private final class Item
    {
        private final long[] r32 = new long[r32Count];
        private final long[] r64 = new long[r64Count];
        private final boolean[] preds = new boolean[predCount];
        private final Launch launch;
        private final int groupId;
        private final int groupIdY;
        private final int localId;
        private final long[] paramBits;
        private final List<MemorySegment> globals;
        private final Map<Integer, MemorySegment> shared;
        private long carry;
        private int pc;
        private boolean done;
        private boolean waiting;
        private long steps;

        Item(final Launch launch, final int groupId, final int groupIdY, final int localId, final long[] paramBits,
            final List<MemorySegment> globals, final Map<Integer, MemorySegment> shared)
        {
            this.launch = launch;
            this.groupId = groupId;
            this.groupIdY = groupIdY;
            this.localId = localId;
            this.paramBits = paramBits;
            this.globals = globals;
            this.shared = shared;
        }

        void set(final Operand o, final long v)
        {
            write(o, v);
        }

        boolean predicate(final Operand o)
        {
            return preds[o.index()];
        }

        void setPredicate(final Operand o, final boolean v)
        {
            preds[o.index()] = v;
        }

        void runUntilSync(final long maxSteps)
        {
            while (true)
            {
                if (++steps > maxSteps)
                {
                    throw new IllegalStateException("step budget exhausted at " + code.get(pc));
                }
                final Insn insn = code.get(pc);
                if (insn.pred() >= 0 && !preds[insn.pred()])
                {
                    pc++;
                    continue;
                }
                switch (insn.op())
                {
                    case "ret" ->
                    {
                        done = true;
                        return;
                    }
                    case "trap" -> throw new Trap("trap at instruction " + pc + " in item " + localId + " of group "
                        + groupId);
                    case "bar.sync" ->
                    {
                        waiting = true;
                        return;
                    }
                    case "bra", "bra.uni" -> pc = insn.target();
                    default ->
                    {
                        if (insn.op().startsWith("shfl.sync.") || insn.op().startsWith("vote.sync.")
                            || insn.op().startsWith("match."))
                        {
                            waiting = true;
                            return;
                        }
                        execute(insn);
                        pc++;
                    }
                }
            }
        }

        private long read(final Operand o)
        {
            return switch (o.kind())
            {
                case 'r' -> r32[o.index()];
                case 'd' -> r64[o.index()];
                case 'i' -> o.value();
                case 's' -> switch (o.name())
                {
                    case "%tid.x" -> localId;
                    case "%ctaid.x" -> groupId;
                    case "%ntid.x" -> launch.local();
                    case "%nctaid.x" -> launch.groupsX();
                    case "%ctaid.y" -> groupIdY;
                    case "%nctaid.y" -> launch.groupsY();
                    case "%laneid" -> localId % WARP;
                    case "%dynamic_smem_size" -> launch.sharedBytes();
                    default -> throw new IllegalStateException("special register " + o.name());
                };
                case 'n' -> SHARED_BASE + ((long)symbolIndex(o.name()) << 32);
                default -> throw new IllegalStateException("cannot read " + o.name());
            };
        }

        private void write(final Operand o, final long v)
        {
            if (o.kind() == 'r')
            {
                r32[o.index()] = v & MASK32;
            }
            else if (o.kind() == 'd')
            {
                r64[o.index()] = v;
            }
            else
            {
                throw new IllegalStateException("cannot write " + o.name());
            }
        }

        private void execute(final Insn insn)
        {
            final String op = insn.op();
            final Operand[] a = insn.args();
            if (op.startsWith("ld.param"))
            {
                write(a[0], paramBits[params.indexOf(a[1].name())]);
                return;
            }
            if (op.contains(".v2.u64"))
            {
                vector(op, a);
                return;
            }
            if (op.startsWith("ld.") || op.startsWith("st.") || op.startsWith("atom.") || op.startsWith("red."))
            {
                memory(op, a);
                return;
            }
            if (op.equals("or.pred"))
            {
                preds[a[0].index()] = preds[a[1].index()] || preds[a[2].index()];
                return;
            }
            if (op.equals("membar.gl"))
            {
                return; // items run one at a time here, so every write is already visible to all
            }
            if (op.startsWith("setp."))
            {
                preds[a[0].index()] = compare(op, read(a[1]), read(a[2]));
                return;
            }
            if (op.startsWith("selp."))
            {
                write(a[0], preds[a[3].index()] ? read(a[1]) : read(a[2]));
                return;
            }
            if (op.equals("mov.b64") && a[1].kind() == 'v')
            {
                write(a[0], read(a[1].parts()[0]) & MASK32 | read(a[1].parts()[1]) << 32);
                return;
            }
            if (op.equals("mov.b64") && a[0].kind() == 'v')
            {
                final long v = read(a[1]);
                write(a[0].parts()[0], v);
                write(a[0].parts()[1], v >>> 32);
                return;
            }
            write(a[0], Semantics.compute(this, op, a));
        }

        private boolean compare(final String op, final long x, final long y)
        {
            final String[] parts = op.split("\\.");
            final String type = parts[2];
            final int c;
            switch (type)
            {
                case "s32" -> c = Integer.compare((int)x, (int)y);
                case "u32" -> c = Integer.compareUnsigned((int)x, (int)y);
                case "s64" -> c = Long.compare(x, y);
                case "u64" -> c = Long.compareUnsigned(x, y);
                default -> throw new IllegalStateException(op);
            }
            return switch (parts[1])
            {
                case "eq" -> c == 0;
                case "ne" -> c != 0;
                case "lt", "lo" -> c < 0;
                case "le", "ls" -> c <= 0;
                case "gt", "hi" -> c > 0;
                case "ge", "hs" -> c >= 0;
                default -> throw new IllegalStateException(op);
            };
        }

        /** {@code ld/st.space.v2.u64}: two 8-byte accesses at a 16-byte aligned address (misalignment faults). */
        private void vector(final String op, final Operand[] a)
        {
            final boolean store = op.startsWith("st.");
            final Operand m = store ? a[0] : a[1];
            final Operand pair = store ? a[1] : a[0];
            final long address = read(m.parts()[0]) + m.value();
            if ((address & 15) != 0)
            {
                throw new IllegalStateException("misaligned 16-byte access at 0x" + Long.toHexString(address) + ": "
                    + op);
            }
            final String scalar = op.replace(".v2", "");
            for (int h = 0; h < 2; h++)
            {
                final Operand half = new Operand('m', 0, m.value() + 8L * h, m.name(), m.parts());
                memory(scalar, store ? new Operand[] {half, pair.parts()[h]} : new Operand[] {pair.parts()[h], half});
            }
        }

        private void memory(final String op, final Operand[] a)
        {
            final boolean store = op.startsWith("st.");
            final boolean reduction = op.startsWith("red.");
            final Operand m = store || reduction ? a[0] : a[1];
            final long address = read(m.parts()[0]) + m.value();
            final MemorySegment seg;
            final long offset;
            if (op.contains(".shared"))
            {
                seg = shared.get((int)((address - SHARED_BASE) >>> 32));
                offset = address & MASK32;
            }
            else
            {
                seg = globals.get((int)(address >>> GLOBAL_SHIFT) - 1);
                offset = address & ((1L << GLOBAL_SHIFT) - 1);
            }
            final boolean wide = op.endsWith("64");
            if (seg == null || offset < 0 || offset + (wide ? 8 : 4) > seg.byteSize())
            {
                // The GPU faults here (an illegal address), which fails the launch like a trap.
                throw new Trap("illegal address: " + op + " at offset " + offset + " of a " + (seg == null ? "missing"
                    : seg.byteSize() + "-byte") + " buffer in item " + localId + " of group " + groupId);
            }
            final long old = wide ? seg.get(ValueLayout.JAVA_LONG_UNALIGNED, offset)
                : seg.get(ValueLayout.JAVA_INT_UNALIGNED, offset) & MASK32;
            long now = old;
            if (store)
            {
                now = read(a[1]);
            }
            else if (op.contains(".cas."))
            {
                final long expected = read(a[2]);
                now = (wide ? old == expected : (old & MASK32) == (expected & MASK32)) ? read(a[3]) : old;
            }
            else if (reduction || op.startsWith("atom."))
            {
                now = readModifyWrite(op, wide, old, read(reduction ? a[1] : a[2]));
            }
            if (!store && !reduction)
            {
                write(a[0], old);
            }
            if (wide)
            {
                seg.set(ValueLayout.JAVA_LONG_UNALIGNED, offset, now);
            }
            else
            {
                seg.set(ValueLayout.JAVA_INT_UNALIGNED, offset, (int)now);
            }
        }

        /** The new value of an {@code atom}/{@code red} operation other than cas; min and max are signed. */
        private static long readModifyWrite(final String op, final boolean wide, final long old, final long x)
        {
            if (op.contains(".add."))
            {
                return old + x;
            }
            if (op.contains(".exch."))
            {
                return x;
            }
            if (op.contains(".min."))
            {
                return wide ? Math.min(old, x) : Math.min((int)old, (int)x);
            }
            if (op.contains(".max."))
            {
                return wide ? Math.max(old, x) : Math.max((int)old, (int)x);
            }
            if (op.contains(".or."))
            {
                return old | x;
            }
            if (op.contains(".and."))
            {
                return old & x;
            }
            if (op.contains(".xor."))
            {
                return old ^ x;
            }
            throw new IllegalStateException("no meaning for " + op);
        }

        long carry()
        {
            return carry;
        }

        void carry(final long c)
        {
            carry = c;
        }

        long value(final Operand o)
        {
            return read(o);
        }
    }

    /** Arithmetic per the PTX ISA; one place, so each mnemonic's meaning is written once. */
    private static final class Semantics
    {
        static long compute(final Item it, final String op, final Operand[] a)
        {
            final long x = a.length > 1 ? it.value(a[1]) : 0;
            final long y = a.length > 2 ? it.value(a[2]) : 0;
            final long z = a.length > 3 ? it.value(a[3]) : 0;
            return switch (op)
            {
                case "mov.u32", "mov.b32", "mov.u64", "mov.b64", "cvta.to.global.u64" -> x;
                case "add.s32", "add.u32" -> x + y;
                case "sub.s32" -> x - y;
                case "mul.lo.s32", "mul.lo.u32" -> x * y;
                case "mul.hi.u32" -> ((x & MASK32) * (y & MASK32)) >>> 32;
                case "mad.lo.s32" -> x * y + z;
                case "and.b32", "and.b64" -> x & y;
                case "or.b32", "or.b64" -> x | y;
                case "xor.b32", "xor.b64" -> x ^ y;
                case "shl.b32" -> shiftCheck(y, 32) >= 32 ? 0 : x << y;
                case "shr.u32" -> shiftCheck(y, 32) >= 32 ? 0 : (x & MASK32) >>> y;
                case "shr.s32" -> (int)x >> Math.min(shiftCheck(y, 32), 31);
                case "shl.b64" -> shiftCheck(y, 64) >= 64 ? 0 : x << y;
                case "shr.u64" -> shiftCheck(y, 64) >= 64 ? 0 : x >>> y;
                case "shr.s64" -> x >> Math.min(shiftCheck(y, 64), 63);
                case "neg.s32", "neg.s64" -> -x;
                case "add.s64" -> x + y;
                case "sub.s64" -> x - y;
                case "mul.lo.s64" -> x * y;
                case "mad.lo.s64" -> x * y + z;
                case "mul.hi.s64" -> Math.multiplyHigh(x, y);
                case "mul.hi.u64" -> Math.unsignedMultiplyHigh(x, y);
                case "div.s32" -> checkDivision((int)x, (int)y, Integer.MIN_VALUE) == 0 ? 0 : (int)x / (int)y;
                case "rem.s32" -> checkDivision((int)x, (int)y, Integer.MIN_VALUE) == 0 ? 0 : (int)x % (int)y;
                case "div.s64" -> checkDivision(x, y, Long.MIN_VALUE) == 0 ? 0 : x / y;
                case "rem.s64" -> checkDivision(x, y, Long.MIN_VALUE) == 0 ? 0 : x % y;
                case "div.u32" -> Integer.divideUnsigned((int)x, (int)nonZero(y & MASK32));
                case "rem.u32" -> Integer.remainderUnsigned((int)x, (int)nonZero(y & MASK32));
                case "div.u64" -> Long.divideUnsigned(x, nonZero(y));
                case "rem.u64" -> Long.remainderUnsigned(x, nonZero(y));
                case "min.s32" -> Math.min((int)x, (int)y);
                case "max.s32" -> Math.max((int)x, (int)y);
                case "min.s64" -> Math.min(x, y);
                case "max.s64" -> Math.max(x, y);
                case "clz.b32" -> Integer.numberOfLeadingZeros((int)x);
                case "clz.b64" -> Long.numberOfLeadingZeros(x);
                case "popc.b32" -> Integer.bitCount((int)x);
                case "popc.b64" -> Long.bitCount(x);
                case "brev.b32" -> Integer.reverse((int)x) & MASK32;
                case "brev.b64" -> Long.reverse(x);
                case "cvt.s64.s32" -> (int)x;
                case "cvt.u32.u64" -> x & MASK32;
                case "cvt.u64.u32" -> x & MASK32;
                case "cvt.s32.s8" -> (byte)x;
                case "cvt.s32.s16" -> (short)x;
                case "cvt.u32.u16" -> x & 0xFFFF;
                default -> chain(it, op, x, y, z);
            };
        }

        private static long chain(final Item it, final String op, final long x, final long y, final long z)
        {
            final long cf = it.carry();
            return switch (op)
            {
                case "add.cc.u32" -> carryOut(it, x + y);
                case "addc.cc.u32" -> carryOut(it, x + y + cf);
                case "addc.u32" -> x + y + cf;
                case "sub.cc.u32" -> borrowOut(it, x, y);
                case "subc.cc.u32" -> borrowOut(it, x, y + cf);
                case "subc.u32" -> x - y - cf;
                case "mad.lo.cc.u32" -> carryOut(it, (x * y & MASK32) + z);
                case "madc.lo.cc.u32" -> carryOut(it, (x * y & MASK32) + z + cf);
                case "mad.hi.cc.u32" -> carryOut(it, (x * y >>> 32) + z);
                case "madc.hi.cc.u32" -> carryOut(it, (x * y >>> 32) + z + cf);
                case "madc.hi.u32" -> (x * y >>> 32) + z + cf;
                default -> throw new IllegalStateException("the interpreter does not know " + op);
            };
        }

        private static long carryOut(final Item it, final long sum)
        {
            it.carry(sum >>> 32);
            return sum & MASK32;
        }

        private static long borrowOut(final Item it, final long x, final long subtrahend)
        {
            it.carry(x < subtrahend ? 1 : 0);
            return (x - subtrahend) & MASK32;
        }

        private static long shiftCheck(final long amount, final int bits)
        {
            if (amount < 0 || amount >= bits)
            {
                throw new IllegalStateException("shift by " + amount + ": generated code must mask Java shift counts");
            }
            return amount;
        }

        private static long checkDivision(final long x, final long y, final long min)
        {
            if (y == 0 || x == min && y == -1)
            {
                throw new IllegalStateException("division " + x + " / " + y + " has no specified PTX result");
            }
            return 1;
        }

        private static long nonZero(final long y)
        {
            if (y == 0)
            {
                throw new IllegalStateException("unsigned division by zero has no specified PTX result");
            }
            return y;
        }
    }
}
