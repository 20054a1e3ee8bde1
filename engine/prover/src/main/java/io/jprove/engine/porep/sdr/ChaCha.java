package io.jprove.engine.porep.sdr;

/**
 * The ChaCha block function (Bernstein; RFC 8439 §2.3) with a chosen number of double rounds: 4 for ChaCha8, which
 * seeds the DRG parents ({@link ChaCha8Rng}), 10 for ChaCha20, which draws synthetic challenges ({@link
 * ChaCha20Stream}).
 * <p>
 * The state is 16 words: the constant "expand 32-byte k", the 256-bit key as eight little-endian words, then four
 * words of block counter and nonce whose split the caller chooses (rand_chacha: 64-bit counter, 64-bit stream;
 * RFC 8439: 32-bit counter, 96-bit nonce).
 */
final class ChaCha
{
    /** Words in a state and in a block of output. */
    static final int WORDS = 16;

    private ChaCha()
    {
    }

    /**
     * @param key 32 bytes
     * @return a state with the constants and the key, counter and nonce words zero
     */
    static int[] initialState(final byte[] key)
    {
        if (key.length != 32)
        {
            throw new IllegalArgumentException("a ChaCha key is 32 bytes, got " + key.length);
        }
        final int[] state = new int[WORDS];
        state[0] = 0x61707865;
        state[1] = 0x3320646e;
        state[2] = 0x79622d32;
        state[3] = 0x6b206574;
        for (int i = 0; i < 8; i++)
        {
            state[4 + i] = littleEndianInt(key, 4 * i);
        }
        return state;
    }

    /**
     * Computes one block: {@code doubleRounds} column-then-diagonal rounds over a copy of {@code state}, then the
     * state added word by word.
     *
     * @param state        16 words, not changed
     * @param doubleRounds 4 for ChaCha8, 10 for ChaCha20
     * @param out          16 words of output, not {@code state}
     */
    static void block(final int[] state, final int doubleRounds, final int[] out)
    {
        System.arraycopy(state, 0, out, 0, WORDS);
        for (int r = 0; r < doubleRounds; r++)
        {
            quarterRound(out, 0, 4, 8, 12);
            quarterRound(out, 1, 5, 9, 13);
            quarterRound(out, 2, 6, 10, 14);
            quarterRound(out, 3, 7, 11, 15);
            quarterRound(out, 0, 5, 10, 15);
            quarterRound(out, 1, 6, 11, 12);
            quarterRound(out, 2, 7, 8, 13);
            quarterRound(out, 3, 4, 9, 14);
        }
        for (int i = 0; i < WORDS; i++)
        {
            out[i] += state[i];
        }
    }

    private static void quarterRound(final int[] x, final int a, final int b, final int c, final int d)
    {
        x[a] += x[b];
        x[d] = Integer.rotateLeft(x[d] ^ x[a], 16);
        x[c] += x[d];
        x[b] = Integer.rotateLeft(x[b] ^ x[c], 12);
        x[a] += x[b];
        x[d] = Integer.rotateLeft(x[d] ^ x[a], 8);
        x[c] += x[d];
        x[b] = Integer.rotateLeft(x[b] ^ x[c], 7);
    }

    /** @return the little-endian int at {@code offset}. */
    static int littleEndianInt(final byte[] bytes, final int offset)
    {
        return bytes[offset] & 0xff | (bytes[offset + 1] & 0xff) << 8 | (bytes[offset + 2] & 0xff) << 16
            | (bytes[offset + 3] & 0xff) << 24;
    }
}
