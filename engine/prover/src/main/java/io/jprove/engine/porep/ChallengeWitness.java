package io.jprove.engine.porep;

import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.field.Fr;

/**
 * What one challenge of a partition opens, as C2 consumes it (rust-fil-proofs' circuit {@code Proof}, filled from a
 * C1 output's vanilla proof): the data leaf and its path in comm_d's tree ({@code comm_d_proofs}); each of the 6 DRG
 * and 8 expander parents' column (one label per layer) with its path in comm_c's tree ({@code
 * replica_column_proofs.drg_parents}, {@code exp_parents}); the path of the encoded node in comm_r_last's tree
 * ({@code comm_r_last_proof}) and of the challenged node's column hash in comm_c's tree ({@code c_x}'s inclusion
 * proof). The challenged node's own labels are not a witness: the circuit recomputes them from the parents.
 *
 * @param node          the challenged node ({@code labeling_proofs[0].node})
 * @param dataLeaf      the data node (Fr limbs)
 * @param dataPath      its path in the data tree (binary SHA-256)
 * @param parents       the parents' node indices, 6 DRG then 8 expander (the columns' indices; public inputs)
 * @param parentColumns {@code parentColumns[p]}: the parent's labels, layer 1 first, 4 limbs each
 * @param parentPaths   the paths of the parents' column hashes in comm_c's tree
 * @param replicaPath   the path of the encoded node in comm_r_last's tree
 * @param columnPath    the path of the challenged node's column hash in comm_c's tree
 */
public record ChallengeWitness(long node, long[] dataLeaf, MerklePath dataPath, long[] parents,
    long[][] parentColumns, MerklePath[] parentPaths, MerklePath replicaPath, MerklePath columnPath)
{
    /** Parents per challenge: 6 DRG, then 8 expander. */
    public static final int PARENTS = SdrLabel.BASE_DEGREE + SdrLabel.EXPANSION_DEGREE;

    /**
     * Checks the record against a partition's shape: lengths, the trees each path belongs to, and that each path is
     * the one of its node (the challenge's for data, replica and column paths, the parent's for a parent path).
     *
     * @throws IllegalArgumentException naming what does not fit.
     */
    void check(final SectorShape shape, final int index)
    {
        final String at = "challenge " + index + ": ";
        require(node >= 0 && node < shape.nodes(), at + "node " + node + " outside [0, " + shape.nodes() + ")");
        require(dataLeaf.length == Fr.LIMBS, at + "data leaf of " + dataLeaf.length + " limbs");
        require(parents.length == PARENTS && parentColumns.length == PARENTS && parentPaths.length == PARENTS,
            at + "needs " + PARENTS + " parents, columns and paths, got " + parents.length + ", "
                + parentColumns.length + ", " + parentPaths.length);
        path(dataPath, shape, TreeHasher.SHA256, node, at + "data path");
        path(replicaPath, shape, TreeHasher.POSEIDON, node, at + "replica path");
        path(columnPath, shape, TreeHasher.POSEIDON, node, at + "column path");
        for (int p = 0; p < PARENTS; p++)
        {
            require(parentColumns[p].length == shape.layers() * Fr.LIMBS, at + "parent " + p + "'s column has "
                + parentColumns[p].length / Fr.LIMBS + " labels, the sector " + shape.layers() + " layers");
            path(parentPaths[p], shape, TreeHasher.POSEIDON, parents[p], at + "parent " + p + "'s path");
        }
    }

    private static void path(final MerklePath path, final SectorShape shape, final TreeHasher hasher,
        final long leaf, final String what)
    {
        require(path.shape().equals(hasher == TreeHasher.SHA256 ? shape.dataTree() : shape.replicaTree()),
            what + " is in a " + path.shape() + " tree");
        require(path.index() == leaf, what + " opens leaf " + path.index() + ", not " + leaf);
    }

    private static void require(final boolean condition, final String message)
    {
        if (!condition)
        {
            throw new IllegalArgumentException(message);
        }
    }
}
