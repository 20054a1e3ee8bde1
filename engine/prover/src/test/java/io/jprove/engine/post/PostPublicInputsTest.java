package io.jprove.engine.post;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.tree.CommitmentCid;
import io.jprove.engine.r1cs.ProverInputs;
import io.jprove.engine.r1cs.ProvingAssignment;
import io.jprove.field.Fr;

/**
 * The PoSt's public inputs and witness against a real WindowPoSt vanilla proof: curio's {@code
 * lib/proof/testgolden/post.vproof} (a 32 GiB sector, number 1, of miner 1000, proved by rust-fil-proofs for
 * randomness 0; its {@code postpub.json} gives the sector's comm_r CID). The challenged leaves its openings carry are
 * the ones the challenge rule derives; the vanilla checks hold; the circuit over it is satisfied and its public inputs
 * are the compound's.
 */
class PostPublicInputsTest
{
    private static final String COMM_R_CID = "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl";
    private static final byte[] ZERO_RANDOMNESS = new byte[32];

    @Test
    void shouldReadCuriosVanillaProofAndVerifyIt() throws IOException
    {
        final PostVanillaProof proof = curioProof();
        assertEquals(1, proof.sectorId());
        assertArrayEquals(CommitmentCid.SEALED.decode(COMM_R_CID), proof.commR());
        assertEquals(PostShape.WINDOW_CHALLENGES, proof.openings().size());
        assertTrue(proof.verifies());
        final byte[] other = proof.commC().clone();
        other[0] ^= 1;
        assertFalse(new PostVanillaProof(1, proof.commR(), other, proof.commRLast(), proof.openings()).verifies());
    }

    /** The leaves the proof opens are {@code generate_leaf_challenge}'s for sector 1, randomness 0. */
    @Test
    void shouldDeriveTheChallengesTheProofOpens() throws IOException
    {
        final long[] derived = new long[PostShape.WINDOW_CHALLENGES];
        for (int n = 0; n < derived.length; n++)
        {
            derived[n] = PostChallenges.leaf(ZERO_RANDOMNESS, 1, PostChallenges.challengeIndex(ApiVersion.V1_1_0, 0,
                PostShape.WINDOW_CHALLENGES, n), 1L << 30);
        }
        assertArrayEquals(derived, curioProof().challengedLeaves());
    }

    /**
     * A partition of one sector, and one of three padded with it: the circuit over the real openings is satisfied and
     * the public inputs it allocates are {@code generate_public_inputs}'.
     */
    @Test
    void shouldSatisfyTheCircuitWithTheCompoundsPublicInputs() throws IOException
    {
        final PostVanillaProof proof = curioProof();
        final PostShape window = PostShape.window("32GiB");
        for (final int sectors : new int[] {1, 3})
        {
            final PostShape shape = window.withSectors(sectors);
            final PostSector[] partition = new PostSector[sectors];
            Arrays.fill(partition, proof.toSector(shape.tree()));
            final long[] expected = PostPublicInputs.generate(shape, ApiVersion.V1_1_0, ZERO_RANDOMNESS,
                new long[] {1}, new long[][] {PostVanillaProof.limbs(proof.commR())}, 0);
            assertEquals(shape.publicInputs() * Fr.LIMBS, expected.length);
            try (ProverInputs p = ProvingAssignment.synthesize(new PostCircuit(shape, partition)))
            {
                p.checkSatisfied();
                assertArrayEquals(expected, p.witness().publicInputs());
            }
        }
    }

