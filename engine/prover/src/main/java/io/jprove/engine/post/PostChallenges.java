package io.jprove.engine.post;

import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;

/**
 * Which leaves a fallback PoSt challenges (storage-proofs-post {@code fallback/vanilla.rs} and {@code utils.rs}): leaf
 * challenge {@code i} of a sector is the first 8 bytes, little-endian, of {@code SHA-256(randomness ‖ sector id (u64
 * LE) ‖ i (u64 LE))}, modulo the sector's leaves; {@code i} is {@code sector index · challenges + n} before API 1.2
 * (the sector's position in the partitions, counted from the first partition) and {@code n} from 1.2 on.
 */
public final class PostChallenges
{
    private PostChallenges()
    {
    }

    /** @return {@code get_challenge_index}: the index hashed for challenge {@code n} of a sector. */
    public static long challengeIndex(final ApiVersion version, final long sectorIndex, final int challengesPerSector,
        final int n)
    {
        return version == ApiVersion.V1_2_0 ? n : sectorIndex * challengesPerSector + n;
    }

    /**
     * @param randomness the 32-byte challenge seed
     * @param leaves     the sector's leaves (its size / 32)
     * @return {@code generate_leaf_challenge}: the challenged leaf
     */
    public static long leaf(final byte[] randomness, final long sectorId, final long challengeIndex, final long leaves)
    {
        if (randomness.length != 32)
        {
            throw new IllegalArgumentException("PoSt randomness has 32 bytes, got " + randomness.length);
        }
        final byte[] message = new byte[48];
        System.arraycopy(randomness, 0, message, 0, 32);
        putLongLe(message, 32, sectorId);
        putLongLe(message, 40, challengeIndex);
        final byte[] hash = Sha256.digest(message);
        long value = 0;
        for (int i = 7; i >= 0; i--)
        {
            value = value << 8 | hash[i] & 0xff;
        }
        return Long.remainderUnsigned(value, leaves);
    }

    private static void putLongLe(final byte[] out, final int offset, final long value)
    {
        for (int i = 0; i < 8; i++)
        {
            out[offset + i] = (byte)(value >>> 8 * i);
        }
    }
}
