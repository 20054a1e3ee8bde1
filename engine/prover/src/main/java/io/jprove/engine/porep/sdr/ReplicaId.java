package io.jprove.engine.porep.sdr;

import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.engine.gadgets.hash.Sha256;

/**
 * A sector's replica id (storage-proofs-porep {@code stacked/vanilla/params.rs generate_replica_id}):
 * SHA-256(prover id ‖ sector id u64 BE ‖ ticket ‖ comm_d ‖ porep id), its top two bits cleared so that the
 * little-endian value is an Fr element.
 */
public final class ReplicaId
{
    private ReplicaId()
    {
    }

    /**
     * @param proverId 32 bytes ({@link ProverId#ofMiner})
     * @param sectorId the sector number
     * @param ticket   32 bytes of chain randomness
     * @param commD    32 bytes, the data tree's root
     * @param porepId  32 bytes, the seal proof's porep id
     * @return the 32-byte replica id, little-endian Fr
     */
    public static byte[] of(final byte[] proverId, final long sectorId, final byte[] ticket, final byte[] commD,
        final byte[] porepId)
    {
        final byte[] input = new byte[32 + 8 + 32 + 32 + 32];
        put(input, 0, proverId, "prover id");
        for (int i = 0; i < 8; i++)
        {
            input[32 + i] = (byte)(sectorId >>> 56 - 8 * i);
        }
        put(input, 40, ticket, "ticket");
        put(input, 72, commD, "comm_d");
        put(input, 104, porepId, "porep id");
        final byte[] replicaId = Sha256.digest(input);
        Fr32.trim(replicaId);
        return replicaId;
    }

    private static void put(final byte[] input, final int at, final byte[] value, final String name)
    {
        if (value.length != 32)
        {
            throw new IllegalArgumentException("the " + name + " is 32 bytes, got " + value.length);
        }
        System.arraycopy(value, 0, input, at, 32);
    }
}
