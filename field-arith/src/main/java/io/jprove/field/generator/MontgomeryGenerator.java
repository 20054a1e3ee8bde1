package io.jprove.field.generator;

import java.util.List;

import io.jprove.field.FieldDescription;

/**
 * Writes {@code <Field>Montgomery.java}: a field's Montgomery multiply, square, add, subtract, negate and halve,
 * unrolled for its limb count, with its modulus limbs and −p⁻¹ as literals. The multiply, square, product-scanning
 * multiply, add and subtract lower the field's {@link MontgomerySchedule} on 64-bit limbs (the 55-bit-digit multiply,
 * negation and halving are Java's alone). The shapes are the ones measured fastest under the JIT (straight-line code
 * over locals; which carry formula each chain uses is said where it is emitted).
 */
final class MontgomeryGenerator
{
    private static final String RESULT_A_B = "final long[] r, final int ro, final long[] a, final int ao, "
        + "final long[] b, final int bo";
    private static final String RESULT_A = "final long[] r, final int ro, final long[] a, final int ao";

    /** How the conditional subtraction after a multiplication or squaring computes its borrows. */
    enum ProductBorrow
    {
        /** {@link io.jprove.field.Limbs#borrow}'s bit formula: fewer instructions, for throughput-bound code. */
        BIT_FORMULA,
        /** {@link io.jprove.field.Limbs#borrowOut}'s short borrow path, as after an addition: for latency. */
        SHORT_PATH
    }

    private final FieldDescription field;
    private final MontgomerySchedule schedule;
    private final ProductBorrow borrow;
    private final int n;
    private final SourceWriter w = new SourceWriter();

    private MontgomeryGenerator(final FieldDescription field, final ProductBorrow borrow)
    {
        this.field = field;
        this.schedule = MontgomerySchedule.of(field, 64);
        this.borrow = borrow;
        this.n = schedule.words();
    }

    /** @return the source of {@code <Field>Montgomery.java}. */
    static String generate(final FieldDescription field, final ProductBorrow borrow)
    {
        return new MontgomeryGenerator(field, borrow).write();
    }

    /** @return the generated class's name for a field. */
    static String className(final FieldDescription field)
    {
        return field.name() + "Montgomery";
    }

    private String write()
    {
        FieldGenerator.preamble(w, field);
        w.line("/**");
        w.line(" * " + field.name() + " on " + n + " little-endian 64-bit limbs in Montgomery form (R = 2^" + 64 * n
            + "), the limb-level code behind");
        w.line(" * {@link " + field.name() + "}: every operation takes canonical inputs (below p) and writes a "
            + "canonical result into");
        w.line(" * {@code (r, ro)}, which may alias an input.");
        w.line(" */");
        w.line("final class " + className(field));
        w.open();
        w.line("/** 64-bit limbs per element. */");
        w.line("static final int LIMBS = " + n + ";");
        w.line("/** p, limb by limb (least significant first). */");
        for (int i = 0; i < n; i++)
        {
            w.line("static final long Q" + i + " = " + hex(schedule.modulusWord(i)) + ";");
        }
        w.line("/** −p⁻¹ mod 2^64. */");
        w.line("static final long INV = " + hex(schedule.factor()) + ";");
        w.line("/** The modulus as limbs, for negation. */");
        w.line("private static final long[] MODULUS_LIMBS = {" + SourceWriter.names("Q", 0, n) + "};");
        w.line("");
        w.line("private " + className(field) + "()");
        w.open();
        w.close();
        mul();
        mulSplit55();
        mulProductScanning();
        square();
        add();
        sub();
        neg();
        halve();
        if (borrow == ProductBorrow.BIT_FORMULA)
        {
            reduceOnce();
            reduceSumOnce("private static void reduceSumOnce", List.of(
                " * {@link #reduceOnce} for a sum just formed by a serial carry chain (addition): the same conditional",
                " * subtraction with {@link Limbs#borrowOut}'s short borrow path, which measured faster there."));
        }
        else
        {
            reduceSumOnce("static void reduceOnce", List.of(
                " * Writes {@code t} or {@code t − q}, whichever is below q; {@code t} must be below 2q. The borrows "
                    + "take",
                " * {@link Limbs#borrowOut}'s short path, which measured faster for this field after a multiplication "
                    + "as well as",
                " * after an addition."));
        }
        addMaskedModulus();
        w.close();
        return w.toString();
    }

