package io.jprove.kernels.ptx;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.attribute.CodeAttribute;
import java.lang.classfile.instruction.BranchInstruction;
import java.lang.classfile.instruction.IncrementInstruction;
import java.lang.classfile.instruction.LineNumber;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.StoreInstruction;
import java.lang.reflect.AccessFlag;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One method's bytecode as the compiler sees it: instructions by offset, source lines, control-flow successors,
 * natural loops (header → body) and live locals at each offset.
 */
final class MethodCode
{
    final String owner;
    final String name;
    final String descriptor;
    final boolean isStatic;
    final int maxLocals;
    final Instruction[] insns;
    final int[] next;
    final int[] target;
    final int[] line;
    final int returnCount;
    final boolean hasExceptionHandlers;
    final boolean isSynchronized;
    final byte[] codeBytes;
    private final int[] predecessors;
    private final Map<Integer, BitSet> loops = new HashMap<>();
    private final BitSet[] liveIn;

    private MethodCode(final String owner, final MethodModel method, final CodeAttribute code)
    {
        this.owner = owner;
        this.name = method.methodName().stringValue();
        this.descriptor = method.methodType().stringValue();
        this.isStatic = method.flags().has(AccessFlag.STATIC);
        this.isSynchronized = method.flags().has(AccessFlag.SYNCHRONIZED);
        this.hasExceptionHandlers = !code.exceptionHandlers().isEmpty();
        this.maxLocals = code.maxLocals();
        this.codeBytes = code.codeArray();
        final int length = codeBytes.length;
        insns = new Instruction[length];
        next = new int[length];
        target = new int[length];
        line = new int[length];
        predecessors = new int[length];
        java.util.Arrays.fill(target, -1);
        int pc = 0;
        int currentLine = -1;
        int returns = 0;
        for (final CodeElement element : ((CodeModel)code).elementList())
        {
            if (element instanceof LineNumber ln)
            {
                currentLine = ln.line();
            }
            else if (element instanceof Instruction insn)
            {
                insns[pc] = insn;
                line[pc] = currentLine;
                next[pc] = pc + insn.sizeInBytes();
                if (insn instanceof BranchInstruction branch)
                {
                    target[pc] = code.labelToBci(branch.target());
                }
                if (insn.opcode().kind() == Opcode.Kind.RETURN)
                {
                    returns++;
                }
                pc += insn.sizeInBytes();
            }
        }
        returnCount = returns;
        for (int p = 0; p < length; p++)
        {
            if (insns[p] != null)
            {
                for (final int s : successors(p))
                {
                    predecessors[s]++;
                }
            }
        }
        findLoops();
        liveIn = liveness();
    }

    static MethodCode load(final Class<?> context, final String owner, final String name, final String descriptor)
    {
        final ClassLoader loader = context.getClassLoader() == null ? ClassLoader.getSystemClassLoader()
            : context.getClassLoader();
        final byte[] bytes;
        try (InputStream in = loader.getResourceAsStream(owner + ".class"))
        {
            if (in == null)
            {
                return null;
            }
            bytes = in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read the class file of " + owner, ex);
        }
        final ClassModel model = ClassFile.of().parse(bytes);
        for (final MethodModel method : model.methods())
        {
            if (method.methodName().equalsString(name) && method.methodType().equalsString(descriptor))
            {
                return method.code().map(c -> new MethodCode(owner, method, (CodeAttribute)c)).orElse(null);
            }
        }
        return null;
    }

    String display()
    {
        return owner.replace('/', '.') + "." + name + descriptor;
    }

