package io.jprove.engine.gadgets.hash;

import java.util.Arrays;

/**
 * BLAKE2b (RFC 7693), keyed or not, with a digest of 1 to 64 bytes: what rust-fil-proofs' Feistel round function
 * ({@code blake2b_simd::blake2b}, 64-byte digest), its synthetic-challenge key derivation (keyed, 32-byte digest) and
 * the {@code digest} column of Filecoin's {@code parameters.json} (the first 16 bytes of the 64-byte digest of a
 * file) use.
 * <p>
 * Not thread-safe; {@link #digest()} ends an instance's use.
 */
public final class Blake2b
{
    /** Bytes in one block. */
    public static final int BLOCK_BYTES = 128;
    /** The longest digest, and the longest key, in bytes. */
    public static final int MAX_BYTES = 64;

    private static final long[] IV = {
        0x6a09e667f3bcc908L, 0xbb67ae8584caa73bL, 0x3c6ef372fe94f82bL, 0xa54ff53a5f1d36f1L,
        0x510e527fade682d1L, 0x9b05688c2b3e6c1fL, 0x1f83d9abfb41bd6bL, 0x5be0cd19137e2179L,
    };

    private static final byte[][] SIGMA = {
        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
        {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
        {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
        {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
        {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
        {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
        {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
        {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
        {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
        {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    };

    private static final int ROUNDS = 12;

    private final long[] h = new long[8];
    private final long[] v = new long[16];
    private final long[] m = new long[16];
    private final byte[] block = new byte[BLOCK_BYTES];
    private final int digestBytes;
    private int filled;
    private long countLow;
    private long countHigh;
    private boolean finished;

    /**
     * @param digestBytes the digest length, 1 to 64
     * @param key         the key, 0 to 64 bytes (empty for plain hashing)
     */
    public Blake2b(final int digestBytes, final byte[] key)
    {
        if (digestBytes < 1 || digestBytes > MAX_BYTES)
        {
            throw new IllegalArgumentException("BLAKE2b digests are 1 to 64 bytes, got " + digestBytes);
        }
        if (key.length > MAX_BYTES)
        {
            throw new IllegalArgumentException("BLAKE2b keys are at most 64 bytes, got " + key.length);
        }
        this.digestBytes = digestBytes;
        System.arraycopy(IV, 0, h, 0, 8);
        h[0] ^= 0x01010000L ^ (long)key.length << 8 ^ digestBytes;
        if (key.length > 0)
        {
            System.arraycopy(key, 0, block, 0, key.length);
            filled = BLOCK_BYTES;
        }
    }

    /** @return the 64-byte unkeyed BLAKE2b-512 digest of {@code message}. */
    public static byte[] digest512(final byte[] message)
    {
        return new Blake2b(MAX_BYTES, new byte[0]).update(message, 0, message.length).digest();
    }

    /**
     * Absorbs {@code length} bytes of {@code data} from {@code offset}.
     *
     * @return this
     */
    public Blake2b update(final byte[] data, final int offset, final int length)
    {
        if (finished)
        {
            throw new IllegalStateException("BLAKE2b instance already finished");
        }
        if (offset < 0 || length < 0 || offset + length > data.length)
        {
            throw new IndexOutOfBoundsException("bytes " + offset + "+" + length + " of " + data.length);
        }
        int at = offset;
        int left = length;
        while (left > 0)
        {
            // The last block is compressed only at the end, with the final flag: keep a full block buffered.
            if (filled == BLOCK_BYTES)
            {
                count(BLOCK_BYTES);
                compress(false);
                filled = 0;
            }
            final int take = Math.min(left, BLOCK_BYTES - filled);
            System.arraycopy(data, at, block, filled, take);
            filled += take;
            at += take;
            left -= take;
        }
        return this;
    }

    /** @return this */
    public Blake2b update(final byte[] data)
    {
        return update(data, 0, data.length);
    }

    /** @return the digest; the instance cannot be used afterwards. */
    public byte[] digest()
    {
        if (finished)
        {
            throw new IllegalStateException("BLAKE2b instance already finished");
        }
        finished = true;
        count(filled);
        Arrays.fill(block, filled, BLOCK_BYTES, (byte)0);
        compress(true);
        final byte[] out = new byte[digestBytes];
        for (int i = 0; i < digestBytes; i++)
        {
            out[i] = (byte)(h[i >>> 3] >>> 8 * (i & 7));
        }
        return out;
    }

    private void count(final int bytes)
    {
        countLow += bytes;
        if (Long.compareUnsigned(countLow, bytes) < 0)
        {
            countHigh++;
        }
    }

    private void compress(final boolean last)
    {
        for (int i = 0; i < 16; i++)
        {
            long w = 0;
            for (int b = 7; b >= 0; b--)
            {
                w = w << 8 | block[8 * i + b] & 0xffL;
            }
            m[i] = w;
        }
        System.arraycopy(h, 0, v, 0, 8);
        System.arraycopy(IV, 0, v, 8, 8);
        v[12] ^= countLow;
        v[13] ^= countHigh;
        if (last)
        {
            v[14] = ~v[14];
        }
        for (int r = 0; r < ROUNDS; r++)
        {
            final byte[] s = SIGMA[r % 10];
            mix(0, 4, 8, 12, m[s[0]], m[s[1]]);
            mix(1, 5, 9, 13, m[s[2]], m[s[3]]);
            mix(2, 6, 10, 14, m[s[4]], m[s[5]]);
            mix(3, 7, 11, 15, m[s[6]], m[s[7]]);
            mix(0, 5, 10, 15, m[s[8]], m[s[9]]);
            mix(1, 6, 11, 12, m[s[10]], m[s[11]]);
            mix(2, 7, 8, 13, m[s[12]], m[s[13]]);
            mix(3, 4, 9, 14, m[s[14]], m[s[15]]);
        }
        for (int i = 0; i < 8; i++)
        {
            h[i] ^= v[i] ^ v[i + 8];
        }
    }

    private void mix(final int a, final int b, final int c, final int d, final long x, final long y)
    {
        v[a] += v[b] + x;
        v[d] = Long.rotateRight(v[d] ^ v[a], 32);
        v[c] += v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 24);
        v[a] += v[b] + y;
        v[d] = Long.rotateRight(v[d] ^ v[a], 16);
        v[c] += v[d];
        v[b] = Long.rotateRight(v[b] ^ v[c], 63);
    }
}
