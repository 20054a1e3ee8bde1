package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.Val.IConst;
import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Ref;
import io.jprove.kernels.ptx.Val.Reg;

import java.util.Set;

/**
 * The calls the compiler translates itself: {@code KernelContext} and {@code IntArray}/{@code LongArray} methods, a
 * short list of {@code java.lang} integer methods, and the field intrinsics of {@link KernelCompiler}'s table.
 */
final class Builtins
{
    /** The supported {@code java.lang} methods, as {@code owner.name descriptor}. */
    static final Set<String> LIBRARY = Set.of(
        "java/lang/Integer.compare(II)I", "java/lang/Long.compare(JJ)I",
        "java/lang/Integer.compareUnsigned(II)I", "java/lang/Long.compareUnsigned(JJ)I",
        "java/lang/Integer.divideUnsigned(II)I", "java/lang/Integer.remainderUnsigned(II)I",
        "java/lang/Long.divideUnsigned(JJ)J", "java/lang/Long.remainderUnsigned(JJ)J",
        "java/lang/Math.multiplyHigh(JJ)J", "java/lang/Math.unsignedMultiplyHigh(JJ)J",
        "java/lang/Integer.toUnsignedLong(I)J",
        "java/lang/Math.min(II)I", "java/lang/Math.max(II)I", "java/lang/Math.min(JJ)J", "java/lang/Math.max(JJ)J",
        "java/lang/Integer.numberOfLeadingZeros(I)I", "java/lang/Long.numberOfLeadingZeros(J)I",
        "java/lang/Integer.bitCount(I)I", "java/lang/Long.bitCount(J)I",
        "java/lang/Integer.rotateLeft(II)I", "java/lang/Integer.rotateRight(II)I",
        "java/lang/Long.rotateLeft(JI)J", "java/lang/Long.rotateRight(JI)J",
        "java/lang/Integer.reverse(I)I", "java/lang/Long.reverse(J)J",
        "java/lang/Integer.numberOfTrailingZeros(I)I", "java/lang/Long.numberOfTrailingZeros(J)I");

    /** The symbol of the dynamic shared memory block ({@code .extern .shared}), declared once per module. */
    static final String DYNAMIC_SHARED = "jprove_dynamic_shared";

    /** The {@link Ref} id of the dynamic shared memory (static shared arrays count from 0). */
    static final int DYNAMIC_SHARED_ID = -1;

    /** Statically declared {@code .shared} memory is limited to 48 KiB per block (more needs dynamic shared memory). */
    static final long STATIC_SHARED_BYTES = 48 * 1024;

    private final Compilation c;
    private final Operations ops;

    Builtins(final Compilation c, final Operations ops)
    {
        this.c = c;
        this.ops = ops;
    }

    boolean isStatic(final String owner, final String name, final String desc)
    {
        return LIBRARY.contains(owner + "." + name + desc) || c.compiler.field(owner) != null;
    }

