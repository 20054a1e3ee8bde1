package io.jprove.engine.porep.vanilla;

import io.jprove.engine.porep.SdrLabel;
import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.gadgets.hash.Fr32;

/**
 * The inputs of one label (rust-fil-proofs' {@code LabelingProof}): the layer, the node and the 37 parent labels
 * the SHA-256 input holds (the layer's 6 or 14 parents repeated to 37). The label is SHA-256 of the 64-byte header
 * and the parents, truncated to 254 bits.
 *
 * @param parents    the 37 parent labels, 32 bytes each
 * @param layerIndex the layer (1-based), a u32
 * @param node       the node, a u64
 */
public record LabelingProof(byte[][] parents, long layerIndex, long node)
{
    /** @return the label these inputs give for {@code replicaId}. */
    public byte[] label(final byte[] replicaId)
    {
        return labelOf(replicaId, layerIndex, node, parents);
    }

    /** @return SHA-256 of the header ({@code replicaId}, layer u32 BE, node u64 BE, zeros) and the parents, trimmed. */
    static byte[] labelOf(final byte[] replicaId, final long layer, final long node, final byte[][] parents)
    {
        final byte[] in = new byte[SdrLabel.HEADER_BYTES + parents.length * SdrLabel.NODE_BYTES];
        System.arraycopy(SdrLabel.header(replicaId, (int)layer, node), 0, in, 0, SdrLabel.HEADER_BYTES);
        for (int k = 0; k < parents.length; k++)
        {
            System.arraycopy(parents[k], 0, in, SdrLabel.HEADER_BYTES + k * SdrLabel.NODE_BYTES, SdrLabel.NODE_BYTES);
        }
        final byte[] digest = Sha256.digest(in);
        Fr32.trim(digest);
        return digest;
    }
}
