package io.jprove.engine.porep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The SDR label, restated with MessageDigest over the byte layout rust-fil-proofs hashes. */
class SdrLabelTest
{
    private final SplittableRandom rng = new SplittableRandom(5);

    @Test
    void shouldHashHeaderAndFourteenParentsRepeatedToThirtySevenOnLaterLayers() throws Exception
    {
        final byte[] id = bytes(32);
        final byte[][] parents = labels(14);
        final MessageDigest sha = MessageDigest.getInstance("SHA-256");
        sha.update(id);
        sha.update(new byte[] {0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0x01, 0x2c});
        sha.update(new byte[20]);
        final ByteArrayOutputStream p = new ByteArrayOutputStream();
        for (int round = 0; round < 2; round++)
        {
            for (final byte[] parent : parents)
            {
                p.write(parent);
            }
        }
        for (int i = 0; i < 9; i++)
        {
            p.write(parents[i]);
        }
        assertEquals(37 * 32, p.size());
        sha.update(p.toByteArray());
        final byte[] expected = sha.digest();
        expected[31] &= 0x3f;
        assertArrayEquals(expected, SdrLabel.label(id, 3, 300, parents));
    }

    @Test
    void shouldRepeatTheSixBaseParentsOnTheFirstLayer() throws Exception
    {
        final byte[] id = bytes(32);
        final byte[][] parents = labels(6);
        final ByteArrayOutputStream in = new ByteArrayOutputStream();
        in.write(SdrLabel.header(id, 1, 1L << 33));
        for (int k = 0; k < 37; k++)
        {
            in.write(parents[k % 6]);
        }
        assertEquals(1248, in.size());
        final byte[] expected = MessageDigest.getInstance("SHA-256").digest(in.toByteArray());
        expected[31] &= 0x3f;
        assertArrayEquals(expected, SdrLabel.label(id, 1, 1L << 33, parents));
        assertEquals(2, SdrLabel.header(id, 1, 1L << 33)[39]);
    }

    @Test
    void shouldHashOnlyTheHeaderForNodeZero() throws Exception
    {
        final byte[] id = bytes(32);
        final byte[] expected = MessageDigest.getInstance("SHA-256").digest(SdrLabel.header(id, 2, 0));
        expected[31] &= 0x3f;
        assertArrayEquals(expected, SdrLabel.label(id, 2, 0, labels(14)));
    }

    @Test
    void shouldRejectWrongParentCountsAndSizes()
    {
        assertThrows(IllegalArgumentException.class, () -> SdrLabel.label(bytes(32), 1, 5, labels(14)));
        assertThrows(IllegalArgumentException.class, () -> SdrLabel.label(bytes(31), 2, 5, labels(14)));
        assertThrows(IllegalArgumentException.class, () -> SdrLabel.label(bytes(32), 0, 5, labels(6)));
    }

    private byte[] bytes(final int n)
    {
        final byte[] b = new byte[n];
        rng.nextBytes(b);
        return b;
    }

    private byte[][] labels(final int n)
    {
        final byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++)
        {
            out[i] = bytes(32);
            out[i][31] &= 0x3f;
        }
        return out;
    }
}
