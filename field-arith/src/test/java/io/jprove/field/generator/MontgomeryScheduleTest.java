package io.jprove.field.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.jprove.field.FieldDescription;

/**
 * The schedule itself, apart from either lowering: a lowering that adds each phase's products exactly, as
 * BigIntegers with no carries to get wrong, must compute a·b·R⁻¹, a²·R⁻¹, t·R⁻¹, a·b, a + b and a − b mod p at both
 * word widths, and every bound the schedule's comments promise (a factor clears its word, a window ends below 2p)
 * is asserted where it is claimed.
 */
class MontgomeryScheduleTest
{
    private static final FieldDescription[] FIELDS = {FieldDescription.FQ, FieldDescription.FR};

    @Test
    void shouldDescribeTheFieldOnWordsOfEitherWidth()
    {
        for (final FieldDescription field : FIELDS)
        {
            for (final int w : new int[] {32, 64})
            {
                final MontgomerySchedule s = MontgomerySchedule.of(field, w);
                assertEquals(64 * field.limbs(), w * s.words(), s + ": R is the same at both widths");
                BigInteger p = BigInteger.ZERO;
                for (int j = s.words() - 1; j >= 0; j--)
                {
                    assertTrue(s.modulusWord(j) >>> 1 >>> (w - 1) == 0, s + ": word " + j + " fits w bits");
                    p = p.shiftLeft(w).add(new BigInteger(Long.toUnsignedString(s.modulusWord(j))));
                }
                assertEquals(field.modulus(), p, s + ": the modulus words");
                final BigInteger word = BigInteger.ONE.shiftLeft(w);
                assertEquals(word.subtract(BigInteger.ONE), p.multiply(unsigned(s.factor())).mod(word),
                    s + ": p·m' ≡ −1 (mod 2^w)");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> MontgomerySchedule.of(FieldDescription.FR, 16));
    }

    @Test
    void shouldComputeEveryOperationExactlyWhenItsProductsAreAddedAsIntegers()
    {
        final long seed = System.nanoTime();
        final Random rnd = new Random(seed);
        for (final FieldDescription field : FIELDS)
        {
            final BigInteger p = field.modulus();
            final BigInteger rInv = field.r().modInverse(p);
            final List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO,
                p.subtract(BigInteger.ONE), p.subtract(BigInteger.TWO), field.r().mod(p), p.shiftRight(1),
                p.shiftRight(1).add(BigInteger.ONE)));
            for (int i = 0; i < 60; i++)
            {
                values.add(new BigInteger(p.bitLength() + 8, rnd).mod(p));
            }
            for (final int w : new int[] {32, 64})
            {
                final MontgomerySchedule s = MontgomerySchedule.of(field, w);
                for (int i = 0; i < values.size(); i++)
                {
                    final BigInteger a = values.get(i);
                    final BigInteger b = values.get((7 * i + 3) % values.size());
                    final String what = s + " a=" + a.toString(16) + " b=" + b.toString(16) + " (seed " + seed + ")";
                    final BigInteger montgomery = a.multiply(b).multiply(rInv).mod(p);
                    assertEquals(montgomery, multiply(s, a, b), "CIOS " + what);
                    assertEquals(montgomery, scan(s, a, b, true), "product scanning " + what);
                    assertEquals(a.multiply(a).multiply(rInv).mod(p), square(s, a), "square " + what);
                    assertEquals(a.multiply(b), scan(s, a, b, false), "double-width product " + what);
                    // the largest t a reduction takes, and one from the tower's sums of products
                    final BigInteger wide = i == 0 ? p.multiply(field.r()).subtract(BigInteger.ONE)
                        : a.multiply(b).add(b.multiply(b));
                    assertEquals(wide.multiply(rInv).mod(p), reduce(s, wide), "REDC " + what);
                    assertEquals(a.add(b).mod(p), modular(s, a, b, true), "add " + what);
                    assertEquals(a.subtract(b).mod(p), modular(s, a, b, false), "sub " + what);
                }
            }
        }
    }

    private static BigInteger unsigned(final long word)
    {
        return new BigInteger(Long.toUnsignedString(word));
    }

    /** The exact value of a word of an operand. */
    private static BigInteger word(final MontgomerySchedule s, final Term.Operand operand, final int index,
        final BigInteger a, final BigInteger b, final List<BigInteger> factors)
    {
        return switch (operand)
        {
            case A -> a.shiftRight(s.wordBits() * index).mod(BigInteger.ONE.shiftLeft(s.wordBits()));
            case B -> b.shiftRight(s.wordBits() * index).mod(BigInteger.ONE.shiftLeft(s.wordBits()));
            case MODULUS -> unsigned(s.modulusWord(index));
            case FACTOR -> factors.get(index);
        };
    }

    /** @return the sum of the terms' products, each shifted to its word, less {@code shift} words. */
    private static BigInteger sum(final MontgomerySchedule s, final List<Term> terms, final int shift,
        final BigInteger a, final BigInteger b, final List<BigInteger> factors)
    {
        BigInteger sum = BigInteger.ZERO;
        for (final Term t : terms)
        {
            sum = sum.add(word(s, t.x(), t.xi(), a, b, factors).multiply(word(s, t.y(), t.yi(), a, b, factors))
                .shiftLeft(s.wordBits() * (t.at() - shift)));
        }
        return sum;
    }

    /** @return m = t_0·m' mod 2^w for the word of t at {@code at}. */
    private static BigInteger factor(final MontgomerySchedule s, final BigInteger t, final int at)
    {
        final BigInteger word = BigInteger.ONE.shiftLeft(s.wordBits());
        return t.shiftRight(s.wordBits() * at).mod(word).multiply(unsigned(s.factor())).mod(word);
    }

    private static BigInteger lowWord(final MontgomerySchedule s, final BigInteger t, final int at)
    {
        return t.shiftRight(s.wordBits() * at).mod(BigInteger.ONE.shiftLeft(s.wordBits()));
    }

    /** @return t reduced once, after checking the schedule's promise that t is below 2p. */
    private static BigInteger once(final MontgomerySchedule s, final BigInteger t)
    {
        final BigInteger p = s.modulus();
        assertTrue(t.compareTo(p.shiftLeft(1)) < 0, s + ": below 2p before the one subtraction");
        return t.compareTo(p) >= 0 ? t.subtract(p) : t;
    }

    private static BigInteger multiply(final MontgomerySchedule s, final BigInteger a, final BigInteger b)
    {
        final BigInteger[] t = {BigInteger.ZERO};
        s.multiply(new Lowering.Multiplication()
        {
            @Override
            public void step(final int step, final List<Term> products, final List<Term> reductions)
            {
                t[0] = t[0].add(sum(s, products, 0, a, b, List.of()));
                final List<BigInteger> m = new ArrayList<>();
                for (int i = 0; i < step; i++)
                {
                    m.add(null);
                }
                m.add(factor(s, t[0], 0));
                t[0] = t[0].add(sum(s, reductions, 0, a, b, m));
                assertEquals(BigInteger.ZERO, lowWord(s, t[0], 0), s + ": the factor clears the low word");
                t[0] = t[0].shiftRight(s.wordBits());
            }

            @Override
            public void subtractOnce()
            {
                t[0] = once(s, t[0]);
            }
        });
        return t[0];
    }

    private static BigInteger square(final MontgomerySchedule s, final BigInteger a)
    {
        final BigInteger[] t = {BigInteger.ZERO};
        s.square(new Redc(s, t)
        {
            @Override
            public void crossProducts(final List<List<Term>> rows)
            {
                for (final List<Term> row : rows)
                {
                    t[0] = t[0].add(sum(s, row, 0, a, a, List.of()));
                }
            }

            @Override
            public void doubleCrossProducts()
            {
                t[0] = t[0].shiftLeft(1);
            }

            @Override
            public void diagonal(final List<Term> squares)
            {
                t[0] = t[0].add(sum(s, squares, 0, a, a, List.of()));
                assertEquals(a.multiply(a), t[0], s + ": the double-width square");
            }
        });
        return t[0];
    }

    private static BigInteger reduce(final MontgomerySchedule s, final BigInteger wide)
    {
        final BigInteger[] t = {wide};
        s.reduce(new Redc(s, t));
        return t[0];
    }

    /** REDC on an exact double-width t, as both the square and the standalone reduction end. */
    private static class Redc implements Lowering.Squaring
    {
        private final MontgomerySchedule s;
        private final BigInteger[] t;

        Redc(final MontgomerySchedule s, final BigInteger[] t)
        {
            this.s = s;
            this.t = t;
        }

        @Override
        public void reduce(final List<List<Term>> rows)
        {
            final List<BigInteger> m = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++)
            {
                m.add(factor(s, t[0], i));
                t[0] = t[0].add(sum(s, rows.get(i), 0, BigInteger.ZERO, BigInteger.ZERO, m));
                assertEquals(BigInteger.ZERO, lowWord(s, t[0], i), s + ": row " + i + " clears its word");
            }
            t[0] = t[0].shiftRight(s.wordBits() * s.words());
        }

        @Override
        public void subtractOnce()
        {
            t[0] = once(s, t[0]);
        }

        @Override
        public void crossProducts(final List<List<Term>> rows)
        {
            throw new AssertionError("a reduction has no products");
        }

        @Override
        public void doubleCrossProducts()
        {
            throw new AssertionError("a reduction has no products");
        }

        @Override
        public void diagonal(final List<Term> squares)
        {
            throw new AssertionError("a reduction has no products");
        }
    }

    private static BigInteger scan(final MontgomerySchedule s, final BigInteger a, final BigInteger b,
        final boolean montgomery)
    {
        final BigInteger[] acc = {BigInteger.ZERO};
        final BigInteger[] result = {BigInteger.ZERO};
        final List<BigInteger> m = new ArrayList<>();
        final int n = s.words();
        s.productScanning(new Lowering.Columns()
        {
            @Override
            public void column(final int k, final List<Term> products, final List<Term> reductions,
                final boolean clears)
            {
                acc[0] = acc[0].add(sum(s, products, k, a, b, m)).add(sum(s, reductions, k, a, b, m));
                if (clears)
                {
                    m.add(factor(s, acc[0], 0));
                    acc[0] = acc[0].add(m.getLast().multiply(unsigned(s.modulusWord(0))));
                    assertEquals(BigInteger.ZERO, lowWord(s, acc[0], 0), s + ": m_" + k + " clears column " + k);
                }
                else
                {
                    result[0] = result[0].add(lowWord(s, acc[0], 0).shiftLeft(s.wordBits() * (montgomery ? k - n
                        : k)));
                }
                acc[0] = acc[0].shiftRight(s.wordBits());
                if (k == 2 * n - 2)
                {
                    result[0] = result[0].add(acc[0].shiftLeft(s.wordBits() * (montgomery ? n - 1 : 2 * n - 1)));
                }
            }

            @Override
            public void subtractOnce()
            {
                result[0] = once(s, result[0]);
            }
        }, montgomery);
        return result[0];
    }

    private static BigInteger modular(final MontgomerySchedule s, final BigInteger a, final BigInteger b,
        final boolean add)
    {
        final BigInteger r = BigInteger.ONE.shiftLeft(s.wordBits() * s.words());
        final BigInteger[] t = {BigInteger.ZERO};
        final Lowering.Modular lowering = new Lowering.Modular()
        {
            @Override
            public void sum()
            {
                t[0] = a.add(b);
                assertTrue(t[0].compareTo(r) < 0, s + ": a sum fits the words");
            }

            @Override
            public void subtractOnce()
            {
                t[0] = once(s, t[0]);
            }

            @Override
            public void difference()
            {
                t[0] = a.subtract(b).mod(r);
            }

            @Override
            public void addModulusOnBorrow()
            {
                if (a.compareTo(b) < 0)
                {
                    t[0] = t[0].add(s.modulus()).mod(r);
                }
            }
        };
        if (add)
        {
            s.add(lowering);
        }
        else
        {
            s.subtract(lowering);
        }
        return t[0];
    }
}
