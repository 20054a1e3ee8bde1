package io.jprove.engine.porep.tree;

/**
 * Filecoin's fr32 padding of piece data (rust-fil-proofs' {@code fr32} crate): the data is read as one little-endian
 * bit stream (bit {@code j} of the input is bit {@code j mod 8} of byte {@code j / 8}) and cut into 254-bit units,
 * each written to its own 32-byte node with the two top bits zero, so that every node is below the BLS12-381 scalar
 * modulus. 127 unpadded bytes (4 · 254 bits) fill exactly 4 nodes, 128 padded bytes: a sector of S bytes holds
 * S · 127 / 128 bytes of data.
 */
public final class Fr32Padding
{
    /** Unpadded bytes in one block. */
    public static final int UNPADDED_BLOCK = 127;
    /** Padded bytes in one block. */
    public static final int PADDED_BLOCK = 128;

    private static final int NODE = 32;
    private static final int DATA_BITS = 254;

    private Fr32Padding()
    {
    }

    /** @return the unpadded size of {@code paddedBytes} (a multiple of 128). */
    public static long unpaddedSize(final long paddedBytes)
    {
        if (paddedBytes % PADDED_BLOCK != 0)
        {
            throw new IllegalArgumentException("a padded size is a multiple of 128 bytes, got " + paddedBytes);
        }
        return paddedBytes / PADDED_BLOCK * UNPADDED_BLOCK;
    }

    /**
     * Pads {@code unpadded} (a multiple of 127 bytes) into {@code padded} at {@code offset}.
     *
     * @throws IllegalArgumentException when the sizes do not match.
     */
    public static void pad(final byte[] unpadded, final byte[] padded, final int offset)
    {
        if (unpadded.length % UNPADDED_BLOCK != 0)
        {
            throw new IllegalArgumentException("fr32 padding takes whole 127-byte blocks, got " + unpadded.length
                + " bytes");
        }
        final int blocks = unpadded.length / UNPADDED_BLOCK;
        if (offset < 0 || (long)offset + (long)blocks * PADDED_BLOCK > padded.length)
        {
            throw new IllegalArgumentException(blocks * PADDED_BLOCK + " padded bytes do not fit at " + offset
                + " of " + padded.length);
        }
        for (int b = 0; b < blocks; b++)
        {
            padBlock(unpadded, b * UNPADDED_BLOCK, padded, offset + b * PADDED_BLOCK);
        }
    }

    /** @return {@code unpadded} (a multiple of 127 bytes) padded. */
    public static byte[] pad(final byte[] unpadded)
    {
        final byte[] padded = new byte[unpadded.length / UNPADDED_BLOCK * PADDED_BLOCK];
        pad(unpadded, padded, 0);
        return padded;
    }

    /**
     * @return the data of {@code padded} (a multiple of 128 bytes).
     * @throws IllegalArgumentException when a node's top two bits are set (not fr32 data).
     */
    public static byte[] unpad(final byte[] padded)
    {
        if (padded.length % PADDED_BLOCK != 0)
        {
            throw new IllegalArgumentException("fr32 unpadding takes whole 128-byte blocks, got " + padded.length
                + " bytes");
        }
        final int blocks = padded.length / PADDED_BLOCK;
        final byte[] out = new byte[blocks * UNPADDED_BLOCK];
        for (int b = 0; b < blocks; b++)
        {
            unpadBlock(padded, b * PADDED_BLOCK, out, b * UNPADDED_BLOCK);
        }
        return out;
    }

    private static void padBlock(final byte[] in, final int from, final byte[] out, final int to)
    {
        for (int node = 0; node < 4; node++)
        {
            final int bit0 = node * DATA_BITS;
            for (int k = 0; k < NODE; k++)
            {
                final int bit = bit0 + 8 * k;
                final int at = from + (bit >>> 3);
                final int shift = bit & 7;
                int v = (in[at] & 0xff) >>> shift;
                if (shift != 0 && (bit >>> 3) + 1 < UNPADDED_BLOCK)
                {
                    v |= (in[at + 1] & 0xff) << (8 - shift);
                }
                out[to + node * NODE + k] = (byte)(k == NODE - 1 ? v & 0x3f : v);
            }
        }
    }

    private static void unpadBlock(final byte[] in, final int from, final byte[] out, final int to)
    {
        for (int node = 0; node < 4; node++)
        {
            if ((in[from + node * NODE + NODE - 1] & 0xc0) != 0)
            {
                throw new IllegalArgumentException("byte " + (from + node * NODE + NODE - 1) + " has its top two "
                    + "bits set: not fr32-padded data");
            }
        }
        for (int k = 0; k < UNPADDED_BLOCK; k++)
        {
            int v = 0;
            for (int i = 0; i < 8; i++)
            {
                final int bit = 8 * k + i;
                final int node = bit / DATA_BITS;
                final int inNode = bit % DATA_BITS;
                v |= (in[from + node * NODE + (inNode >>> 3)] >>> (inNode & 7) & 1) << i;
            }
            out[to + k] = (byte)v;
        }
    }
}