    static String hex(final long v)
    {
        return String.format("0x%016xL", v);
    }

    private void loadA()
    {
        final StringBuilder s = new StringBuilder("final long ");
        for (int i = 0; i < n; i++)
        {
            s.append(i == 0 ? "" : ", ").append("a").append(i).append(" = a[").append(SourceWriter.at("ao", i))
                .append("]");
        }
        w.line(s.append(";").toString());
    }

    private void zeros(final int count)
    {
        final StringBuilder s = new StringBuilder("long ");
        for (int i = 0; i < count; i++)
        {
            s.append(i == 0 ? "" : ", ").append("t").append(i).append(" = 0");
        }
        w.line(s.append(";").toString());
    }

    private void mul()
    {
        w.line("");
        w.line("/**");
        w.line(" * Montgomery multiplication {@code r = a·b·R⁻¹}: CIOS with the \"no final carry\" shortcut, valid "
            + "because the");
        w.line(" * modulus' top limb is below 2^63 − 1 (gnark-crypto's observation), then one conditional "
            + "subtraction.");
        w.line(" */");
        w.line("static void mul(" + RESULT_A_B + ")");
        w.open();
        loadA();
        zeros(n);
        schedule.multiply(new Cios());
        w.close();
    }

    /**
     * The CIOS steps as one loop over i (they differ only in i): each product and reduction term of a limb in turn,
     * each with a carry of its own (A, C); the reduction's result lands a limb lower, which is the step's shift.
     */
    private final class Cios implements Lowering.Multiplication
    {
        private List<Term> firstProducts;
        private List<Term> firstReductions;

        @Override
        public void step(final int step, final List<Term> products, final List<Term> reductions)
        {
            if (step > 0)
            {
                // the loop stands for every step only while they are the first with b_i and m_i for b_0 and m_0
                rolled(firstProducts, products, step, 0);
                rolled(firstReductions, reductions, step, 0);
                return;
            }
            firstProducts = products;
            firstReductions = reductions;
            w.line("for (int i = 0; i < " + n + "; i++)");
            w.open();
            w.line("final long bi = b[bo + i];");
            final String[] first = factors(products.getFirst());
            final String[] reduction = factors(reductions.getFirst());
            final String t0 = "t" + products.getFirst().at();
            w.line("// (A, " + t0 + ") = " + t0 + " + " + first[0] + "*" + first[1] + ";  m = " + t0
                + "*INV;  C = carry of " + t0 + " + m*q0");
            w.line("long lo = " + first[0] + " * " + first[1] + ";");
            w.line("long hi = Math.unsignedMultiplyHigh(" + first[0] + ", " + first[1] + ");");
            w.line("long s = lo + " + t0 + ";");
            w.line("long A = hi + Limbs.carry(" + t0 + ", s);");
            w.line(t0 + " = s;");
            w.line("final long m = " + t0 + " * INV;");
            w.line("lo = " + reduction[0] + " * " + reduction[1] + ";");
            w.line("s = lo + " + t0 + ";");
            w.line("long C = Math.unsignedMultiplyHigh(" + reduction[0] + ", " + reduction[1] + ") + Limbs.carry("
                + t0 + ", s);");
            for (int j = 1; j < products.size(); j++)
            {
                final String[] x = factors(products.get(j));
                final String[] y = factors(reductions.get(j));
                final String t = "t" + products.get(j).at();
                final String shifted = "t" + (reductions.get(j).at() - 1);
                w.line("// (A, " + t + ") = " + t + " + " + x[0] + "*" + x[1] + " + A;  (C, " + shifted + ") = " + t
                    + " + m*q" + j + " + C");
                w.line("lo = " + x[0] + " * " + x[1] + ";");
                w.line("hi = Math.unsignedMultiplyHigh(" + x[0] + ", " + x[1] + ");");
                w.line("s = lo + " + t + ";");
                w.line("hi += Limbs.carry(" + t + ", s);");
                w.line("lo = s + A;");
                w.line("A = hi + Limbs.carry(A, lo);");
                w.line(t + " = lo;");
                w.line("lo = " + y[0] + " * " + y[1] + ";");
                w.line("hi = Math.unsignedMultiplyHigh(" + y[0] + ", " + y[1] + ");");
                w.line("s = lo + " + t + ";");
                w.line("hi += Limbs.carry(" + t + ", s);");
                w.line("lo = s + C;");
                w.line("C = hi + Limbs.carry(C, lo);");
                w.line(shifted + " = lo;");
            }
            w.line("t" + (n - 1) + " = C + A;");
            w.close();
        }

