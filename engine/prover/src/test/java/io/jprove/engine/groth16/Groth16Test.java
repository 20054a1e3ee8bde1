package io.jprove.engine.groth16;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jprove.engine.circuits.PoseidonChain;
import io.jprove.engine.cpu.CpuProverBackend;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.r1cs.UnsatisfiedConstraintException;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.InvalidEncodingException;

class Groth16Test
{
    private static final int HASHES = 2;
    private static ProvingKey pk;
    private static CpuProverBackend backend;

    @BeforeAll
    static void setUp()
    {
        try (ConstraintMatrices cs = RecordingAssignment.record(chain(1, 2)))
        {
            pk = Groth16Setup.generate(cs, new SplittableRandom(7), 2, SetupProgress.NONE);
        }
        backend = new CpuProverBackend(2);
    }

    @AfterAll
    static void tearDown()
    {
        pk.close();
        backend.close();
    }

    private static PoseidonChain chain(final long a, final long b)
    {
        return new PoseidonChain(HASHES, Fr.of(a), Fr.of(b));
    }

    private static Proof prove(final PoseidonChain circuit)
    {
        try (ProverInputs inputs = ProvingAssignment.synthesize(circuit))
        {
            return new Groth16Prover(pk, backend, new SplittableRandom(11)).prove(inputs);
        }
    }

