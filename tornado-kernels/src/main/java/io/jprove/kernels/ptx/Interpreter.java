package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.State.Frame;
import io.jprove.kernels.ptx.Val.Cmp;
import io.jprove.kernels.ptx.Val.IConst;
import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Ref;

import java.lang.classfile.Instruction;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ArrayLoadInstruction;
import java.lang.classfile.instruction.ArrayStoreInstruction;
import java.lang.classfile.instruction.BranchInstruction;
import java.lang.classfile.instruction.ConstantInstruction;
import java.lang.classfile.instruction.ConvertInstruction;
import java.lang.classfile.instruction.IncrementInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.NewPrimitiveArrayInstruction;
import java.lang.classfile.instruction.NopInstruction;
import java.lang.classfile.instruction.OperatorInstruction;
import java.lang.classfile.instruction.ReturnInstruction;
import java.lang.classfile.instruction.StackInstruction;
import java.lang.classfile.instruction.StoreInstruction;
import java.lang.constant.MethodTypeDesc;
import java.util.ArrayList;

/**
 * Executes one bytecode instruction on the abstract state of a {@link Compilation}: folds what is constant, emits PTX
 * for the rest, and refuses what the compiler does not support.
 */
final class Interpreter
{
    /** {@code fromPc} marking a return from a callee with several returns: the caller continues in a merged block. */
    static final int FORCE_JOIN = -2;

    private static final String KERNELS = "io/jprove/kernels/";

    private final Compilation c;
    private final Operations ops;

    Interpreter(final Compilation c)
    {
        this.c = c;
        this.ops = new Operations(c);
    }

    void step(final Frame f)
    {
        final Instruction insn = f.code.insns[f.pc];
        switch (insn)
        {
            case ConstantInstruction ci -> constant(f, ci);
            case LoadInstruction li -> load(f, li);
            case StoreInstruction si -> store(f, si);
            case IncrementInstruction inc ->
            {
                f.locals[inc.slot()] = ops.arith(Opcode.IADD, f.locals[inc.slot()], new IConst(inc.constant()));
                next(f);
            }
            case OperatorInstruction oi -> operator(f, oi.opcode());
            case ConvertInstruction ci ->
            {
                f.push(ops.convert(ci.opcode(), c.scalar(f.pop())));
                next(f);
            }
            case BranchInstruction bi -> branch(f, bi.opcode());
            case ReturnInstruction ri -> doReturn(f, ri);
            case StackInstruction si ->
            {
                stack(f, si.opcode());
                next(f);
            }
            case NewPrimitiveArrayInstruction na -> newArray(f, na.typeKind());
            case ArrayLoadInstruction al -> arrayLoad(f, al.typeKind());
            case ArrayStoreInstruction as -> arrayStore(f, as.typeKind());
            case InvokeInstruction inv -> invoke(f, inv);
            case NopInstruction nop -> next(f);
            default -> throw c.fail(unsupported(insn.opcode()));
        }
    }

    private static String unsupported(final Opcode op)
    {
        final String what = switch (op.kind())
        {
            case FIELD_ACCESS -> "field access (kernels use parameters and locals; constants must be compile-time)";
            case NEW_OBJECT, NEW_MULTI_ARRAY, NEW_REF_ARRAY -> "object allocation";
            case THROW_EXCEPTION -> "throwing an exception";
            case MONITOR -> "synchronization";
            case TABLE_SWITCH, LOOKUP_SWITCH -> "switch statements (use if/else)";
            case TYPE_CHECK -> "type checks and casts";
            default -> "this instruction";
        };
        return "unsupported bytecode " + op.name() + ": " + what;
    }

    static void next(final Frame f)
    {
        goTo(f, f.code.next[f.pc]);
    }

    static void goTo(final Frame f, final int pc)
    {
        f.fromPc = f.pc;
        f.pc = pc;
        Compilation.popLoops(f);
    }

    // ---------------------------------------------------------------- loads, stores, stack

    private void constant(final Frame f, final ConstantInstruction ci)
    {
        final Object value = ci.constantValue();
        if (value instanceof Integer i)
        {
            f.push(new IConst(i));
        }
        else if (value instanceof Long l)
        {
            f.push(new LConst(l));
        }
        else
        {
            throw c.fail("unsupported constant " + value + " (" + value.getClass().getSimpleName()
                + "): kernels use int and long only");
        }
        next(f);
    }

