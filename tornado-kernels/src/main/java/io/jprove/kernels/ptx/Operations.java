package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.Val.Cmp;
import io.jprove.kernels.ptx.Val.IConst;
import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Reg;

import java.lang.classfile.Opcode;

/**
 * int and long arithmetic with Java's semantics: folded with Java's own operators when the operands are constant,
 * otherwise emitted as PTX that matches them (shift counts masked, {@code MIN_VALUE / -1} wraps, zero divisors trap).
 */
final class Operations
{
    private final Compilation c;

    Operations(final Compilation c)
    {
        this.c = c;
    }

    /** @return the result, or null when the work-item traps here (the block has ended). */
    Val arith(final Opcode op, final Val a, final Val b)
    {
        if (a instanceof IConst x && b instanceof IConst y)
        {
            if ((op == Opcode.IDIV || op == Opcode.IREM) && y.value() == 0)
            {
                c.trap();
                return null;
            }
            return foldInt(op, x.value(), y.value());
        }
        if (a instanceof LConst x && (b instanceof LConst || b instanceof IConst))
        {
            final long y = b instanceof LConst l ? l.value() : ((IConst)b).value();
            return foldLong(op, x.value(), y);
        }
        return switch (op)
        {
            case IADD -> bin("add.s32", a, b);
            case ISUB -> bin("sub.s32", a, b);
            case IMUL -> bin("mul.lo.s32", a, b);
            case IAND -> bin("and.b32", a, b);
            case IOR -> bin("or.b32", a, b);
            case IXOR -> bin("xor.b32", a, b);
            case ISHL -> bin("shl.b32", a, count(b, 31));
            case ISHR -> bin("shr.s32", a, count(b, 31));
            case IUSHR -> bin("shr.u32", a, count(b, 31));
            case LADD -> derived(bin("add.s64", a, b), a, b, 1);
            case LSUB -> derived(bin("sub.s64", a, b), a, b, -1);
            case LMUL -> multiplied(bin("mul.lo.s64", a, b), a, b);
            case LAND -> bin("and.b64", a, b);
            case LOR -> bin("or.b64", a, b);
            case LXOR -> bin("xor.b64", a, b);
            case LSHL -> shifted(bin("shl.b64", a, count(b, 63)), b);
            case LSHR -> bin("shr.s64", a, count(b, 63));
            case LUSHR -> bin("shr.u64", a, count(b, 63));
            case IDIV, IREM, LDIV, LREM -> signedDivide(op, a, b);
            default -> throw c.fail("unsupported bytecode " + op.name());
        };
    }

    private static Val foldInt(final Opcode op, final int x, final int y)
    {
        return new IConst(switch (op)
        {
            case IADD -> x + y;
            case ISUB -> x - y;
            case IMUL -> x * y;
            case IAND -> x & y;
            case IOR -> x | y;
            case IXOR -> x ^ y;
            case ISHL -> x << y;
            case ISHR -> x >> y;
            case IUSHR -> x >>> y;
            case IDIV -> x / y;
            case IREM -> x % y;
            default -> throw new IllegalStateException(op.name());
        });
    }

    private Val foldLong(final Opcode op, final long x, final long y)
    {
        if ((op == Opcode.LDIV || op == Opcode.LREM) && y == 0)
        {
            c.trap();
            return null;
        }
        return new LConst(switch (op)
        {
            case LADD -> x + y;
            case LSUB -> x - y;
            case LMUL -> x * y;
            case LAND -> x & y;
            case LOR -> x | y;
            case LXOR -> x ^ y;
            case LSHL -> x << y;
            case LSHR -> x >> y;
            case LUSHR -> x >>> y;
            case LDIV -> x / y;
            case LREM -> x % y;
            default -> throw new IllegalStateException(op.name());
        });
    }

    private Val count(final Val b, final int mask)
    {
        if (b instanceof IConst k)
        {
            return new IConst(k.value() & mask);
        }
        final Reg r = c.fresh(false);
        c.emit("and.b32 " + r + ", " + c.reg(b) + ", " + mask + ";");
        return r;
    }

