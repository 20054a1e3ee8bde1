package io.jprove.engine.gadgets.hash;

import java.math.BigInteger;

/**
 * The Grain LFSR in self-shrinking mode that the Poseidon paper (section F, and its reference script
 * {@code generate_parameters_grain.sage}) uses to draw round constants.
 * <p>
 * The 80-bit state starts as: field type (2 bits), S-box type (4 bits), field size n (12 bits), width t (12 bits),
 * R_F (10 bits), R_P (10 bits), then thirty ones, each most significant bit first. The state is clocked with
 * {@code b[i+80] = b[i+62] ^ b[i+51] ^ b[i+38] ^ b[i+23] ^ b[i+13] ^ b[i]}; the first 160 outputs are discarded.
 * Output bits come in pairs: when the first is 1 the second is emitted, otherwise the pair is dropped. A field
 * element is the next n emitted bits read most significant first, redrawn while it is not below the modulus.
 */
final class GrainLfsr
{
    private static final int STATE_BITS = 80;
    private static final int WARM_UP_BITS = 160;

    /** The last 80 bits produced, as a ring: {@code state[(head + i) % 80]} is b[i] of the current window. */
    private final boolean[] state = new boolean[STATE_BITS];
    private int head;

    /**
     * @param fieldType   1 for a prime field
     * @param sboxType    the S-box code; neptune passes 1 for x⁵ (the paper's script passes 0) and the constants
     *                    depend on it
     * @param fieldBits   n, the bit size of the field
     * @param width       t
     * @param fullRounds  R_F
     * @param partialRounds R_P
     */
    GrainLfsr(
        final int fieldType,
        final int sboxType,
        final int fieldBits,
        final int width,
        final int fullRounds,
        final int partialRounds)
    {
        int at = 0;
        at = put(at, 2, fieldType);
        at = put(at, 4, sboxType);
        at = put(at, 12, fieldBits);
        at = put(at, 12, width);
        at = put(at, 10, fullRounds);
        at = put(at, 10, partialRounds);
        put(at, 30, (1 << 30) - 1);
        for (int i = 0; i < WARM_UP_BITS; i++)
        {
            clock();
        }
    }

    private int put(final int at, final int bits, final int value)
    {
        if (value < 0 || value >= 1 << bits)
        {
            throw new IllegalArgumentException("Grain LFSR parameter " + value + " does not fit in " + bits + " bits");
        }
        for (int i = 0; i < bits; i++)
        {
            state[at + i] = ((value >>> (bits - 1 - i)) & 1) != 0;
        }
        return at + bits;
    }

    private boolean bit(final int i)
    {
        return state[(head + i) % STATE_BITS];
    }

    private boolean clock()
    {
        final boolean next = bit(62) ^ bit(51) ^ bit(38) ^ bit(23) ^ bit(13) ^ bit(0);
        state[head] = next;
        head = (head + 1) % STATE_BITS;
        return next;
    }

    /** @return the next bit of the self-shrinking output. */
    boolean nextBit()
    {
        while (true)
        {
            final boolean keep = clock();
            final boolean value = clock();
            if (keep)
            {
                return value;
            }
        }
    }

    /** @return the next {@code bits}-bit integer below {@code modulus}, most significant bit drawn first. */
    BigInteger nextBelow(final BigInteger modulus, final int bits)
    {
        final byte[] bytes = new byte[(bits + 7) / 8];
        while (true)
        {
            java.util.Arrays.fill(bytes, (byte)0);
            for (int i = bits - 1; i >= 0; i--)
            {
                if (nextBit())
                {
                    bytes[bytes.length - 1 - (i >>> 3)] |= (byte)(1 << (i & 7));
                }
            }
            final BigInteger value = new BigInteger(1, bytes);
            if (value.compareTo(modulus) < 0)
            {
                return value;
            }
        }
    }
}
