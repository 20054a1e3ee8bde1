package io.jprove.engine.porep.vanilla;

/**
 * The inputs of the encoding key (rust-fil-proofs' {@code EncodingProof}): the last layer's labelling inputs, whose
 * label is the key that, added to the data node, gives the replica node.
 *
 * @param parents    the 37 parent labels, 32 bytes each
 * @param layerIndex the last layer (1-based), a u32
 * @param node       the node, a u64
 */
public record EncodingProof(byte[][] parents, long layerIndex, long node)
{
    /** @return the key these inputs give for {@code replicaId}. */
    public byte[] key(final byte[] replicaId)
    {
        return LabelingProof.labelOf(replicaId, layerIndex, node, parents);
    }
}