    Val callStatic(final String owner, final String name, final String desc, final Val[] args)
    {
        final MontgomeryChains field = c.compiler.field(owner);
        if (field != null)
        {
            return new FieldIntrinsic(c, field).call(name, desc, args);
        }
        final String key = owner.substring("java/lang/".length()) + "." + name + desc;
        if (name.startsWith("rotate"))
        {
            return rotate(name.equals("rotateLeft"), desc.startsWith("(J"), args[0], args[1]);
        }
        if (Operations.isConstant(args[0]) && (args.length == 1 || Operations.isConstant(args[1])))
        {
            return fold(key, args);
        }
        return switch (key)
        {
            case "Integer.compare(II)I" -> Operations.compare(args[0], args[1], false, false);
            case "Long.compare(JJ)I" -> Operations.compare(args[0], args[1], true, false);
            case "Integer.compareUnsigned(II)I" -> Operations.compare(args[0], args[1], false, true);
            case "Long.compareUnsigned(JJ)I" -> Operations.compare(args[0], args[1], true, true);
            case "Integer.divideUnsigned(II)I" -> ops.unsignedDivide(true, false, args[0], args[1]);
            case "Integer.remainderUnsigned(II)I" -> ops.unsignedDivide(false, false, args[0], args[1]);
            case "Long.divideUnsigned(JJ)J" -> ops.unsignedDivide(true, true, args[0], args[1]);
            case "Long.remainderUnsigned(JJ)J" -> ops.unsignedDivide(false, true, args[0], args[1]);
            case "Math.multiplyHigh(JJ)J" -> ops.bin("mul.hi.s64", args[0], args[1]);
            case "Math.unsignedMultiplyHigh(JJ)J" -> ops.bin("mul.hi.u64", args[0], args[1]);
            case "Math.min(II)I" -> ops.bin("min.s32", args[0], args[1]);
            case "Math.max(II)I" -> ops.bin("max.s32", args[0], args[1]);
            case "Math.min(JJ)J" -> ops.bin("min.s64", args[0], args[1]);
            case "Math.max(JJ)J" -> ops.bin("max.s64", args[0], args[1]);
            case "Integer.toUnsignedLong(I)J" -> unary("cvt.u64.u32", true, args[0]);
            case "Integer.numberOfLeadingZeros(I)I" -> unary("clz.b32", false, args[0]);
            case "Long.numberOfLeadingZeros(J)I" -> unary("clz.b64", false, args[0]);
            case "Integer.bitCount(I)I" -> unary("popc.b32", false, args[0]);
            case "Long.bitCount(J)I" -> unary("popc.b64", false, args[0]);
            case "Integer.reverse(I)I" -> unary("brev.b32", false, args[0]);
            case "Long.reverse(J)J" -> unary("brev.b64", true, args[0]);
            case "Integer.numberOfTrailingZeros(I)I" -> unary("clz.b32", false, unary("brev.b32", false, args[0]));
            case "Long.numberOfTrailingZeros(J)I" -> unary("clz.b64", false, unary("brev.b64", true, args[0]));
            default -> throw c.fail("internal error: no translation for " + key);
        };
    }

    /** Java's own definition: {@code (x << n) | (x >>> -n)}, shift counts masked, so every count is exact. */
    private Val rotate(final boolean left, final boolean wide, final Val x, final Val n)
    {
        final Val negated = ops.arith(java.lang.classfile.Opcode.ISUB, new IConst(0), n);
        final Val shl = ops.arith(wide ? java.lang.classfile.Opcode.LSHL : java.lang.classfile.Opcode.ISHL, x,
            left ? n : negated);
        final Val shr = ops.arith(wide ? java.lang.classfile.Opcode.LUSHR : java.lang.classfile.Opcode.IUSHR, x,
            left ? negated : n);
        return ops.arith(wide ? java.lang.classfile.Opcode.LOR : java.lang.classfile.Opcode.IOR, shl, shr);
    }

    private Val unary(final String mnemonic, final boolean wide, final Val a)
    {
        final Reg r = c.fresh(wide);
        c.emit(mnemonic + " " + r + ", " + c.reg(a) + ";");
        return r;
    }

    /** Constant arguments: the library method itself computes the result, so folding is exact by construction. */
    private Val fold(final String key, final Val[] args)
    {
        final long x = Operations.value(args[0]);
        final long y = args.length > 1 ? Operations.value(args[1]) : 0;
        final boolean zeroDivisor = key.contains("Unsigned(") && (key.startsWith("Integer.divide")
            || key.startsWith("Integer.remainder") || key.startsWith("Long.divide") || key.startsWith("Long.remainder"))
            && y == 0;
        if (zeroDivisor)
        {
            c.trap();
            return null;
        }
        return switch (key)
        {
            case "Integer.compare(II)I" -> new IConst(Integer.compare((int)x, (int)y));
            case "Long.compare(JJ)I" -> new IConst(Long.compare(x, y));
            case "Integer.compareUnsigned(II)I" -> new IConst(Integer.compareUnsigned((int)x, (int)y));
            case "Long.compareUnsigned(JJ)I" -> new IConst(Long.compareUnsigned(x, y));
            case "Integer.divideUnsigned(II)I" -> new IConst(Integer.divideUnsigned((int)x, (int)y));
            case "Integer.remainderUnsigned(II)I" -> new IConst(Integer.remainderUnsigned((int)x, (int)y));
            case "Long.divideUnsigned(JJ)J" -> new LConst(Long.divideUnsigned(x, y));
            case "Long.remainderUnsigned(JJ)J" -> new LConst(Long.remainderUnsigned(x, y));
            case "Math.multiplyHigh(JJ)J" -> new LConst(Math.multiplyHigh(x, y));
            case "Math.unsignedMultiplyHigh(JJ)J" -> new LConst(Math.unsignedMultiplyHigh(x, y));
            case "Math.min(II)I" -> new IConst(Math.min((int)x, (int)y));
            case "Math.max(II)I" -> new IConst(Math.max((int)x, (int)y));
            case "Math.min(JJ)J" -> new LConst(Math.min(x, y));
            case "Math.max(JJ)J" -> new LConst(Math.max(x, y));
            case "Integer.toUnsignedLong(I)J" -> new LConst(Integer.toUnsignedLong((int)x));
            case "Integer.numberOfLeadingZeros(I)I" -> new IConst(Integer.numberOfLeadingZeros((int)x));
            case "Long.numberOfLeadingZeros(J)I" -> new IConst(Long.numberOfLeadingZeros(x));
            case "Integer.bitCount(I)I" -> new IConst(Integer.bitCount((int)x));
            case "Long.bitCount(J)I" -> new IConst(Long.bitCount(x));
            case "Integer.reverse(I)I" -> new IConst(Integer.reverse((int)x));
            case "Long.reverse(J)J" -> new LConst(Long.reverse(x));
            case "Integer.numberOfTrailingZeros(I)I" -> new IConst(Integer.numberOfTrailingZeros((int)x));
            case "Long.numberOfTrailingZeros(J)I" -> new IConst(Long.numberOfTrailingZeros(x));
            default -> throw c.fail("internal error: no folding for " + key);
        };
    }

