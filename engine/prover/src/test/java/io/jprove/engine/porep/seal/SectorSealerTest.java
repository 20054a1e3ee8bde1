package io.jprove.engine.porep.seal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.porep.tree.NodeHash;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.porep.vanilla.VanillaVerifier;
import io.jprove.field.Fr;

/** Really sealed sectors: the replica is data plus key, the cache files hold the trees, the C1 output verifies. */
class SectorSealerTest
{
    @Test
    void shouldSealA2KiBSectorWhoseReplicaIsDataPlusTheLastLabel(@TempDir final Path dir) throws Exception
    {
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg2KiBV1;
        final byte[] data = Fr32Padding.pad(random(Fr32Padding.unpaddedSize(2048), 2));
        final SealedSector s = SectorSealer.seal(proof, data, ProverId.ofMiner(5), 6, new byte[32]);
        for (int node = 0; node < 64; node++)
        {
            final long[] d = new long[Fr.LIMBS];
            final long[] k = new long[Fr.LIMBS];
            NodeHash.toLimbs(Arrays.copyOfRange(data, 32 * node, 32 * node + 32), d, 0);
            NodeHash.toLimbs(s.column(node)[1], k, 0);
            Fr.add(d, 0, d, 0, k, 0);
            assertArrayEquals(NodeHash.toBytes(d, 0), Arrays.copyOfRange(s.replica(), 32 * node, 32 * node + 32));
        }
        assertArrayEquals(NodeHash.hash(TreeHasher.POSEIDON, new byte[][] {s.commC(), s.commRLast()}), s.commR());
        s.write(dir);
        assertArrayEquals(s.replica(), Files.readAllBytes(dir.resolve("sealed")));
        final byte[] treeR = Files.readAllBytes(dir.resolve("cache/sc-02-data-tree-r-last.dat"));
        assertEquals((64 + 8 + 1) * 32, treeR.length);
        assertArrayEquals(s.commRLast(), Arrays.copyOfRange(treeR, treeR.length - 32, treeR.length));
        final byte[] treeD = Files.readAllBytes(dir.resolve("cache/sc-02-data-tree-d.dat"));
        assertArrayEquals(s.commD(), Arrays.copyOfRange(treeD, treeD.length - 32, treeD.length));
        final byte[] pAux = Files.readAllBytes(dir.resolve("cache/p_aux"));
        assertArrayEquals(s.commC(), Arrays.copyOf(pAux, 32));
        assertArrayEquals(s.column(9)[0], Arrays.copyOfRange(Files.readAllBytes(dir.resolve(
            "cache/sc-02-data-layer-1.dat")), 9 * 32, 10 * 32));
    }

    @Test
    @Tag("slow")
    void shouldSealAn8MiBSectorWhoseC1Verifies()
    {
        final RegisteredSealProof proof = RegisteredSealProof.StackedDrg8MiBV1_1;
        final byte[] ticket = random(32, 3);
        final byte[] seed = random(32, 4);
        final SealedSector s = SectorSealer.seal(proof, Fr32Padding.pad(random(Fr32Padding.unpaddedSize(8 << 20),
            5)), ProverId.ofMiner(1000), 8, ticket);
        final C1Output c1 = VanillaProver.commitPhase1(proof, s, s.replicaId(), s.commD(), s.commR(), seed, ticket);
        VanillaVerifier.verify(c1, new VanillaVerifier.Identity(ProverId.ofMiner(1000), 8));
    }

    private static byte[] random(final long size, final long seed)
    {
        final byte[] b = new byte[Math.toIntExact(size)];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }
}
