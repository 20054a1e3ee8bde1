package io.jprove.kernels.ptx;

import io.jprove.field.FieldDescription;
import io.jprove.field.Fq;
import io.jprove.field.Fr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Fq/Fr carry-chain expansions, interpreted instruction by instruction, against BigInteger. */
final class MontgomeryChainsTest
{
    private static final BigInteger X = new BigInteger("-d201000000010000", 16);
    private static final BigInteger R = X.pow(4).subtract(X.pow(2)).add(BigInteger.ONE);
    private static final BigInteger P = X.subtract(BigInteger.ONE).pow(2).multiply(R).divide(BigInteger.valueOf(3))
        .add(X);

    @Test
    void shouldMatchModuliDerivedFromTheCurveParameter()
    {
        assertEquals(P, KernelCompiler.FQ_MODULUS);
        assertEquals(R, KernelCompiler.FR_MODULUS);
        assertEquals(Fq.MODULUS, KernelCompiler.FQ_MODULUS);
        assertEquals(Fr.MODULUS, KernelCompiler.FR_MODULUS);
        for (final MontgomeryChains f : List.of(fq(), fr()))
        {
            final BigInteger product = f.modulus.multiply(BigInteger.valueOf(Integer.toUnsignedLong(f.mPrime())));
            assertEquals(BigInteger.ONE.shiftLeft(32).subtract(BigInteger.ONE),
                product.mod(BigInteger.ONE.shiftLeft(32)), f.name + ": p·m' ≡ −1 (mod 2^32)");
        }
    }

    @Test
    void shouldSquareWithFewerInstructionsThanMultiplying()
    {
        for (final MontgomeryChains f : List.of(fq(), fr()))
        {
            final CarryChainInterpreter mul = new CarryChainInterpreter();
            final String[] a = new String[f.words];
            for (int j = 0; j < f.words; j++)
            {
                a[j] = mul.input(j);
            }
            f.mul(mul, a, a);
            final CarryChainInterpreter sq = new CarryChainInterpreter();
            for (int j = 0; j < f.words; j++)
            {
                a[j] = sq.input(j);
            }
            f.square(sq, a);
            assertTrue(sq.instructions < mul.instructions, f.name + ": " + sq.instructions + " vs " + mul.instructions);
            final CarryChainInterpreter evenOdd = new CarryChainInterpreter();
            for (int j = 0; j < f.words; j++)
            {
                a[j] = evenOdd.input(j);
            }
            f.mulEvenOdd(evenOdd, a, a);
            System.out.println(f.name + " carry-chain PTX instructions: mul " + mul.instructions + ", even/odd mul "
                + evenOdd.instructions + ", square " + sq.instructions);
        }
    }

    @Test
    void shouldMatchBigIntegerWhenMultiplyingAddingAndSubtractingFq()
    {
        check(fq(), 400);
    }

    @Test
    void shouldMatchBigIntegerWhenMultiplyingAddingAndSubtractingFr()
    {
        check(fr(), 400);
    }

    @Test
    void shouldAgreeBitForBitWithFieldArithWhenMultiplyingAddingAndSubtracting()
    {
        final Random rnd = new Random(System.nanoTime());
        for (int i = 0; i < 200; i++)
        {
            final long[] a = Fq.random(rnd);
            final long[] b = i % 10 == 0 ? Fq.zero() : i % 10 == 1 ? Fq.one() : Fq.random(rnd);
            final long[] r = new long[6];
            Fq.mul(r, a, b);
            assertEquals(Fq.toBigInteger(r), fromLimbs(run(fq(), "mul", toBig(a), toBig(b))), "Fq mul");
            assertEquals(Fq.toBigInteger(r), fromLimbs(run(fq(), "mulEvenOdd", toBig(a), toBig(b))), "Fq even/odd mul");
            Fq.add(r, a, b);
            assertEquals(Fq.toBigInteger(r), fromLimbs(run(fq(), "add", toBig(a), toBig(b))), "Fq add");
            Fq.square(r, a);
            assertEquals(Fq.toBigInteger(r), fromLimbs(run(fq(), "square", toBig(a), toBig(a))), "Fq square");
            Fq.sub(r, a, b);
            assertEquals(Fq.toBigInteger(r), fromLimbs(run(fq(), "sub", toBig(a), toBig(b))), "Fq sub");
            final long[] x = Fr.random(rnd);
            final long[] y = i % 10 == 0 ? Fr.zero() : Fr.random(rnd);
            final long[] s = new long[4];
            Fr.mul(s, x, y);
            assertEquals(Fr.toBigInteger(s), frFromLimbs(run(fr(), "mul", toBig(x), toBig(y))), "Fr mul");
            assertEquals(Fr.toBigInteger(s), frFromLimbs(run(fr(), "mulEvenOdd", toBig(x), toBig(y))),
                "Fr even/odd mul");
            Fr.square(s, x);
            assertEquals(Fr.toBigInteger(s), frFromLimbs(run(fr(), "square", toBig(x), toBig(x))), "Fr square");
            Fr.sub(s, x, y);
            assertEquals(Fr.toBigInteger(s), frFromLimbs(run(fr(), "sub", toBig(x), toBig(y))), "Fr sub");
        }
    }

