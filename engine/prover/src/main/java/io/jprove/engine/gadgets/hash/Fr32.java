package io.jprove.engine.gadgets.hash;

import io.jprove.field.Fr;

/**
 * Filecoin's "Fr32" convention for putting a 32-byte digest into BLS12-381 Fr: read the bytes as a little-endian
 * integer and clear its two most significant bits (bits 6 and 7 of byte 31, as {@code trim_to_fr32} and the SDR
 * labelling do), leaving a 254-bit value that is always below r.
 */
public final class Fr32
{
    /** Mask that keeps the low six bits of the last byte. */
    private static final int LAST_BYTE_MASK = 0b0011_1111;

    private Fr32()
    {
    }

    /** Clears the top two bits of byte 31 of {@code bytes} in place. */
    public static void trim(final byte[] bytes)
    {
        if (bytes.length != Fr.BYTES)
        {
            throw new IllegalArgumentException("Fr32 value must be 32 bytes, got " + bytes.length);
        }
        bytes[31] &= (byte)LAST_BYTE_MASK;
    }

    /** @return a trimmed copy of a 32-byte value. */
    public static byte[] trimmed(final byte[] bytes)
    {
        final byte[] copy = bytes.clone();
        trim(copy);
        return copy;
    }

    /** @return the Fr element (Montgomery limbs) of the trimmed little-endian value. */
    public static long[] toFr(final byte[] bytes)
    {
        final byte[] t = trimmed(bytes);
        final long[] r = new long[Fr.LIMBS];
        if (!Fr.fromBytes(t, 0, r, 0))
        {
            throw new IllegalStateException("a 254-bit value is always below r");
        }
        return r;
    }
}
