package io.jprove.kernels.ptx;

import io.jprove.kernels.ptx.Val.LConst;
import io.jprove.kernels.ptx.Val.Ref;
import io.jprove.kernels.ptx.Val.Reg;

/**
 * Expands {@code mul(r, a, b)}, {@code square(r, a)}, {@code add(r, a, b)} and {@code sub(r, a, b)} of a field class on
 * register-resident {@code long[]} limb arrays into 32-bit carry-chain PTX ({@link MontgomeryField}).
 */
final class FieldIntrinsic
{
    private final Compilation c;
    private final MontgomeryField field;

    FieldIntrinsic(final Compilation c, final MontgomeryField field)
    {
        this.c = c;
        this.field = field;
    }

    void call(final String name, final String desc, final Val[] args)
    {
        final boolean binary = desc.equals("([J[J[J)V");
        final boolean unary = desc.equals("([J[J)V");
        if (!(binary && (name.equals("mul") || name.equals("add") || name.equals("sub"))
            || unary && name.equals("square")))
        {
            throw c.fail("unsupported call " + field.name + "." + name + desc + ": the " + field.name
                + " intrinsics are mul(r, a, b), square(r, a), add(r, a, b) and sub(r, a, b)");
        }
        final Val[] r = limbs(args[0]);
        final String[] a = words(limbs(args[1]));
        final String[] b = unary ? a : words(limbs(args[2]));
        final WordOps ops = wordOps();
        final String[] result = switch (name)
        {
            case "mul", "square" -> field.mul(ops, a, b);
            case "add" -> field.add(ops, a, b);
            default -> field.sub(ops, a, b);
        };
        for (int k = 0; k < field.limbs; k++)
        {
            final Reg limb = c.fresh(true);
            c.emit("mov.b64 " + limb + ", {" + result[2 * k] + ", " + result[2 * k + 1] + "};");
            r[k] = limb;
        }
    }

    private Val[] limbs(final Val arg)
    {
        if (!(arg instanceof Ref ref) || ref.kind() != Ref.Kind.LOCAL || !ref.longs() || ref.length() != field.limbs)
        {
            throw c.fail(field.name + " intrinsics take local long[" + field.limbs + "] arrays (new long["
                + field.limbs + "]), which live in registers");
        }
        return c.st.heap.get(ref.id());
    }

    private String[] words(final Val[] limbs)
    {
        final String[] words = new String[2 * limbs.length];
        final WordOps ops = wordOps();
        for (int k = 0; k < limbs.length; k++)
        {
            if (limbs[k] instanceof LConst l)
            {
                words[2 * k] = ops.constant((int)l.value());
                words[2 * k + 1] = ops.constant((int)(l.value() >>> 32));
            }
            else
            {
                words[2 * k] = ops.fresh();
                words[2 * k + 1] = ops.fresh();
                c.emit("mov.b64 {" + words[2 * k] + ", " + words[2 * k + 1] + "}, " + limbs[k] + ";");
            }
        }
        return words;
    }

    private WordOps wordOps()
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