    /** Notes that {@code r = a·b} is a multiple of a constant factor (alignment of vector accesses). */
    private Reg multiplied(final Reg r, final Val a, final Val b)
    {
        final long k = isConstant(b) ? value(b) : isConstant(a) ? value(a) : 0;
        if (k > 0 && Long.lowestOneBit(k) > 1)
        {
            c.multiple(r, Long.lowestOneBit(k));
        }
        return r;
    }

    /** Notes that {@code r = a << s} for a constant s is a multiple of 2^s. */
    private Reg shifted(final Reg r, final Val s)
    {
        if (s instanceof IConst k && (k.value() & 63) > 0 && (k.value() & 63) < 62)
        {
            c.multiple(r, 1L << (k.value() & 63));
        }
        return r;
    }

    /** Notes {@code r = a ± b} when one side is constant, for addressing and bounds checks ({@link Compilation}). */
    private Reg derived(final Reg r, final Val a, final Val b, final int sign)
    {
        if (a instanceof Reg x && isConstant(b))
        {
            c.derive(r, x, sign * value(b));
        }
        else if (sign > 0 && b instanceof Reg x && isConstant(a))
        {
            c.derive(r, x, value(a));
        }
        return r;
    }

    /** A pure two-operand instruction; an identical one earlier in the block is reused (value numbering). */
    Reg bin(final String mnemonic, final Val a, final Val b)
    {
        final String key = mnemonic + " " + c.reg(a) + ", " + Compilation.imm(b);
        final Reg known = c.values.get(key);
        if (known != null)
        {
            return known;
        }
        final Reg r = c.fresh(mnemonic.endsWith("64"));
        c.emit(mnemonic + " " + r + ", " + key.substring(mnemonic.length() + 1) + ";");
        c.values.put(key, r);
        return r;
    }

    /** Java's / and %: a zero divisor traps; a divisor of −1 negates (so MIN_VALUE / −1 wraps to MIN_VALUE). */
    private Val signedDivide(final Opcode op, final Val a, final Val b)
    {
        final boolean wide = op == Opcode.LDIV || op == Opcode.LREM;
        final boolean div = op == Opcode.IDIV || op == Opcode.LDIV;
        final String t = wide ? "s64" : "s32";
        final String bits = wide ? "b64" : "b32";
        if (isConst(b, 0))
        {
            c.trap();
            return null;
        }
        if (isConst(b, -1))
        {
            return div ? arith(wide ? Opcode.LSUB : Opcode.ISUB, wide ? new LConst(0) : new IConst(0), a)
                : wide ? new LConst(0) : new IConst(0);
        }
        if (b instanceof IConst || b instanceof LConst)
        {
            return bin((div ? "div." : "rem.") + t, a, b);
        }
        trapIf("eq", t, b, wide ? new LConst(0) : new IConst(0));
        final String minusOne = c.freshPredicate();
        c.emit("setp.eq." + t + " " + minusOne + ", " + b + ", -1;");
        final Reg safe = c.fresh(wide);
        c.emit("selp." + bits + " " + safe + ", 1, " + b + ", " + minusOne + ";");
        final Reg q = bin((div ? "div." : "rem.") + t, a, safe);
        if (!div)
        {
            return q;
        }
        final Reg neg = c.fresh(wide);
        c.emit("neg." + t + " " + neg + ", " + c.reg(a) + ";");
        final Reg r = c.fresh(wide);
        c.emit("selp." + bits + " " + r + ", " + neg + ", " + q + ", " + minusOne + ";");
        return r;
    }

    /** Unsigned division/remainder ({@code Integer/Long.divideUnsigned}); a zero divisor traps. */
    Val unsignedDivide(final boolean div, final boolean wide, final Val a, final Val b)
    {
        final String t = wide ? "u64" : "u32";
        if (isConst(b, 0))
        {
            c.trap();
            return null;
        }
        if (!(b instanceof IConst || b instanceof LConst))
        {
            trapIf("eq", t, b, wide ? new LConst(0) : new IConst(0));
        }
        return bin((div ? "div." : "rem.") + t, a, b);
    }

