package io.jprove.engine.porep.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1JsonReader;
import io.jprove.engine.porep.c1.C1JsonWriter;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.sdr.StackedGraph;
import io.jprove.engine.porep.tree.DataTree;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.porep.vanilla.VanillaVerifier;

/** Consistent sparse sectors: their C1 outputs pass the vanilla verifier at every size. */
class SparseSectorTest
{
    private static final byte[] TICKET = filled(3);

    @Test
    void shouldVerifySparse2KiBSectorsIncludingChallengesThatAreParentsOfChallenges()
    {
        boolean sawChainedChallenges = false;
        for (int s = 1; s <= 24; s++)
        {
            final byte[] seed = filled(s);
            final C1Output c1 = make(RegisteredSealProof.StackedDrg2KiBV1_1, seed, s);
            final long[] challenges = c1.vanillaProofs().getFirst().stream()
                .mapToLong(p -> p.labelingProofs().getFirst().node()).toArray();
            final int[] parents = new int[StackedGraph.DEGREE];
            StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1).parents(Math.max(challenges[0], challenges[1]),
                parents);
            for (final int p : parents)
            {
                sawChainedChallenges |= p == Math.min(challenges[0], challenges[1]);
            }
        }
        assertTrue(sawChainedChallenges, "some seed should challenge a parent of another challenge");
    }

    @Test
    void shouldVerifyASparse8MiBSectorOfTheOldParentOrder()
    {
        final C1Output c1 = make(RegisteredSealProof.StackedDrg8MiBV1, filled(9), 4);
        assertArrayEquals(DataTree.zeroRoot(8 << 20), c1.commD());
    }

    @Test
    void shouldRefuseSealProofsWhoseChallengesFollowFromCommR()
    {
        assertThrows(IllegalArgumentException.class, () -> SparseSector.make(
            RegisteredSealProof.StackedDrg32GiBV1_1_Feat_SyntheticPoRep, ProverId.ofMiner(1), 1, TICKET, filled(1),
            new SplittableRandom(1)));
    }

    @Test
    @Tag("slow")
    void shouldVerifySparse32And64GiBSectors()
    {
        for (final RegisteredSealProof p : new RegisteredSealProof[] {RegisteredSealProof.StackedDrg32GiBV1_1,
            RegisteredSealProof.StackedDrg64GiBV1_1})
        {
            final C1Output c1 = make(p, filled(5), 5);
            assertEquals(10, c1.vanillaProofs().size());
            assertArrayEquals(C1JsonWriter.write(c1), C1JsonWriter.write(C1JsonReader.read(C1JsonWriter.write(c1))));
        }
    }

    private static C1Output make(final RegisteredSealProof proof, final byte[] seed, final long random)
    {
        final SparseSector s = SparseSector.make(proof, ProverId.ofMiner(1234), 55, TICKET, seed,
            new SplittableRandom(random));
        final C1Output c1 = VanillaProver.commitPhase1(proof, s, s.replicaId(), s.commD(), s.commR(), seed, TICKET);
        VanillaVerifier.verify(c1, new VanillaVerifier.Identity(ProverId.ofMiner(1234), 55));
        return c1;
    }

    private static byte[] filled(final int b)
    {
        final byte[] out = new byte[32];
        java.util.Arrays.fill(out, (byte)b);
        return out;
    }
}