    private void load(final Frame f, final LoadInstruction li)
    {
        checkKind(li.typeKind());
        final Val v = f.locals[li.slot()];
        if (v instanceof Val.Dead)
        {
            throw c.fail("internal error: read of a dead local " + li.slot());
        }
        f.push(v);
        next(f);
    }

    private void store(final Frame f, final StoreInstruction si)
    {
        checkKind(si.typeKind());
        final Val v = f.pop();
        f.locals[si.slot()] = v instanceof Ref ? v : c.scalar(v);
        next(f);
    }

    private void checkKind(final TypeKind kind)
    {
        if (kind != TypeKind.INT && kind != TypeKind.LONG && kind != TypeKind.REFERENCE)
        {
            throw c.fail("unsupported type " + kind + ": kernels use int and long only (no floating point)");
        }
    }

    private void stack(final Frame f, final Opcode op)
    {
        switch (op)
        {
            case POP -> f.pop();
            case POP2 ->
            {
                if (!f.pop().wide())
                {
                    f.pop();
                }
            }
            case DUP -> f.push(f.stack.get(f.stack.size() - 1));
            case SWAP ->
            {
                final Val a = f.pop();
                final Val b = f.pop();
                f.push(a);
                f.push(b);
            }
            case DUP_X1 ->
            {
                final Val a = f.pop();
                final Val b = f.pop();
                f.push(a);
                f.push(b);
                f.push(a);
            }
            default -> dup2(f, op);
        }
    }

    /** DUP_X2, DUP2, DUP2_X1, DUP2_X2 by value categories (a long is one value here, two JVM slots). */
    private void dup2(final Frame f, final Opcode op)
    {
        final ArrayList<Val> top = new ArrayList<>();
        final int copySlots = op == Opcode.DUP_X2 ? 1 : 2;
        final int skipSlots = switch (op)
        {
            case DUP_X2 -> 2;
            case DUP2 -> 0;
            case DUP2_X1 -> 1;
            case DUP2_X2 -> 2;
            default -> throw c.fail("unsupported stack instruction " + op);
        };
        int taken = 0;
        while (taken < copySlots)
        {
            final Val v = f.pop();
            top.add(0, v);
            taken += v.wide() ? 2 : 1;
        }
        final ArrayList<Val> skipped = new ArrayList<>();
        int skippedSlots = 0;
        while (skippedSlots < skipSlots)
        {
            final Val v = f.pop();
            skipped.add(0, v);
            skippedSlots += v.wide() ? 2 : 1;
        }
        f.stack.addAll(top);
        f.stack.addAll(skipped);
        f.stack.addAll(top);
    }

    // ---------------------------------------------------------------- arithmetic and branches

    private void operator(final Frame f, final Opcode op)
    {
        switch (op)
        {
            case INEG -> f.push(ops.arith(Opcode.ISUB, new IConst(0), c.scalar(f.pop())));
            case LNEG -> f.push(ops.arith(Opcode.LSUB, new LConst(0), c.scalar(f.pop())));
            case LCMP ->
            {
                final Val b = c.scalar(f.pop());
                final Val a = c.scalar(f.pop());
                f.push(Operations.compare(a, b, true, false));
            }
            case ARRAYLENGTH ->
            {
                final Val ref = f.pop();
                if (!(ref instanceof Ref r) || r.kind() != Ref.Kind.LOCAL)
                {
                    throw c.fail("arraylength on something that is not a local array");
                }
                f.push(new IConst(r.length()));
            }
            default ->
            {
                final String name = op.name();
                if (name.startsWith("F") || name.startsWith("D"))
                {
                    throw c.fail("unsupported bytecode " + name
                        + ": kernels use int and long only (no floating point)");
                }
                final Val b = c.scalar(f.pop());
                final Val a = c.scalar(f.pop());
                final Val r = ops.arith(op, a, b);
                if (r == null)
                {
                    return;
                }
                f.push(r);
            }
        }
        next(f);
    }

