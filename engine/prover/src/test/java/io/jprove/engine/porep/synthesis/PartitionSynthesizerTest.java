package io.jprove.engine.porep.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.foreign.MemorySegment;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.PorepWitness;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.seal.SparseSector;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.r1cs.ConstraintCounts;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.engine.r1cs.RecordingAssignment;
import io.jprove.engine.r1cs.CountingAssignment;
import io.jprove.engine.r1cs.Witness;
import io.jprove.engine.r1cs.WitnessAssignment;
import io.jprove.engine.r1cs.WitnessComparison;

/**
 * The native witness of a partition against the gadget synthesis's, value for value: random witnesses of small and
 * multi-level tree shapes (stored and compared byte for byte), and C1 outputs of sealed and sparse sectors
 * (compared as the circuit allocates, so that a 32 GiB partition needs only its own witness in memory).
 */
class PartitionSynthesizerTest
{
    @ParameterizedTest
    @ValueSource(strings = {"tiny", "2KiB", "porep_test_top_8_4_2"})
    void shouldWriteTheGadgetSynthesisWitnessByteForByte(final String name)
    {
        final SectorShape shape = name.startsWith("porep_test") ? SectorShape.testShape(name, 8, 4, 2)
            : SectorShape.preset(name);
        final PartitionWitness witness = PorepWitness.random(shape, 11);
        final PorepCircuit circuit = PorepCircuit.withWitness(witness);
        final PartitionSynthesizer synthesizer = PartitionSynthesizer.of(shape);
        final ConstraintCounts counts = CountingAssignment.count(circuit);
        assertEquals(counts.numAux(), synthesizer.numAux(), "aux variables");
        assertEquals(counts.numInputs(), synthesizer.numInputs(), "inputs");
        try (Witness reference = WitnessAssignment.synthesize(circuit, counts);
            Witness fast = Witness.allocate(counts))
        {
            final WitnessTimes times = new WitnessTimes();
            synthesizer.writeWitness(witness, fast, 3, times);
            assertSameBytes("inputs", reference.inputs().segment(), fast.inputMemory());
            assertSameBytes("aux", reference.aux().segment(), fast.auxMemory());
            assertEquals(shape.challenges() * shape.layers(), times.count(WitnessTask.LABEL));
        }
    }

    @Test
    void shouldMatchTheCircuitOnASealed2KiBC1()
    {
        assertMatchesCircuit(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1));
    }

    @Test
    void shouldGiveTheGadgetPathsABCAndDensitiesFromASealed2KiBC1()
    {
        final C1Output c1 = C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1);
        final PartitionWitness witness = C1Partitions.verified(c1).getFirst();
        final PorepCircuit circuit = PorepCircuit.withWitness(witness);
        try (ConstraintMatrices matrices = RecordingAssignment.record(new PorepCircuit(witness.shape(), 0));
            ProverInputs fast = PartitionSynthesizer.of(witness.shape()).synthesize(witness, matrices, 2, null);
            ProverInputs gadget = ProvingAssignment.synthesize(circuit, matrices.counts()))
        {
            fast.checkSatisfied();
            assertSameBytes("inputs", gadget.witness().inputs().segment(), fast.witness().inputs().segment());
            assertSameBytes("aux", gadget.witness().aux().segment(), fast.witness().aux().segment());
            assertSameBytes("a", gadget.a().segment(), fast.a().segment());
            assertSameBytes("b", gadget.b().segment(), fast.b().segment());
            assertSameBytes("c", gadget.c().segment(), fast.c().segment());
            assertEquals(gadget.aAuxDensity(), fast.aAuxDensity());
            assertEquals(gadget.bInputDensity(), fast.bInputDensity());
            assertEquals(gadget.bAuxDensity(), fast.bAuxDensity());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"StackedDrg8MiBV1", "StackedDrg512MiBV1_1"})
    void shouldMatchTheCircuitOnSparseC1s(final String proof)
    {
        assertMatchesCircuit(sparse(RegisteredSealProof.valueOf(proof)));
    }

    @Test
    @Tag("slow")
    void shouldMatchTheCircuitOnASealed8MiBC1()
    {
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg8MiBV1_1;
        final SplittableRandom rng = new SplittableRandom(8);
        final byte[] unpadded = new byte[(int)Fr32Padding.unpaddedSize(proof.sectorBytes())];
        rng.nextBytes(unpadded);
        final byte[] ticket = filled(4);
        final SealedSector s = SectorSealer.seal(proof, Fr32Padding.pad(unpadded), ProverId.ofMiner(1000), 3,
            ticket);
        assertMatchesCircuit(VanillaProver.commitPhase1(proof, s, s.replicaId(), s.commD(), s.commR(), filled(6),
            ticket));
    }

    @Test
    @Tag("slow")
    void shouldMatchTheCircuitOnASparse32GiBC1()
    {
        final C1Output c1 = sparse(RegisteredSealProof.StackedDrg32GiBV1_1);
        final PartitionWitness witness = C1Partitions.partition(c1, 3);
        assertMatches(witness);
    }

    /** Partition 0 of the C1 output (all of them for 2 KiB), natively and by the circuit. */
    private static void assertMatchesCircuit(final C1Output c1)
    {
        final int partitions = Math.min(2, c1.vanillaProofs().size());
        for (int k = 0; k < partitions; k++)
        {
            assertMatches(C1Partitions.verified(c1).get(k));
        }
    }

    private static void assertMatches(final PartitionWitness witness)
    {
        final PartitionSynthesizer synthesizer = PartitionSynthesizer.of(witness.shape());
        final ConstraintCounts counts = new ConstraintCounts(synthesizer.numInputs(), Math.toIntExact(synthesizer
            .numAux()), 0);
        try (Witness fast = Witness.allocate(counts))
        {
            synthesizer.writeWitness(witness, fast,
                Runtime.getRuntime().availableProcessors(), null);
            assertNull(WitnessComparison.compare(PorepCircuit.withWitness(witness), fast));
        }
    }

    static C1Output sparse(final RegisteredSealProof proof)
    {
        final byte[] ticket = filled(3);
        final byte[] seed = filled(5);
        final SparseSector s = SparseSector.make(proof, ProverId.ofMiner(1234), 55, ticket, seed,
            new SplittableRandom(5));
        return VanillaProver.commitPhase1(proof, s, s.replicaId(), s.commD(), s.commR(), seed, ticket);
    }

    static void assertSameBytes(final String what, final MemorySegment expected, final MemorySegment actual)
    {
        assertEquals(expected.byteSize(), actual.byteSize(), what + " length");
        final long at = expected.mismatch(actual);
        assertEquals(-1, at, what + ": first different element " + at / 32);
    }

    private static byte[] filled(final int b)
    {
        final byte[] out = new byte[32];
        java.util.Arrays.fill(out, (byte)b);
        return out;
    }
}
