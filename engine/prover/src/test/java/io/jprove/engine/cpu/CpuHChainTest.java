package io.jprove.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.BellpersonReduction;
import io.jprove.engine.groth16.HChainSpec;
import io.jprove.engine.groth16.QapReduction;
import io.jprove.engine.groth16.SnarkjsReduction;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;

/**
 * The H chain's contract ({@link HChainSpec}) checked against polynomial arithmetic in BigInteger: a, b are random
 * evaluations on ⟨ω⟩ and c = a·b there, so A·B − C vanishes on ⟨ω⟩ and is H·Z. For bellperson's reduction the chain's
 * output must be H's coefficients (A(x)B(x) − C(x) = H(x)(x^m − 1) at a random x); for snarkjs's, the evaluations
 * A·B − C at g·ω^i. A GPU H chain is held to the same two checks.
 */
class CpuHChainTest
{
    private static final BigInteger R = Fr.MODULUS;
    private static final int LOG = 5;
    private static final int M = 1 << LOG;

    /** @return the coefficients of the polynomial with these evaluations on ⟨ω⟩, by the inverse DFT in BigInteger. */
    private static BigInteger[] interpolate(final BigInteger[] evaluations, final BigInteger omega)
    {
        final BigInteger omegaInverse = omega.modInverse(R);
        final BigInteger mInverse = BigInteger.valueOf(M).modInverse(R);
        final BigInteger[] out = new BigInteger[M];
        for (int j = 0; j < M; j++)
        {
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < M; i++)
            {
                sum = sum.add(evaluations[i].multiply(omegaInverse.modPow(BigInteger.valueOf((long)i * j), R)));
            }
            out[j] = sum.multiply(mInverse).mod(R);
        }
        return out;
    }

    private static BigInteger eval(final BigInteger[] coefficients, final BigInteger x)
    {
        BigInteger acc = BigInteger.ZERO;
        for (int j = coefficients.length - 1; j >= 0; j--)
        {
            acc = acc.multiply(x).add(coefficients[j]).mod(R);
        }
        return acc;
    }

    private record Case(BigInteger[] a, BigInteger[] b, BigInteger[] c, BigInteger[] h)
    {
    }

    private static Case run(final QapReduction reduction, final long seed)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(LOG);
        final HChainSpec spec = reduction.hChain(domain);
        try (Arena arena = Arena.ofShared(); Ntt ntt = new Ntt(2))
        {
            final FrVector a = FrVector.allocate(arena, M);
            final FrVector b = FrVector.allocate(arena, M);
            final FrVector c = FrVector.allocate(arena, M);
            final BigInteger[][] abc = {new BigInteger[M], new BigInteger[M], new BigInteger[M]};
            final long[] x = new long[Fr.LIMBS];
            for (int i = 0; i < M; i++)
            {
                // the last rows are zero, like a partition's padding
                final boolean pad = i >= M - 3;
                final long[] ai = pad ? new long[Fr.LIMBS] : Fr.random(rnd);
                final long[] bi = pad ? new long[Fr.LIMBS] : Fr.random(rnd);
                Fr.mul(x, 0, ai, 0, bi, 0);
                a.set(i, ai, 0);
                b.set(i, bi, 0);
                c.set(i, x, 0);
                abc[0][i] = Fr.toBigInteger(ai);
                abc[1][i] = Fr.toBigInteger(bi);
                abc[2][i] = Fr.toBigInteger(x);
            }
            new CpuHChain(ntt).compute(a, b, c, spec, BackendListener.NONE);
            final BigInteger[] h = new BigInteger[(int)spec.scalarCount()];
            for (int i = 0; i < h.length; i++)
            {
                a.get(i, x, 0);
                h[i] = Fr.toBigInteger(x);
            }
            return new Case(abc[0], abc[1], abc[2], h);
        }
    }

    @Test
    void shouldYieldTheQuotientsCoefficientsWhenTheReductionIsBellpersons()
    {
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(LOG);
        final BigInteger omega = Fr.toBigInteger(domain.omega());
        final Case k = run(BellpersonReduction.INSTANCE, 1);
        assertEquals(M - 1, k.h().length);
        final BigInteger[] pa = interpolate(k.a(), omega);
        final BigInteger[] pb = interpolate(k.b(), omega);
        final BigInteger[] pc = interpolate(k.c(), omega);
        final SplittableRandom rnd = new SplittableRandom(2);
        for (int t = 0; t < 3; t++)
        {
            final BigInteger x = Fr.toBigInteger(Fr.random(rnd));
            final BigInteger lhs = eval(pa, x).multiply(eval(pb, x)).subtract(eval(pc, x)).mod(R);
            final BigInteger z = x.modPow(BigInteger.valueOf(M), R).subtract(BigInteger.ONE).mod(R);
            assertEquals(lhs, eval(k.h(), x).multiply(z).mod(R), "A·B − C = H·Z at a random point");
        }
    }

    @Test
    void shouldYieldEvaluationsOnTheOddCosetWhenTheReductionIsSnarkjss()
    {
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(LOG);
        final BigInteger omega = Fr.toBigInteger(domain.omega());
        final HChainSpec spec = SnarkjsReduction.INSTANCE.hChain(domain);
        final BigInteger g = Fr.toBigInteger(spec.cosetShift());
        // g is a primitive 2m-th root: g^m = −1, so it lies outside ⟨ω⟩ and Z(g·ω^i) = −2
        assertEquals(R.subtract(BigInteger.ONE), g.modPow(BigInteger.valueOf(M), R));
        final Case k = run(SnarkjsReduction.INSTANCE, 3);
        assertEquals(M, k.h().length);
        final BigInteger[] pa = interpolate(k.a(), omega);
        final BigInteger[] pb = interpolate(k.b(), omega);
        final BigInteger[] pc = interpolate(k.c(), omega);
        for (int i = 0; i < M; i++)
        {
            final BigInteger x = g.multiply(omega.modPow(BigInteger.valueOf(i), R)).mod(R);
            assertEquals(eval(pa, x).multiply(eval(pb, x)).subtract(eval(pc, x)).mod(R), k.h()[i], "point " + i);
        }
    }
}