    /** The raw limbs as an integer (Montgomery form, as stored). */
    private static BigInteger toBig(final long[] limbs)
    {
        BigInteger v = BigInteger.ZERO;
        for (int i = limbs.length - 1; i >= 0; i--)
        {
            v = v.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(limbs[i])));
        }
        return v;
    }

    private static BigInteger fromLimbs(final BigInteger raw)
    {
        final long[] limbs = new long[6];
        for (int i = 0; i < 6; i++)
        {
            limbs[i] = raw.shiftRight(64 * i).longValue();
        }
        return Fq.toBigInteger(limbs);
    }

    private static BigInteger frFromLimbs(final BigInteger raw)
    {
        final long[] limbs = new long[4];
        for (int i = 0; i < 4; i++)
        {
            limbs[i] = raw.shiftRight(64 * i).longValue();
        }
        return Fr.toBigInteger(limbs);
    }

    private static MontgomeryChains fq()
    {
        return new MontgomeryChains(FieldDescription.FQ);
    }

    private static MontgomeryChains fr()
    {
        return new MontgomeryChains(FieldDescription.FR);
    }

    private static void check(final MontgomeryChains f, final int randomCount)
    {
        final long seed = System.nanoTime();
        final Random rnd = new Random(seed);
        final List<BigInteger> values = new ArrayList<>();
        final BigInteger p = f.modulus;
        final BigInteger rMont = BigInteger.ONE.shiftLeft(32 * f.words);
        for (final BigInteger v : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, p.subtract(
            BigInteger.ONE), p.subtract(BigInteger.TWO), rMont.mod(p), p.shiftRight(1), p.shiftRight(1).add(
            BigInteger.ONE), BigInteger.ONE.shiftLeft(32 * f.words - 64).subtract(BigInteger.ONE)})
        {
            values.add(v.mod(p));
        }
        for (int i = 0; i < randomCount; i++)
        {
            values.add(new BigInteger(p.bitLength() + 8, rnd).mod(p));
        }
        final BigInteger rInv = rMont.modInverse(p);
        for (int i = 0; i < values.size(); i++)
        {
            final BigInteger a = values.get(i);
            final BigInteger b = values.get((i * 7 + 3) % values.size());
            final String what = f.name + " a=" + a.toString(16) + " b=" + b.toString(16) + " (seed " + seed + ")";
            assertEquals(a.multiply(b).multiply(rInv).mod(p), run(f, "mul", a, b), "mul " + what);
            assertEquals(a.multiply(b).multiply(rInv).mod(p), run(f, "mulEvenOdd", a, b), "even/odd mul " + what);
            assertEquals(a.add(b).mod(p), run(f, "add", a, b), "add " + what);
            assertEquals(a.subtract(b).mod(p), run(f, "sub", a, b), "sub " + what);
            assertEquals(a.multiply(a).multiply(rInv).mod(p), run(f, "mul", a, a), "mul a·a " + what);
            assertEquals(a.multiply(a).multiply(rInv).mod(p), run(f, "square", a, a), "square " + what);
        }
    }

    private static BigInteger run(final MontgomeryChains f, final String op, final BigInteger a, final BigInteger b)
    {
        final CarryChainInterpreter in = new CarryChainInterpreter();
        final String[] aw = new String[f.words];
        final String[] bw = new String[f.words];
        for (int j = 0; j < f.words; j++)
        {
            aw[j] = in.input(a.shiftRight(32 * j).intValue());
            bw[j] = in.input(b.shiftRight(32 * j).intValue());
        }
        final String[] r = switch (op)
        {
            case "mul" -> f.mul(in, aw, bw);
            case "mulEvenOdd" -> f.mulEvenOdd(in, aw, bw);
            case "square" -> f.square(in, aw);
            case "add" -> f.add(in, aw, bw);
            default -> f.sub(in, aw, bw);
        };
        BigInteger v = BigInteger.ZERO;
        for (int j = f.words - 1; j >= 0; j--)
        {
            v = v.shiftLeft(32).add(BigInteger.valueOf(Integer.toUnsignedLong(in.value(r[j]))));
        }
        return v;
    }
}
