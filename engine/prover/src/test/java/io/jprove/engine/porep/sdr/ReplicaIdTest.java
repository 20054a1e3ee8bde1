package io.jprove.engine.porep.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HexFormat;

import io.jprove.engine.porep.RegisteredSealProof;

import org.junit.jupiter.api.Test;

/** Prover and replica ids: the varint of a Filecoin ID address, and the replica id's hash (checked with Python). */
class ReplicaIdTest
{
    @Test
    void shouldWriteTheMinerIdAsALeftAlignedVarint()
    {
        final byte[] f01000 = new byte[32];
        f01000[0] = (byte)0xe8;
        f01000[1] = 0x07;
        assertArrayEquals(f01000, ProverId.ofMiner(1000));
        assertArrayEquals(new byte[32], ProverId.ofMiner(0));
        final byte[] f0127 = new byte[32];
        f0127[0] = 127;
        assertArrayEquals(f0127, ProverId.ofMiner(127));
        final byte[] max = ProverId.ofMiner(-1L);
        for (int i = 0; i < 9; i++)
        {
            assertEquals((byte)0xff, max[i]);
        }
        assertEquals(1, max[9]);
        assertEquals(0, max[10]);
    }

    @Test
    void shouldHashTheSectorsIdentityIntoAnFrElement()
    {
        final byte[] replicaId = ReplicaId.of(ProverId.ofMiner(1000), 1234, filled(3), filled(4),
            RegisteredSealProof.StackedDrg32GiBV1_1.porepId());
        assertEquals("05e4fef5355508eaf5425ad466657f9220c0310d01a0bfe094db63d7953a3636",
            HexFormat.of().formatHex(replicaId));
        assertThrows(IllegalArgumentException.class, () -> ReplicaId.of(new byte[31], 1, filled(3), filled(4),
            filled(0)));
    }

    private static byte[] filled(final int value)
    {
        final byte[] b = new byte[32];
        Arrays.fill(b, (byte)value);
        return b;
    }
}
