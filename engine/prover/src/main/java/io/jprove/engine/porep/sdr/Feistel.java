package io.jprove.engine.porep.sdr;

import java.nio.charset.StandardCharsets;

import io.jprove.engine.gadgets.hash.Blake2b;
import io.jprove.engine.gadgets.hash.Sha256;

/**
 * The Feistel permutation that picks the SDR expander parents (storage-proofs-core {@code crypto/feistel.rs}):
 * three rounds over an index split into two halves of {@code h} bits, where {@code 4^h} is the smallest power of
 * four of at least 4 that is not below the domain size; indices that land outside the domain are encrypted again
 * (cycle walking) until they fall inside.
 * <p>
 * Round {@code i} maps {@code (L, R)} to {@code (R, L xor F(R, k_i))}, with {@code F(R, k)} the first eight bytes
 * (big-endian) of BLAKE2b-512(R u64 BE ‖ k u64 BE), masked to {@code h} bits. The keys are the first three of the
 * four little-endian u64 words of SHA-256("Filecoin_Feistel" ‖ porep id). Since {@code F} only sees {@code h} bits
 * of input, this class evaluates it once per possible {@code R} and round (at most 3·2^18 hashes for a 2^32-node
 * graph, on the first permutation) and permutes by table look-up. Thread-safe.
 */
final class Feistel
{
    /** Rounds of the network. */
    static final int ROUNDS = 3;
    private static final byte[] DOMAIN_TAG = "Filecoin_Feistel".getBytes(StandardCharsets.US_ASCII);

    private final long domain;
    private final int halfBits;
    private final long rightMask;
    private final long leftMask;
    private final long[] keys;
    /** F(R, k_i) for every R, round by round; computed on first use (up to 3·2^18 hashes), as names need only keys. */
    private volatile int[] rounds;

    /**
     * @param porepId 32 bytes
     * @param domain  the number of indices permuted (nodes × 8), at most 2^36
     */
    Feistel(final byte[] porepId, final long domain)
    {
        if (domain < 1 || domain > 1L << 36)
        {
            throw new IllegalArgumentException("Feistel domain " + domain + " outside [1, 2^36]");
        }
        this.domain = domain;
        this.keys = keys(porepId);
        long nextPow4 = 4;
        int log4 = 1;
        while (nextPow4 < domain)
        {
            nextPow4 *= 4;
            log4++;
        }
        this.halfBits = log4;
        this.rightMask = (1L << log4) - 1;
        this.leftMask = rightMask << log4;
    }

    private int[] rounds()
    {
        int[] table = rounds;
        if (table == null)
        {
            synchronized (this)
            {
                table = rounds;
                if (table == null)
                {
                    final int size = 1 << halfBits;
                    table = new int[ROUNDS * size];
                    for (int k = 0; k < ROUNDS; k++)
                    {
                        for (int right = 0; right < size; right++)
                        {
                            table[k * size + right] = (int)roundFunction(right, keys[k], rightMask);
                        }
                    }
                    rounds = table;
                }
            }
        }
        return table;
    }

    /** @return the four keys: SHA-256("Filecoin_Feistel" ‖ porep id) as u64 LE words (the fourth is unused) */
    static long[] keys(final byte[] porepId)
    {
        final byte[] tagged = new byte[DOMAIN_TAG.length + porepId.length];
        System.arraycopy(DOMAIN_TAG, 0, tagged, 0, DOMAIN_TAG.length);
        System.arraycopy(porepId, 0, tagged, DOMAIN_TAG.length, porepId.length);
        final byte[] digest = Sha256.digest(tagged);
        final long[] keys = new long[4];
        for (int k = 0; k < 4; k++)
        {
            long w = 0;
            for (int b = 7; b >= 0; b--)
            {
                w = w << 8 | digest[8 * k + b] & 0xffL;
            }
            keys[k] = w;
        }
        return keys;
    }

    /** @return {@code F(right, key)}: BLAKE2b-512 of both as u64 BE, its first eight bytes BE, masked */
    static long roundFunction(final long right, final long key, final long mask)
    {
        final byte[] data = new byte[16];
        for (int i = 0; i < 8; i++)
        {
            data[i] = (byte)(right >>> 56 - 8 * i);
            data[8 + i] = (byte)(key >>> 56 - 8 * i);
        }
        final byte[] hash = Blake2b.digest512(data);
        long r = 0;
        for (int i = 0; i < 8; i++)
        {
            r = r << 8 | hash[i] & 0xffL;
        }
        return r & mask;
    }

    /** @return the four keys (a copy) */
    long[] keys()
    {
        return keys.clone();
    }

    /** @return bits in each half of an index */
    int halfBits()
    {
        return halfBits;
    }

    /**
     * @param index an index in {@code [0, domain)}
     * @return its image, also in {@code [0, domain)}
     */
    long permute(final long index)
    {
        final int[] table = rounds();
        long u = encode(table, index);
        while (u >= domain)
        {
            u = encode(table, u);
        }
        return u;
    }

    private long encode(final int[] table, final long index)
    {
        long left = (index & leftMask) >>> halfBits;
        long right = index & rightMask;
        final int size = 1 << halfBits;
        for (int k = 0; k < ROUNDS; k++)
        {
            final long next = left ^ table[k * size + (int)right];
            left = right;
            right = next;
        }
        return left << halfBits | right;
    }
}