    /** A digest of this method's identity and bytecode, for cache keys. */
    void digest(final MessageDigest digest)
    {
        digest.update((owner + "." + name + descriptor).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        digest.update(codeBytes);
    }

    static MessageDigest sha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    int[] successors(final int pc)
    {
        final Instruction insn = insns[pc];
        final Opcode op = insn.opcode();
        if (op.kind() == Opcode.Kind.RETURN || op == Opcode.ATHROW || op.kind() == Opcode.Kind.TABLE_SWITCH
            || op.kind() == Opcode.Kind.LOOKUP_SWITCH)
        {
            return new int[0];
        }
        if (op == Opcode.GOTO || op == Opcode.GOTO_W)
        {
            return new int[] {target[pc]};
        }
        if (target[pc] >= 0)
        {
            return new int[] {next[pc], target[pc]};
        }
        return new int[] {next[pc]};
    }

    boolean isHeader(final int pc)
    {
        return loops.containsKey(pc);
    }

    BitSet loopBody(final int header)
    {
        return loops.get(header);
    }

    /** Control merges here (two or more predecessors, or a loop header), so the compiler starts a block. */
    boolean isJoin(final int pc)
    {
        return predecessors[pc] > 1 || loops.containsKey(pc);
    }

    /** @return how many instructions can pass control to {@code pc}. */
    int predecessorCount(final int pc)
    {
        return predecessors[pc];
    }

    boolean isLive(final int pc, final int slot)
    {
        return liveIn[pc].get(slot);
    }

    private void findLoops()
    {
        // Iterative DFS; an edge to a node still on the stack is a back edge, its target a loop header.
        final int length = insns.length;
        final byte[] color = new byte[length];
        final ArrayDeque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {0, 0});
        color[0] = 1;
        final List<int[]> backEdges = new ArrayList<>();
        while (!stack.isEmpty())
        {
            final int[] top = stack.peek();
            final int[] succ = successors(top[0]);
            if (top[1] < succ.length)
            {
                final int s = succ[top[1]++];
                if (color[s] == 0)
                {
                    color[s] = 1;
                    stack.push(new int[] {s, 0});
                }
                else if (color[s] == 1)
                {
                    backEdges.add(new int[] {top[0], s});
                }
            }
            else
            {
                color[top[0]] = 2;
                stack.pop();
            }
        }
        final List<List<Integer>> preds = new ArrayList<>();
        for (int p = 0; p < length; p++)
        {
            preds.add(new ArrayList<>());
        }
        for (int p = 0; p < length; p++)
        {
            if (insns[p] != null && color[p] != 0)
            {
                for (final int s : successors(p))
                {
                    preds.get(s).add(p);
                }
            }
        }
        for (final int[] edge : backEdges)
        {
            final BitSet body = loops.computeIfAbsent(edge[1], h -> new BitSet());
            body.set(edge[1]);
            final ArrayDeque<Integer> work = new ArrayDeque<>();
            if (!body.get(edge[0]))
            {
                body.set(edge[0]);
                work.push(edge[0]);
            }
            while (!work.isEmpty())
            {
                for (final int p : preds.get(work.pop()))
                {
                    if (!body.get(p))
                    {
                        body.set(p);
                        work.push(p);
                    }
                }
            }
        }
    }

    private BitSet[] liveness()
    {
        final int length = insns.length;
        final BitSet[] in = new BitSet[length];
        for (int p = 0; p < length; p++)
        {
            in[p] = new BitSet();
        }
        boolean changed = true;
        while (changed)
        {
            changed = false;
            for (int p = length - 1; p >= 0; p--)
            {
                final Instruction insn = insns[p];
                if (insn == null)
                {
                    continue;
                }
                final BitSet live = new BitSet();
                for (final int s : successors(p))
                {
                    live.or(in[s]);
                }
                if (insn instanceof StoreInstruction store)
                {
                    live.clear(store.slot());
                }
                else if (insn instanceof LoadInstruction load)
                {
                    live.set(load.slot());
                }
                else if (insn instanceof IncrementInstruction inc)
                {
                    live.set(inc.slot());
                }
                if (!live.equals(in[p]))
                {
                    in[p] = live;
                    changed = true;
                }
            }
        }
        return in;
    }
}
