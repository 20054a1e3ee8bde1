package io.jprove.field.generator;

import java.util.List;

import io.jprove.field.FieldDescription;

/**
 * Writes {@code <Field>WideProduct.java}: the double-width product of two elements as a plain 2n-limb integer and the
 * Montgomery reduction of such an integer, the two halves of lazy reduction in an extension tower, lowered from the
 * field's {@link MontgomerySchedule} (its product scanning and its REDC) on 64-bit limbs. Carries here are
 * two-operand unsigned compares, which the JIT turns into a compare and a flag read: these routines are wide and
 * throughput-bound, where the fewest instructions win.
 */
final class WideProductGenerator
{
    private final FieldDescription field;
    private final MontgomerySchedule schedule;
    private final int n;
    private final SourceWriter w = new SourceWriter();

    private WideProductGenerator(final FieldDescription field)
    {
        this.field = field;
        this.schedule = MontgomerySchedule.of(field, 64);
        this.n = schedule.words();
    }

    /** @return the source of {@code <Field>WideProduct.java}. */
    static String generate(final FieldDescription field)
    {
        return new WideProductGenerator(field).write();
    }

    /** @return the generated class's name for a field. */
    static String className(final FieldDescription field)
    {
        return field.name() + "WideProduct";
    }

    private String write()
    {
        final String montgomery = MontgomeryGenerator.className(field);
        FieldGenerator.preamble(w, field);
        w.line("/**");
        w.line(" * Double-width (" + 2 * n + "-limb) products of " + field.name() + " elements and their Montgomery "
            + "reduction, for lazy");
        w.line(" * reduction: sums and differences of products are formed on the wide integers and reduced once.");
        w.line(" */");
        w.line("final class " + className(field));
        w.open();
        w.line("private static final long INV = " + montgomery + ".INV;");
        for (int i = 0; i < n; i++)
        {
            w.line("private static final long Q" + i + " = " + montgomery + ".Q" + i + ";");
        }
        w.line("");
        w.line("private " + className(field) + "()");
        w.open();
        w.close();
        mul();
        reduce(montgomery);
        w.close();
        return w.toString();
    }

    private void mul()
    {
        w.line("");
        w.line("/**");
        w.line(" * {@code r = a·b} as a " + 2 * n + "-limb integer, column by column (product scanning) with the "
            + "accumulator in locals:");
        w.line(" * the JIT keeps it in registers, unlike a row-by-row loop over {@code r}. Operands are read where "
            + "they are");
        w.line(" * used rather than held in locals, which spares the register allocator (held, they were spilled to "
            + "the stack");
        w.line(" * anyway). {@code a} and {@code b} are any " + n + "-limb values (reduced or not); {@code r} must "
            + "overlap neither.");
        w.line(" */");
        w.line("static void mul(final long[] r, final int ro, final long[] a, final int ao, final long[] b, "
            + "final int bo)");
        w.open();
        w.line("// column accumulator (w2:w1:w0); each product's low word carries into its high word, which cannot "
            + "overflow");
        w.line("long w0 = 0;");
        w.line("long w1 = 0;");
        w.line("long w2 = 0;");
        w.line("long u;");
        w.line("long v;");
        w.line("long lo;");
        w.line("long hi;");
        schedule.productScanning(new Lowering.Columns()
        {
            @Override
            public void column(final int k, final List<Term> products, final List<Term> reductions,
                final boolean clears)
            {
                for (final Term t : products)
                {
                    w.line("u = a[" + SourceWriter.at("ao", t.xi()) + "];");
                    w.line("v = b[" + SourceWriter.at("bo", t.yi()) + "];");
                    MontgomeryGenerator.accumulate(w, "u", "v");
                }
                w.line("r[" + SourceWriter.at("ro", k) + "] = w0;");
                if (k < 2 * n - 2)
                {
                    w.line("w0 = w1;");
                    w.line("w1 = w2;");
                    w.line("w2 = 0;");
                }
                else
                {
                    w.line("r[ro + " + (k + 1) + "] = w1;");
                }
            }

            @Override
            public void subtractOnce()
            {
                throw new IllegalStateException("the double-width product is not reduced");
            }
        }, false);
        w.close();
    }

    private void reduce(final String montgomery)
    {
        w.line("");
        w.line("/**");
        w.line(" * Montgomery reduction {@code r = t·2^−" + 64 * n + " mod p}, fully reduced, for a " + 2 * n
            + "-limb {@code t < p·2^" + 64 * n + "}.");
        w.line(" * {@code t} is left as it was; {@code r} may overlap it.");
        w.line(" */");
        w.line("static void reduce(final long[] r, final int ro, final long[] t, final int to)");
        w.open();
        final StringBuilder load = new StringBuilder("long ");
        for (int i = 0; i < n; i++)
        {
            load.append(i == 0 ? "" : ", ").append("t").append(i).append(" = t[").append(SourceWriter.at("to", i))
                .append("]");
        }
        w.line(load.append(";").toString());
        w.line("long top = 0;");
        schedule.reduce(new Lowering.Reduction()
        {
            /** The rows as one loop over i (they differ only in i), t's next limb entering the window each time. */
            @Override
            public void reduce(final List<List<Term>> rows)
            {
                final List<Term> row = rows.getFirst();
                for (int i = 1; i < rows.size(); i++)
                {
                    MontgomeryGenerator.rolled(row, rows.get(i), i, 1);
                }
                w.line("for (int i = 0; i < " + rows.size() + "; i++)");
                w.open();
                w.line("// one row of REDC: (t0..t" + (n - 1) + ", next limb) += m·p with m = t0·(−p⁻¹), then shift "
                    + "down one limb");
                w.line("final long m = t0 * INV;");
                w.line("// t0 + m·q0 ≡ 0 (mod 2^64) by the choice of m, so its low word carries exactly when t0 is "
                    + "non-zero");
                w.line("long c = Math.unsignedMultiplyHigh(m, Q0) + (t0 != 0 ? 1L : 0L);");
                for (int j = 1; j < row.size(); j++)
                {
                    final Term t = row.get(j);
                    final String[] f = MontgomeryGenerator.javaOrder(t, "Q" + t.xi(), "m");
                    w.line((j == 1 ? "long " : "") + "lo = " + f[0] + " * " + f[1] + ";");
                    w.line((j == 1 ? "long " : "") + "hi = Math.unsignedMultiplyHigh(" + f[0] + ", " + f[1] + ");");
                    w.line((j == 1 ? "long " : "") + "s = lo + t" + t.at() + ";");
                    w.line("hi += Limbs.carry(lo, s);");
                    w.line("t" + (t.at() - 1) + " = s + c;");
                    w.line("c = hi + Limbs.carry(s, t" + (t.at() - 1) + ");");
                }
                w.line("final long x = t[to + " + n + " + i];");
                w.line("s = x + c;");
                w.line("t" + (n - 1) + " = s + top;");
                w.line("top = Limbs.carry(x, s) + Limbs.carry(s, t" + (n - 1) + ");");
                w.close();
            }

            @Override
            public void subtractOnce()
            {
                w.line("// t < p·2^" + 64 * n + " gives a result below 2p, so top is 0 here; subtract p once if "
                    + "needed");
                w.line(montgomery + ".reduceOnce(r, ro, " + SourceWriter.names("t", 0, n) + ");");
            }
        });
        w.close();
    }
}
