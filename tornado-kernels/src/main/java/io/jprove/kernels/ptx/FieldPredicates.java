package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.Val.IConst;
import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Reg;

/**
 * The field intrinsics that test or choose rather than compute: {@code isZero(a, ao)} and {@code equal(a, ao, b, bo)}
 * (an int 0/1, from one OR over the limbs, or their XORs), {@code select(r, ro, a, ao, b, bo, takeA)} (one
 * {@code selp} per limb) and {@code negIf(r, ro, a, ao, negate)} (the negation's borrow chain, then one {@code selp}
 * per word), all without branches, so a warp whose items disagree does not diverge. Elements are canonical, as
 * field-arith keeps them, so zero is all-zero limbs and equal elements have equal limbs. Constant limbs and conditions
 * fold at compile time.
 */
final class FieldPredicates
{
    /** For messages: the signatures handled here. */
    static final String SIGNATURES = "isZero(a, ao), equal(a, ao, b, bo), select(r, ro, a, ao, b, bo, takeA) and "
        + "negIf(r, ro, a, ao, negate)";

    private final Compilation c;
    private final MontgomeryChains field;
    private final FieldIntrinsic intrinsic;

    FieldPredicates(final Compilation c, final MontgomeryChains field, final FieldIntrinsic intrinsic)
    {
        this.c = c;
        this.field = field;
        this.intrinsic = intrinsic;
    }

    boolean handles(final String name, final String desc)
    {
        return switch (name)
        {
            case "isZero" -> desc.equals("([JI)Z");
            case "equal" -> desc.equals("([JI[JI)Z");
            case "select" -> desc.equals("([JI[JI[JIZ)V");
            case "negIf" -> desc.equals("([JI[JIZ)V");
            default -> false;
        };
    }

    Val call(final String name, final Val[] args)
    {
        return switch (name)
        {
            case "isZero" -> isZero(limbs(args, 0));
            case "equal" -> equal(limbs(args, 0), limbs(args, 2));
            case "select" ->
            {
                select(args);
                yield null;
            }
            default ->
            {
                negIf(args);
                yield null;
            }
        };
    }

    /** The element's limbs at {@code (args[index], args[index + 1])}. */
    private Val[] limbs(final Val[] args, final int index)
    {
        final Val[] array = intrinsic.array(args[index]);
        final int at = intrinsic.offset(args, index, true, array.length);
        final Val[] limbs = new Val[field.limbs];
        System.arraycopy(array, at, limbs, 0, field.limbs);
        return limbs;
    }

    private Val isZero(final Val[] limbs)
    {
        Reg acc = null;
        for (final Val limb : limbs)
        {
            if (limb instanceof LConst k)
            {
                if (k.value() != 0)
                {
                    return new IConst(0);
                }
                continue;
            }
            acc = or(acc, (Reg)limb);
        }
        return acc == null ? new IConst(1) : isZeroRegister(acc);
    }

    private Val equal(final Val[] a, final Val[] b)
    {
        Reg acc = null;
        for (int k = 0; k < a.length; k++)
        {
            if (a[k] instanceof LConst x && b[k] instanceof LConst y)
            {
                if (x.value() != y.value())
                {
                    return new IConst(0);
                }
                continue;
            }
            final Reg difference = c.fresh(true);
            final Val left = a[k] instanceof Reg ? a[k] : b[k];
            final Val right = a[k] instanceof Reg ? b[k] : a[k];
            c.emit("xor.b64 " + difference + ", " + left + ", " + Compilation.imm(right) + ";");
            acc = or(acc, difference);
        }
        return acc == null ? new IConst(1) : isZeroRegister(acc);
    }

    private Reg or(final Reg acc, final Reg limb)
    {
        if (acc == null)
        {
            return limb;
        }
        final Reg r = c.fresh(true);
        c.emit("or.b64 " + r + ", " + acc + ", " + limb + ";");
        return r;
    }

    private Val isZeroRegister(final Reg x)
    {
        final String p = c.freshPredicate();
        c.emit("setp.eq.u64 " + p + ", " + x + ", 0;");
        final Reg r = c.fresh(false);
        c.emit("selp.b32 " + r + ", 1, 0, " + p + ";");
        return r;
    }

    /** The predicate register of a boolean operand, or null for a constant (then held in {@code constant[0]}). */
    private String condition(final Val flag, final boolean[] constant)
    {
        if (flag instanceof IConst k)
        {
            constant[0] = k.value() != 0;
            return null;
        }
        final String p = c.freshPredicate();
        c.emit("setp.ne.s32 " + p + ", " + c.reg(flag) + ", 0;");
        return p;
    }

    private void select(final Val[] args)
    {
        final Val[] a = limbs(args, 2);
        final Val[] b = limbs(args, 4);
        final boolean[] constant = new boolean[1];
        final String p = condition(args[6], constant);
        final Val[] r = intrinsic.array(args[0]);
        final int ro = intrinsic.offset(args, 0, true, r.length);
        for (int k = 0; k < field.limbs; k++)
        {
            if (p == null)
            {
                r[ro + k] = constant[0] ? a[k] : b[k];
                continue;
            }
            final Reg limb = c.fresh(true);
            c.emit("selp.b64 " + limb + ", " + Compilation.imm(a[k]) + ", " + Compilation.imm(b[k]) + ", " + p + ";");
            r[ro + k] = limb;
        }
    }

    private void negIf(final Val[] args)
    {
        final Val[] a = limbs(args, 2);
        final boolean[] constant = new boolean[1];
        final String p = condition(args[4], constant);
        final Val[] r = intrinsic.array(args[0]);
        final int ro = intrinsic.offset(args, 0, true, r.length);
        if (p == null && !constant[0])
        {
            System.arraycopy(a, 0, r, ro, field.limbs);
            return;
        }
        final WordOps ops = intrinsic.wordOps();
        final String[] words = intrinsic.words(args, 2, true);
        final String[] negated = field.sub(ops, intrinsic.zeros(ops), words);
        for (int k = 0; k < field.limbs; k++)
        {
            final String lo;
            final String hi;
            if (p == null)
            {
                lo = negated[2 * k];
                hi = negated[2 * k + 1];
            }
            else
            {
                lo = ops.fresh();
                hi = ops.fresh();
                c.emit("selp.b32 " + lo + ", " + negated[2 * k] + ", " + words[2 * k] + ", " + p + ";");
                c.emit("selp.b32 " + hi + ", " + negated[2 * k + 1] + ", " + words[2 * k + 1] + ", " + p + ";");
            }
            final Reg limb = c.fresh(true);
            c.emit("mov.b64 " + limb + ", {" + lo + ", " + hi + "};");
            r[ro + k] = limb;
        }
    }
}