    private void branch(final Frame f, final Opcode op)
    {
        final int target = f.code.target[f.pc];
        final int fall = f.code.next[f.pc];
        switch (op)
        {
            case GOTO, GOTO_W -> goTo(f, target);
            case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE ->
            {
                final Val v = f.pop();
                final String cond = op.name().substring(2).toLowerCase();
                if (v instanceof Cmp cmp)
                {
                    condBranch(f, cond, cmp.a(), cmp.b(), cmp.operandsWide(), cmp.unsigned(), target, fall);
                }
                else
                {
                    condBranch(f, cond, c.scalar(v), new IConst(0), false, false, target, fall);
                }
            }
            case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE ->
            {
                final Val b = c.scalar(f.pop());
                final Val a = c.scalar(f.pop());
                condBranch(f, op.name().substring(7).toLowerCase(), a, b, false, false, target, fall);
            }
            default -> throw c.fail("unsupported branch " + op.name() + ": references are not compared in kernels");
        }
    }

    private void condBranch(final Frame f, final String cond, final Val a, final Val b, final boolean wide,
        final boolean unsigned, final int target, final int fall)
    {
        final Boolean known = Operations.decide(cond, a, b, wide, unsigned);
        if (known != null)
        {
            c.noteExits(f, target, fall, Compilation.CONSTANT_EXIT);
            goTo(f, known ? target : fall);
            return;
        }
        c.fork(ops.setp(cond, a, b, wide, unsigned), target, fall);
    }

    // ---------------------------------------------------------------- calls and returns

    private void doReturn(final Frame f, final ReturnInstruction ri)
    {
        final Val result = ri.typeKind() == TypeKind.VOID ? null : scalarOrRef(f.pop());
        if (c.st.frames.size() == 1)
        {
            c.exit();
            return;
        }
        c.st.frames.remove(c.st.frames.size() - 1);
        final Frame caller = c.st.top();
        caller.pc = f.returnPc;
        caller.fromPc = f.code.returnCount > 1 ? FORCE_JOIN : f.returnPc - 3;
        if (result != null)
        {
            caller.push(result);
        }
    }

    private Val scalarOrRef(final Val v)
    {
        return v instanceof Ref ? v : c.scalar(v);
    }

    private void invoke(final Frame f, final InvokeInstruction inv)
    {
        final String owner = inv.owner().asInternalName();
        final String name = inv.name().stringValue();
        final String desc = inv.type().stringValue();
        final MethodTypeDesc type = inv.typeSymbol();
        final Val[] args = new Val[type.parameterCount()];
        for (int i = args.length - 1; i >= 0; i--)
        {
            args[i] = scalarOrRef(f.pop());
        }
        if (inv.opcode() == Opcode.INVOKEVIRTUAL && owner.startsWith(KERNELS))
        {
            final Val receiver = f.pop();
            final Val result = new Builtins(c, ops).virtual(owner, name, desc, receiver, args);
            if (c.term == null)
            {
                if (result != null)
                {
                    f.push(result);
                }
                next(f);
            }
            return;
        }
        if (inv.opcode() != Opcode.INVOKESTATIC)
        {
            throw c.fail("unsupported call " + inv.opcode().name() + " " + owner.replace('/', '.') + "." + name
                + desc + ": kernels call only static methods (no objects, virtual or interface calls)");
        }
        final Builtins builtins = new Builtins(c, ops);
        if (builtins.isStatic(owner, name, desc))
        {
            final Val result = builtins.callStatic(owner, name, desc, args);
            if (c.term == null)
            {
                if (result != null)
                {
                    f.push(result);
                }
                next(f);
            }
            return;
        }
        if (owner.startsWith("java/") || owner.startsWith("jdk/") || owner.startsWith("sun/"))
        {
            throw c.fail("unsupported library call " + owner.replace('/', '.') + "." + name + desc
                + " (see the package documentation for the supported ones)");
        }
        inline(f, owner, name, desc, args);
    }

    private void inline(final Frame f, final String owner, final String name, final String desc, final Val[] args)
    {
        final MethodCode callee = c.load(owner, name, desc);
        for (final Frame active : c.st.frames)
        {
            if (active.code == callee)
            {
                throw c.fail("recursive call to " + callee.display() + " (calls are inlined; recursion is refused)");
            }
        }
        final Val[] locals = new Val[Math.max(callee.maxLocals, 1)];
        java.util.Arrays.fill(locals, Val.DEAD);
        int slot = 0;
        for (final Val arg : args)
        {
            locals[slot] = arg;
            slot += arg.wide() ? 2 : 1;
        }
        final Frame frame = new Frame(callee, f.code.next[f.pc], locals, new ArrayList<>(), new ArrayList<>());
        frame.pc = 0;
        frame.fromPc = -1;
        c.st.frames.add(frame);
    }