    // ---------------------------------------------------------------- KernelContext, IntArray, LongArray

    Val virtual(final String owner, final String name, final String desc, final Val receiver, final Val[] args)
    {
        if (!(receiver instanceof Ref ref))
        {
            throw c.fail("call on something that is not a kernel object");
        }
        if (owner.equals("io/jprove/kernels/KernelContext") && ref.kind() == Ref.Kind.CONTEXT)
        {
            return context(name, args);
        }
        if ((owner.equals("io/jprove/kernels/IntArray") || owner.equals("io/jprove/kernels/LongArray"))
            && (ref.kind() == Ref.Kind.GLOBAL || ref.kind() == Ref.Kind.SHARED))
        {
            return array(ref, name, args);
        }
        throw c.fail("unsupported call " + owner.replace('/', '.') + "." + name + desc);
    }

    private Val context(final String name, final Val[] args)
    {
        switch (name)
        {
            case "globalIdX", "localIdX", "groupIdX", "globalSizeX", "localSizeX", "groupCountX", "groupIdY",
                "groupCountY", "laneId":
                return c.special.get(name);
            case "barrier":
                c.usesBarrier = true;
                c.emit("bar.sync 0;");
                return null;
            case "fence":
                c.emit("membar.gl;");
                return null;
            case "sharedInts", "sharedLongs":
                return shared(name.equals("sharedLongs"), args[0]);
            case "dynamicSharedInts", "dynamicSharedLongs":
                return dynamicShared(name.equals("dynamicSharedLongs"));
            case "shuffleXor", "shuffle", "shuffleUp", "shuffleDown":
                return shuffle(name, args[0], args[1]);
            case "ballot", "anyLane", "allLanes":
                return vote(name, args[0]);
            case "matchAny":
            {
                c.usesWarp = true;
                final Reg r = c.fresh(false);
                c.emit("match.any.sync.b32 " + r + ", " + c.reg(args[0]) + ", -1;");
                return r;
            }
            default:
                throw c.fail("unsupported call KernelContext." + name);
        }
    }

    /** {@code shfl.sync} with a full mask; a long moves as its two halves. */
    private Val shuffle(final String name, final Val value, final Val lane)
    {
        c.usesWarp = true;
        final String mode = switch (name)
        {
            case "shuffleXor" -> "bfly";
            case "shuffle" -> "idx";
            case "shuffleUp" -> "up";
            default -> "down";
        };
        // c operand: clamp lane 31 for idx/down/bfly, minimum lane 0 for up (CUDA's width-32 encodings).
        final String clamp = mode.equals("up") ? "0" : "31";
        final String b = Compilation.imm(lane);
        if (!value.wide())
        {
            final Reg r = c.fresh(false);
            c.emit("shfl.sync." + mode + ".b32 " + r + ", " + c.reg(value) + ", " + b + ", " + clamp + ", -1;");
            return r;
        }
        final Reg lo = c.fresh(false);
        final Reg hi = c.fresh(false);
        c.emit("mov.b64 {" + lo + ", " + hi + "}, " + c.reg(value) + ";");
        final Reg lo2 = c.fresh(false);
        final Reg hi2 = c.fresh(false);
        c.emit("shfl.sync." + mode + ".b32 " + lo2 + ", " + lo + ", " + b + ", " + clamp + ", -1;");
        c.emit("shfl.sync." + mode + ".b32 " + hi2 + ", " + hi + ", " + b + ", " + clamp + ", -1;");
        final Reg r = c.fresh(true);
        c.emit("mov.b64 " + r + ", {" + lo2 + ", " + hi2 + "};");
        return r;
    }

