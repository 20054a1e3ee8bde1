package io.jprove.engine.groth16;

import java.math.BigInteger;

import io.jprove.field.Fr;
import io.jprove.field.ntt.EvaluationDomain;

/**
 * snarkjs's reduction ({@code groth16_prove.js}): a, b, c evaluated on the odd coset ω₂ₘ·⟨ωₘ⟩, where ω₂ₘ is
 * ffjavascript's primitive 2m-th root of unity; h = a·b − c there, m scalars, with no division: the zkey's H points
 * absorb the vanishing polynomial (on that coset Z = −2). Six NTTs.
 * <p>
 * ffjavascript's roots differ from jprove's: its 2^32-th root is 5^((r−1)/2^32), jprove's 7^((r−1)/2^32). Its m-th
 * root is jprove's ω^k for the odd k of {@link #ROOT_EXPONENT}, so snarkjs's point i is jprove's point k·i mod m. The
 * H chain here runs in jprove's order; whoever builds a, b, c (the zkey's witness map) and the key's h query (the
 * zkey's reader) permutes by i ↦ k·i once, on the way in.
 */
public final class SnarkjsReduction implements QapReduction
{
    /** The one instance: the reduction has no state. */
    public static final SnarkjsReduction INSTANCE = new SnarkjsReduction();

    /** ffjavascript's primitive 2^32-th root of unity of BLS12-381's r: 5^((r−1)/2^32), 5 the least non-residue. */
    public static final BigInteger ROOT_OF_UNITY = BigInteger.valueOf(5)
        .modPow(Fr.MODULUS.subtract(BigInteger.ONE).shiftRight(Fr.TWO_ADICITY), Fr.MODULUS);
    /** k with (jprove's 2^32-th root)^k = ffjavascript's; odd, so i ↦ k·i permutes every domain. */
    public static final long ROOT_EXPONENT = discreteLog();

    private SnarkjsReduction()
    {
    }

    @Override
    public String name()
    {
        return "snarkjs";
    }

    @Override
    public HChainSpec hChain(final EvaluationDomain domain)
    {
        if (domain.logSize() >= Fr.TWO_ADICITY)
        {
            throw new IllegalArgumentException("snarkjs's coset needs a 2m-th root of unity; none exists for m = 2^"
                + domain.logSize());
        }
        final BigInteger exponent = BigInteger.ONE.shiftLeft(Fr.TWO_ADICITY - domain.logSize() - 1);
        final long[] shift = Fr.of(ROOT_OF_UNITY.modPow(exponent, Fr.MODULUS));
        return new HChainSpec(domain, shift, Fr.one(), HChainSpec.Output.EVALUATIONS, domain.size());
    }

    @Override
    public long domainSizeOf(final long hQueryPoints)
    {
        return hQueryPoints;
    }

    /**
     * @param index snarkjs's index of a domain point.
     * @param m     the domain size.
     * @return jprove's index of the same point: k·index mod m.
     */
    public static long jproveIndex(final long index, final long m)
    {
        return (ROOT_EXPONENT * index) & (m - 1);
    }

    @Override
    public String toString()
    {
        return name();
    }

    /** The exponent k, by Pohlig–Hellman in the cyclic group of order 2^32: one bit per step. */
    private static long discreteLog()
    {
        final BigInteger r = Fr.MODULUS;
        final BigInteger ours = Fr.toBigInteger(Fr.rootOfUnity(Fr.TWO_ADICITY));
        final BigInteger oursInverse = ours.modInverse(r);
        long k = 0;
        for (int bit = 0; bit < Fr.TWO_ADICITY; bit++)
        {
            // (target·ours^(−k))^(2^(31 − bit)) is 1 exactly when bit `bit` of the remaining exponent is 0
            final BigInteger rest = ROOT_OF_UNITY.multiply(oursInverse.modPow(BigInteger.valueOf(k), r)).mod(r);
            if (!rest.modPow(BigInteger.ONE.shiftLeft(Fr.TWO_ADICITY - 1 - bit), r).equals(BigInteger.ONE))
            {
                k |= 1L << bit;
            }
        }
        if (!ours.modPow(BigInteger.valueOf(k), r).equals(ROOT_OF_UNITY))
        {
            throw new IllegalStateException("no k with ω^k = ffjavascript's root of unity");
        }
        return k;
    }
}
