package io.jprove.engine.porep.sdr;

/**
 * The ChaCha20 keystream of RFC 8439 (32-bit block counter from 0, 96-bit nonce), as the RustCrypto {@code chacha20}
 * crate's {@code ChaCha20} gives it: what rust-fil-proofs draws synthetic challenges from. {@link #seek} moves to a
 * byte position, as {@code try_seek} does.
 */
final class ChaCha20Stream
{
    private static final int DOUBLE_ROUNDS = 10;
    private static final int BLOCK_BYTES = 64;

    private final int[] state;
    private final int[] words = new int[ChaCha.WORDS];
    private long position;
    private long blockInWords = -1;

    /**
     * @param key   32 bytes
     * @param nonce 12 bytes
     */
    ChaCha20Stream(final byte[] key, final byte[] nonce)
    {
        if (nonce.length != 12)
        {
            throw new IllegalArgumentException("a ChaCha20 nonce is 12 bytes, got " + nonce.length);
        }
        this.state = ChaCha.initialState(key);
        for (int i = 0; i < 3; i++)
        {
            state[13 + i] = ChaCha.littleEndianInt(nonce, 4 * i);
        }
    }

    /** Moves to byte {@code bytePosition} of the keystream (below 2^38, the 32-bit counter's reach). */
    void seek(final long bytePosition)
    {
        if (bytePosition < 0 || bytePosition >= (long)BLOCK_BYTES << 32)
        {
            throw new IllegalArgumentException("keystream position " + bytePosition + " outside [0, 2^38)");
        }
        position = bytePosition;
    }

    /** Fills {@code out} with the next keystream bytes. */
    void keystream(final byte[] out)
    {
        for (int i = 0; i < out.length; i++)
        {
            final long block = position / BLOCK_BYTES;
            if (block != blockInWords)
            {
                state[12] = (int)block;
                ChaCha.block(state, DOUBLE_ROUNDS, words);
                blockInWords = block;
            }
            final int at = (int)(position % BLOCK_BYTES);
            out[i] = (byte)(words[at >>> 2] >>> 8 * (at & 3));
            position++;
        }
    }
}