    /** {@code vote.sync} with a full mask; booleans are ints 0/1 on the operand stack. */
    private Val vote(final String name, final Val predicate)
    {
        c.usesWarp = true;
        final String p = c.freshPredicate();
        c.emit("setp.ne.s32 " + p + ", " + c.reg(predicate) + ", 0;");
        final Reg r = c.fresh(false);
        if (name.equals("ballot"))
        {
            c.emit("vote.sync.ballot.b32 " + r + ", " + p + ", -1;");
            return r;
        }
        final String q = c.freshPredicate();
        c.emit("vote.sync." + (name.equals("anyLane") ? "any" : "all") + ".pred " + q + ", " + p + ", -1;");
        c.emit("selp.b32 " + r + ", 1, 0, " + q + ";");
        return r;
    }

    /** The launch's dynamic shared memory, as longs or ints; its length is read from {@code %dynamic_smem_size}. */
    private Val dynamicShared(final boolean longs)
    {
        c.usesDynamicShared = true;
        return new Ref(Ref.Kind.SHARED, DYNAMIC_SHARED_ID, longs, -1);
    }

    private Val shared(final boolean longs, final Val length)
    {
        if (!(length instanceof IConst n) || n.value() < 1)
        {
            throw c.fail("the length of a shared array must be a positive compile-time constant");
        }
        if (!c.atKernelStart())
        {
            throw c.fail("shared arrays must be requested at the start of the kernel, before any branch or loop");
        }
        final String site = c.chainKeyOfCurrent() + "@" + c.st.top().pc;
        final int id = c.sharedSites.computeIfAbsent(site, k -> c.sharedSites.size());
        final long bytes = (long)n.value() * (longs ? 8 : 4);
        c.sharedBytes.put(id, (int)Math.min(bytes, Integer.MAX_VALUE));
        final long total = c.sharedBytes.values().stream().mapToLong(Integer::longValue).sum();
        if (total > STATIC_SHARED_BYTES)
        {
            throw c.fail("shared arrays of " + total + " bytes in all exceed the " + STATIC_SHARED_BYTES
                + " bytes of static shared memory a block can have");
        }
        return new Ref(Ref.Kind.SHARED, id, longs, n.value());
    }

    private Val array(final Ref ref, final String name, final Val[] args)
    {
        final boolean longs = ref.longs();
        final String bits = longs ? "64" : "32";
        if (name.equals("length"))
        {
            if (ref.kind() == Ref.Kind.SHARED)
            {
                return ref.id() == DYNAMIC_SHARED_ID ? c.dynamicSharedLength(longs) : new LConst(ref.length());
            }
            return c.globals.get(ref.id())[1];
        }
        final String address = address(ref, args[0]);
        if (address == null)
        {
            return null;
        }
        final String space = ref.kind() == Ref.Kind.SHARED ? "shared" : "global";
        switch (name)
        {
            case "get":
            {
                final Reg r = c.fresh(longs);
                c.emit("ld." + space + ".u" + bits + " " + r + ", " + address + ";");
                return r;
            }
            case "set":
                c.emit("st." + space + ".u" + bits + " " + address + ", " + Compilation.imm(args[1]) + ";");
                return null;
            case "getAndAdd":
            {
                final Reg r = c.fresh(longs);
                c.emit("atom." + space + ".add.u" + bits + " " + r + ", " + address + ", " + c.reg(args[1]) + ";");
                return r;
            }
            case "compareAndExchange":
            {
                final Reg r = c.fresh(longs);
                c.emit("atom." + space + ".cas.b" + bits + " " + r + ", " + address + ", " + c.reg(args[1]) + ", "
                    + c.reg(args[2]) + ";");
                return r;
            }
            default:
            {
                final String atomic = atomicOperation(name, bits);
                if (atomic == null)
                {
                    throw c.fail("unsupported call " + (longs ? "LongArray." : "IntArray.") + name);
                }
                if (name.startsWith("atomic"))
                {
                    c.emit("red." + space + atomic + " " + address + ", " + c.reg(args[1]) + ";");
                    return null;
                }
                final Reg r = c.fresh(longs);
                c.emit("atom." + space + atomic + " " + r + ", " + address + ", " + c.reg(args[1]) + ";");
                return r;
            }
        }
    }

