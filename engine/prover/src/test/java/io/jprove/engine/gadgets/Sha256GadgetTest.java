package io.jprove.engine.gadgets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.MessageDigest;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.r1cs.Circuit;

/** The SHA-256 gadget: bellperson's published counts, and agreement with the native hash in proving mode. */
class Sha256GadgetTest
{
    private final SplittableRandom rng = new SplittableRandom(21);

    @Test
    void shouldCostBellpersonsCountForOneCompressionAndMatchTheNativeCompression()
    {
        final byte[] block = bytes(64);
        final byte[][] digest = new byte[1][];
        final Circuit circuit = cs -> digest[0] = Circuits.toBytes(
            Sha256Gadget.compressBlockFromIv(cs, Circuits.allocBits(cs, block)));
        assertEquals(25_840 + 512, Circuits.count(circuit));
        assertEquals(25_840 + 512, Circuits.proveSatisfied(circuit));
        assertArrayEquals(Sha256.compressBlocks(block), digest[0]);
    }

    @Test
    void shouldCostBellpersonsCountForTheHashOf512BitsAndMatchMessageDigest() throws Exception
    {
        final byte[] message = bytes(64);
        final byte[][] digest = new byte[1][];
        final Circuit circuit = cs -> digest[0] = Circuits.toBytes(Sha256Gadget.hash(cs, Circuits.allocBits(cs,
            message)));
        assertEquals(44_874 + 512, Circuits.count(circuit));
        Circuits.proveSatisfied(circuit);
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(message), digest[0]);
    }

    @Test
    void shouldMatchMessageDigestAcrossPaddingBoundaries() throws Exception
    {
        for (final int length : new int[] {0, 1, 55, 56, 119})
        {
            final byte[] message = bytes(length);
            final byte[][] digest = new byte[1][];
            Circuits.proveSatisfied(cs -> digest[0] = Circuits.toBytes(Sha256Gadget.hash(cs, Circuits.allocBits(cs,
                message))));
            assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(message), digest[0], "length " + length);
        }
    }

    @Test
    void shouldCostNothingOnConstantInput() throws Exception
    {
        final byte[] message = bytes(3);
        final Boolean[] bits = new Boolean[24];
        for (int i = 0; i < 24; i++)
        {
            bits[i] = Boolean.constant((message[i >>> 3] >>> (7 - (i & 7)) & 1) != 0);
        }
        final byte[][] digest = new byte[1][];
        assertEquals(0, Circuits.proveSatisfied(cs -> digest[0] = Circuits.toBytes(Sha256Gadget.hash(cs, bits))));
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(message), digest[0]);
    }

    private byte[] bytes(final int n)
    {
        final byte[] b = new byte[n];
        rng.nextBytes(b);
        return b;
    }
}
