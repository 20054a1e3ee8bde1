package io.jprove.engine.porep.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1JsonReader;
import io.jprove.engine.porep.c1.C1JsonWriter;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.porep.vanilla.VanillaVerifier;

/** A really sealed 2 KiB sector: its C1 output verifies and round-trips. */
class SectorSealerTest
{
    @Test
    void shouldSealA2KiBSectorWhoseC1Verifies()
    {
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg2KiBV1_1;
        final byte[] unpadded = new byte[(int)Fr32Padding.unpaddedSize(2048)];
        new SplittableRandom(1).nextBytes(unpadded);
        final byte[] ticket = new byte[32];
        ticket[0] = 7;
        final byte[] seed = new byte[32];
        seed[5] = 9;
        final SealedSector sector = SectorSealer.seal(proof, Fr32Padding.pad(unpadded), ProverId.ofMiner(1000), 4,
            ticket);
        final C1Output c1 = VanillaProver.commitPhase1(proof, sector, sector.replicaId(), sector.commD(),
            sector.commR(), seed, ticket);
        VanillaVerifier.verify(c1, new VanillaVerifier.Identity(ProverId.ofMiner(1000), 4));
        final byte[] json = C1JsonWriter.write(c1);
        assertArrayEquals(json, C1JsonWriter.write(C1JsonReader.read(json)));
        VanillaVerifier.verify(C1JsonReader.read(json), null);
        assertTrue(c1.vanillaProofs().getFirst().getFirst().commRLastProof().opens(TreeHasher.POSEIDON));
        assertEquals(1, c1.vanillaProofs().size());
        System.out.println(json.length + " bytes");
    }
}
