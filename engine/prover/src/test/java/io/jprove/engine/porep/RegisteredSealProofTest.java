package io.jprove.engine.porep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The registered seal proofs against rust-filecoin-proofs-api's registry and filecoin-proofs' constants. */
class RegisteredSealProofTest
{
    @Test
    void shouldNumberTheTwentyProofsAsTheRegistryDoes()
    {
        assertEquals(20, RegisteredSealProof.values().length);
        for (final RegisteredSealProof p : RegisteredSealProof.values())
        {
            assertEquals(p.ordinal(), p.id());
            assertEquals(p, RegisteredSealProof.ofId(p.id()));
            assertEquals(p, RegisteredSealProof.ofName(p.name()));
        }
        assertEquals(RegisteredSealProof.StackedDrg32GiBV1_1, RegisteredSealProof.ofId(8));
    }

    @Test
    void shouldWritePorepIdAsIdThenNonceLittleEndian()
    {
        final byte[] expected = new byte[32];
        expected[0] = 8;
        assertArrayEquals(expected, RegisteredSealProof.StackedDrg32GiBV1_1.porepId());
        expected[0] = 19;
        assertArrayEquals(expected, RegisteredSealProof.StackedDrg64GiBV1_2_Feat_NonInteractivePoRep.porepId());
    }

    @Test
    void shouldDeriveTheShapesOfFilecoinsConstants()
    {
        final RegisteredSealProof small = RegisteredSealProof.StackedDrg2KiBV1_1;
        assertEquals(64, small.nodes());
        assertEquals(2, small.layers());
        assertEquals(1, small.partitions());
        assertEquals(2, small.challengesPerPartition());
        final RegisteredSealProof large = RegisteredSealProof.StackedDrg32GiBV1_1;
        assertEquals(1L << 30, large.nodes());
        assertEquals(11, large.layers());
        assertEquals(10, large.partitions());
        assertEquals(18, large.challengesPerPartition());
        assertEquals(8, large.subArity());
        assertEquals(0, large.topArity());
        assertEquals(2, RegisteredSealProof.StackedDrg64GiBV1.topArity());
        assertEquals(126, RegisteredSealProof.StackedDrg32GiBV1_2_Feat_NonInteractivePoRep.partitions());
        assertEquals(18, RegisteredSealProof.StackedDrg32GiBV1_2_Feat_NonInteractivePoRep.challengesPerPartition());
        assertEquals(2, RegisteredSealProof.StackedDrg8MiBV1_2_Feat_NonInteractivePoRep.challengesPerPartition());
        assertEquals("1.1.0", large.version().semver());
        assertEquals(SectorShape.preset("32GiB").toString(), large.shape().toString());
    }

    @Test
    void shouldParseSectorSizesAndRefuseOthers()
    {
        assertEquals(2048, RegisteredSealProof.parseSectorSize("2KiB"));
        assertEquals(64L << 30, RegisteredSealProof.parseSectorSize("64gib"));
        assertEquals(8L << 20, RegisteredSealProof.parseSectorSize("8388608"));
        assertThrows(IllegalArgumentException.class, () -> RegisteredSealProof.parseSectorSize("4KiB"));
        assertThrows(IllegalArgumentException.class, () -> RegisteredSealProof.ofName("StackedDrg2KiBV2"));
        assertThrows(IllegalArgumentException.class, () -> RegisteredSealProof.ofId(20));
    }
}
