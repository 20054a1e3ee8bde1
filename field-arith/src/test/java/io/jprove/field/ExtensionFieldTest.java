package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One field-law suite, run over {@link Fq2}, {@link Fq6} and {@link Fq12}: ring and field axioms on fresh random
 * elements, squaring and inversion against multiplication, results aliasing inputs, and each Frobenius map against
 * exponentiation by the matching power of p.
 */
class ExtensionFieldTest
{
    private static final int ROUNDS = 40;

    interface Binary
    {
        void apply(long[] r, int ro, long[] a, int ao, long[] b, int bo, long[] s, int so);
    }

    interface Unary
    {
        void apply(long[] r, int ro, long[] a, int ao, long[] s, int so);
    }

    interface Plain
    {
        void apply(long[] r, int ro, long[] a, int ao, long[] b, int bo);
    }

    interface Frobenius
    {
        void apply(long[] r, int ro, long[] a, int ao, int power, long[] s, int so);
    }

    /** The operations of one extension field, as the suite drives them. */
    record Field(String name, int limbs, int scratch, Binary mul, Unary square, Unary inverse, Plain add, Plain sub,
        Unary neg, Frobenius frobenius, long[] one, Function<RandomGenerator, long[]> random)
    {
        @Override
        public String toString()
        {
            return name;
        }

        long[] mul(final long[] a, final long[] b)
        {
            final long[] r = new long[limbs];
            mul.apply(r, 0, a, 0, b, 0, new long[scratch], 0);
            return r;
        }

        long[] add(final long[] a, final long[] b)
        {
            final long[] r = new long[limbs];
            add.apply(r, 0, a, 0, b, 0);
            return r;
        }

        long[] sub(final long[] a, final long[] b)
        {
            final long[] r = new long[limbs];
            sub.apply(r, 0, a, 0, b, 0);
            return r;
        }

        long[] unary(final Unary op, final long[] a)
        {
            final long[] r = new long[limbs];
            op.apply(r, 0, a, 0, new long[scratch], 0);
            return r;
        }

        long[] pow(final long[] a, final BigInteger e)
        {
            long[] acc = one.clone();
            for (int i = e.bitLength() - 1; i >= 0; i--)
            {
                acc = mul(acc, acc);
                if (e.testBit(i))
                {
                    acc = mul(acc, a);
                }
            }
            return acc;
        }
    }

