package io.jprove.engine.post;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.field.Fr;

/**
 * PoSt partitions from vanilla proofs of really sealed 2 KiB sectors (made here as filecoin-proofs'
 * {@code generate_single_vanilla_proof} makes them): the circuit over them is satisfied and allocates the
 * verifier's public inputs; a damaged proof, one of another size, another randomness or too many sectors are refused
 * naming the proof and the field. Curio's real 32 GiB vanilla proof is written back byte for byte.
 */
class PostPartitionTest
{
    private static final byte[] RANDOMNESS = randomness(7);
    private static SealedSector first;
    private static SealedSector second;

    @BeforeAll
    static void seal()
    {
        first = seal(11);
        second = seal(12);
    }

    @Test
    void shouldLayOutAWindowPostPartitionTheCircuitAndVerifierAgreeOn()
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow2KiBV1_2;
        for (final int sectors : new int[] {1, 2})
        {
            final List<byte[]> vanilla = sectors == 1 ? List.of(vanilla(proof, 0, 11, first))
                : List.of(vanilla(proof, 0, 11, first), vanilla(proof, 1, 12, second));
            final PostPartition p = PostPartition.of(proof, RANDOMNESS, vanilla, names(sectors), 0);
            assertSatisfiedWith(p);
            assertArrayEquals(PostPublicInputs.ofPartition(proof.shape(), proof.version(), RANDOMNESS, sectors == 1
                ? new long[] {11} : new long[] {11, 12}, sectors == 1 ? new long[][] {limbs(first)}
                : new long[][] {limbs(first), limbs(second)}, 0), p.publicInputs());
        }
    }

    /** API 1.0 numbers the sectors across partitions: partition 3's first sector is sector index 6. */
    @Test
    void shouldChallengeByTheSectorsIndexBeforeApi12()
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow2KiBV1;
        final List<byte[]> vanilla = List.of(vanilla(proof, 6, 11, first));
        assertSatisfiedWith(PostPartition.of(proof, RANDOMNESS, vanilla, names(1), 3));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof,
            RANDOMNESS, vanilla, names(1), 0));
        assertTrue(e.getMessage().startsWith("v0 (sector 11): inclusion_proofs[0] opens leaf "), e.getMessage());
    }

    @Test
    void shouldUnrollAWinningPostSectorIntoOneChallengeBlocks()
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWinning2KiBV1;
        final PostPartition p = PostPartition.of(proof, RANDOMNESS, List.of(vanilla(proof, 0, 12, second)), names(1),
            0);
        assertEquals(PostShape.WINNING_CHALLENGES, p.sectors().length);
        assertSatisfiedWith(p);
        assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof, RANDOMNESS, List.of(vanilla(proof,
            0, 12, second), vanilla(proof, 0, 11, first)), names(2), 0));
    }

    @Test
    void shouldRefuseADamagedProofNamingWhere()
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow2KiBV1_2;
        final byte[] good = vanilla(proof, 0, 11, first);
        // inclusion_proofs[3]'s leaf: after id, comm_r, two counts, 3 proofs of a variant, root, leaf and a path of
        // two levels of 7 hashes, each with its two counts
        final int leafOf3 = 8 + 32 + 8 + 8 + 3 * (4 + 64 + 8 + 2 * (16 + 7 * 32)) + 4 + 32;
        final byte[] bad = good.clone();
        bad[leafOf3] ^= 1;
        assertRefused(proof, bad, "v0 (sector 11) does not verify: inclusion_proofs[3] (leaf ");
        final byte[] id = good.clone();
        id[0] ^= 1;
        assertRefused(proof, id, "v0 (sector 10): inclusion_proofs[0] opens leaf ");
        assertRefused(RegisteredPostProof.StackedDrgWindow8MiBV1_2, good, "v0 is not a 8MiB sector's vanilla "
            + "proof: PoSt vanilla proof, offset ");
        final byte[] otherRandomness = RANDOMNESS.clone();
        otherRandomness[0] ^= 1;
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof,
            otherRandomness, List.of(good), names(1), 0));
        assertTrue(e.getMessage().contains("but this randomness challenges leaf"), e.getMessage());
        final byte[] high = RANDOMNESS.clone();
        high[31] = (byte)0xff;
        assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof, high, List.of(good), names(1), 0));
        assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof, RANDOMNESS, List.of(good, good,
            good), names(3), 0));
    }

    /**
     * A sparse 32 GiB sector's vanilla proof (what {@code bench post} proves) passes the checks of a real one, and its
     * sector satisfies the circuit with the verifier's inputs.
     */
    @Test
    void shouldMakeASparse32GiBSectorsVanillaProofThatChecksOut()
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow32GiBV1_2;
        final PostVanillaProof v = PostVanillaProver.sparse(proof, RANDOMNESS, 0, 9, new SplittableRandom(3));
        assertTrue(v.verifies());
        final PostPartition p = PostPartition.of(proof, RANDOMNESS, List.of(v.bytes()), names(1), 0);
        final PostShape one = proof.shape().withSectors(1);
        try (ProverInputs inputs = ProvingAssignment.synthesize(new PostCircuit(one, new PostSector[] {
            p.sectors()[0]})))
        {
            inputs.checkSatisfied();
            assertArrayEquals(Arrays.copyOf(p.publicInputs(), one.publicInputs() * Fr.LIMBS),
                inputs.witness().publicInputs());
        }
    }

    /**
     * Curio's real 32 GiB vanilla proof (sector 1, randomness 0, made by rust-fil-proofs) is accepted as a one-sector
     * WindowPoSt partition, and its sector satisfies the circuit with the verifier's inputs.
     */
    @Test
    void shouldTakeCuriosRealVanillaProofAsAPartition() throws IOException
    {
        final RegisteredPostProof proof = RegisteredPostProof.StackedDrgWindow32GiBV1_2;
        final PostPartition p = PostPartition.of(proof, new byte[32], List.of(curio()), List.of("post.vproof"), 0);
        assertArrayEquals(new long[] {1}, p.sectorIds());
        final PostShape one = proof.shape().withSectors(1);
        try (ProverInputs inputs = ProvingAssignment.synthesize(new PostCircuit(one, new PostSector[] {
            p.sectors()[0]})))
        {
            inputs.checkSatisfied();
            assertArrayEquals(Arrays.copyOf(p.publicInputs(), one.publicInputs() * Fr.LIMBS),
                inputs.witness().publicInputs());
        }
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof,
            RANDOMNESS, List.of(curio()), List.of("post.vproof"), 0));
        assertTrue(e.getMessage().startsWith("post.vproof (sector 1): inclusion_proofs[0] opens leaf "),
            e.getMessage());
    }

    /** Curio's real 32 GiB vanilla proof, read and written again, is the same bytes. */
    @Test
    void shouldWriteCuriosVanillaProofBackByteForByte() throws IOException
    {
        final byte[] bytes = curio();
        assertArrayEquals(bytes, PostVanillaProof.read(bytes, PostShape.window("32GiB").tree()).bytes());
    }

    private static byte[] curio() throws IOException
    {
        try (InputStream in = PostPartitionTest.class.getResourceAsStream("post.vproof"))
        {
            return in.readAllBytes();
        }
    }

    private static void assertRefused(final RegisteredPostProof proof, final byte[] vanilla, final String start)
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PostPartition.of(proof,
            RANDOMNESS, List.of(vanilla), names(1), 0));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    private static void assertSatisfiedWith(final PostPartition p)
    {
        try (ProverInputs inputs = ProvingAssignment.synthesize(p.circuit()))
        {
            inputs.checkSatisfied();
            assertArrayEquals(p.publicInputs(), inputs.witness().publicInputs());
        }
    }

    /** @return a sector's vanilla proof, serialized and read back, as a file holds it. */
    static byte[] vanilla(final RegisteredPostProof proof, final int index, final long sectorId,
        final SealedSector sector)
    {
        final PostVanillaProof v = PostVanillaProver.prove(proof, RANDOMNESS, index, sectorId, sector);
        assertTrue(v.verifies());
        return v.bytes();
    }

    private static List<String> names(final int n)
    {
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> "v" + i).toList();
    }

    private static long[] limbs(final SealedSector s)
    {
        return PostVanillaProof.limbs(s.commR());
    }

    private static SealedSector seal(final long sectorId)
    {
        final byte[] raw = new byte[Math.toIntExact(Fr32Padding.unpaddedSize(2048))];
        new SplittableRandom(sectorId).nextBytes(raw);
        return SectorSealer.seal(RegisteredSealProof.StackedDrg2KiBV1_1, Fr32Padding.pad(raw), ProverId.ofMiner(1000),
            sectorId, new byte[32]);
    }

    private static byte[] randomness(final long seed)
    {
        final byte[] r = new byte[32];
        new SplittableRandom(seed).nextBytes(r);
        r[31] &= 0x3f;
        assertTrue(Fr.fromBytes(r, 0, new long[Fr.LIMBS], 0));
        return r;
    }
}
