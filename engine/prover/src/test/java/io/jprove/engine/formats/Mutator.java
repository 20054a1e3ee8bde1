package io.jprove.engine.formats;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Seeded mutations of valid inputs, for the readers' fuzz runs: bytes flipped, set, cut, repeated and inserted, and
 * 32- and 64-bit fields (in both byte orders) set to the values that break size arithmetic (0, 1, the signed and
 * unsigned maxima, the sign bit, a power of two past any file); for text, characters and the format's tokens
 * deleted, inserted and repeated. One to four mutations per input, so most inputs are near-valid and reach deep
 * into a reader.
 */
public final class Mutator
{
    private static final long[] EDGES = {0, 1, 2, 3, 0x7f, 0xff, 0x7fff, 0xffff, 0x7fffffffL, 0x80000000L,
        0xffffffffL, 0x100000000L, 1L << 28, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE, -1};

    private final RandomGenerator random;

    /** @param random the seeded source of every choice. */
    public Mutator(final RandomGenerator random)
    {
        this.random = random;
    }

    /** @return a mutant of {@code seed} (never the seed itself unless the mutations cancel). */
    public byte[] bytes(final byte[] seed)
    {
        byte[] b = seed.clone();
        final int count = 1 + random.nextInt(4);
        for (int k = 0; k < count; k++)
        {
            b = once(b);
        }
        return b;
    }

    private byte[] once(final byte[] b)
    {
        if (b.length == 0)
        {
            return new byte[] {(byte)random.nextInt()};
        }
        final int at = random.nextInt(b.length);
        return switch (random.nextInt(8))
        {
            case 0 ->
            {
                b[at] ^= (byte)(1 << random.nextInt(8));
                yield b;
            }
            case 1 ->
            {
                b[at] = (byte)random.nextInt();
                yield b;
            }
            case 2 -> Arrays.copyOf(b, random.nextInt(b.length));
            case 3 -> field(b, at, 4);
            case 4 -> field(b, at, 8);
            case 5 ->
            {
                // a run of the file repeated in place
                final int len = 1 + random.nextInt(Math.min(256, b.length - at));
                final byte[] out = new byte[b.length + len];
                System.arraycopy(b, 0, out, 0, at + len);
                System.arraycopy(b, at, out, at + len, b.length - at);
                yield out;
            }
            case 6 ->
            {
                final byte[] extra = new byte[1 + random.nextInt(16)];
                random.nextBytes(extra);
                final byte[] out = new byte[b.length + extra.length];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(extra, 0, out, at, extra.length);
                System.arraycopy(b, at, out, at + extra.length, b.length - at);
                yield out;
            }
            default ->
            {
                // a run of bytes zeroed or set to 0xff
                final int len = 1 + random.nextInt(Math.min(64, b.length - at));
                Arrays.fill(b, at, at + len, random.nextBoolean() ? 0 : (byte)0xff);
                yield b;
            }
        };
    }

    private byte[] field(final byte[] b, final int at, final int width)
    {
        if (at + width > b.length)
        {
            return b;
        }
        final long v = random.nextInt(4) == 0 ? random.nextLong() : EDGES[random.nextInt(EDGES.length)];
        final ByteBuffer buf = ByteBuffer.wrap(b).order(random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN
            : ByteOrder.BIG_ENDIAN);
        if (width == 4)
        {
            buf.putInt(at, (int)v);
        }
        else
        {
            buf.putLong(at, v);
        }
        return b;
    }

    /**
     * @param tokens pieces of the format to insert (JSON: brackets, quotes, numbers; settings: keys, "=", units).
     * @return a mutant of {@code seed}.
     */
    public String text(final String seed, final String[] tokens)
    {
        final StringBuilder s = new StringBuilder(seed);
        final int count = 1 + random.nextInt(4);
        for (int k = 0; k < count; k++)
        {
            final int at = s.isEmpty() ? 0 : random.nextInt(s.length());
            switch (random.nextInt(6))
            {
                case 0 -> s.insert(at, tokens[random.nextInt(tokens.length)]);
                case 1 ->
                {
                    if (!s.isEmpty())
                    {
                        s.deleteCharAt(at);
                    }
                }
                case 2 ->
                {
                    if (!s.isEmpty())
                    {
                        s.delete(at, Math.min(s.length(), at + 1 + random.nextInt(32)));
                    }
                }
                case 3 -> s.insert(at, (char)(random.nextInt(0x2000)));
                case 4 -> s.insert(at, tokens[random.nextInt(tokens.length)].repeat(1 + random.nextInt(100)));
                default -> s.setLength(at);
            }
        }
        return s.toString();
    }
}
