package io.jprove.engine.porep.c1;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.vanilla.VanillaVerifier;

/**
 * One flipped byte anywhere in a really sealed sector's C1 output is refused: by the reader, naming the JSON path,
 * or (where the flip leaves valid JSON and changes a value) by the vanilla verifier, naming what failed. Never
 * accepted. Positions are a seeded sample over the whole file, bare and wrapped.
 */
class C1ByteFlipTest
{
    private static final int FLIPS = 200;

    @Test
    void shouldRefuseEveryFlippedByteOfABareC1()
    {
        final byte[] json = C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1));
        VanillaVerifier.verify(C1JsonReader.read(json), C1Fixtures.identity());
        final SplittableRandom rng = new SplittableRandom(24);
        for (int n = 0; n < FLIPS; n++)
        {
            final int at = n == 0 ? 0 : n == 1 ? json.length - 1 : rng.nextInt(json.length);
            final byte[] flipped = json.clone();
            flipped[at] ^= (byte)rng.nextInt(1, 256);
            refuse(flipped, at);
        }
    }

    @Test
    void shouldRefuseFlippedBytesOfAWrappedC1()
    {
        final byte[] raw = C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1));
        final byte[] json = Commit2InputJson.write(new Commit2Input(C1Fixtures.SECTOR, raw, 2048));
        final C1File ok = C1File.parse(json);
        VanillaVerifier.verify(ok.output(), C1Fixtures.identity());
        final SplittableRandom rng = new SplittableRandom(25);
        for (int n = 0; n < FLIPS / 4; n++)
        {
            final int at = rng.nextInt(json.length);
            final byte[] flipped = json.clone();
            flipped[at] ^= (byte)rng.nextInt(1, 256);
            refuse(flipped, at);
        }
    }

    private static void refuse(final byte[] flipped, final int at)
    {
        try
        {
            final C1File c1 = C1File.parse(flipped);
            final long sector = c1.wrapped() ? c1.wrapper().sectorNum() : C1Fixtures.SECTOR;
            VanillaVerifier.verify(c1.output(), new VanillaVerifier.Identity(C1Fixtures.identity().proverId(),
                sector));
            fail("a flip at byte " + at + " was accepted");
        }
        catch (final InvalidC1Exception e)
        {
            assertTrue(e.jsonPath().startsWith("$"), e.getMessage());
        }
    }
}
