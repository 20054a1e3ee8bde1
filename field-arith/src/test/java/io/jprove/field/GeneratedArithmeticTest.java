package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * What the field-law suite ({@link PrimeFieldTest}) does not reach in the generated limb code: halving in both fields,
 * the alternative multiplications (55-bit digits, product scanning), the offset-free squaring form, and the wide
 * product on the largest non-canonical operands it accepts.
 */
class GeneratedArithmeticTest
{
    @Test
    void shouldHalveLikeBigIntegerInBothFields()
    {
        for (final MontgomeryField f : new MontgomeryField[] {Fq.FIELD, Fr.FIELD})
        {
            final BigInteger m = f.modulus();
            final BigInteger half = BigInteger.TWO.modInverse(m);
            for (final BigInteger v : PrimeFieldTest.samples(m, 7))
            {
                final long[] a = new long[f.limbs()];
                f.fromBigInteger(v, a, 0);
                if (f.limbs() == Fq.LIMBS)
                {
                    FqMontgomery.halve(a, 0);
                }
                else
                {
                    FrMontgomery.halve(a, 0);
                }
                assertEquals(v.multiply(half).mod(m), f.toBigInteger(a, 0), f.name() + ": " + v + "/2");
            }
        }
    }

    @Test
    void shouldMultiplyLikeBigIntegerInTheAlternativeLayouts()
    {
        for (final MontgomeryField f : new MontgomeryField[] {Fq.FIELD, Fr.FIELD})
        {
            final BigInteger m = f.modulus();
            final BigInteger rInverse = BigInteger.ONE.shiftLeft(64 * f.limbs()).modInverse(m);
            final java.util.List<BigInteger> values = PrimeFieldTest.samples(m, 10);
            final long[] a = new long[f.limbs()];
            final long[] b = new long[f.limbs()];
            final long[] r = new long[f.limbs()];
            for (int i = 0; i < values.size(); i++)
            {
                // raw limbs (not Montgomery form) so that edge values reach the digits as they are
                final BigInteger x = values.get(i);
                final BigInteger y = values.get((i * 7 + 3) % values.size());
                Limbs.fromBigInteger(x, a, 0, f.limbs());
                Limbs.fromBigInteger(y, b, 0, f.limbs());
                final BigInteger expected = x.multiply(y).multiply(rInverse).mod(m);
                if (f.limbs() == Fq.LIMBS)
                {
                    FqMontgomery.mulSplit55(r, 0, a, 0, b, 0);
                }
                else
                {
                    FrMontgomery.mulSplit55(r, 0, a, 0, b, 0);
                }
                assertEquals(expected, Limbs.toBigInteger(r, 0, f.limbs()), f.name() + " split55: " + x + " · " + y);
                if (f.limbs() == Fq.LIMBS)
                {
                    FqMontgomery.mulProductScanning(r, 0, a, 0, b, 0);
                }
                else
                {
                    FrMontgomery.mulProductScanning(r, 0, a, 0, b, 0);
                }
                assertEquals(expected, Limbs.toBigInteger(r, 0, f.limbs()), f.name() + " scanning: " + x + " · " + y);
            }
        }
    }

    @Test
    void shouldSquareTheSameWithAndWithoutOffsets()
    {
        for (final BigInteger v : PrimeFieldTest.samples(Fq.MODULUS, 8))
        {
            final long[] a = Fq.of(v);
            final long[] withOffsets = new long[Fq.LIMBS];
            final long[] without = new long[Fq.LIMBS];
            Fq.square(withOffsets, 0, a, 0);
            Fq.square(without, a);
            assertArrayEquals(withOffsets, without);
            assertEquals(v.pow(2).mod(Fq.MODULUS), Fq.toBigInteger(without));
        }
        for (final BigInteger v : PrimeFieldTest.samples(Fr.MODULUS, 9))
        {
            final long[] a = Fr.of(v);
            final long[] without = new long[Fr.LIMBS];
            Fr.square(without, a);
            assertEquals(v.pow(2).mod(Fr.MODULUS), Fr.toBigInteger(without));
        }
    }

    @Test
    void shouldMultiplyAllOnesOperandsExactly()
    {
        // 2^384 − 1 is the largest six-limb value: every column sum and carry is at its maximum
        final long[] ones = new long[Fq.LIMBS];
        Arrays.fill(ones, -1L);
        final BigInteger max = BigInteger.ONE.shiftLeft(384).subtract(BigInteger.ONE);
        final long[] wide = new long[FqWide.LIMBS];
        FqWideProduct.mul(wide, 0, ones, 0, ones, 0);
        assertEquals(max.pow(2), FqWide.toBigInteger(wide, 0));
        final long[] p = new long[Fq.LIMBS];
        Limbs.fromBigInteger(Fq.MODULUS, p, 0, Fq.LIMBS);
        FqWideProduct.mul(wide, 0, ones, 0, p, 0);
        assertEquals(max.multiply(Fq.MODULUS), FqWide.toBigInteger(wide, 0));
    }

    @Test
    void shouldReduceTheLargestAcceptedWideValue()
    {
        // t = p·2^384 − 1 is the top of reduce's range; the result is t·2^−384 mod p, canonical
        final BigInteger t = Fq.MODULUS.shiftLeft(384).subtract(BigInteger.ONE);
        final long[] wide = new long[FqWide.LIMBS];
        Limbs.fromBigInteger(t, wide, 0, FqWide.LIMBS);
        final long[] r = new long[Fq.LIMBS];
        FqWideProduct.reduce(r, 0, wide, 0);
        final BigInteger expected = t.multiply(BigInteger.ONE.shiftLeft(384).modInverse(Fq.MODULUS)).mod(Fq.MODULUS);
        assertEquals(expected, Limbs.toBigInteger(r, 0, Fq.LIMBS));
    }
}
