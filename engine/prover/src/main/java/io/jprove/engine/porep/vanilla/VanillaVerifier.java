package io.jprove.engine.porep.vanilla;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.InvalidC1Exception;
import io.jprove.engine.porep.sdr.PorepChallenges;
import io.jprove.engine.porep.sdr.ReplicaId;
import io.jprove.engine.porep.sdr.StackedGraph;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.field.Fr;

/**
 * jprove's check of a C1 output's vanilla proofs: everything rust-fil-proofs' {@code verify_all_partitions} and
 * {@code Proof::verify} check, and what the C2 circuit will rely on besides, so that a C1 this accepts can be proved.
 * <ul>
 * <li>comm_d, comm_r and the seed are not zero; the proofs hold the seal proof's partitions and challenges;</li>
 * <li>per partition: comm_r = Poseidon(comm_c, comm_r_last) of its first challenge's roots, and every challenge has
 * the same comm_c and comm_r_last; the challenges are those the seal proof derives (interactive from the replica id,
 * seed and partition; synthetic and non-interactive ones as {@code PorepChallenges} derives them);</li>
 * <li>per challenge: the data node opens to comm_d and the replica node to comm_r_last at the challenge; the
 * challenge's and its 14 parents' columns (the graph's parents, in order) hash to leaves that open to comm_c at
 * their nodes; each layer's label is SHA-256 of its inputs and those inputs are the parents' labels from the columns
 * (DRG parents of this layer, expander parents of the previous one, repeated to 37) — the circuit recomputes them
 * from the columns, so the labelling proofs must agree; the encoding inputs are the last layer's, and the replica
 * node is the key plus the data node;</li>
 * <li>optionally, the replica id is the one the prover id, sector number, ticket, comm_d and porep id give (a C1
 * output does not carry the prover and sector, so only a caller who knows them can check it and the ticket).</li>
 * </ul>
 * The first failure, in file order, is one {@link InvalidC1Exception} naming the JSON path of the value that fails.
 */
public final class VanillaVerifier
{
    private static final int DEGREE = SdrLabel.BASE_DEGREE + SdrLabel.EXPANSION_DEGREE;

    private VanillaVerifier()
    {
    }

    /** The prover and sector a replica id was made for, when the caller knows them. */
    public record Identity(byte[] proverId, long sectorId)
    {
    }

    /**
     * Checks {@code c1}, challenges in parallel.
     *
     * @param identity the prover and sector, or null to leave the replica id (and so the ticket) unchecked
     * @throws InvalidC1Exception naming the first value that fails
     */
    public static void verify(final C1Output c1, final Identity identity)
    {
        final RegisteredSealProof proof = c1.registeredProof();
        nonZero(c1.commD(), "$.comm_d");
        nonZero(c1.commR(), "$.comm_r");
        nonZero(c1.seed(), "$.seed");
        if (identity != null)
        {
            final byte[] expected = ReplicaId.of(identity.proverId(), identity.sectorId(), c1.ticket(), c1.commD(),
                proof.porepId());
            if (!Arrays.equals(expected, c1.replicaId()))
            {
                throw new InvalidC1Exception("$.replica_id", "is not the replica id of sector " + identity.sectorId()
                    + ", this prover id, the ticket, comm_d and " + proof + "'s porep id");
            }
        }
        final String variant = "$.vanilla_proofs." + c1.variant();
        final List<List<ChallengeProof>> partitions = c1.vanillaProofs();
        if (partitions.size() != proof.partitions())
        {
            throw new InvalidC1Exception(variant, partitions.size() + " partitions; " + proof + " has "
                + proof.partitions());
        }
        final StackedGraph graph = StackedGraph.of(proof);
        for (int k = 0; k < partitions.size(); k++)
        {
            verifyPartition(c1, graph, k, variant + "[" + k + "]");
        }
    }

