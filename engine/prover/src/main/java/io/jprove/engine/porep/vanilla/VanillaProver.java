package io.jprove.engine.porep.vanilla;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.sdr.PorepChallenges;
import io.jprove.engine.porep.sdr.StackedGraph;

/**
 * Makes vanilla proofs as rust-fil-proofs' {@code prove_layers} does and the C1 output that holds them: per
 * challenge the opening in tree D, the columns of the node and its 6 DRG and 8 expander parents with their openings
 * in tree C, the opening in tree R_last, one labelling proof per layer whose 37 parents are the parents' labels
 * (DRG parents of the layer, expander parents of the one before, repeated), and the last layer's as the encoding
 * proof.
 */
public final class VanillaProver
{
    private static final int DEGREE = SdrLabel.BASE_DEGREE + SdrLabel.EXPANSION_DEGREE;

    private VanillaProver()
    {
    }

    /**
     * Commit phase 1: the vanilla proofs of every partition's challenges.
     *
     * @param proof     the seal proof
     * @param sector    the sealed sector's openings
     * @param replicaId the replica id
     * @param commD     comm_d
     * @param commR     comm_r
     * @param seed      the interactive randomness
     * @param ticket    the sealing ticket
     * @return the C1 output
     */
    public static C1Output commitPhase1(final RegisteredSealProof proof, final SectorOpenings sector,
        final byte[] replicaId, final byte[] commD, final byte[] commR, final byte[] seed, final byte[] ticket)
    {
        final StackedGraph graph = StackedGraph.of(proof);
        final List<List<ChallengeProof>> partitions = new ArrayList<>(proof.partitions());
        for (int k = 0; k < proof.partitions(); k++)
        {
            final long[] challenges = PorepChallenges.of(proof, replicaId, commR, seed, k);
            partitions.add(IntStream.range(0, challenges.length).parallel()
                .mapToObj(i -> prove(graph, proof.layers(), sector, challenges[i])).toList());
        }
        return new C1Output(proof, partitions, commR, commD, replicaId, seed, ticket);
    }

    /** @return the vanilla proof of one challenge. */
    public static ChallengeProof prove(final StackedGraph graph, final int layers, final SectorOpenings sector,
        final long challenge)
    {
        final int[] parents = new int[DEGREE];
        graph.parents(challenge, parents);
        final ColumnProof cx = columnProof(sector, challenge);
        final List<ColumnProof> drg = new ArrayList<>(SdrLabel.BASE_DEGREE);
        final List<ColumnProof> exp = new ArrayList<>(SdrLabel.EXPANSION_DEGREE);
        for (int j = 0; j < DEGREE; j++)
        {
            (j < SdrLabel.BASE_DEGREE ? drg : exp).add(columnProof(sector, Integer.toUnsignedLong(parents[j])));
        }
        final List<LabelingProof> labeling = new ArrayList<>(layers);
        for (int layer = 1; layer <= layers; layer++)
        {
            final int distinct = layer == 1 ? SdrLabel.BASE_DEGREE : DEGREE;
            final byte[][] inputs = new byte[SdrLabel.TOTAL_PARENTS][];
            for (int slot = 0; slot < inputs.length; slot++)
            {
                final int j = slot % distinct;
                inputs[slot] = j < SdrLabel.BASE_DEGREE ? drg.get(j).column().row(layer)
                    : exp.get(j - SdrLabel.BASE_DEGREE).column().row(layer - 1);
            }
            labeling.add(new LabelingProof(inputs, layer, challenge));
        }
        final LabelingProof last = labeling.getLast();
        return new ChallengeProof(sector.dataProof(challenge), sector.replicaProof(challenge),
            new ReplicaColumnProof(cx, drg, exp), labeling, new EncodingProof(last.parents(), last.layerIndex(),
                last.node()));
    }

    private static ColumnProof columnProof(final SectorOpenings sector, final long node)
    {
        return new ColumnProof(new Column(node, sector.column(node)), sector.columnProof(node));
    }
}
