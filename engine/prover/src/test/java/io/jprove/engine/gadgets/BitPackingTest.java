package io.jprove.engine.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.field.Fr;

/** Bit packing: one constraint, the little-endian value, and Filecoin's digest truncation. */
class BitPackingTest
{
    private final SplittableRandom rng = new SplittableRandom(4);

    @Test
    void shouldPack254BitsLittleEndianWithOneConstraint()
    {
        final byte[] bytes = new byte[32];
        rng.nextBytes(bytes);
        final long[][] out = new long[1][];
        final long n = Circuits.proveSatisfied(cs ->
        {
            final Boolean[] bits = new Boolean[254];
            for (int i = 0; i < 254; i++)
            {
                bits[i] = i % 3 == 0 ? Boolean.constant((bytes[i >>> 3] >>> (i & 7) & 1) != 0)
                    : Boolean.alloc(cs, "b", (bytes[i >>> 3] >>> (i & 7) & 1) != 0);
            }
            out[0] = BitPacking.pack(cs, bits, 0, 254).value();
        });
        assertEquals(254 - 85 + 1, n);
        final byte[] le = bytes.clone();
        le[31] &= 0x3f;
        assertEquals(new BigInteger(1, reverse(le)), Fr.toBigInteger(out[0]));
    }

    @Test
    void shouldPackADigestTheWayFr32TruncatesIt()
    {
        final byte[] digest = new byte[32];
        rng.nextBytes(digest);
        final long[][] out = new long[1][];
        Circuits.proveSatisfied(cs -> out[0] = BitPacking.packDigestAsFr32(cs, Circuits.allocBits(cs, digest)).value());
        assertArrayEquals(Fr32.toFr(digest), out[0]);
        assertThrows(IllegalArgumentException.class, () -> Circuits.count(cs -> BitPacking.pack(cs, new Boolean[255],
            0, 255)));
    }

    private static byte[] reverse(final byte[] b)
    {
        final byte[] r = new byte[b.length];
        for (int i = 0; i < b.length; i++)
        {
            r[i] = b[b.length - 1 - i];
        }
        return r;
    }
}