    private static void verifyPartition(final C1Output c1, final StackedGraph graph, final int k, final String at)
    {
        final RegisteredSealProof proof = c1.registeredProof();
        final List<ChallengeProof> proofs = c1.vanillaProofs().get(k);
        if (proofs.size() != proof.challengesPerPartition())
        {
            throw new InvalidC1Exception(at, proofs.size() + " challenge proofs; " + proof + " has "
                + proof.challengesPerPartition() + " per partition");
        }
        final byte[] commC = proofs.getFirst().replicaColumnProofs().cx().inclusionProof().root();
        final byte[] commRLast = proofs.getFirst().commRLastProof().root();
        final long[] challenges = PorepChallenges.of(proof, c1.replicaId(), c1.commR(), c1.seed(), k);
        final InvalidC1Exception failure = IntStream.range(0, proofs.size()).parallel()
            .mapToObj(i -> check(c1, graph, proofs.get(i), challenges[i], commC, commRLast, at + "[" + i + "]"))
            .filter(Objects::nonNull).findFirst().orElse(null);
        if (failure != null)
        {
            throw failure;
        }
        // after the openings, so that a root changed in the first challenge is named where it is, not here
        final byte[] commR = NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {commC, commRLast});
        if (!Arrays.equals(commR, c1.commR()))
        {
            throw new InvalidC1Exception("$.comm_r", "is not Poseidon(comm_c, comm_r_last) of the roots in " + at
                + "[0]");
        }
    }

    private static InvalidC1Exception check(final C1Output c1, final StackedGraph graph, final ChallengeProof p,
        final long challenge, final byte[] commC, final byte[] commRLast, final String at)
    {
        try
        {
            verifyChallenge(c1, graph, p, challenge, commC, commRLast, at);
            return null;
        }
        catch (final InvalidC1Exception e)
        {
            return e;
        }
    }

    private static void verifyChallenge(final C1Output c1, final StackedGraph graph, final ChallengeProof p,
        final long challenge, final byte[] commC, final byte[] commRLast, final String at)
    {
        opening(p.commDProofs(), TreeHasher.SHA256, challenge, c1.commD(), "comm_d", at + ".comm_d_proofs");
        final ReplicaColumnProof columns = p.replicaColumnProofs();
        column(columns.cx(), challenge, commC, at + ".replica_column_proofs.c_x");
        final int[] parents = new int[DEGREE];
        graph.parents(challenge, parents);
        for (int j = 0; j < SdrLabel.BASE_DEGREE; j++)
        {
            column(columns.drgParents().get(j), Integer.toUnsignedLong(parents[j]), commC,
                at + ".replica_column_proofs.drg_parents[" + j + "]");
        }
        for (int j = 0; j < SdrLabel.EXPANSION_DEGREE; j++)
        {
            column(columns.expParents().get(j), Integer.toUnsignedLong(parents[SdrLabel.BASE_DEGREE + j]), commC,
                at + ".replica_column_proofs.exp_parents[" + j + "]");
        }
        opening(p.commRLastProof(), TreeHasher.POSEIDON, challenge, commRLast, "comm_r_last of the first challenge",
            at + ".comm_r_last_proof");
        final int layers = c1.registeredProof().layers();
        for (int layer = 1; layer <= layers; layer++)
        {
            final String lp = at + ".labeling_proofs[" + (layer - 1) + "]";
            final LabelingProof labeling = p.labelingProofs().get(layer - 1);
            inputs(labeling.parents(), labeling.layerIndex(), labeling.node(), layer, challenge, columns, lp);
            if (!Arrays.equals(labeling.label(c1.replicaId()), columns.cx().column().row(layer)))
            {
                throw new InvalidC1Exception(lp, "the label of layer " + layer + " (row " + (layer - 1)
                    + " of c_x's column) is not SHA-256 of these inputs");
            }
        }
        final EncodingProof encoding = p.encodingProof();
        final String ep = at + ".encoding_proof";
        inputs(encoding.parents(), encoding.layerIndex(), encoding.node(), layers, challenge, columns, ep);
        final long[] key = new long[Fr.LIMBS];
        NodeHash.toLimbs(encoding.key(c1.replicaId()), key, 0);
        final long[] data = new long[Fr.LIMBS];
        NodeHash.toLimbs(p.commDProofs().leaf(), data, 0);
        Fr.add(key, 0, key, 0, data, 0);
        if (!Arrays.equals(NodeHash.toBytes(key, 0), p.commRLastProof().leaf()))
        {
            throw new InvalidC1Exception(at + ".comm_r_last_proof" + data(p.commRLastProof()) + ".leaf",
                "the replica node is not the encoding key plus the data node");
        }
    }

    /** Checks a labelling (or encoding) proof's header fields and that its parents are the columns' labels. */
    private static void inputs(final byte[][] parents, final long layerIndex, final long node, final int layer,
        final long challenge, final ReplicaColumnProof columns, final String at)
    {
        if (layerIndex != layer)
        {
            throw new InvalidC1Exception(at + ".layer_index", "is " + layerIndex + ", expected " + layer);
        }
        if (node != challenge)
        {
            throw new InvalidC1Exception(at + ".node", "is " + Long.toUnsignedString(node) + ", the challenge is "
                + challenge);
        }
        final int distinct = layer == 1 ? SdrLabel.BASE_DEGREE : DEGREE;
        for (int slot = 0; slot < parents.length; slot++)
        {
            final int j = slot % distinct;
            final boolean drg = j < SdrLabel.BASE_DEGREE;
            final ColumnProof source = drg ? columns.drgParents().get(j)
                : columns.expParents().get(j - SdrLabel.BASE_DEGREE);
            final byte[] expected = source.column().row(drg ? layer : layer - 1);
            if (!Arrays.equals(expected, parents[slot]))
            {
                throw new InvalidC1Exception(at + ".parents[" + slot + "]", "is not the label on layer "
                    + (drg ? layer : layer - 1) + " of " + (drg ? "DRG parent " + j : "expander parent "
                    + (j - SdrLabel.BASE_DEGREE)) + " (node " + source.column().index() + ") in the column proofs");
            }
        }
    }

    private static void column(final ColumnProof proof, final long node, final byte[] commC, final String at)
    {
        if (proof.column().index() != node)
        {
            throw new InvalidC1Exception(at + ".column.index", "is " + proof.column().index() + ", expected node "
                + node);
        }
        final byte[][] rows = proof.column().rows();
        final long[] limbs = new long[rows.length * Fr.LIMBS];
        for (int i = 0; i < rows.length; i++)
        {
            NodeHash.toLimbs(rows[i], limbs, i * Fr.LIMBS);
        }
        final long[] hash = new long[Fr.LIMBS];
        NodeHash.poseidon(rows.length).hash(hash, 0, limbs, 0);
        final String ip = at + ".inclusion_proof";
        if (!Arrays.equals(NodeHash.toBytes(hash, 0), proof.inclusionProof().leaf()))
        {
            throw new InvalidC1Exception(ip + data(proof.inclusionProof()) + ".leaf", "is not the hash of the "
                + "column");
        }
        opening(proof.inclusionProof(), TreeHasher.POSEIDON, node, commC, "comm_c of the first challenge", ip);
    }

    /** Checks that a proof opens at {@code node} to {@code root}. */
    private static void opening(final MerkleProof proof, final TreeHasher hasher, final long node, final byte[] root,
        final String rootName, final String at)
    {
        final String d = at + data(proof);
        if (proof.pathIndex() != node)
        {
            throw new InvalidC1Exception(d, "opens node " + proof.pathIndex() + ", expected " + node);
        }
        if (!Arrays.equals(proof.root(), root))
        {
            throw new InvalidC1Exception(d + ".root", "is not " + rootName);
        }
        if (!proof.opens(hasher))
        {
            throw new InvalidC1Exception(d, "the path from the leaf does not open to the root");
        }
    }

    private static String data(final MerkleProof proof)
    {
        return ".data." + proof.form().json();
    }

    private static void nonZero(final byte[] value, final String at)
    {
        for (final byte b : value)
        {
            if (b != 0)
            {
                return;
            }
        }
        throw new InvalidC1Exception(at, "is zero");
    }
}
