package io.jprove.field;

import java.math.BigInteger;

/**
 * One prime field in Montgomery form, as everything that writes its limb-level code reads it: its
 * {@link io.jprove.field.generator.MontgomerySchedule} is lowered to the Java of {@code FqMontgomery},
 * {@code FrMontgomery} and {@code FqWideProduct} (by the generator in this module's test tree) and to the GPU kernel
 * compiler's PTX carry chains. Only the name, the modulus and the limb count are given; R, −p⁻¹ and R² are derived
 * here, so no constant is written twice.
 *
 * @param name    the field's class name, {@code Fq} or {@code Fr}.
 * @param modulus the odd prime p.
 * @param limbs   64-bit limbs per element; R = 2^(64·limbs).
 */
public record FieldDescription(String name, BigInteger modulus, int limbs)
{
    /** The BLS12-381 base field: p = (x₀ − 1)²·r/3 + x₀ (381 bits) on six limbs. */
    public static final FieldDescription FQ = new FieldDescription("Fq", new BigInteger(
        "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16), 6);

    /** The BLS12-381 scalar field: r = x₀⁴ − x₀² + 1 (255 bits) on four limbs. */
    public static final FieldDescription FR = new FieldDescription("Fr", new BigInteger(
        "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16), 4);

    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    /**
     * Checks what the generated code relies on: an odd modulus whose top limb is below 2^63 − 1. That spare bit is
     * what lets CIOS drop its final carry word (gnark-crypto's observation), keeps sums of two elements within the
     * limbs, and bounds every Montgomery result below 2p, so one conditional subtraction finishes it.
     */
    public FieldDescription
    {
        if (!modulus.testBit(0) || modulus.signum() <= 0)
        {
            throw new IllegalArgumentException(name + ": the modulus must be odd and positive");
        }
        if (modulus.shiftRight(64 * (limbs - 1)).compareTo(BigInteger.valueOf(Long.MAX_VALUE - 1)) >= 0)
        {
            throw new IllegalArgumentException(name + ": the modulus' top limb must be below 2^63 - 1");
        }
    }

    /** @return R = 2^(64·limbs). */
    public BigInteger r()
    {
        return BigInteger.ONE.shiftLeft(64 * limbs);
    }

    /** @return R² mod p: Montgomery-multiplying a canonical value by it gives its Montgomery form. */
    public BigInteger rSquared()
    {
        return r().multiply(r()).mod(modulus);
    }

    /** @return limb {@code i} of p (least significant first). */
    public long modulusLimb(final int i)
    {
        return modulus.shiftRight(64 * i).longValue();
    }

    /** @return −p⁻¹ mod 2^64, the Montgomery factor of a 64-bit limb. */
    public long inverse64()
    {
        return TWO_TO_64.subtract(modulus.modInverse(TWO_TO_64)).longValue();
    }

    /** @return −p⁻¹ mod 2^32, the Montgomery factor of a 32-bit word (the GPU's). */
    public int inverse32()
    {
        return (int)inverse64();
    }
}
