package io.jprove.engine.porep.sdr;

import java.nio.charset.StandardCharsets;

import io.jprove.engine.gadgets.hash.Blake2b;

/**
 * Synthetic PoRep's challenges (storage-proofs-porep {@code stacked/vanilla/challenges.rs}, module
 * {@code synthetic}): at sealing, min(nodes, 2^18) synthetic challenges are drawn from comm_r; at commit, the seed
 * selects the partitions' challenges among them.
 * <p>
 * Synthetic challenge {@code i} is bytes {@code [32i, 32i + 32)} of a ChaCha20 keystream (nonce "synth-porep\0"),
 * keyed with the 32-byte BLAKE2b of replica id ‖ comm_r under the key "filecoin.io|PoRep|1|Synthetic|1|Generation",
 * read as a little-endian integer and made a node as {@link PorepChallenges} does. Porep challenge {@code j} (of the
 * whole sector, {@code j = k·perPartition + i}) is the synthetic challenge numbered by bytes {@code [4j, 4j + 4)}
 * (u32 LE, mod the synthetic count) of a second keystream, keyed with BLAKE2b of replica id ‖ seed under
 * "filecoin.io|PoRep|1|Synthetic|1|Selection".
 */
public final class SyntheticChallenges
{
    /** Synthetic challenges of a sector of at least this many nodes. */
    public static final int DEFAULT_COUNT = 1 << 18;
    private static final byte[] NONCE = "synth-porep\0".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] GENERATION_KEY =
        "filecoin.io|PoRep|1|Synthetic|1|Generation".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SELECTION_KEY =
        "filecoin.io|PoRep|1|Synthetic|1|Selection".getBytes(StandardCharsets.US_ASCII);
    private static final int CHALLENGE_BYTES = 32;
    private static final int INDEX_BYTES = 4;

    private final long nodes;
    private final byte[] replicaId;
    private final byte[] generationKey;
    private final int count;

    private SyntheticChallenges(final long nodes, final byte[] replicaId, final byte[] commR, final int count)
    {
        if (replicaId.length != 32 || commR.length != 32)
        {
            throw new IllegalArgumentException("replica id and comm_r are 32 bytes, got " + replicaId.length
                + " and " + commR.length);
        }
        if (count < 1)
        {
            throw new IllegalArgumentException("at least one synthetic challenge, got " + count);
        }
        this.nodes = nodes;
        this.replicaId = replicaId.clone();
        this.generationKey = key(GENERATION_KEY, replicaId, commR);
        this.count = count;
    }

    /**
     * @param nodes     the sector's nodes
     * @param replicaId 32 bytes, little-endian Fr
     * @param commR     32 bytes, little-endian Fr
     * @return the sector's synthetic challenges: min(nodes, 2^18) of them
     */
    public static SyntheticChallenges of(final long nodes, final byte[] replicaId, final byte[] commR)
    {
        return new SyntheticChallenges(nodes, replicaId, commR, (int)Math.min(nodes, DEFAULT_COUNT));
    }

    /**
     * @param count how many synthetic challenges (rust-fil-proofs' tests choose it; sectors use {@link #of})
     * @return a sector's synthetic challenges, {@code count} of them
     */
    public static SyntheticChallenges of(final long nodes, final byte[] replicaId, final byte[] commR,
        final int count)
    {
        return new SyntheticChallenges(nodes, replicaId, commR, count);
    }

    /** @return the number of synthetic challenges */
    public int count()
    {
        return count;
    }

    /** @return synthetic challenge {@code i}, a node */
    public long challenge(final int i)
    {
        if (i < 0 || i >= count)
        {
            throw new IndexOutOfBoundsException("synthetic challenge " + i + " outside [0, " + count + ")");
        }
        final ChaCha20Stream stream = new ChaCha20Stream(generationKey, NONCE);
        stream.seek((long)i * CHALLENGE_BYTES);
        final byte[] bytes = new byte[CHALLENGE_BYTES];
        stream.keystream(bytes);
        return PorepChallenges.toNode(bytes, nodes);
    }

    /** @return every synthetic challenge, in order */
    public long[] all()
    {
        final ChaCha20Stream stream = new ChaCha20Stream(generationKey, NONCE);
        final long[] all = new long[count];
        final byte[] bytes = new byte[CHALLENGE_BYTES];
        for (int i = 0; i < count; i++)
        {
            stream.keystream(bytes);
            all[i] = PorepChallenges.toNode(bytes, nodes);
        }
        return all;
    }

    /**
     * @param perPartition challenges per partition
     * @param seed         32 bytes of interactive randomness
     * @param partition    k
     * @return the numbers of the synthetic challenges that are partition {@code k}'s porep challenges
     */
    public int[] selection(final int perPartition, final byte[] seed, final int partition)
    {
        if (seed.length != 32)
        {
            throw new IllegalArgumentException("the seed is 32 bytes, got " + seed.length);
        }
        final ChaCha20Stream stream = new ChaCha20Stream(key(SELECTION_KEY, replicaId, seed), NONCE);
        stream.seek((long)partition * perPartition * INDEX_BYTES);
        final byte[] bytes = new byte[INDEX_BYTES];
        final int[] indexes = new int[perPartition];
        for (int i = 0; i < perPartition; i++)
        {
            stream.keystream(bytes);
            indexes[i] = (int)Long.remainderUnsigned(Integer.toUnsignedLong(ChaCha.littleEndianInt(bytes, 0)), count);
        }
        return indexes;
    }

    /**
     * @param perPartition challenges per partition
     * @param seed         32 bytes of interactive randomness
     * @param partition    k
     * @return partition {@code k}'s porep challenges: the selected synthetic challenges
     */
    public long[] porepChallenges(final int perPartition, final byte[] seed, final int partition)
    {
        final int[] indexes = selection(perPartition, seed, partition);
        final long[] challenges = new long[perPartition];
        for (int i = 0; i < perPartition; i++)
        {
            challenges[i] = challenge(indexes[i]);
        }
        return challenges;
    }

    private static byte[] key(final byte[] blakeKey, final byte[] first, final byte[] second)
    {
        return new Blake2b(CHALLENGE_BYTES, blakeKey).update(first).update(second).digest();
    }
}
