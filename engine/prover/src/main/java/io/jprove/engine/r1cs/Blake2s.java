package io.jprove.engine.r1cs;

/**
 * BLAKE2s-256 without a key (RFC 7693), streaming: the hash bellpepper's {@code TestConstraintSystem::hash()} takes of
 * a constraint system ({@link R1csFingerprint}). Not thread-safe; one instance per digest.
 */
public final class Blake2s
{
    /** Bytes of the digest. */
    public static final int DIGEST_BYTES = 32;
    private static final int BLOCK_BYTES = 64;
    private static final int[] IV = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
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

    private final int[] h = new int[8];
    private final int[] m = new int[16];
    private final int[] v = new int[16];
    private final byte[] buffer = new byte[BLOCK_BYTES];
    private int buffered;
    /** Bytes compressed so far (the counter t, 64 bits). */
    private long counter;

    /** A fresh digest. */
    public Blake2s()
    {
        System.arraycopy(IV, 0, h, 0, 8);
        // parameter block: digest length 32, key length 0, fanout 1, depth 1
        h[0] ^= 0x01010000 | DIGEST_BYTES;
    }

    /** Absorbs {@code len} bytes of {@code in} from {@code off}. */
    public void update(final byte[] in, final int off, final int len)
    {
        int at = off;
        int left = len;
        while (left > 0)
        {
            // the last block is compressed only at finish, with the final flag: keep a full buffer until more comes
            if (buffered == BLOCK_BYTES)
            {
                counter += BLOCK_BYTES;
                compress(buffer, 0, false);
                buffered = 0;
            }
            final int n = Math.min(left, BLOCK_BYTES - buffered);
            System.arraycopy(in, at, buffer, buffered, n);
            buffered += n;
            at += n;
            left -= n;
        }
    }

    /** Absorbs all of {@code in}. */
    public void update(final byte[] in)
    {
        update(in, 0, in.length);
    }

    /** @return the 32-byte digest; the instance must not be used afterwards. */
    public byte[] finish()
    {
        counter += buffered;
        java.util.Arrays.fill(buffer, buffered, BLOCK_BYTES, (byte)0);
        compress(buffer, 0, true);
        final byte[] out = new byte[DIGEST_BYTES];
        for (int i = 0; i < DIGEST_BYTES; i++)
        {
            out[i] = (byte)(h[i >>> 2] >>> (8 * (i & 3)));
        }
        return out;
    }

    private void compress(final byte[] block, final int off, final boolean last)
    {
        for (int i = 0; i < 16; i++)
        {
            final int b = off + 4 * i;
            m[i] = block[b] & 0xff | (block[b + 1] & 0xff) << 8 | (block[b + 2] & 0xff) << 16 | block[b + 3] << 24;
        }
        System.arraycopy(h, 0, v, 0, 8);
        System.arraycopy(IV, 0, v, 8, 8);
        v[12] ^= (int)counter;
        v[13] ^= (int)(counter >>> 32);
        if (last)
        {
            v[14] = ~v[14];
        }
        for (int round = 0; round < 10; round++)
        {
            final byte[] s = SIGMA[round];
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

    private void mix(final int a, final int b, final int c, final int d, final int x, final int y)
    {
        v[a] += v[b] + x;
        v[d] = Integer.rotateRight(v[d] ^ v[a], 16);
        v[c] += v[d];
        v[b] = Integer.rotateRight(v[b] ^ v[c], 12);
        v[a] += v[b] + y;
        v[d] = Integer.rotateRight(v[d] ^ v[a], 8);
        v[c] += v[d];
        v[b] = Integer.rotateRight(v[b] ^ v[c], 7);
    }
}