    static Stream<Field> fields()
    {
        return Stream.of(
            new Field("Fq2", Fq2.LIMBS, Fq2.SCRATCH, Fq2::mul, Fq2::square, Fq2::inverse, Fq2::add, Fq2::sub,
                (r, ro, a, ao, s, so) -> Fq2.neg(r, ro, a, ao),
                (r, ro, a, ao, k, s, so) -> Fq2.frobenius(r, ro, a, ao, k), Fq2.one(), Fq2::random),
            new Field("Fq6", Fq6.LIMBS, Fq6.SCRATCH, Fq6::mul, Fq6::square, Fq6::inverse, Fq6::add, Fq6::sub,
                (r, ro, a, ao, s, so) -> Fq6.neg(r, ro, a, ao), Fq6::frobenius, Fq6.one(), Fq6::random),
            new Field("Fq12", Fq12.LIMBS, Fq12.SCRATCH, Fq12::mul, Fq12::square, Fq12::inverse, Fq12::add, Fq12::sub,
                (r, ro, a, ao, s, so) -> Fq12.neg(r, ro, a, ao), Fq12::frobenius, Fq12.one(), Fq12::random));
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldSatisfyTheRingAxiomsOnRandomElements(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(21);
        final long[] zero = new long[f.limbs()];
        for (int i = 0; i < ROUNDS; i++)
        {
            final long[] a = f.random().apply(rng);
            final long[] b = f.random().apply(rng);
            final long[] c = f.random().apply(rng);
            assertArrayEquals(f.mul(f.mul(a, b), c), f.mul(a, f.mul(b, c)), "associativity");
            assertArrayEquals(f.mul(a, b), f.mul(b, a), "commutativity");
            assertArrayEquals(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)), "distributivity");
            assertArrayEquals(a, f.mul(a, f.one()), "one");
            assertArrayEquals(zero, f.mul(a, zero), "zero");
            assertArrayEquals(a, f.sub(f.add(a, b), b), "subtraction undoes addition");
            assertArrayEquals(zero, f.add(a, f.unary(f.neg(), a)), "negation");
            assertArrayEquals(f.mul(a, a), f.unary(f.square(), a), "square");
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldInvertEveryNonZeroElementAndRefuseZero(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(22);
        for (int i = 0; i < ROUNDS / 4; i++)
        {
            final long[] a = f.random().apply(rng);
            assertArrayEquals(f.one(), f.mul(a, f.unary(f.inverse(), a)));
        }
        assertArrayEquals(f.one(), f.unary(f.inverse(), f.one()));
        assertThrows(ArithmeticException.class, () -> f.unary(f.inverse(), new long[f.limbs()]));
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldAllowResultsToAliasInputs(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(23);
        final long[] s = new long[f.scratch()];
        for (int i = 0; i < ROUNDS / 4; i++)
        {
            final long[] a = f.random().apply(rng);
            final long[] b = f.random().apply(rng);
            final long[] ab = new long[2 * f.limbs()];
            System.arraycopy(a, 0, ab, 0, f.limbs());
            System.arraycopy(b, 0, ab, f.limbs(), f.limbs());
            final long[] first = ab.clone();
            f.mul().apply(first, 0, first, 0, first, f.limbs(), s, 0);
            assertArrayEquals(f.mul(a, b), java.util.Arrays.copyOf(first, f.limbs()), "r = a");
            final long[] second = ab.clone();
            f.mul().apply(second, f.limbs(), second, 0, second, f.limbs(), s, 0);
            assertArrayEquals(f.mul(a, b), java.util.Arrays.copyOfRange(second, f.limbs(), 2 * f.limbs()), "r = b");
            final long[] same = a.clone();
            f.mul().apply(same, 0, same, 0, same, 0, s, 0);
            assertArrayEquals(f.mul(a, a), same, "r = a = b");
            final long[] sq = a.clone();
            f.square().apply(sq, 0, sq, 0, s, 0);
            assertArrayEquals(f.mul(a, a), sq, "square in place");
            final long[] inv = a.clone();
            f.inverse().apply(inv, 0, inv, 0, s, 0);
            assertArrayEquals(f.one(), f.mul(a, inv), "inverse in place");
            final long[] frob = a.clone();
            f.frobenius().apply(frob, 0, frob, 0, 1, s, 0);
            final long[] expected = new long[f.limbs()];
            f.frobenius().apply(expected, 0, a, 0, 1, s, 0);
            assertArrayEquals(expected, frob, "Frobenius in place");
        }
    }

    @ParameterizedTest
    @MethodSource("fields")
    void shouldMatchExponentiationByPowersOfPInTheFrobeniusMaps(final Field f)
    {
        final SplittableRandom rng = new SplittableRandom(24);
        final long[] s = new long[f.scratch()];
        for (int i = 0; i < 2; i++)
        {
            final long[] a = f.random().apply(rng);
            for (int k = 0; k <= 3; k++)
            {
                final long[] r = new long[f.limbs()];
                f.frobenius().apply(r, 0, a, 0, k, s, 0);
                assertArrayEquals(f.pow(a, Fq.MODULUS.pow(k)), r, "Frobenius power " + k);
            }
        }
        if (f.limbs() > Fq2.LIMBS)
        {
            // Fq2's map is defined for every power (the conjugate or the identity); the tables above stop at p³
            assertThrows(IllegalArgumentException.class,
                () -> f.frobenius().apply(new long[f.limbs()], 0, f.one(), 0, 4, s, 0));
        }
    }
}
