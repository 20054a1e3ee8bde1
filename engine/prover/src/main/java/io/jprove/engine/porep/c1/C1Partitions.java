package io.jprove.engine.porep.c1;

import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.ChallengeWitness;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.porep.SectorShape;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.porep.vanilla.ColumnProof;
import io.jprove.engine.porep.vanilla.VanillaVerifier;
import io.jprove.field.Fr;

/**
 * What C2 proves of a C1 output: one {@link PartitionWitness} per partition, as rust-fil-proofs fills its circuit
 * from the vanilla proofs ({@code stacked/circuit/params.rs}, {@code From<VanillaProof>}; {@code proof.rs}
 * {@code circuit()}): comm_r_last is the root of the first challenge's comm_r_last proof and comm_c the root of its
 * c_x column proof; per challenge the challenged node is its first labelling proof's node, the data leaf and path
 * are the comm_d proof's, the 6 DRG and 8 expander parents give their column indices, rows and paths, and the
 * comm_r_last and c_x proofs give the replica and column paths. The labelling and encoding proofs' values are not
 * taken: the circuit recomputes the labels from the parents' columns.
 * <p>
 * {@link #verified} runs {@link VanillaVerifier} first, so that a C1 output that would not prove is refused, with the
 * JSON path of what is wrong, before any proving work.
 */
public final class C1Partitions
{
    private C1Partitions()
    {
    }

    /**
     * @return every partition's witness, after the vanilla verifier accepted the C1 output.
     * @throws InvalidC1Exception naming the JSON path of the first value that fails
     */
    public static List<PartitionWitness> verified(final C1Output c1)
    {
        VanillaVerifier.verify(c1, null);
        final List<PartitionWitness> out = new ArrayList<>(c1.vanillaProofs().size());
        for (int k = 0; k < c1.vanillaProofs().size(); k++)
        {
            out.add(partition(c1, k));
        }
        return out;
    }

    /**
     * @return partition {@code k}'s witness, as the C1 output gives it (not verified: see {@link #verified}).
     * @throws InvalidC1Exception when a value is not a field element or a proof is not of the sector size's shape
     */
    public static PartitionWitness partition(final C1Output c1, final int k)
    {
        final SectorShape shape = c1.registeredProof().shape();
        final String at = "$.vanilla_proofs." + c1.variant() + "[" + k + "]";
        final List<ChallengeProof> proofs = c1.vanillaProofs().get(k);
        if (proofs.isEmpty())
        {
            throw new InvalidC1Exception(at, "no challenge proofs");
        }
        final ChallengeProof first = proofs.getFirst();
        final long[] commRLast = limbs(first.commRLastProof().root(), at + "[0].comm_r_last_proof.root");
        final long[] commC = limbs(first.replicaColumnProofs().cx().inclusionProof().root(),
            at + "[0].replica_column_proofs.c_x.inclusion_proof.root");
        final List<ChallengeWitness> challenges = new ArrayList<>(proofs.size());
        for (int i = 0; i < proofs.size(); i++)
        {
            challenges.add(challenge(shape, proofs.get(i), at + "[" + i + "]"));
        }
        try
        {
            return new PartitionWitness(shape, limbs(c1.replicaId(), "$.replica_id"), limbs(c1.commD(), "$.comm_d"),
                limbs(c1.commR(), "$.comm_r"), commRLast, commC, c1.seed().clone(), k, challenges);
        }
        catch (final IllegalArgumentException e)
        {
            throw new InvalidC1Exception(at, e.getMessage());
        }
    }

    private static ChallengeWitness challenge(final SectorShape shape, final ChallengeProof p, final String at)
    {
        final long node = p.labelingProofs().getFirst().node();
        final long[] dataLeaf = limbs(p.commDProofs().leaf(), at + ".comm_d_proofs.leaf");
        final long[] parents = new long[ChallengeWitness.PARENTS];
        final long[][] columns = new long[ChallengeWitness.PARENTS][];
        final MerklePath[] paths = new MerklePath[ChallengeWitness.PARENTS];
        for (int j = 0; j < ChallengeWitness.PARENTS; j++)
        {
            final boolean drg = j < SdrLabel.BASE_DEGREE;
            final ColumnProof column = drg ? p.replicaColumnProofs().drgParents().get(j)
                : p.replicaColumnProofs().expParents().get(j - SdrLabel.BASE_DEGREE);
            final String cp = at + ".replica_column_proofs." + (drg ? "drg_parents[" + j : "exp_parents["
                + (j - SdrLabel.BASE_DEGREE)) + "]";
            parents[j] = column.column().index();
            final byte[][] rows = column.column().rows();
            columns[j] = new long[rows.length * Fr.LIMBS];
            for (int r = 0; r < rows.length; r++)
            {
                final long[] row = limbs(rows[r], cp + ".column.rows[" + r + "]");
                System.arraycopy(row, 0, columns[j], r * Fr.LIMBS, Fr.LIMBS);
            }
            paths[j] = path(shape.replicaTree(), column.inclusionProof(), cp + ".inclusion_proof");
        }
        try
        {
            return new ChallengeWitness(node, dataLeaf, path(shape.dataTree(), p.commDProofs(), at + ".comm_d_proofs"),
                parents, columns, paths, path(shape.replicaTree(), p.commRLastProof(), at + ".comm_r_last_proof"),
                path(shape.replicaTree(), p.replicaColumnProofs().cx().inclusionProof(),
                    at + ".replica_column_proofs.c_x.inclusion_proof"));
        }
        catch (final IllegalArgumentException e)
        {
            throw new InvalidC1Exception(at, e.getMessage());
        }
    }

    /** @return a proof's path as the circuit takes it: the leaf index and each level's siblings as Fr limbs. */
    private static MerklePath path(final TreeShape shape, final MerkleProof proof, final String at)
    {
        final List<PathElement> elements = proof.path();
        final int[] arities = shape.levelArities();
        if (elements.size() != arities.length)
        {
            throw new InvalidC1Exception(at, elements.size() + " levels; the tree has " + arities.length);
        }
        final long[][] siblings = new long[arities.length][];
        for (int level = 0; level < arities.length; level++)
        {
            final byte[][] hashes = elements.get(level).hashes();
            if (hashes.length != arities[level] - 1)
            {
                throw new InvalidC1Exception(at, "level " + level + " has " + hashes.length + " siblings, the tree "
                    + (arities[level] - 1));
            }
            siblings[level] = new long[hashes.length * Fr.LIMBS];
            for (int i = 0; i < hashes.length; i++)
            {
                try
                {
                    NodeHash.toLimbs(hashes[i], siblings[level], i * Fr.LIMBS);
                }
                catch (final IllegalArgumentException e)
                {
                    throw new InvalidC1Exception(at + " level " + level + " sibling " + i, e.getMessage());
                }
            }
        }
        try
        {
            return new MerklePath(shape, proof.pathIndex(), siblings);
        }
        catch (final IllegalArgumentException e)
        {
            throw new InvalidC1Exception(at, e.getMessage());
        }
    }

    private static long[] limbs(final byte[] value, final String at)
    {
        final long[] out = new long[Fr.LIMBS];
        try
        {
            NodeHash.toLimbs(value, out, 0);
        }
        catch (final IllegalArgumentException e)
        {
            throw new InvalidC1Exception(at, e.getMessage());
        }
        return out;
    }
}