    // ---------------------------------------------------------------- local arrays

    private void newArray(final Frame f, final TypeKind kind)
    {
        if (kind != TypeKind.INT && kind != TypeKind.LONG)
        {
            throw c.fail("unsupported array type " + kind + "[]: local arrays are int[] or long[]");
        }
        final Val size = c.scalar(f.pop());
        if (!(size instanceof IConst n))
        {
            throw c.fail("the length of a local array must be a compile-time constant");
        }
        if (n.value() < 0)
        {
            c.trap();
            return;
        }
        if (n.value() > 256)
        {
            throw c.fail("local array of " + n.value() + " elements: at most 256 (they live in registers)");
        }
        final int id = c.allocationSite(c.chainKeyOfCurrent() + "@" + f.pc);
        if (c.st.heap.containsKey(id) && stillReferenced(id))
        {
            throw c.fail("a local array allocated here is allocated again while the previous one is still in use; "
                + "allocate it once, outside the loop");
        }
        final boolean longs = kind == TypeKind.LONG;
        final Val[] elements = new Val[n.value()];
        java.util.Arrays.fill(elements, longs ? new LConst(0) : new IConst(0));
        c.st.heap.put(id, elements);
        f.push(new Ref(Ref.Kind.LOCAL, id, longs, n.value()));
        next(f);
    }

    private boolean stillReferenced(final int id)
    {
        for (int i = 0; i < c.st.frames.size(); i++)
        {
            final Frame fr = c.st.frames.get(i);
            final int pc = i == c.st.frames.size() - 1 ? fr.pc : c.st.frames.get(i + 1).returnPc;
            for (int slot = 0; slot < fr.locals.length; slot++)
            {
                if (fr.code.isLive(pc, slot) && fr.locals[slot] instanceof Ref r && r.kind() == Ref.Kind.LOCAL
                    && r.id() == id)
                {
                    return true;
                }
            }
            for (final Val v : fr.stack)
            {
                if (v instanceof Ref r && r.kind() == Ref.Kind.LOCAL && r.id() == id)
                {
                    return true;
                }
            }
        }
        return false;
    }

    private Val[] localArray(final Val ref)
    {
        if (!(ref instanceof Ref r) || r.kind() != Ref.Kind.LOCAL)
        {
            throw c.fail("array access on something that is not a local array");
        }
        return c.st.heap.get(r.id());
    }

    private void arrayLoad(final Frame f, final TypeKind kind)
    {
        checkArrayKind(kind);
        final Val index = c.scalar(f.pop());
        final Val[] array = localArray(f.pop());
        final int i = constantIndex(index, array.length);
        if (i < 0)
        {
            return;
        }
        f.push(array[i]);
        next(f);
    }

    private void arrayStore(final Frame f, final TypeKind kind)
    {
        checkArrayKind(kind);
        final Val value = c.scalar(f.pop());
        final Val index = c.scalar(f.pop());
        final Val[] array = localArray(f.pop());
        final int i = constantIndex(index, array.length);
        if (i < 0)
        {
            return;
        }
        array[i] = value;
        next(f);
    }

    private void checkArrayKind(final TypeKind kind)
    {
        if (kind != TypeKind.INT && kind != TypeKind.LONG)
        {
            throw c.fail("unsupported array type " + kind + "[]: local arrays are int[] or long[]");
        }
    }

    /** The index, or -1 after emitting a trap when it is out of bounds (Java would throw there). */
    private int constantIndex(final Val index, final int length)
    {
        if (!(index instanceof IConst i))
        {
            throw c.fail("a local array index is not a compile-time constant (local arrays live in registers: "
                + "index them with constants or counters of loops with a constant trip count)", true);
        }
        if (i.value() < 0 || i.value() >= length)
        {
            c.trap();
            return -1;
        }
        return i.value();
    }
}
