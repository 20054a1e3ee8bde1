package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.Val.IConst;
import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Ref;
import io.jprove.kernels.ptx.Val.Reg;

/**
 * Expands a field class's {@code mul}, {@code square}, {@code add}, {@code sub}, {@code dbl} and {@code neg} on
 * register-resident {@code long[]} limb arrays (whole arrays, or constant offsets into them) into 32-bit carry-chain
 * PTX ({@link MontgomeryChains}, the lowering of the field's schedule); and the predicates and selections
 * {@code isZero}, {@code equal}, {@code select} and {@code negIf} ({@link FieldPredicates}) into branch-free limb
 * operations.
 */
final class FieldIntrinsic
{
    private final Compilation c;
    private final MontgomeryChains field;

    FieldIntrinsic(final Compilation c, final MontgomeryChains field)
    {
        this.c = c;
        this.field = field;
    }

    /** @return the result of a predicate ({@code isZero}, {@code equal}), or null for the void operations. */
    Val call(final String name, final String desc, final Val[] args)
    {
        final FieldPredicates predicates = new FieldPredicates(c, field, this);
        if (predicates.handles(name, desc))
        {
            return predicates.call(name, args);
        }
        final boolean offsets = desc.contains("I");
        final int operands = switch (desc)
        {
            case "([J[J[J)V", "([JI[JI[JI)V" -> 3;
            case "([J[J)V", "([JI[JI)V" -> 2;
            default -> 0;
        };
        final boolean known = switch (name)
        {
            case "mul", "add", "sub" -> operands == 3;
            case "square", "neg" -> operands == 2;
            case "dbl" -> operands == 2 && offsets;
            default -> false;
        };
        if (!known)
        {
            throw c.fail("unsupported call " + field.name + "." + name + desc + ": the " + field.name + " intrinsics "
                + "are mul, add, sub (r, a, b), square, neg (r, a) and dbl (r, ro, a, ao), on long[] with or without "
                + "constant int offsets, and " + FieldPredicates.SIGNATURES);
        }
        final int step = offsets ? 2 : 1;
        final String[] a = words(args, step, offsets);
        final String[] b = operands == 3 ? words(args, 2 * step, offsets) : a;
        final WordOps ops = wordOps();
        final String[] result = switch (name)
        {
            case "mul" -> EVEN_ODD_MUL ? field.mulEvenOdd(ops, a, b) : field.mul(ops, a, b);
            case "square" -> field.square(ops, a);
            case "add", "dbl" -> field.add(ops, a, b);
            case "sub" -> field.sub(ops, a, b);
            default -> field.sub(ops, zeros(ops), a);
        };
        final Val[] r = array(args[0]);
        final int ro = offset(args, 0, offsets, r.length);
        for (int k = 0; k < field.limbs; k++)
        {
            final Reg limb = c.fresh(true);
            c.emit("mov.b64 " + limb + ", {" + result[2 * k] + ", " + result[2 * k + 1] + "};");
            r[ro + k] = limb;
        }
        return null;
    }

    /**
     * Which CIOS layout Fq/Fr multiplication uses: the even/odd split (default) or one lo and one hi chain per row
     * ({@code -Djprove.ptx.mul=rows}); kept selectable so the two can be timed against each other on the GPU.
     */
    static final boolean EVEN_ODD_MUL = !"rows".equals(System.getProperty("jprove.ptx.mul"));

    String[] zeros(final WordOps ops)
    {
        final String zero = ops.constant(0);
        final String[] z = new String[field.words];
        java.util.Arrays.fill(z, zero);
        return z;
    }

    Val[] array(final Val arg)
    {
        if (!(arg instanceof Ref ref) || ref.kind() != Ref.Kind.LOCAL || !ref.longs())
        {
            throw c.fail(field.name + " intrinsics take local long[] arrays (e.g. new long[" + field.limbs
                + "]), which live in registers");
        }
        return c.st.heap.get(ref.id());
    }

    int offset(final Val[] args, final int index, final boolean offsets, final int length)
    {
        final int offset;
        if (!offsets)
        {
            offset = 0;
        }
        else if (args[index + 1] instanceof IConst o)
        {
            offset = o.value();
        }
        else
        {
            throw c.fail(field.name + " intrinsic offsets must be compile-time constants", true);
        }
        if (offset < 0 || offset + field.limbs > length)
        {
            throw c.fail(field.name + " element at offset " + offset + " does not fit in a long[" + length + "]");
        }
        return offset;
    }

    String[] words(final Val[] args, final int index, final boolean offsets)
    {
        final Val[] limbs = array(args[index]);
        final int at = offset(args, index, offsets, limbs.length);
        final String[] words = new String[field.words];
        final WordOps ops = wordOps();
        for (int k = 0; k < field.limbs; k++)
        {
            final Val limb = limbs[at + k];
            if (limb instanceof LConst l)
            {
                words[2 * k] = ops.constant((int)l.value());
                words[2 * k + 1] = ops.constant((int)(l.value() >>> 32));
            }
            else
            {
                words[2 * k] = ops.fresh();
                words[2 * k + 1] = ops.fresh();
                c.emit("mov.b64 {" + words[2 * k] + ", " + words[2 * k + 1] + "}, " + limb + ";");
            }
        }
        return words;
    }

    WordOps wordOps()
    {
        return new WordOps()
        {
            @Override
            public String fresh()
            {
                return c.fresh(false).toString();
            }

            @Override
            public String freshPredicate()
            {
                return c.freshPredicate();
            }

            @Override
            public String constant(final int value)
            {
                final String r = fresh();
                c.emit("mov.b32 " + r + ", " + value + ";");
                return r;
            }

            @Override
            public void op(final String mnemonic, final String dst, final String... srcs)
            {
                c.emit(mnemonic + " " + dst + ", " + String.join(", ", srcs) + ";");
            }
        };
    }
}
