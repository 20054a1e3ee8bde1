package io.jprove.engine.porep;

import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.engine.gadgets.hash.Sha256;

/**
 * The SDR labelling function as rust-fil-proofs computes it ({@code create_label}, {@code create_label_exp}).
 * <p>
 * The SHA-256 input is a 64-byte header, then (for every node but 0) {@value #TOTAL_PARENTS} parent labels of 32
 * bytes, 1,248 bytes in all (20 compressions with padding):
 * <pre>
 *   0        32         36              44            64                                   1248
 *   | replica id | layer u32 BE | node u64 BE | zeros | parent label × 37 (the parents, cycled) |
 * </pre>
 * The parents are the 6 base (DRG) parents on layer 1, and on later layers the 6 base parents (labels of this
 * layer) followed by the 8 expander parents (labels of the previous layer); the 37 slots repeat that list from its
 * start. Node 0 hashes the header alone. The digest is truncated to 254 bits ({@link Fr32#trim}).
 */
public final class SdrLabel
{
    /** Parent label slots in the hashed input. */
    public static final int TOTAL_PARENTS = 37;
    /** Base (DRG) parents per node. */
    public static final int BASE_DEGREE = 6;
    /** Expander parents per node on layers after the first. */
    public static final int EXPANSION_DEGREE = 8;
    /** Bytes in a label (a node). */
    public static final int NODE_BYTES = 32;
    /** Bytes of the header: replica id, then layer index and node index padded to 32 bytes. */
    public static final int HEADER_BYTES = 64;

    private SdrLabel()
    {
    }

    /**
     * @param replicaId    32 bytes
     * @param layer        the 1-based layer index
     * @param node         the node index
     * @param parentLabels the 6 (layer 1) or 14 (later layers) parent labels, 32 bytes each, base parents first
     * @return the 32-byte label, top two bits of byte 31 cleared
     */
    public static byte[] label(final byte[] replicaId, final int layer, final long node, final byte[][] parentLabels)
    {
        if (layer < 1)
        {
            throw new IllegalArgumentException("SDR layers are numbered from 1, got " + layer);
        }
        final int expected = layer == 1 ? BASE_DEGREE : BASE_DEGREE + EXPANSION_DEGREE;
        if (parentLabels.length != expected)
        {
            throw new IllegalArgumentException("SDR layer " + layer + " needs " + expected + " parent labels, got "
                + parentLabels.length);
        }
        final byte[] digest = node == 0
            ? Sha256.digest(header(replicaId, layer, node))
            : Sha256.digest(input(replicaId, layer, node, parentLabels));
        Fr32.trim(digest);
        return digest;
    }

    /** @return the 64-byte header: replica id ‖ layer (u32 BE) ‖ node (u64 BE) ‖ 20 zero bytes. */
    public static byte[] header(final byte[] replicaId, final int layer, final long node)
    {
        if (replicaId.length != NODE_BYTES)
        {
            throw new IllegalArgumentException("replica id must be 32 bytes, got " + replicaId.length);
        }
        final byte[] h = new byte[HEADER_BYTES];
        System.arraycopy(replicaId, 0, h, 0, NODE_BYTES);
        for (int i = 0; i < 4; i++)
        {
            h[32 + i] = (byte)(layer >>> (24 - 8 * i));
        }
        for (int i = 0; i < 8; i++)
        {
            h[36 + i] = (byte)(node >>> (56 - 8 * i));
        }
        return h;
    }

    /** @return the 1,248-byte hashed input of a node other than 0. */
    public static byte[] input(final byte[] replicaId, final int layer, final long node, final byte[][] parentLabels)
    {
        final byte[] in = new byte[HEADER_BYTES + TOTAL_PARENTS * NODE_BYTES];
        System.arraycopy(header(replicaId, layer, node), 0, in, 0, HEADER_BYTES);
        for (int k = 0; k < TOTAL_PARENTS; k++)
        {
            final byte[] parent = parentLabels[k % parentLabels.length];
            if (parent.length != NODE_BYTES)
            {
                throw new IllegalArgumentException("parent label " + k % parentLabels.length + " must be 32 bytes, got "
                    + parent.length);
            }
            System.arraycopy(parent, 0, in, HEADER_BYTES + k * NODE_BYTES, NODE_BYTES);
        }
        return in;
    }
}
