package io.jprove.engine.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.groth16.CpuFixedBaseMultiplier;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.Groth16Prover;
import io.jprove.engine.groth16.Groth16Setup;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.GroupOps;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SetupPhases;
import io.jprove.engine.groth16.SetupProgress;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G2;

/**
 * The setup on a device ({@link GpuFixedBaseMultiplier}), one suite for every accelerator: its products are byte for
 * byte those of the CPU's {@code FixedBaseTable} for G1 and G2 (edge and random scalars, zero among them); a whole
 * setup with the same randomness gives the same key as the CPU setup, vector for vector, with the Lagrange basis's
 * inverse NTT on the device too; and a proof made with that key verifies.
 */
final class GpuSetupConformance
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    private GpuSetupConformance()
    {
    }

    /**
     * @param multipliers opens the device multiplier under test (the caller's accelerator inside).
     * @param largeCircuit a further circuit for the key comparison (null: the small ones only).
     * @param deviceNtt    whether the multiplier runs the inverse NTT (not where its kernels are Java).
     */
    static Stream<DynamicTest> tests(final Supplier<FixedBaseMultiplier> multipliers, final String largeCircuit,
        final boolean deviceNtt)
    {
        final Stream<DynamicTest> small = Stream.of(
            DynamicTest.dynamicTest("shouldWriteTheCpuBytesWhenMultiplyingG1", () -> products(multipliers,
                GroupOps.G1_OPS, 300)),
            DynamicTest.dynamicTest("shouldWriteTheCpuBytesWhenMultiplyingG2", () -> products(multipliers,
                GroupOps.G2_OPS, 40)),
            DynamicTest.dynamicTest("shouldMakeTheCpuKeyWhenTheRandomnessIsTheSame", () -> key(multipliers,
                new PoseidonChain(2, Fr.of(1), Fr.of(2)), new PoseidonChain(2, Fr.of(3), Fr.of(4)), deviceNtt)));
        if (largeCircuit == null)
        {
            return small;
        }
        final NamedCircuit named = NamedCircuit.of(largeCircuit);
        return Stream.concat(small, Stream.of(DynamicTest.dynamicTest("shouldMakeTheCpuKeyWhenTheCircuitIs "
            + largeCircuit, () -> key(multipliers, named.shape(), null, deviceNtt))));
    }

    private static void products(final Supplier<FixedBaseMultiplier> multipliers, final GroupOps group, final int n)
    {
        final long seed = SEED + n;
        final SplittableRandom rng = new SplittableRandom(seed);
        final BigInteger r = Fr.MODULUS;
        final BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, r.subtract(BigInteger.ONE),
            BigInteger.valueOf(1 << 20), BigInteger.ONE.shiftLeft(253)};
        try (Arena arena = Arena.ofShared(); FixedBaseMultiplier device = multipliers.get();
             CpuFixedBaseMultiplier cpu = new CpuFixedBaseMultiplier(2))
        {
            final FrVector scalars = FrVector.allocate(arena, n);
            for (int i = 0; i < n; i++)
            {
                scalars.set(i, i < edges.length ? Fr.of(edges[i]) : Fr.random(rng), 0);
            }
            final long[] base = group == GroupOps.G1_OPS ? G1.generator() : G2.generator();
            final long bytes = (long)n * group.affineLimbs() * Long.BYTES;
            final MemorySegment expected = arena.allocate(bytes, 8);
            final MemorySegment actual = arena.allocate(bytes, 8);
            actual.fill((byte)0x33);
            try (FixedBaseMultiplier.Products c = cpu.products(group, base, n);
                 FixedBaseMultiplier.Products d = device.products(group, base, n))
            {
                c.multiply(scalars, expected, p -> { });
                final long[] reported = new long[1];
                d.multiply(scalars, actual, p -> reported[0] += p);
                assertEquals(n, reported[0], "every product reported");
            }
            final long at = expected.mismatch(actual);
            assertEquals(-1, at, () -> "product " + at / (group.affineLimbs() * Long.BYTES) + " differs on "
                + device.device() + " (seed " + seed + ")");
            assertTrue(expected.asSlice(0, group.affineLimbs() * Long.BYTES).elements(
                java.lang.foreign.ValueLayout.JAVA_LONG).allMatch(s -> s.get(java.lang.foreign.ValueLayout.JAVA_LONG,
                0) == 0), "0·P is the all-zero infinity");
        }
    }

    /** The CPU's key and the device's from the same randomness are equal; a proof with the device's verifies. */
    private static void key(final Supplier<FixedBaseMultiplier> multipliers, final Circuit circuit,
        final PoseidonChain witness, final boolean deviceNtt)
    {
        final long seed = SEED + 5;
        try (ConstraintMatrices cs = RecordingAssignment.record(circuit);
             FixedBaseMultiplier device = multipliers.get())
        {
            final SetupPhases phases = new SetupPhases(SetupProgress.NONE);
            try (ProvingKey cpuKey = Groth16Setup.generate(cs, new SplittableRandom(seed), 2, SetupProgress.NONE);
                 ProvingKey deviceKey = Groth16Setup.generate(cs, new SplittableRandom(seed), 2, phases, device))
            {
                final String what = " on " + device.device() + " (seed " + seed + ")";
                assertVerifyingKeysEqual(cpuKey.vk(), deviceKey.vk(), what);
                assertEquals(-1, cpuKey.h().segment().mismatch(deviceKey.h().segment()), "h" + what);
                assertEquals(-1, cpuKey.l().segment().mismatch(deviceKey.l().segment()), "l" + what);
                assertEquals(-1, cpuKey.a().segment().mismatch(deviceKey.a().segment()), "a" + what);
                assertEquals(-1, cpuKey.bG1().segment().mismatch(deviceKey.bG1().segment()), "b_g1" + what);
                assertEquals(-1, cpuKey.bG2().segment().mismatch(deviceKey.bG2().segment()), "b_g2" + what);
                assertEquals(List.of("powers", "lagrange", "matrices", "scalars", "g1 table", "g1 products",
                    "g2 table", "g2 products"), phases.phases().stream().map(SetupPhases.Phase::name).toList());
                assertEquals(deviceNtt ? device.device() : "cpu (2 threads)", phases.phases().get(1).where(),
                    "where the inverse NTT ran");
                System.out.println("setup" + what + ": " + phases.summary());
                if (witness != null)
                {
                    assertProofVerifies(deviceKey, witness);
                }
            }
        }
    }

    private static void assertVerifyingKeysEqual(final VerifyingKey e, final VerifyingKey a, final String what)
    {
        assertArrayEquals(e.alphaG1(), a.alphaG1(), "alpha" + what);
        assertArrayEquals(e.betaG1(), a.betaG1(), "beta_g1" + what);
        assertArrayEquals(e.betaG2(), a.betaG2(), "beta_g2" + what);
        assertArrayEquals(e.gammaG2(), a.gammaG2(), "gamma" + what);
        assertArrayEquals(e.deltaG1(), a.deltaG1(), "delta_g1" + what);
        assertArrayEquals(e.deltaG2(), a.deltaG2(), "delta_g2" + what);
        assertArrayEquals(e.ic(), a.ic(), "ic" + what);
    }

    private static void assertProofVerifies(final ProvingKey key, final PoseidonChain circuit)
    {
        try (CpuProverBackend backend = new CpuProverBackend(2); ProverInputs inputs = ProvingAssignment.synthesize(
            circuit))
        {
            final Proof proof = new Groth16Prover(key, backend, new SplittableRandom(SEED)).prove(inputs);
            assertTrue(Groth16Verifier.verify(new PreparedVerifyingKey(key.vk()), proof, circuit.publicDigest()),
                "a proof with the device's key verifies");
        }
    }
}
