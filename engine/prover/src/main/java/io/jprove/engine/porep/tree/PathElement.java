package io.jprove.engine.porep.tree;

/**
 * One level of a Filecoin inclusion path (storage-proofs' {@code PathElement}): the {@code arity − 1} siblings of the
 * node, in order, and the node's position among its parent's children; the parent is the hash of the siblings with
 * the node inserted at {@code index}. Arrays are held as given, not copied.
 *
 * @param hashes the siblings, 32 bytes each
 * @param index  the node's position, 0 to {@code hashes.length}
 */
public record PathElement(byte[][] hashes, long index)
{
    /** @return the arity of this level: the siblings and the node. */
    public int arity()
    {
        return hashes.length + 1;
    }

    /**
     * @return the parent of {@code node} at this level.
     * @throws IllegalArgumentException when the index is outside the level, or (Poseidon) a value is not a field
     *                                  element.
     */
    public byte[] parent(final io.jprove.engine.gadgets.merkle.TreeHasher hasher, final byte[] node)
    {
        if (index < 0 || index > hashes.length)
        {
            throw new IllegalArgumentException("index " + index + " outside a level of arity " + arity());
        }
        final byte[][] children = new byte[arity()][];
        final int at = (int)index;
        System.arraycopy(hashes, 0, children, 0, at);
        children[at] = node;
        System.arraycopy(hashes, at, children, at + 1, hashes.length - at);
        return NodeHash.hash(hasher, children);
    }
}
