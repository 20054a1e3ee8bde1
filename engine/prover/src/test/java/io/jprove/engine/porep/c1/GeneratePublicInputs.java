package io.jprove.engine.porep.c1;

import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.porep.sdr.PorepChallenges;
import io.jprove.engine.porep.sdr.StackedGraph;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.field.Fr;

/**
 * rust-fil-proofs' {@code StackedCompound::generate_public_inputs} for tests, from a C1 output's replica id,
 * commitments and seed and the graph, independently of the circuit's witness: replica id, comm_d, comm_r; per
 * challenge (derived from the replica id, seed and partition) the challenge, its 6 DRG and 8 expander parents, then
 * the challenge three more times.
 */
public final class GeneratePublicInputs
{
    private GeneratePublicInputs()
    {
    }

    /** @return partition k's public inputs, Fr limbs back to back, without ONE. */
    public static long[] of(final C1Output c1, final int k)
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
        return out;
    }
}