        @Override
        public void subtractOnce()
        {
            w.line("reduceOnce(r, ro, " + SourceWriter.names("t", 0, n) + ");");
        }

        /** @return a term's factors as the loop names them: a_j, the loop's b_i, the modulus limb Q_j, m. */
        private String[] factors(final Term t)
        {
            return javaOrder(t, name(t.x(), t.xi()), name(t.y(), t.yi()));
        }

        private String name(final Term.Operand operand, final int index)
        {
            return switch (operand)
            {
                case A -> "a" + index;
                case B -> "bi";
                case MODULUS -> "Q" + index;
                case FACTOR -> "m";
            };
        }
    }

    /**
     * Checks that a step or row a generator writes as one iteration of a loop over i is the first one with i for 0:
     * its second factors' index is i and every product lands {@code shift·i} words higher.
     */
    static void rolled(final List<Term> first, final List<Term> now, final int i, final int shift)
    {
        for (int j = 0; j < first.size(); j++)
        {
            final Term t = first.get(j);
            if (!now.get(j).equals(new Term(t.x(), t.xi(), t.y(), i, t.at() + shift * i)))
            {
                throw new IllegalStateException("step " + i + " is not step 0 with i for 0, so it cannot be a loop: "
                    + now.get(j));
            }
        }
    }

    /** @return the two factors of a term in the order the Java writes them: the Montgomery factor first. */
    static String[] javaOrder(final Term t, final String x, final String y)
    {
        return t.x() == Term.Operand.MODULUS ? new String[] {y, x} : new String[] {x, y};
    }

    /**
     * Montgomery multiplication by product scanning on 55-bit digits ({@link Split55}), the alternative to
     * {@link #mul} that needs no carry detection.
     */
    private void mulSplit55()
    {
        final Split55 split = new Split55(field);
        w.line("");
        w.line("/**");
        w.line(" * {@code r = a·b·R⁻¹} like {@link #mul}, by finely integrated product scanning on " + split.digits
            + " digits of 55 bits:");
        w.line(" * every digit product is below 2^110 and is split at bit 55, so a column sums fewer than 2^5 terms "
            + "below 2^55");
        w.line(" * and needs no carry detection. The digits of a are those of 2^" + split.shift + "·a, which turns "
            + "the digit radix's");
        w.line(" * R' = 2^" + 55 * split.digits + " into R = 2^" + 64 * n + " (the result stays below 2p).");
        w.line(" * <p>");
        w.line(" * Not on the hot path: it measured slower than {@link #mul} under JMH on x86-64, where the "
            + "multiplier is the");
        w.line(" * bottleneck (" + 2 * split.digits * split.digits + " digit products against " + 2 * n * n
            + ", two multiplies each). Generated and tested so that");
        w.line(" * {@code ArithmeticBenchmark} can measure it again on other hardware.");
        w.line(" */");
        w.line("static void mulSplit55(" + RESULT_A_B + ")");
        w.open();
        split.emit(w);
        w.close();
    }

