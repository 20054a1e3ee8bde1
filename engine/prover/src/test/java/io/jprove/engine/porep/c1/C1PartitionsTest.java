package io.jprove.engine.porep.c1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.PorepCircuit;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;

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
            final long[] expected = GeneratePublicInputs.of(c1, k);
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
}