    /**
     * @return the PTX operation and type of a read-modify-write array method other than {@code getAndAdd} and
     *         {@code compareAndExchange}, or null. The {@code getAnd…} forms return the old value ({@code atom}); the
     *         {@code atomic…} forms return nothing ({@code red}), which spares the device the round trip back.
     */
    private static String atomicOperation(final String name, final String bits)
    {
        return switch (name)
        {
            case "getAndSet" -> ".exch.b" + bits;
            case "getAndMin", "atomicMin" -> ".min.s" + bits;
            case "getAndMax", "atomicMax" -> ".max.s" + bits;
            case "getAndBitwiseOr", "atomicOr" -> ".or.b" + bits;
            case "getAndBitwiseAnd", "atomicAnd" -> ".and.b" + bits;
            case "getAndBitwiseXor", "atomicXor" -> ".xor.b" + bits;
            case "atomicAdd" -> ".add.u" + bits;
            default -> null;
        };
    }

    /** Bounds-checks (Java would throw; the item traps) and returns the PTX address operand, or null after a trap. */
    private String address(final Ref ref, final Val index)
    {
        final int size = ref.longs() ? 8 : 4;
        final String base;
        if (ref.kind() == Ref.Kind.SHARED)
        {
            final boolean dynamic = ref.id() == DYNAMIC_SHARED_ID;
            final Val length = dynamic ? c.dynamicSharedLength(ref.longs()) : new LConst(ref.length());
            if (!dynamic && index instanceof LConst k && (k.value() < 0 || k.value() >= ref.length()))
            {
                c.trap();
                return null;
            }
            if (dynamic || !(index instanceof LConst))
            {
                ops.trapIf("hs", "u64", index, length);
            }
            base = dynamic ? DYNAMIC_SHARED : "sh" + ref.id();
            if (index instanceof LConst k && k.value() >= 0 && k.value() * size < Integer.MAX_VALUE)
            {
                return "[" + base + "+" + k.value() * size + "]";
            }
            return indexed("s" + ref.id(), base, index, size);
        }
        final Val[] pointerAndLength = c.globals.get(ref.id());
        ops.trapIf("hs", "u64", index, pointerAndLength[1]);
        if (index instanceof LConst k && k.value() >= 0 && k.value() * size < Integer.MAX_VALUE)
        {
            return "[" + pointerAndLength[0] + "+" + k.value() * size + "]";
        }
        return indexed("g" + ref.id(), pointerAndLength[0].toString(), index, size);
    }

    /**
     * The address of element {@code index} of an array starting at {@code start} (a register or symbol): an index
     * that is a register plus a constant shares one address register per block with its siblings, the constant
     * becoming an immediate offset.
     */
    private String indexed(final String array, final String start, final Val index, final int size)
    {
        final Compilation.Derived d = c.derivation(c.register(index));
        final long offset = d.offset() * size;
        final boolean immediate = Math.abs(offset) < Integer.MAX_VALUE;
        final Reg base = immediate ? d.base() : c.register(index);
        final String key = array + ":" + base;
        Reg address = c.addresses.get(key);
        if (address == null)
        {
            address = c.fresh(true);
            if (start.startsWith("%"))
            {
                c.emit("mad.lo.s64 " + address + ", " + base + ", " + size + ", " + start + ";");
            }
            else
            {
                final Reg symbol = c.fresh(true);
                c.emit("mov.u64 " + symbol + ", " + start + ";");
                c.emit("mad.lo.s64 " + address + ", " + base + ", " + size + ", " + symbol + ";");
            }
            c.addresses.put(key, address);
            // Array starts are 16-byte aligned (launches check it; shared arrays are declared so), so an address is
            // whenever its element offset is a multiple of 16 bytes.
            if (immediate && c.multipleOf(base) * size % 16 == 0)
            {
                c.aligned.add(address.toString());
            }
        }
        return immediate && offset != 0 ? "[" + address + "+" + offset + "]" : "[" + address + "]";
    }
}
