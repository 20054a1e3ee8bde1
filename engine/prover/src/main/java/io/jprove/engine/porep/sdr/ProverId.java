package io.jprove.engine.porep.sdr;

/**
 * The 32-byte prover id of a miner: the payload of its Filecoin ID address, the actor id as an unsigned LEB128
 * varint, left-aligned and zero-padded (Go's {@code toProverID}, cuzk's {@code make_prover_id}).
 */
public final class ProverId
{
    private ProverId()
    {
    }

    /**
     * @param minerId the miner's actor id (f0…), read as unsigned
     * @return 32 bytes: the varint, then zeros
     */
    public static byte[] ofMiner(final long minerId)
    {
        final byte[] proverId = new byte[32];
        long value = minerId;
        int i = 0;
        while (Long.compareUnsigned(value, 0x80) >= 0)
        {
            proverId[i++] = (byte)(value & 0x7f | 0x80);
            value >>>= 7;
        }
        proverId[i] = (byte)value;
        return proverId;
    }
}
