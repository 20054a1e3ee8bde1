package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

/**
 * The H chain's one suite: for both reductions and sizes up to a bound, the device sequence against the CPU provers'
 * own steps — bellperson's (iNTT, coset NTT of a, b, c; (a·b − c)/Z; coset iNTT) and snarkjs's as jprove's zkey
 * prover does it (jprove's roots with the index permutation i ↦ k·i to snarkjs's, the odd-coset shift, a·b − c).
 */
final class HChainConformance
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    private HChainConformance()
    {
    }

    static Stream<DynamicTest> tests(final Supplier<Accelerator> accelerators, final int maxLog)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        for (int log = 1; log <= maxLog; log++)
        {
            final int n = log;
            tests.add(DynamicTest.dynamicTest("shouldMatchBellpersonsHWhenComputingOnTheDevice 2^" + n,
                () -> compare(accelerators, n, true)));
            tests.add(DynamicTest.dynamicTest("shouldMatchSnarkjsHWhenComputingOnTheDevice 2^" + n,
                () -> compare(accelerators, n, false)));
        }
        return tests.stream();
    }

    static void compare(final Supplier<Accelerator> accelerators, final int log, final boolean bellperson)
    {
        final long m = 1L << log;
        try (Accelerator accelerator = accelerators.get(); Arena arena = Arena.ofShared();
             HChain chain = bellperson ? HChain.bellperson(accelerator) : HChain.snarkjs(accelerator);
             DeviceMemory a = accelerator.allocate(m * Fr.BYTES); DeviceMemory b = accelerator.allocate(m * Fr.BYTES);
             DeviceMemory c = accelerator.allocate(m * Fr.BYTES))
        {
            final Random rnd = new Random(SEED + 13 * log + (bellperson ? 1 : 2));
            final FrVector[] inputs = {NttConformance.random(arena, m, rnd), NttConformance.random(arena, m, rnd),
                NttConformance.random(arena, m, rnd)};
            final DeviceMemory[] device = {a, b, c};
            for (int i = 0; i < 3; i++)
            {
                device[i].copyFrom(inputs[i].segment(), null);
            }
            chain.compute(a, b, c, log, null);
            final FrVector actual = FrVector.allocate(arena, m);
            a.copyTo(actual.segment(), null);
            final FrVector expected = bellperson ? bellpersonH(inputs, log, arena) : snarkjsH(inputs, log, arena);
            NttConformance.assertSame(expected, actual, (bellperson ? "bellperson" : "snarkjs") + " h of 2^" + log
                + " (seed " + (SEED + 13 * log + (bellperson ? 1 : 2)) + ")");
        }
    }

    /** Groth16Prover's steps. */
    static FrVector bellpersonH(final FrVector[] inputs, final int log, final Arena arena)
    {
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(log);
        try (Ntt ntt = new Ntt(1))
        {
            final FrVector[] v = copies(inputs, arena);
            for (final FrVector x : v)
            {
                ntt.inverse(x.segment(), domain);
                ntt.cosetForward(x.segment(), domain);
            }
            mulSub(v, domain.vanishingInverseOnCoset());
            ntt.cosetInverse(v[0].segment(), domain);
            return v[0];
        }
    }

    /** ZkeyProver's steps: permute to jprove's roots, iNTT, shift powers, NTT, a·b − c, permute back. */
    static FrVector snarkjsH(final FrVector[] inputs, final int log, final Arena arena)
    {
        final long m = 1L << log;
        final long k = rootExponent() & (m - 1);
        final EvaluationDomain domain = EvaluationDomain.ofLogSize(log);
        final long[] t = new long[Fr.LIMBS];
        final FrVector[] v = new FrVector[3];
        for (int j = 0; j < 3; j++)
        {
            v[j] = FrVector.allocate(arena, m);
            for (long i = 0; i < m; i++)
            {
                inputs[j].get(i, t, 0);
                v[j].set((k * i) & (m - 1), t, 0);
            }
        }
        final long[] shift = NttRoots.SNARKJS.root(log + 1);
        try (Ntt ntt = new Ntt(1))
        {
            for (final FrVector x : v)
            {
                ntt.inverse(x.segment(), domain);
                final long[] power = Fr.one();
                for (long i = 0; i < m; i++)
                {
                    x.get(i, t, 0);
                    Fr.mul(t, 0, t, 0, power, 0);
                    x.set(i, t, 0);
                    Fr.mul(power, 0, power, 0, shift, 0);
                }
                ntt.forward(x.segment(), domain);
            }
        }
        mulSub(v, null);
        final FrVector h = FrVector.allocate(arena, m);
        for (long i = 0; i < m; i++)
        {
            v[0].get((k * i) & (m - 1), t, 0);
            h.set(i, t, 0);
        }
        return h;
    }

    private static FrVector[] copies(final FrVector[] inputs, final Arena arena)
    {
        final FrVector[] v = new FrVector[inputs.length];
        for (int i = 0; i < inputs.length; i++)
        {
            v[i] = FrVector.allocate(arena, inputs[i].size());
            v[i].segment().copyFrom(inputs[i].segment());
        }
        return v;
    }

    private static void mulSub(final FrVector[] v, final long[] z)
    {
        final long[] x = new long[Fr.LIMBS];
        final long[] y = new long[Fr.LIMBS];
        for (long i = 0; i < v[0].size(); i++)
        {
            v[0].get(i, x, 0);
            v[1].get(i, y, 0);
            Fr.mul(x, 0, x, 0, y, 0);
            v[2].get(i, y, 0);
            Fr.sub(x, 0, x, 0, y, 0);
            if (z != null)
            {
                Fr.mul(x, 0, x, 0, z, 0);
            }
            v[0].set(i, x, 0);
        }
    }

    /** The k with (jprove's 2^32-th root)^k = snarkjs's, one bit per step (Pohlig–Hellman in a group of 2^32). */
    static long rootExponent()
    {
        final BigInteger r = Fr.MODULUS;
        final BigInteger ours = Fr.toBigInteger(NttRoots.JPROVE.rootOf2To32());
        final BigInteger theirs = Fr.toBigInteger(NttRoots.SNARKJS.rootOf2To32());
        final BigInteger oursInverse = ours.modInverse(r);
        long k = 0;
        for (int bit = 0; bit < Fr.TWO_ADICITY; bit++)
        {
            final BigInteger rest = theirs.multiply(oursInverse.modPow(BigInteger.valueOf(k), r)).mod(r);
            if (!rest.modPow(BigInteger.ONE.shiftLeft(Fr.TWO_ADICITY - 1 - bit), r).equals(BigInteger.ONE))
            {
                k |= 1L << bit;
            }
        }
        return k;
    }
}
