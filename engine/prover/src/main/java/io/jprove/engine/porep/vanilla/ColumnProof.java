package io.jprove.engine.porep.vanilla;

import io.jprove.engine.porep.tree.MerkleProof;

/**
 * A column and its opening in tree C (rust-fil-proofs' {@code ColumnProof}): the inclusion proof's leaf is the
 * column's hash.
 *
 * @param column         the column
 * @param inclusionProof its path to comm_c
 */
public record ColumnProof(Column column, MerkleProof inclusionProof)
{
}
