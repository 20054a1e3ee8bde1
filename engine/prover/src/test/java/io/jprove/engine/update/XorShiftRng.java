package io.jprove.engine.update;

import java.math.BigInteger;

import io.jprove.field.Fr;

/**
 * rand_xorshift's {@code XorShiftRng} (the generator rust-fil-proofs' tests seed with {@code TEST_SEED}) and blstrs'
 * {@code Scalar::random} over it, to rebuild the values those tests draw.
 */
final class XorShiftRng
{
    /** storage-proofs-core's {@code TEST_SEED}. */
    static final byte[] TEST_SEED = {0x59, 0x62, (byte)0xbe, 0x5d, 0x76, 0x3d, 0x31, (byte)0x8d, 0x17, (byte)0xdb,
        0x37, 0x32, 0x54, 0x06, (byte)0xbc, (byte)0xe5};

    private int x;
    private int y;
    private int z;
    private int w;

    /** {@code XorShiftRng::from_seed}: the seed's four little-endian u32 words (never all zero here). */
    XorShiftRng(final byte[] seed)
    {
        x = word(seed, 0);
        y = word(seed, 4);
        z = word(seed, 8);
        w = word(seed, 12);
    }

    int nextU32()
    {
        final int t = x ^ x << 11;
        x = y;
        y = z;
        z = w;
        w = w ^ w >>> 19 ^ (t ^ t >>> 8);
        return w;
    }

    /** {@code next_u64_via_u32}: the first word low, the second high. */
    long nextU64()
    {
        final long lo = nextU32() & 0xffff_ffffL;
        final long hi = nextU32() & 0xffff_ffffL;
        return hi << 32 | lo;
    }

    /** blstrs {@code Scalar::random}: four u64 limbs, the top bit cleared, redrawn until below r. @return limbs. */
    long[] nextFr()
    {
        while (true)
        {
            BigInteger v = BigInteger.ZERO;
            final long[] raw = new long[4];
            for (int i = 0; i < 4; i++)
            {
                raw[i] = nextU64();
            }
            raw[3] &= Long.MAX_VALUE;
            for (int i = 3; i >= 0; i--)
            {
                v = v.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(raw[i])));
            }
            if (v.compareTo(Fr.MODULUS) < 0)
            {
                return Fr.of(v);
            }
        }
    }

    private static int word(final byte[] b, final int at)
    {
        return b[at] & 0xff | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
