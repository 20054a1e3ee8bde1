package io.jprove.engine.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.bouncycastle.crypto.digests.Blake2sDigest;
import org.junit.jupiter.api.Test;

/** BLAKE2s-256: RFC 7693's answers, and BouncyCastle's digest over random lengths fed in random pieces. */
class Blake2sTest
{
    @Test
    void shouldGiveTheRfcAnswers()
    {
        assertEquals("508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
            hex("abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9", hex(new byte[0]));
    }

    @Test
    void shouldAgreeWithBouncyCastleAcrossBlockBoundaries()
    {
        final SplittableRandom rng = new SplittableRandom(7);
        for (final int length : new int[] {1, 63, 64, 65, 127, 128, 129, 1000, 4096, 70_001})
        {
            final byte[] data = new byte[length];
            rng.nextBytes(data);
            final Blake2sDigest reference = new Blake2sDigest(256);
            reference.update(data, 0, length);
            final byte[] expected = new byte[32];
            reference.doFinal(expected, 0);
            final Blake2s b = new Blake2s();
            int at = 0;
            while (at < length)
            {
                final int n = Math.min(length - at, rng.nextInt(1, 200));
                b.update(data, at, n);
                at += n;
            }
            assertArrayEquals(expected, b.finish(), "length " + length);
        }
    }

    private static String hex(final byte[] data)
    {
        final Blake2s b = new Blake2s();
        b.update(data);
        return HexFormat.of().formatHex(b.finish());
    }
}
