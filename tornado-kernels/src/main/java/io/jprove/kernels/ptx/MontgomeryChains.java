package io.jprove.kernels.ptx;

import java.math.BigInteger;
import java.util.List;

import io.jprove.field.FieldDescription;
import io.jprove.field.generator.Lowering;
import io.jprove.field.generator.MontgomerySchedule;
import io.jprove.field.generator.Term;

/**
 * The PTX lowering of a field's {@link MontgomerySchedule} on 32-bit words: the same algorithm the CPU limb code
 * ({@code FqMontgomery}, {@code FrMontgomery}) is generated from, the same products in the same places, with carries
 * on PTX's carry flag ({@code add.cc}, {@code madc.lo.cc}, …). Emitted per call, at kernel-compile time.
 *
 * <p>What is the lowering's own is the layout of the accumulator. The CIOS multiply has two: one carry chain of low
 * halves ({@code mad.lo.cc}/{@code madc.lo.cc}) into t[j] and one of high halves into t[j+1] per product row, in an
 * (n + 2)-word window ({@link Rows}); or the even/odd split, measured faster on the H200 and the default
 * ({@link EvenOdd}). Operands are canonical (below p); results are canonical, so any correct lowering gives the same
 * bits.
 */
final class MontgomeryChains
{
    final String name;
    final BigInteger modulus;
    final int words;
    final int limbs;
    private final MontgomerySchedule schedule;

    /**
     * Chains for one field, from the same {@link FieldDescription} the CPU field code is generated from, scheduled on
     * two 32-bit words per 64-bit limb.
     *
     * @param field the field, with at least one spare bit in its {@code limbs · 64} bits.
     */
    MontgomeryChains(final FieldDescription field)
    {
        this.schedule = MontgomerySchedule.of(field, 32);
        this.name = field.name();
        this.modulus = field.modulus();
        this.words = schedule.words();
        this.limbs = field.limbs();
    }

    /** @return −p⁻¹ mod 2^32. */
    int mPrime()
    {
        return (int)schedule.factor();
    }

    /** @return r = a·b·R⁻¹ mod p by CIOS in the row layout, words little-endian. */
    String[] mul(final WordOps ops, final String[] a, final String[] b)
    {
        final Rows rows = new Rows(ops, a, b);
        schedule.multiply(rows);
        return rows.result;
    }

    /** @return r = a·b·R⁻¹ mod p by CIOS in the even/odd layout ({@link EvenOdd}). */
    String[] mulEvenOdd(final WordOps ops, final String[] a, final String[] b)
    {
        final EvenOdd evenOdd = new EvenOdd(ops, a, b);
        schedule.multiply(evenOdd);
        return evenOdd.result;
    }

    /** @return a²·R⁻¹ mod p (about a quarter fewer multiplies than {@link #mul}). */
    String[] square(final WordOps ops, final String[] a)
    {
        final Square square = new Square(ops, a);
        schedule.square(square);
        return square.result;
    }

    /** @return (a + b) mod p. */
    String[] add(final WordOps ops, final String[] a, final String[] b)
    {
        final Modular modular = new Modular(ops, a, b);
        schedule.add(modular);
        return modular.result;
    }

    /** @return (a − b) mod p. */
    String[] sub(final WordOps ops, final String[] a, final String[] b)
    {
        final Modular modular = new Modular(ops, a, b);
        schedule.subtract(modular);
        return modular.result;
    }

    /** A lowering's registers: the inputs, the modulus words once it has asked for them, and the current factor. */
    private abstract class Words
    {
        final WordOps ops;
        final String[] a;
        final String[] b;
        String[] pw;
        String mp;
        String m;
        String[] result;

        Words(final WordOps ops, final String[] a, final String[] b)
        {
            this.ops = ops;
            this.a = a;
            this.b = b;
        }

        /** Puts p's words in registers, where the lowering first needs them (which fixes their numbering). */
        final void modulusWords()
        {
            pw = new String[words];
            for (int j = 0; j < words; j++)
            {
                pw[j] = ops.constant((int)schedule.modulusWord(j));
            }
        }

        /** Puts m' in a register, likewise. */
        final void factorWord()
        {
            mp = ops.constant((int)schedule.factor());
        }

        /** @return the register of one factor of a product. */
        final String x(final Term t)
        {
            return word(t.x(), t.xi());
        }

        final String y(final Term t)
        {
            return word(t.y(), t.yi());
        }

