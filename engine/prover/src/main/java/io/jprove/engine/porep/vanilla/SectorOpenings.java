package io.jprove.engine.porep.vanilla;

import io.jprove.engine.porep.tree.MerkleProof;

/**
 * What a sealed sector gives to open a challenge: the openings of its three trees and the stacked labels of a node.
 * A sector sealed whole and a sparse sector (only the challenged columns real) both answer these.
 */
public interface SectorOpenings
{
    /** @return the opening of data node {@code node} in tree D (root comm_d). */
    MerkleProof dataProof(long node);

    /** @return the opening of replica node {@code node} in tree R_last (root comm_r_last). */
    MerkleProof replicaProof(long node);

    /** @return the opening of column {@code node} in tree C (root comm_c). */
    MerkleProof columnProof(long node);

    /** @return node {@code node}'s label on every layer, layer 1 first, 32 bytes each. */
    byte[][] column(long node);
}
