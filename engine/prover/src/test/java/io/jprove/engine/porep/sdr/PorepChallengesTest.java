package io.jprove.engine.porep.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import io.jprove.engine.porep.RegisteredSealProof;

import org.junit.jupiter.api.Test;

/**
 * PoRep challenges: synthetic against rust-fil-proofs' {@code test_synth_challenges_against_hardcoded}; interactive
 * and non-interactive against values computed apart from jprove (Python's hashlib and integers, from the rule of
 * challenges.rs).
 */
class PorepChallengesTest
{
    private static final byte[] REPLICA_ID = replicaId();
    private static final byte[] SEED = filled(2);
    private static final byte[] COMM_R = filled(7);

    @Test
    void shouldDrawTheHardcodedSyntheticChallenges()
    {
        final SyntheticChallenges synth = SyntheticChallenges.of(1 << 10, fr(55), fr(101), 21);
        final long[] expected = {178, 297, 869, 211, 875, 477, 94, 781, 124, 332, 856, 801, 176, 692, 429, 691, 290,
            204, 986, 210, 973};
        assertArrayEquals(expected, synth.all());
        for (int i = 20; i >= 0; i--)
        {
            assertEquals(expected[i], synth.challenge(i), "challenge " + i);
        }
        assertArrayEquals(new long[] {176, 781, 801, 986, 290, 211, 692, 856, 986, 332},
            synth.porepChallenges(10, filled(1), 0));
    }

    @Test
    void shouldSplitSyntheticSelectionsIntoPartitions()
    {
        final SyntheticChallenges synth = SyntheticChallenges.of(1 << 30, fr(5), fr(6));
        assertEquals(1 << 18, synth.count());
        final long[] whole = synth.porepChallenges(180, SEED, 0);
        for (int k = 0; k < 10; k++)
        {
            assertArrayEquals(Arrays.copyOfRange(whole, 18 * k, 18 * k + 18), synth.porepChallenges(18, SEED, k));
        }
        assertEquals(64, SyntheticChallenges.of(64, fr(5), fr(6)).count());
    }

    @Test
    void shouldDeriveInteractiveChallengesFromTheSeed()
    {
        assertArrayEquals(new long[] {981523169, 175812499, 402605493, 1047386542, 1040298271, 721950510, 375513931,
            963456982, 803276072, 857091673, 504473225, 188862316, 988418987, 506639435, 265686113, 171018244,
            172715859, 359509273}, PorepChallenges.interactive(1L << 30, REPLICA_ID, SEED, 3, 18));
        assertArrayEquals(PorepChallenges.interactive(1L << 30, REPLICA_ID, SEED, 3, 18),
            PorepChallenges.of(RegisteredSealProof.StackedDrg32GiBV1_1, REPLICA_ID, COMM_R, SEED, 3));
        // Partitions are slices of one sequence.
        final long[] whole = PorepChallenges.interactive(1L << 30, REPLICA_ID, SEED, 0, 72);
        assertArrayEquals(Arrays.copyOfRange(whole, 54, 72), PorepChallenges.interactive(1L << 30, REPLICA_ID, SEED,
            3, 18));
    }

    @Test
    void shouldDeriveNonInteractiveChallengesFromCommR()
    {
        assertArrayEquals(new long[] {106618, 190231}, PorepChallenges.nonInteractive(1 << 18, REPLICA_ID, COMM_R,
            12, 2));
        assertArrayEquals(new long[] {106618, 190231}, PorepChallenges.of(
            RegisteredSealProof.StackedDrg8MiBV1_2_Feat_NonInteractivePoRep, REPLICA_ID, COMM_R, filled(0), 12));
    }

    @Test
    void shouldPickTheRuleOfTheFeature()
    {
        assertArrayEquals(SyntheticChallenges.of(64, REPLICA_ID, COMM_R).porepChallenges(2, SEED, 0),
            PorepChallenges.of(RegisteredSealProof.StackedDrg2KiBV1_1_Feat_SyntheticPoRep, REPLICA_ID, COMM_R, SEED,
                0));
        assertThrows(IllegalArgumentException.class,
            () -> PorepChallenges.of(RegisteredSealProof.StackedDrg2KiBV1_1, REPLICA_ID, COMM_R, SEED, 1));
        assertThrows(IllegalArgumentException.class,
            () -> PorepChallenges.interactive(64, new byte[31], SEED, 0, 2));
    }

    @Test
    void shouldNeverChallengeNodeZero()
    {
        final byte[] allOnes = new byte[32];
        Arrays.fill(allOnes, (byte)0xff);
        assertEquals(1, PorepChallenges.toNode(new byte[32], 64));
        // 2^6 ≡ 1 (mod 63) and 256 = 6·42 + 4, so 2^256 − 1 ≡ 2^4 − 1 = 15, and the node is 16.
        assertEquals(16, PorepChallenges.toNode(allOnes, 64));
        assertEquals(63, PorepChallenges.toNode(new byte[] {62}, 64));
        assertEquals(1, PorepChallenges.toNode(new byte[] {63}, 64));
    }

    private static byte[] fr(final int value)
    {
        final byte[] b = new byte[32];
        b[0] = (byte)value;
        return b;
    }

    private static byte[] filled(final int value)
    {
        final byte[] b = new byte[32];
        Arrays.fill(b, (byte)value);
        return b;
    }

    private static byte[] replicaId()
    {
        final byte[] b = new byte[32];
        for (int i = 0; i < 32; i++)
        {
            b[i] = (byte)(i + 1);
        }
        b[31] &= 0x3f;
        return b;
    }
}