    @Test
    void shouldVerifyWhenWitnessSatisfies()
    {
        final PoseidonChain circuit = chain(3, 4);
        final Proof proof = prove(circuit);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk());
        assertTrue(Groth16Verifier.verify(pvk, proof, circuit.publicDigest()));
        assertEquals(1023, pk.h().size());
    }

    @Test
    void shouldRejectWhenPublicInputDiffers()
    {
        final Proof proof = prove(chain(3, 4));
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk());
        assertFalse(Groth16Verifier.verify(pvk, proof, chain(3, 5).publicDigest()));
        assertThrows(IllegalArgumentException.class, () -> Groth16Verifier.verify(pvk, proof, new long[0]));
    }

    @Test
    void shouldRejectWhenProofPointChanged()
    {
        final PoseidonChain circuit = chain(5, 6);
        final Proof proof = prove(circuit);
        final long[] c = new long[G1.JACOBIAN_LIMBS];
        G1.dbl(c, 0, toJacobian(proof.c()), 0);
        final long[] c2 = new long[G1.AFFINE_LIMBS];
        G1.toAffine(c2, 0, c, 0);
        final Proof forged = new Proof(proof.a(), proof.b(), c2);
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk());
        assertFalse(Groth16Verifier.verify(pvk, forged, circuit.publicDigest()));
        final Proof swapped = new Proof(proof.c(), proof.b(), proof.a());
        assertFalse(Groth16Verifier.verify(pvk, swapped, circuit.publicDigest()));
    }

    @Test
    void shouldRoundTripProofBytesAndConcatenatePartitions()
    {
        final PoseidonChain first = chain(7, 8);
        final PoseidonChain second = chain(9, 10);
        final List<Proof> proofs;
        try (ProverInputs a = ProvingAssignment.synthesize(first);
             ProverInputs b = ProvingAssignment.synthesize(second))
        {
            proofs = new Groth16Prover(pk, backend).proveAll(List.of(a, b), new StepTimes());
        }
        final byte[] bytes = Proof.concat(proofs);
        assertEquals(2 * Proof.BYTES, bytes.length);
        final List<Proof> back = Proof.splitAll(bytes);
        assertEquals(proofs, back);
        assertArrayEquals(proofs.get(1).toBytes(), back.get(1).toBytes());
        final PreparedVerifyingKey pvk = new PreparedVerifyingKey(pk.vk());
        assertTrue(Groth16Verifier.verify(pvk, back.get(0), first.publicDigest()));
        assertTrue(Groth16Verifier.verify(pvk, back.get(1), second.publicDigest()));
        assertTrue(Groth16Verifier.verifyBatch(pvk, back, List.of(first.publicDigest(), second.publicDigest()),
            new SplittableRandom(1)));
        assertFalse(Groth16Verifier.verifyBatch(pvk, back, List.of(second.publicDigest(), first.publicDigest()),
            new SplittableRandom(1)));
        final byte[] corrupt = bytes.clone();
        corrupt[Proof.BYTES + 50] ^= 1;
        assertThrows(InvalidEncodingException.class, () -> Proof.splitAll(corrupt));
        assertThrows(InvalidEncodingException.class, () -> Proof.splitAll(new byte[Proof.BYTES + 1]));
    }

    @Test
    void shouldNameConstraintWhenWitnessUnsatisfied()
    {
        final PoseidonChain wrong = new PoseidonChain(HASHES, Fr.of(1), Fr.of(2), Fr.of(3));
        try (ProverInputs inputs = ProvingAssignment.synthesize(wrong))
        {
            final Groth16Prover prover = new Groth16Prover(pk, backend);
            final UnsatisfiedConstraintException e = assertThrows(UnsatisfiedConstraintException.class,
                () -> prover.prove(inputs));
            assertTrue(e.getMessage().contains("digest is public"), e.getMessage());
        }
    }

    @Test
    void shouldNotVerifyWhenWitnessUnsatisfiedButProvedAnyway()
    {
        final PoseidonChain wrong = new PoseidonChain(HASHES, Fr.of(1), Fr.of(2), Fr.of(3));
        try (ProverInputs inputs = ProvingAssignment.synthesize(wrong))
        {
            final Proof proof = new Groth16Prover(pk, backend).proveUnchecked(inputs);
            assertFalse(Groth16Verifier.verify(new PreparedVerifyingKey(pk.vk()), proof, Fr.of(3)));
        }
    }

    @Test
    void shouldRefuseSetupWhenAuxVariableIsUnconstrained()
    {
        final io.jprove.engine.r1cs.Circuit loose = cs ->
        {
            chain(1, 2).synthesize(cs);
            cs.alloc("loose", (r, o) -> Fr.copy(r, o, Fr.one(), 0));
        };
        try (ConstraintMatrices cs = RecordingAssignment.record(loose))
        {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Groth16Setup.generate(cs, new SplittableRandom(1), 2, SetupProgress.NONE));
            assertTrue(e.getMessage().contains("unconstrained"), e.getMessage());
        }
    }

    @Test
    void shouldRefuseParametersOfAnotherCircuit()
    {
        try (ProverInputs inputs = ProvingAssignment.synthesize(new PoseidonChain(1, Fr.of(1), Fr.of(2))))
        {
            final Groth16Prover prover = new Groth16Prover(pk, backend);
            final ParameterMismatchException e = assertThrows(ParameterMismatchException.class,
                () -> prover.prove(inputs));
            assertTrue(e.getMessage().contains("parameters"), e.getMessage());
        }
    }

    @Test
    void shouldVerifyWhenWitnessIsMostlyBits()
    {
        final BitsCircuit circuit = new BitsCircuit(700, 42);
        try (ConstraintMatrices cs = RecordingAssignment.record(circuit);
             ProvingKey bitsKey = Groth16Setup.generate(cs, new SplittableRandom(8), 2, SetupProgress.NONE);
             ProverInputs inputs = ProvingAssignment.synthesize(circuit))
        {
            final Proof proof = new Groth16Prover(bitsKey, backend).prove(inputs);
            final PreparedVerifyingKey pvk = new PreparedVerifyingKey(bitsKey.vk());
            assertTrue(Groth16Verifier.verify(pvk, proof, circuit.publicInputs()));
            final long[] other = circuit.publicInputs();
            Fr.add(other, Fr.LIMBS, other, Fr.LIMBS, Fr.one(), 0);
            assertFalse(Groth16Verifier.verify(pvk, proof, other));
        }
    }

    @Test
    void shouldMatchScalarTimesGeneratorWhenFixedBase()
    {
        final SplittableRandom rnd = new SplittableRandom(3);
        final int n = 700;
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared();
             java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2))
        {
            final io.jprove.field.FrVector scalars = io.jprove.field.FrVector.allocate(arena, n);
            scalars.set(1, Fr.one(), 0);
            final long[] minusOne = new long[Fr.LIMBS];
            Fr.neg(minusOne, 0, Fr.one(), 0);
            scalars.set(2, minusOne, 0);
            for (int i = 3; i < n; i++)
            {
                scalars.set(i, Fr.random(rnd), 0);
            }
            for (final GroupOps ops : new GroupOps[] {GroupOps.G1_OPS, GroupOps.G2_OPS})
            {
                final boolean g1 = ops == GroupOps.G1_OPS;
                final long[] base = g1 ? G1.generator() : io.jprove.field.G2.generator();
                final FixedBaseTable table = FixedBaseTable.build(ops, base, n, pool);
                final java.lang.foreign.MemorySegment out = arena.allocate((long)n * ops.affineLimbs() * 8);
                table.mulAll(scalars, 0, n, out, pool, k -> { });
                final long[] k = new long[Fr.LIMBS];
                final long[] jac = new long[ops.jacobianLimbs()];
                final long[] expected = new long[ops.affineLimbs()];
                final long[] actual = new long[ops.affineLimbs()];
                for (int i = 0; i < n; i += (i < 10 ? 1 : 37))
                {
                    scalars.get(i, k, 0);
                    if (g1)
                    {
                        G1.mul(jac, 0, base, 0, k, 0);
                    }
                    else
                    {
                        io.jprove.field.G2.mul(jac, 0, base, 0, k, 0);
                    }
                    ops.toAffine(expected, 0, jac, 0);
                    java.lang.foreign.MemorySegment.copy(out, java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED
                        .withOrder(java.nio.ByteOrder.LITTLE_ENDIAN), (long)i * ops.affineLimbs() * 8, actual, 0,
                        ops.affineLimbs());
                    assertArrayEquals(expected, actual, "point " + i + (g1 ? " G1" : " G2"));
                }
            }
        }
    }

    private static long[] toJacobian(final long[] affine)
    {
        final long[] j = new long[G1.JACOBIAN_LIMBS];
        G1.toJacobian(j, 0, affine, 0);
        return j;
    }
}