    /**
     * WinningPoSt's layout: each challenge a "sector" of one, the sector's public values repeated, challenge index i
     * for block i. For sector 1 and randomness 0 its first ten challenges are the WindowPoSt proof's, so curio's
     * openings fill a ten-block WinningPoSt-shaped circuit, satisfied, with {@code verify_winning_post}'s inputs.
     */
    @Test
    void shouldFillWinningPostBlocksWithOneChallengeEach() throws IOException
    {
        final PostVanillaProof proof = curioProof();
        final PostShape shape = PostShape.winning("32GiB").withSectors(PostShape.WINDOW_CHALLENGES);
        final long[] ids = new long[shape.sectorCount()];
        final long[][] commRs = new long[shape.sectorCount()][];
        Arrays.fill(ids, 1);
        Arrays.fill(commRs, PostVanillaProof.limbs(proof.commR()));
        try (ProverInputs p = ProvingAssignment.synthesize(new PostCircuit(shape, proof.toSectors(shape.tree(), 1))))
        {
            p.checkSatisfied();
            assertArrayEquals(PostPublicInputs.generate(shape, ApiVersion.V1_0_0, ZERO_RANDOMNESS, ids, commRs, 0),
                p.witness().publicInputs());
        }
        assertThrows(IllegalArgumentException.class, () -> proof.toSectors(shape.tree(), 3));
    }

    /** Before API 1.2 the challenge index runs on across the partitions' sectors; from 1.2 it restarts per sector. */
    @Test
    void shouldIndexChallengesByApiVersion()
    {
        assertEquals(2 * 10 + 3, PostChallenges.challengeIndex(ApiVersion.V1_0_0, 2, 10, 3));
        assertEquals(2 * 10 + 3, PostChallenges.challengeIndex(ApiVersion.V1_1_0, 2, 10, 3));
        assertEquals(3, PostChallenges.challengeIndex(ApiVersion.V1_2_0, 2, 10, 3));
        final PostShape shape = PostShape.window("2KiB");
        final long[][] commRs = {Fr.of(7), Fr.of(8), Fr.of(9)};
        final long[] second = PostPublicInputs.generate(shape, ApiVersion.V1_1_0, ZERO_RANDOMNESS,
            new long[] {5, 6, 7}, commRs, 1);
        // partition 1 holds sector 7 (sector index 2), padded with itself
        assertArrayEquals(Fr.of(9), Arrays.copyOfRange(second, 0, Fr.LIMBS));
        assertArrayEquals(Fr.of(PostChallenges.leaf(ZERO_RANDOMNESS, 7, 20, 64)),
            Arrays.copyOfRange(second, Fr.LIMBS, 2 * Fr.LIMBS));
        assertArrayEquals(Arrays.copyOfRange(second, 0, 11 * Fr.LIMBS), Arrays.copyOfRange(second, 11 * Fr.LIMBS,
            22 * Fr.LIMBS));
        assertThrows(IllegalArgumentException.class, () -> PostPublicInputs.generate(shape, ApiVersion.V1_1_0,
            ZERO_RANDOMNESS, new long[] {5, 6, 7}, commRs, 2));
    }

    @Test
    void shouldRefuseTruncatedOrAlteredProofsSayingWhere() throws IOException
    {
        final byte[] bytes = curioBytes();
        final TreeShape tree = PostShape.window("32GiB").tree();
        final IllegalArgumentException truncated = assertThrows(IllegalArgumentException.class,
            () -> PostVanillaProof.read(Arrays.copyOf(bytes, bytes.length - 1), tree));
        assertTrue(truncated.getMessage().contains("offset 24928: truncated in comm_r_last"), truncated.getMessage());
        final byte[] variant = bytes.clone();
        variant[56] = 0;
        final IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
            () -> PostVanillaProof.read(variant, tree));
        assertTrue(wrong.getMessage().contains("inclusion_proofs[0] is variant 0"), wrong.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PostVanillaProof.read(bytes, PostShape.window("64GiB")
            .tree()));
    }

    private static PostVanillaProof curioProof() throws IOException
    {
        return PostVanillaProof.read(curioBytes(), PostShape.window("32GiB").tree());
    }

    private static byte[] curioBytes() throws IOException
    {
        try (InputStream in = PostPublicInputsTest.class.getResourceAsStream("post.vproof"))
        {
            return in.readAllBytes();
        }
    }
}
