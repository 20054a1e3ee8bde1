package io.jprove.engine.porep;

import io.jprove.engine.gadgets.merkle.MerklePath;

/**
 * What one challenge of a partition proof opens (rust-fil-proofs' circuit {@code Proof}): the data leaf and its path
 * in comm_d's tree; each of the 6 DRG and 8 expander parents' column (one label per layer) with its column hash's
 * path in comm_c's tree; the challenged node's own column (its labels, recomputed in the circuit), the path of the
 * encoded node in comm_r_last's tree and of the column hash in comm_c's.
 *
 * @param node          the challenged node
 * @param dataLeaf      the data node (Fr limbs)
 * @param dataPath      its path in the data tree
 * @param parents       6 DRG parents then 8 expander parents
 * @param parentColumns {@code parentColumns[p]}: the parent's labels, layer 1 first, 4 limbs each
 * @param parentPaths   the paths of the parents' column hashes in comm_c's tree
 * @param labels        the challenged node's labels, layer 1 first
 * @param replicaPath   the path of the encoded node in comm_r_last's tree
 * @param columnPath    the path of the challenged node's column hash in comm_c's tree
 */
public record ChallengeWitness(long node, long[] dataLeaf, MerklePath dataPath, long[] parents,
    long[][] parentColumns, MerklePath[] parentPaths, long[] labels, MerklePath replicaPath, MerklePath columnPath)
{
}