    void trapIf(final String cond, final String type, final Val a, final Val b)
    {
        final String p = c.freshPredicate();
        c.emit("setp." + cond + "." + type + " " + p + ", " + c.reg(a) + ", " + Compilation.imm(b) + ";");
        c.emit("@" + p + " trap;");
    }

    private static boolean isConst(final Val v, final long value)
    {
        return v instanceof IConst i && i.value() == value || v instanceof LConst l && l.value() == value;
    }

    Val convert(final Opcode op, final Val v)
    {
        if (v instanceof IConst i)
        {
            return switch (op)
            {
                case I2L -> new LConst(i.value());
                case I2B -> new IConst((byte)i.value());
                case I2S -> new IConst((short)i.value());
                case I2C -> new IConst((char)i.value());
                default -> throw c.fail("unsupported conversion " + op.name() + " (no floating point)");
            };
        }
        if (v instanceof LConst l && op == Opcode.L2I)
        {
            return new IConst((int)l.value());
        }
        final String cvt = switch (op)
        {
            case I2L -> "cvt.s64.s32";
            case L2I -> "cvt.u32.u64";
            case I2B -> "cvt.s32.s8";
            case I2S -> "cvt.s32.s16";
            case I2C -> "cvt.u32.u16";
            default -> throw c.fail("unsupported conversion " + op.name() + " (no floating point)");
        };
        final String key = cvt + " " + c.reg(v);
        final Reg known = c.values.get(key);
        if (known != null)
        {
            return known;
        }
        final Reg r = c.fresh(op == Opcode.I2L);
        c.emit(cvt + " " + r + ", " + key.substring(cvt.length() + 1) + ";");
        c.values.put(key, r);
        return r;
    }

    static Val compare(final Val a, final Val b, final boolean wide, final boolean unsigned)
    {
        if (isConstant(a) && isConstant(b))
        {
            final long x = value(a);
            final long y = value(b);
            if (wide)
            {
                return new IConst(unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y));
            }
            return new IConst(unsigned ? Integer.compareUnsigned((int)x, (int)y) : Integer.compare((int)x, (int)y));
        }
        return new Cmp(a, b, wide, unsigned);
    }

    static boolean isConstant(final Val v)
    {
        return v instanceof IConst || v instanceof LConst;
    }

    static long value(final Val v)
    {
        return v instanceof IConst i ? i.value() : ((LConst)v).value();
    }

    /** @return the branch outcome when both sides are constant, else null. */
    static Boolean decide(final String cond, final Val a, final Val b, final boolean wide, final boolean unsigned)
    {
        if (!isConstant(a) || !isConstant(b))
        {
            return null;
        }
        final long x = value(a);
        final long y = value(b);
        final int cmp = wide ? (unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y))
            : (unsigned ? Integer.compareUnsigned((int)x, (int)y) : Integer.compare((int)x, (int)y));
        return switch (cond)
        {
            case "eq" -> cmp == 0;
            case "ne" -> cmp != 0;
            case "lt" -> cmp < 0;
            case "ge" -> cmp >= 0;
            case "gt" -> cmp > 0;
            case "le" -> cmp <= 0;
            default -> throw new IllegalStateException(cond);
        };
    }

    /** Emits a setp for {@code a cond b} (cond one of eq ne lt ge gt le) and returns the predicate register. */
    String setp(final String cond, final Val a, final Val b, final boolean wide, final boolean unsigned)
    {
        final String ptxCond = unsigned ? switch (cond)
        {
            case "lt" -> "lo";
            case "le" -> "ls";
            case "gt" -> "hi";
            case "ge" -> "hs";
            default -> cond;
        } : cond;
        final String type = (unsigned ? "u" : "s") + (wide ? "64" : "32");
        final String p = c.freshPredicate();
        c.emit("setp." + ptxCond + "." + type + " " + p + ", " + c.reg(a) + ", " + Compilation.imm(b) + ";");
        return p;
    }
}
