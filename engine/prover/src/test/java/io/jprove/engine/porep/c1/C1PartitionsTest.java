package io.jprove.engine.porep.c1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.sdr.PorepChallenges;
import io.jprove.engine.porep.sdr.StackedGraph;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.field.Fr;

/**
 * A sealed 2 KiB sector's C1 output as the circuit's witness: the circuit is satisfied, and its public inputs are
 * those {@code StackedCompound::generate_public_inputs} derives from the replica id, the commitments, the seed and
 * the graph (recomputed here, not read from the witness); a corrupted C1 is refused by the vanilla verifier first.
 */
class C1PartitionsTest
{
    @Test
    void shouldSatisfyTheCircuitWithGeneratePublicInputsOrder()
    {
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg2KiBV1_1;
        final C1Output c1 = C1Fixtures.sealed(proof);
        final List<PartitionWitness> partitions = C1Partitions.verified(c1);
        assertEquals(proof.partitions(), partitions.size());
        for (int k = 0; k < partitions.size(); k++)
        {
            final PartitionWitness w = partitions.get(k);
            final long[] expected = generatePublicInputs(c1, k);
            assertArrayEquals(expected, w.publicInputs());
            try (ProverInputs p = ProvingAssignment.synthesize(PorepCircuit.withWitness(w)))
            {
                p.checkSatisfied();
                assertArrayEquals(expected, p.witness().publicInputs());
            }
        }
    }

    @Test
    void shouldTakeCommRLastAndCommCFromTheFirstChallengesRoots()
    {
        final C1Output c1 = C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1);
        final PartitionWitness w = C1Partitions.partition(c1, 0);
        final ChallengeProof first = c1.vanillaProofs().getFirst().getFirst();
        assertArrayEquals(first.commRLastProof().root(), NodeHash.toBytes(w.commRLast(), 0));
        assertArrayEquals(first.replicaColumnProofs().cx().inclusionProof().root(), NodeHash.toBytes(w.commC(), 0));
        assertEquals(first.labelingProofs().getFirst().node(), w.challenges().getFirst().node());
    }

    @Test
    void shouldRefuseACorruptedC1NamingItsJsonPath()
    {
        final C1Output good = C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1);
        final byte[] json = C1JsonWriter.write(good);
        final String text = new String(json, java.nio.charset.StandardCharsets.UTF_8);
        // one number inside the first challenge's first DRG parent column row
        final int rows = text.indexOf("\"rows\":[[", text.indexOf("\"drg_parents\"")) + "\"rows\":[[".length();
        final int end = text.indexOf(',', rows);
        final int value = Integer.parseInt(text.substring(rows, end));
        final String bad = text.substring(0, rows) + ((value + 1) % 64) + text.substring(end);
        final C1Output corrupted = C1JsonReader.read(bad.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        final InvalidC1Exception e = assertThrows(InvalidC1Exception.class, () -> C1Partitions.verified(corrupted));
        assertEquals("$.vanilla_proofs.StackedDrg2KiBV1[0][0].replica_column_proofs.drg_parents[0].inclusion_proof"
            + ".data.Single.leaf", e.jsonPath());
    }

    /**
     * rust-fil-proofs' {@code StackedCompound::generate_public_inputs} for partition k: replica id, comm_d, comm_r;
     * per challenge (derived from the replica id, seed and k) the challenge, its 6 DRG and 8 expander parents (from
     * the graph), then the challenge three more times.
     */
    private static long[] generatePublicInputs(final C1Output c1, final int k)
    {
        final List<long[]> inputs = new ArrayList<>();
        inputs.add(limbs(c1.replicaId()));
        inputs.add(limbs(c1.commD()));
        inputs.add(limbs(c1.commR()));
        final StackedGraph graph = StackedGraph.of(c1.registeredProof());
        final int[] parents = new int[StackedGraph.DEGREE];
        for (final long c : PorepChallenges.of(c1.registeredProof(), c1.replicaId(), c1.commR(), c1.seed(), k))
        {
            inputs.add(Fr.of(c));
            graph.parents(c, parents);
            for (final int p : parents)
            {
                inputs.add(Fr.of(Integer.toUnsignedLong(p)));
            }
            for (int i = 0; i < 3; i++)
            {
                inputs.add(Fr.of(c));
            }
        }
        final long[] out = new long[inputs.size() * Fr.LIMBS];
        for (int i = 0; i < inputs.size(); i++)
        {
            System.arraycopy(inputs.get(i), 0, out, i * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }

    private static long[] limbs(final byte[] bytes)
    {
        final long[] out = new long[Fr.LIMBS];
        NodeHash.toLimbs(bytes, out, 0);
        return Arrays.copyOf(out, Fr.LIMBS);
    }
}