    /**
     * Montgomery multiplication by finely integrated product scanning on the 64-bit limbs themselves: column k
     * collects every a_i·b_j and m_i·q_j with i + j = k in a three-word accumulator, the shape of the wide
     * product (operands read at their use, so the allocator keeps only the accumulator and the m_i).
     */
    private void mulProductScanning()
    {
        w.line("");
        w.line("/**");
        w.line(" * {@code r = a·b·R⁻¹} like {@link #mul}, by finely integrated product scanning: column k of the "
            + "accumulator");
        w.line(" * (w2:w1:w0) collects every a_i·b_j and m_i·q_j with i + j = k, and below column " + n
            + " the column's m_k = w0·INV");
        w.line(" * clears it. Not on the hot path: it measured no faster than {@link #mul}; generated and tested so "
            + "that");
        w.line(" * {@code ArithmeticBenchmark} can measure it again on other hardware.");
        w.line(" */");
        w.header("static void mulProductScanning", RESULT_A_B, 0, i -> "");
        w.open();
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
                    accumulate(w, "u", "v");
                }
                for (final Term t : reductions)
                {
                    final String[] f = javaOrder(t, "Q" + t.xi(), "m" + t.yi());
                    accumulate(w, f[0], f[1]);
                }
                if (clears)
                {
                    w.line("final long m" + k + " = w0 * INV;");
                    w.line("// w0 + m·q0 ≡ 0 (mod 2^64) by the choice of m, so the low word carries exactly when w0 "
                        + "is non-zero");
                    w.line("hi = Math.unsignedMultiplyHigh(m" + k + ", Q0) + (w0 != 0 ? 1L : 0L);");
                    w.line("w1 += hi;");
                    w.line("w2 += Limbs.carry(hi, w1);");
                }
                else
                {
                    w.line("final long s" + (k - n) + " = w0;");
                }
                w.line("w0 = w1;");
                w.line("w1 = w2;");
                w.line("w2 = 0;");
            }

            @Override
            public void subtractOnce()
            {
                w.line("reduceOnce(r, ro, " + SourceWriter.names("s", 0, n - 1) + ", w0);");
            }
        }, true);
        w.close();
    }

    /** (w2:w1:w0) += x·y: each product's low word carries into its high word, which cannot overflow. */
    static void accumulate(final SourceWriter w, final String x, final String y)
    {
        w.line("lo = " + x + " * " + y + ";");
        w.line("hi = Math.unsignedMultiplyHigh(" + x + ", " + y + ");");
        w.line("w0 += lo;");
        w.line("hi += Limbs.carry(lo, w0);");
        w.line("w1 += hi;");
        w.line("w2 += Limbs.carry(hi, w1);");
    }

    /** {@code lo = x·y; hi = …; lo += t; hi += carry}, then the incoming carry {@code c} unless {@code first}. */
    private void product(final String[] factors, final String t, final boolean first)
    {
        w.line("lo = " + factors[0] + " * " + factors[1] + ";");
        w.line("hi = Math.unsignedMultiplyHigh(" + factors[0] + ", " + factors[1] + ");");
        w.line("lo += " + t + ";");
        w.line("hi += Limbs.carry(" + t + ", lo);");
        if (!first)
        {
            w.line("lo += c;");
            w.line("hi += Limbs.carry(c, lo);");
        }
    }

    private void square()
    {
        w.line("");
        w.line("/**");
        w.line(" * {@code r = a²}: the off-diagonal limb products once, doubled, plus the diagonal squares ("
            + n * (n + 1) / 2 + " limb");
        w.line(" * products instead of " + n * n + "), then word-by-word Montgomery reduction.");
        w.line(" */");
        w.line("static void square(" + RESULT_A + ")");
        w.open();
        loadA();
        zeros(2 * n);
        w.line("long lo;");
        w.line("long hi;");
        w.line("long c;");
        schedule.square(new Squaring());
        w.close();
    }

    /**
     * The square on 2n limbs in locals: each product with its carry-in folded into its own high limb (which cannot
     * overflow), so one running carry per row; the doubling is a shift across the limbs.
     */
    private final class Squaring implements Lowering.Squaring
    {
        @Override
        public void crossProducts(final List<List<Term>> rows)
        {
            w.line("// off-diagonal products a_i·a_j, i < j");
            for (final List<Term> row : rows)
            {
                for (int j = 0; j < row.size(); j++)
                {
                    final Term t = row.get(j);
                    product(new String[] {"a" + t.xi(), "a" + t.yi()}, "t" + t.at(), j == 0);
                    w.line("t" + t.at() + " = lo;");
                    w.line("c = hi;");
                }
                w.line("t" + (row.getLast().at() + 1) + " = c;");
            }
        }

        @Override
        public void doubleCrossProducts()
        {
            w.line("// double them");
            w.line("t" + (2 * n - 1) + " = t" + (2 * n - 2) + " >>> 63;");
            for (int k = 2 * n - 2; k >= 2; k--)
            {
                w.line("t" + k + " = (t" + k + " << 1) | (t" + (k - 1) + " >>> 63);");
            }
            w.line("t1 <<= 1;");
        }

        @Override
        public void diagonal(final List<Term> squares)
        {
            w.line("// add the diagonal squares a_i² at limbs 2i, 2i+1");
            w.line("c = 0;");
            for (final Term t : squares)
            {
                product(new String[] {"a" + t.xi(), "a" + t.yi()}, "t" + t.at(), false);
                w.line("t" + t.at() + " = lo;");
                w.line("t" + (t.at() + 1) + " += hi;");
                w.line("c = Limbs.carry(hi, t" + (t.at() + 1) + ");");
            }
        }

        @Override
        public void reduce(final List<List<Term>> rows)
        {
            w.line("// Montgomery reduction, one limb at a time; 'top' carries into the limb above the window");
            w.line("long top = 0;");
            w.line("long m;");
            for (final List<Term> row : rows)
            {
                w.line("m = t" + row.getFirst().at() + " * INV;");
                for (int j = 0; j < row.size(); j++)
                {
                    final Term t = row.get(j);
                    product(javaOrder(t, "Q" + t.xi(), "m"), "t" + t.at(), j == 0);
                    w.line("t" + t.at() + " = lo;");
                    w.line("c = hi;");
                }
                final String above = "t" + (row.getLast().at() + 1);
                w.line("lo = " + above + " + c;");
                w.line("hi = Limbs.carry(c, lo);");
                w.line(above + " = lo + top;");
                w.line("top = hi + Limbs.carry(top, " + above + ");");
            }
        }

        @Override
        public void subtractOnce()
        {
            w.line("reduceOnce(r, ro, " + SourceWriter.names("t", n, 2 * n) + ");");
        }
    }

    private void add()
    {
        w.line("");
        w.line("/** {@code r = a + b}: one carry chain (the sum stays below 2p < 2^" + 64 * n
            + "), then one conditional subtraction. */");
        w.line("static void add(" + RESULT_A_B + ")");
        w.open();
        schedule.add(new Chains());
        w.close();
    }

    private void sub()
    {
        w.line("");
        w.line("/** {@code r = a − b}: one borrow chain, then p added back under the borrow's mask. */");
        w.line("static void sub(" + RESULT_A_B + ")");
        w.open();
        schedule.subtract(new Chains());
        w.close();
    }

    /**
     * The sum and difference chains limb by limb ({@link Limbs#carryOut}'s and {@link Limbs#borrowOut}'s short
     * paths); the conditional subtraction and the masked addition are the generated helpers they call.
     */
    private final class Chains implements Lowering.Modular
    {
        @Override
        public void sum()
        {
            w.line("long x = a[ao];");
            w.line("long t = x + b[bo];");
            w.line("final long s0 = t;");
            w.line("long c = Limbs.carry(x, t);");
            for (int j = 1; j < n; j++)
            {
                w.line("x = a[ao + " + j + "];");
                w.line("t = x + b[bo + " + j + "];");
                w.line("final long s" + j + " = t + c;");
                if (j < n - 1)
                {
                    w.line("c = Limbs.carryOut(x, t, c);");
                }
            }
        }

        @Override
        public void subtractOnce()
        {
            w.line((borrow == ProductBorrow.BIT_FORMULA ? "reduceSumOnce" : "reduceOnce") + "(r, ro, "
                + SourceWriter.names("s", 0, n) + ");");
        }

        @Override
        public void difference()
        {
            w.line("long x = a[ao];");
            w.line("long y = b[bo];");
            w.line("final long d0 = x - y;");
            w.line("long borrow = Limbs.borrowOut(x, y, d0, 0);");
            for (int j = 1; j < n; j++)
            {
                w.line("x = a[ao + " + j + "];");
                w.line("y = b[bo + " + j + "];");
                w.line((j == 1 ? "long t" : "t") + " = x - y;");
                w.line("final long d" + j + " = t - borrow;");
                w.line("borrow = Limbs.borrowOut(x, y, t, borrow);");
            }
        }

        @Override
        public void addModulusOnBorrow()
        {
            w.line("addMaskedModulus(r, ro, " + SourceWriter.names("d", 0, n) + ", -borrow);");
        }
    }

    private void neg()
    {
        w.line("");
        w.line("/** {@code r = −a}: p − a, and zero for zero (p itself is not canonical). */");
        w.line("static void neg(" + RESULT_A + ")");
        w.open();
        w.line("if (Limbs.isZero(a, ao, LIMBS))");
        w.open();
        w.line("java.util.Arrays.fill(r, ro, ro + LIMBS, 0L);");
        w.line("return;");
        w.close();
        w.line("sub(r, ro, MODULUS_LIMBS, 0, a, ao);");
        w.close();
    }

    private void halve()
    {
        w.line("");
        w.line("/** {@code a ← a/2} (Montgomery form commutes with halving): add p when odd, then shift right. */");
        w.line("static void halve(final long[] a, final int ao)");
        w.open();
        w.line("final long mask = -(a[ao] & 1);");
        w.line("long x = a[ao];");
        w.line("long t = x + (Q0 & mask);");
        w.line("final long s0 = t;");
        w.line("long carry = Limbs.carry(x, t);");
        for (int j = 1; j < n; j++)
        {
            w.line("x = a[ao + " + j + "];");
            w.line("t = x + (Q" + j + " & mask);");
            w.line("final long s" + j + " = t + carry;");
            if (j < n - 1)
            {
                w.line("carry = Limbs.carryOut(x, t, carry);");
            }
        }
        w.line("// p has a spare top bit, so a + p < 2^" + 64 * n + " and the top limb never carries out");
        for (int j = 0; j < n - 1; j++)
        {
            w.line("a[" + SourceWriter.at("ao", j) + "] = (s" + j + " >>> 1) | (s" + (j + 1) + " << 63);");
        }
        w.line("a[ao + " + (n - 1) + "] = s" + (n - 1) + " >>> 1;");
        w.close();
    }

    private void select(final String high)
    {
        w.line("// keep t when t - q borrowed (t < q), else take t - q");
        w.line("final long keep = -borrow;");
        for (int j = 0; j < n; j++)
        {
            w.line("r[" + SourceWriter.at("ro", j) + "] = (t" + j + " & keep) | (" + high + j + " & ~keep);");
        }
    }

    private void reduceOnce()
    {
        w.line("");
        w.line("/**");
        w.line(" * Writes {@code t} or {@code t − q}, whichever is below q; {@code t} must be below 2q. The borrows "
            + "use the");
        w.line(" * bit formula of {@link Limbs#borrow}, which measured faster than the short borrow path after a "
            + "multiplication,");
        w.line(" * where throughput rather than latency limits.");
        w.line(" */");
        w.header("static void reduceOnce", "final long[] r, final int ro", n, i -> "final long t" + i);
        w.open();
        w.line("final long e0 = t0 - Q0;");
        w.line("long borrow = Limbs.borrow(t0, Q0, e0);");
        for (int j = 1; j < n; j++)
        {
            w.line("final long e" + j + " = t" + j + " - Q" + j + " - borrow;");
            w.line("borrow = Limbs.borrow(t" + j + ", Q" + j + ", e" + j + ");");
        }
        select("e");
        w.close();
    }

    /** The conditional subtraction with the short borrow path, under the given header and javadoc lines. */
    private void reduceSumOnce(final String header, final List<String> javadoc)
    {
        w.line("");
        w.line("/**");
        javadoc.forEach(w::line);
        w.line(" */");
        w.header(header, "final long[] r, final int ro", n, i -> "final long t" + i);
        w.open();
        w.line("final long e0 = t0 - Q0;");
        w.line("long borrow = Limbs.borrowOut(t0, Q0, e0, 0);");
        w.line("long d;");
        for (int j = 1; j < n; j++)
        {
            w.line("d = t" + j + " - Q" + j + ";");
            w.line("final long e" + j + " = d - borrow;");
            w.line("borrow = Limbs.borrowOut(t" + j + ", Q" + j + ", d, borrow);");
        }
        select("e");
        w.close();
    }

    private void addMaskedModulus()
    {
        w.line("");
        w.line("/** Writes {@code t + (q & mask)} (mask is 0 or −1), dropping the carry out of the top limb. */");
        w.header("private static void addMaskedModulus", "final long[] r, final int ro", n + 1,
            i -> i < n ? "final long t" + i : "final long mask");
        w.open();
        w.line("final long q0 = Q0 & mask;");
        w.line("final long s0 = t0 + q0;");
        w.line("long c = Limbs.carry(t0, s0);");
        w.line("r[ro] = s0;");
        for (int j = 1; j < n; j++)
        {
            w.line("final long q" + j + " = Q" + j + " & mask;");
            w.line("final long u" + j + " = t" + j + " + q" + j + ";");
            w.line("r[ro + " + j + "] = u" + j + " + c;");
            if (j < n - 1)
            {
                w.line("c = Limbs.carryOut(t" + j + ", u" + j + ", c);");
            }
        }
        w.close();
    }
}
