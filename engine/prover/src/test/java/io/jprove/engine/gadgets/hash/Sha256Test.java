package io.jprove.engine.gadgets.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** SHA-256 checked against the JDK's MessageDigest and the FIPS 180-4 examples. */
class Sha256Test
{
    @Test
    void shouldMatchTheStandardExamples()
    {
        assertArrayEquals(HexFormat.of().parseHex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            Sha256.digest(new byte[0]));
        assertArrayEquals(HexFormat.of().parseHex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            Sha256.digest("abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    }

    @Test
    void shouldMatchMessageDigestOnEveryLengthAcrossBlockBoundaries() throws NoSuchAlgorithmException
    {
        final SplittableRandom rng = new SplittableRandom(11);
        for (int length = 0; length <= 200; length++)
        {
            final byte[] message = new byte[length];
            rng.nextBytes(message);
            assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(message), Sha256.digest(message),
                "length " + length);
        }
        final byte[] label = new byte[1248];
        rng.nextBytes(label);
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(label), Sha256.digest(label));
    }

    @Test
    void shouldCompressAHandPaddedBlockToTheDigestOfItsMessage() throws NoSuchAlgorithmException
    {
        final SplittableRandom rng = new SplittableRandom(12);
        final byte[] message = new byte[55];
        rng.nextBytes(message);
        final byte[] block = new byte[64];
        System.arraycopy(message, 0, block, 0, 55);
        block[55] = (byte)0x80;
        block[62] = (byte)((55 * 8) >>> 8);
        block[63] = (byte)(55 * 8);
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(message), Sha256.compressBlocks(block));
    }

    @Test
    void shouldRejectPartialBlocksWhenUnpadded()
    {
        assertThrows(IllegalArgumentException.class, () -> Sha256.compressBlocks(new byte[63]));
        assertThrows(IllegalArgumentException.class, () -> Sha256.compressBlocks(new byte[0]));
    }
}