        private String word(final Term.Operand operand, final int index)
        {
            return switch (operand)
            {
                case A -> a[index];
                case B -> b[index];
                case MODULUS -> pw[index];
                case FACTOR -> m;
            };
        }
    }

    /** CIOS with t in an (n + 2)-word window: each product row is a chain of low halves, then one of high halves. */
    private final class Rows extends Words implements Lowering.Multiplication
    {
        private final String zero;
        private String[] t = new String[words + 2];

        Rows(final WordOps ops, final String[] a, final String[] b)
        {
            super(ops, a, b);
            zero = ops.constant(0);
            modulusWords();
            factorWord();
        }

        @Override
        public void step(final int step, final List<Term> products, final List<Term> reductions)
        {
            final int n = words;
            if (step == 0)
            {
                for (final Term p : products)
                {
                    t[p.at()] = mulLo(ops, x(p), y(p));
                }
                t[n] = zero;
                t[n + 1] = zero;
                hiRow(ops, t, products, 0, this, zero);
            }
            else
            {
                row(ops, t, products, 0, this, zero);
            }
            m = mulLo(ops, t[0], mp);
            row(ops, t, reductions, 0, this, zero);
            final String[] shifted = new String[n + 2];
            System.arraycopy(t, 1, shifted, 0, n + 1);
            shifted[n + 1] = zero;
            t = shifted;
        }

        @Override
        public void subtractOnce()
        {
            result = reduceOnce(ops, t, pw, words);
        }
    }

    /**
     * CIOS with the accumulator kept as two numbers, T = E + O·2^32: E collects the products of the even-indexed
     * words (low and high halves land in adjacent words, so one carry chain covers a whole row and the two halves of
     * one product sit side by side, which lets ptxas pair them) and O those of the odd-indexed words. Each step adds
     * a·b[i] and m·p to both, and the one-word shift is a swap of the two arrays plus one addition, so no separate
     * carry-propagation row is needed.
     */
    private final class EvenOdd extends Words implements Lowering.Multiplication
    {
        private final String zero;
        private String[] even = new String[words];
        private String[] odd = new String[words];

        EvenOdd(final WordOps ops, final String[] a, final String[] b)
        {
            super(ops, a, b);
            zero = ops.constant(0);
            modulusWords();
            factorWord();
        }

