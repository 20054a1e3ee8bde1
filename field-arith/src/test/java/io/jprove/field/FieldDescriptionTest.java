package io.jprove.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The field descriptions the limb code is generated from: their derived constants, recomputed independently. */
class FieldDescriptionTest
{
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger TWO_TO_32 = BigInteger.ONE.shiftLeft(32);

    @Test
    void shouldDeriveTheMontgomeryConstantsFromTheModulus()
    {
        for (final FieldDescription f : List.of(FieldDescription.FQ, FieldDescription.FR))
        {
            final BigInteger p = f.modulus();
            assertEquals(BigInteger.ONE.shiftLeft(64 * f.limbs()), f.r(), f.name());
            assertEquals(f.r().pow(2).mod(p), f.rSquared(), f.name());
            assertEquals(TWO_TO_64.subtract(BigInteger.ONE),
                p.multiply(new BigInteger(Long.toUnsignedString(f.inverse64()))).mod(TWO_TO_64),
                f.name() + ": p·INV ≡ −1 (mod 2^64)");
            assertEquals(TWO_TO_32.subtract(BigInteger.ONE),
                p.multiply(BigInteger.valueOf(Integer.toUnsignedLong(f.inverse32()))).mod(TWO_TO_32),
                f.name() + ": p·m' ≡ −1 (mod 2^32)");
            BigInteger back = BigInteger.ZERO;
            for (int i = f.limbs() - 1; i >= 0; i--)
            {
                back = back.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(f.modulusLimb(i))));
            }
            assertEquals(p, back, f.name() + ": the limbs spell p");
        }
    }

    @Test
    void shouldBeTheModuliOfTheFieldClasses()
    {
        assertEquals(Fq.MODULUS, FieldDescription.FQ.modulus());
        assertEquals(Fr.MODULUS, FieldDescription.FR.modulus());
        assertEquals(Fq.LIMBS, FieldDescription.FQ.limbs());
        assertEquals(Fr.LIMBS, FieldDescription.FR.limbs());
        assertEquals(FieldDescription.FQ.inverse64(), FqMontgomery.INV);
        assertEquals(FieldDescription.FR.inverse64(), FrMontgomery.INV);
        assertEquals(FieldDescription.FQ.modulusLimb(5), FqMontgomery.Q5);
        assertEquals(FieldDescription.FR.modulusLimb(3), FrMontgomery.Q3);
    }

    @Test
    void shouldRejectModuliTheGeneratedCodeCannotServe()
    {
        // 2^255 − 19 fills its top limb up to 2^63 − 1: CIOS would need its final carry word
        final BigInteger full = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
        assertThrows(IllegalArgumentException.class, () -> new FieldDescription("F", full, 4));
        // an even modulus has no Montgomery form
        assertThrows(IllegalArgumentException.class,
            () -> new FieldDescription("F", FieldDescription.FR.modulus().add(BigInteger.ONE), 4));
        // p on five limbs does not fit at all
        assertThrows(IllegalArgumentException.class, () -> new FieldDescription("F", FieldDescription.FQ.modulus(), 5));
    }
}
