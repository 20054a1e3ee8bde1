package io.jprove.engine.porep.vanilla;

/**
 * A column of the stacked labels (rust-fil-proofs' {@code Column}): node {@code index}'s label in every layer,
 * layer 1 first. Its hash (Poseidon of arity = layers) is the node's leaf in tree C. Arrays are held as given.
 *
 * @param index the node, a u32
 * @param rows  the labels, 32 little-endian bytes each, one per layer
 */
public record Column(long index, byte[][] rows)
{
    /** @return the label of {@code layer} (1-based). */
    public byte[] row(final int layer)
    {
        return rows[layer - 1];
    }
}