        @Override
        public void step(final int step, final List<Term> products, final List<Term> reductions)
        {
            final int n = words;
            if (step == 0)
            {
                // E and O start as the products themselves: even word k's at k, k + 1; odd word k + 1's at k, k + 1
                for (int k = 0; k < n; k += 2)
                {
                    final Term e = products.get(k);
                    final Term o = products.get(k + 1);
                    even[e.at()] = op(ops, "mul.lo.u32", x(e), y(e));
                    even[e.at() + 1] = op(ops, "mul.hi.u32", x(e), y(e));
                    odd[o.at() - 1] = op(ops, "mul.lo.u32", x(o), y(o));
                    odd[o.at()] = op(ops, "mul.hi.u32", x(o), y(o));
                }
            }
            else
            {
                // shift T = E + O·2^32 (E[0] is zero) down one word: the new E is the old O plus E[1] in its low
                // word, the new O is E[2..]; the carry out of that low word enters O's chain, which also adds the
                // odd products (word j's at j − 1, j of the shifted window)
                final String[] nextEven = odd;
                final String[] nextOdd = new String[n];
                nextEven[0] = op(ops, "add.cc.u32", nextEven[0], even[1]);
                for (int j = 1; j < n; j += 2)
                {
                    final Term o = products.get(j);
                    final boolean top = j == n - 1;
                    nextOdd[o.at() - 1] = op(ops, "madc.lo.cc.u32", x(o), y(o), top ? zero : even[o.at() + 1]);
                    nextOdd[o.at()] = op(ops, top ? "madc.hi.u32" : "madc.hi.cc.u32", x(o), y(o),
                        top ? zero : even[o.at() + 2]);
                }
                even = nextEven;
                odd = nextOdd;
                evenRow(products);
            }
            // m = E[0]·m'; O += odd words of m·p; E += even words of m·p (E[0] becomes 0)
            m = mulLo(ops, even[0], mp);
            // the O chain cannot carry out: O·2^32 never exceeds T, which stays below 2^(32n + 32)
            for (int j = 1; j < n; j += 2)
            {
                final Term o = reductions.get(j);
                odd[o.at() - 1] = op(ops, j == 1 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", x(o), y(o), odd[o.at() - 1]);
                odd[o.at()] = op(ops, "madc.hi.cc.u32", x(o), y(o), odd[o.at()]);
            }
            evenRow(reductions);
        }

        /** E += the row's even-indexed products (lo at j, hi at j + 1) in one chain; the carry out goes to O's top. */
        private void evenRow(final List<Term> row)
        {
            for (int j = 0; j < words; j += 2)
            {
                final Term e = row.get(j);
                even[e.at()] = op(ops, j == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", x(e), y(e), even[e.at()]);
                even[e.at() + 1] = op(ops, "madc.hi.cc.u32", x(e), y(e), even[e.at() + 1]);
            }
            odd[words - 1] = op(ops, "addc.u32", odd[words - 1], zero);
        }

        @Override
        public void subtractOnce()
        {
            // the last step's shift: r = (E >> 32) + O
            final int n = words;
            final String[] r = new String[n + 1];
            r[0] = op(ops, "add.cc.u32", odd[0], even[1]);
            for (int j = 1; j < n - 1; j++)
            {
                r[j] = op(ops, "addc.cc.u32", odd[j], even[j + 1]);
            }
            r[n - 1] = op(ops, "addc.u32", odd[n - 1], zero);
            r[n] = zero;
            result = reduceOnce(ops, r, pw, n);
        }
    }

    /**
     * Squaring on a 2n-word t: each cross-product row is a chain of low halves and one of high halves; the doubling
     * is one add chain over t; the reduction slides an (n + 2)-word window up t.
     */
    private final class Square extends Words implements Lowering.Squaring
    {
        private final String zero;
        private final String[] t = new String[2 * words];
        private String[] w;

        Square(final WordOps ops, final String[] a)
        {
            super(ops, a, a);
            zero = ops.constant(0);
            java.util.Arrays.fill(t, zero);
        }

        @Override
        public void crossProducts(final List<List<Term>> rows)
        {
            for (final List<Term> row : rows)
            {
                // low halves at i + j, then high halves at i + j + 1, each chain's carry into the word above it
                final int above = row.getLast().at() + 1;
                for (int j = 0; j < row.size(); j++)
                {
                    final Term p = row.get(j);
                    t[p.at()] = op(ops, j == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", x(p), y(p), t[p.at()]);
                }
                t[above] = op(ops, "addc.u32", t[above], zero);
                for (int j = 0; j < row.size(); j++)
                {
                    final Term p = row.get(j);
                    t[p.at() + 1] = op(ops, j == 0 ? "mad.hi.cc.u32" : "madc.hi.cc.u32", x(p), y(p), t[p.at() + 1]);
                }
                if (above + 1 < 2 * words)
                {
                    t[above + 1] = op(ops, "addc.u32", t[above + 1], zero);
                }
            }
        }

        @Override
        public void doubleCrossProducts()
        {
            final int last = 2 * words - 1;
            for (int k = 0; k <= last; k++)
            {
                t[k] = op(ops, k == 0 ? "add.cc.u32" : k == last ? "addc.u32" : "addc.cc.u32", t[k], t[k]);
            }
        }

        @Override
        public void diagonal(final List<Term> squares)
        {
            for (int i = 0; i < squares.size(); i++)
            {
                final Term s = squares.get(i);
                t[s.at()] = op(ops, i == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", x(s), y(s), t[s.at()]);
                t[s.at() + 1] = op(ops, i == squares.size() - 1 ? "madc.hi.u32" : "madc.hi.cc.u32", x(s), y(s),
                    t[s.at() + 1]);
            }
        }

        /** Row i works on the window t[i..i + n + 1], whose top two words take t's next word and its carry. */
        @Override
        public void reduce(final List<List<Term>> rows)
        {
            final int n = words;
            modulusWords();
            factorWord();
            w = new String[n + 2];
            System.arraycopy(t, 0, w, 0, n + 1);
            w[n + 1] = zero;
            for (int i = 0; i < rows.size(); i++)
            {
                m = mulLo(ops, w[0], mp);
                row(ops, w, rows.get(i), i, this, zero);
                final String[] shifted = new String[n + 2];
                System.arraycopy(w, 1, shifted, 0, n + 1);
                shifted[n + 1] = zero;
                if (i + n + 1 < 2 * n)
                {
                    shifted[n] = op(ops, "add.cc.u32", shifted[n], t[i + n + 1]);
                    shifted[n + 1] = op(ops, "addc.u32", zero, zero);
                }
                w = shifted;
            }
        }

        @Override
        public void subtractOnce()
        {
            result = reduceOnce(ops, w, pw, words);
        }
    }

    /** Addition and subtraction: one carry (borrow) chain over the words. */
    private final class Modular extends Words implements Lowering.Modular
    {
        private String zero;
        private String[] s;

        Modular(final WordOps ops, final String[] a, final String[] b)
        {
            super(ops, a, b);
        }

        @Override
        public void sum()
        {
            chain("add");
        }

        @Override
        public void subtractOnce()
        {
            modulusWords();
            result = reduceOnce(ops, s, pw, words);
        }

        @Override
        public void difference()
        {
            // word n is 0 or −1: the mask of p to add back
            chain("sub");
        }

        /** s = a ± b word by word on one carry (borrow) chain ({@code add} or {@code sub}), its carry out as s[n]. */
        private void chain(final String add)
        {
            final int n = words;
            zero = ops.constant(0);
            s = new String[n + 1];
            for (int j = 0; j < n; j++)
            {
                s[j] = op(ops, add + (j == 0 ? ".cc.u32" : "c.cc.u32"), a[j], b[j]);
            }
            s[n] = op(ops, add + "c.u32", zero, zero);
        }

        @Override
        public void addModulusOnBorrow()
        {
            final int n = words;
            result = new String[n];
            for (int j = 0; j < n; j++)
            {
                // the destination is numbered before the constant, as the chain has always been written
                final String masked = ops.fresh();
                ops.op("and.b32", masked, s[n], ops.constant((int)schedule.modulusWord(j)));
                result[j] = op(ops, j == 0 ? "add.cc.u32" : j == n - 1 ? "addc.u32" : "addc.cc.u32", s[j], masked);
            }
        }
    }

    private static String op(final WordOps ops, final String mnemonic, final String... srcs)
    {
        final String d = ops.fresh();
        ops.op(mnemonic, d, srcs);
        return d;
    }

    private static String mulLo(final WordOps ops, final String x, final String y)
    {
        return op(ops, "mul.lo.u32", x, y);
    }

    /**
     * t += a row of products, each at its word minus {@code base} in the (n + 2)-word window t, whose top word is
     * zero on entry: the low halves' chain carries into t[n] and t[n + 1], then {@link #hiRow}.
     */
    private static void row(final WordOps ops, final String[] t, final List<Term> row, final int base,
        final Words words, final String zero)
    {
        for (int j = 0; j < row.size(); j++)
        {
            final Term p = row.get(j);
            final int at = p.at() - base;
            t[at] = op(ops, j == 0 ? "mad.lo.cc.u32" : "madc.lo.cc.u32", words.x(p), words.y(p), t[at]);
        }
        final int n = row.size();
        t[n] = op(ops, "addc.cc.u32", t[n], zero);
        t[n + 1] = op(ops, "addc.u32", t[n + 1], zero);
        hiRow(ops, t, row, base, words, zero);
    }

    /** t[1..n+1] += the high halves of a row's products, one word above their low halves. */
    private static void hiRow(final WordOps ops, final String[] t, final List<Term> row, final int base,
        final Words words, final String zero)
    {
        for (int j = 0; j < row.size(); j++)
        {
            final Term p = row.get(j);
            final int at = p.at() - base + 1;
            t[at] = op(ops, j == 0 ? "mad.hi.cc.u32" : "madc.hi.cc.u32", words.x(p), words.y(p), t[at]);
        }
        final int n = row.size();
        t[n + 1] = op(ops, "addc.u32", t[n + 1], zero);
    }

    /** t (n words plus a top word of 0 or 1, below 2p) → t mod p. */
    private static String[] reduceOnce(final WordOps ops, final String[] t, final String[] pw, final int n)
    {
        final String[] s = new String[n];
        for (int j = 0; j < n; j++)
        {
            s[j] = op(ops, j == 0 ? "sub.cc.u32" : "subc.cc.u32", t[j], pw[j]);
        }
        final String top = ops.fresh();
        ops.op("subc.u32", top, t[n], ops.constant(0));
        final String below = ops.freshPredicate();
        ops.op("setp.eq.u32", below, top, ops.constant(-1));
        final String[] r = new String[n];
        for (int j = 0; j < n; j++)
        {
            r[j] = op(ops, "selp.b32", t[j], s[j], below);
        }
        return r;
    }
}
