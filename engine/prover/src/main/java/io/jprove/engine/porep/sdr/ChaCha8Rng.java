package io.jprove.engine.porep.sdr;

/**
 * rand_chacha 0.3's {@code ChaCha8Rng} as rust-fil-proofs' DRG draws from it: {@code from_seed} takes the 32-byte
 * seed as the key, block counter and stream 0 (state words 12–13 the counter, 14–15 the stream), and the generator
 * yields the blocks' words in order.
 * <p>
 * rand_core's {@code BlockRng::next_u64} reads two consecutive words, low then high, even across a refill of its
 * four-block buffer, so the draws form one continuous word stream; this class computes a block only when the
 * stream reaches it (a DRG node needs 20 words, two of the four blocks rand_chacha computes at once).
 */
final class ChaCha8Rng
{
    private static final int DOUBLE_ROUNDS = 4;

    private final int[] state;
    private final int[] words = new int[ChaCha.WORDS];
    private int index = ChaCha.WORDS;

    /** @param seed 32 bytes */
    ChaCha8Rng(final byte[] seed)
    {
        this.state = ChaCha.initialState(seed);
    }

    /** @return the next word */
    int nextU32()
    {
        if (index == ChaCha.WORDS)
        {
            ChaCha.block(state, DOUBLE_ROUNDS, words);
            if (++state[12] == 0)
            {
                state[13]++;
            }
            index = 0;
        }
        return words[index++];
    }

    /** @return the next two words, the first as the low half: {@code rng.gen::<u64>()} */
    long nextU64()
    {
        final long low = nextU32() & 0xffffffffL;
        return low | (long)nextU32() << 32;
    }
}
