package io.jprove.engine.gadgets.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.junit.jupiter.api.Test;

/** BLAKE2b against RFC 7693's example and Bouncy Castle's implementation, keyed and not, at every block boundary. */
class Blake2bTest
{
    @Test
    void shouldMatchRfc7693AppendixA()
    {
        assertArrayEquals(HexFormat.of().parseHex("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
            + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"),
            Blake2b.digest512("abc".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void shouldMatchBouncyCastleOnEveryLengthKeyAndDigestSize()
    {
        final SplittableRandom rng = new SplittableRandom(7693);
        for (int length = 0; length <= 300; length++)
        {
            final byte[] message = new byte[length];
            rng.nextBytes(message);
            final int keyBytes = length % 3 == 0 ? 0 : 1 + rng.nextInt(64);
            final byte[] key = new byte[keyBytes];
            rng.nextBytes(key);
            final int digestBytes = length % 2 == 0 ? 64 : 1 + rng.nextInt(64);
            final Blake2bDigest reference = new Blake2bDigest(keyBytes == 0 ? null : key, digestBytes, null, null);
            reference.update(message, 0, length);
            final byte[] expected = new byte[digestBytes];
            reference.doFinal(expected, 0);
            final Blake2b ours = new Blake2b(digestBytes, key);
            // Feed in two uneven pieces, to cross the buffer's edges.
            final int split = length == 0 ? 0 : rng.nextInt(length);
            ours.update(message, 0, split).update(message, split, length - split);
            assertArrayEquals(expected, ours.digest(), "length " + length + " key " + keyBytes + " out " + digestBytes);
        }
    }

    @Test
    void shouldRefuseBadParametersAndReuse()
    {
        assertThrows(IllegalArgumentException.class, () -> new Blake2b(0, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Blake2b(65, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> new Blake2b(32, new byte[65]));
        final Blake2b used = new Blake2b(32, new byte[0]);
        used.digest();
        assertThrows(IllegalStateException.class, used::digest);
        assertThrows(IllegalStateException.class, () -> used.update(new byte[1]));
    }
}
