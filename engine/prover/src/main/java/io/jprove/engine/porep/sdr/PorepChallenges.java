package io.jprove.engine.porep.sdr;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.jprove.engine.porep.RegisteredSealProof;

/**
 * The nodes a PoRep partition's proof must open (storage-proofs-porep {@code stacked/vanilla/challenges.rs}), by the
 * seal proof's feature: interactive (from the seed), synthetic ({@link SyntheticChallenges}: the seed selects among
 * challenges fixed at sealing) or non-interactive (from comm_r alone).
 * <p>
 * Challenge {@code i} of partition {@code k} is number {@code j = k·perPartition + i} (u32) of the sector; a digest
 * becomes a node as {@code (digest read as a little-endian integer mod (nodes − 1)) + 1}, so node 0 is never
 * challenged. Interactive: the digest is SHA-256(replica id ‖ seed ‖ j u32 LE); non-interactive:
 * SHA-256("filecoin.io|PoRep|1|NonInteractive|1" ‖ replica id ‖ comm_r ‖ j u32 LE).
 */
public final class PorepChallenges
{
    private static final byte[] NI_TAG = "filecoin.io|PoRep|1|NonInteractive|1".getBytes(StandardCharsets.US_ASCII);

    private PorepChallenges()
    {
    }

    /**
     * The challenges of one partition of a seal proof's sector.
     *
     * @param proof     the seal proof: its nodes, feature and challenges per partition
     * @param replicaId 32 bytes
     * @param commR     32 bytes (unused by interactive PoRep)
     * @param seed      32 bytes of interactive randomness (unused by non-interactive PoRep)
     * @param partition the partition, 0 to partitions − 1
     * @return the challenged nodes, {@link RegisteredSealProof#challengesPerPartition} of them
     */
    public static long[] of(final RegisteredSealProof proof, final byte[] replicaId, final byte[] commR,
        final byte[] seed, final int partition)
    {
        if (partition < 0 || partition >= proof.partitions())
        {
            throw new IllegalArgumentException("partition " + partition + " outside [0, " + proof.partitions()
                + ") of " + proof);
        }
        final int perPartition = proof.challengesPerPartition();
        return switch (proof.feature())
        {
            case NONE -> interactive(proof.nodes(), replicaId, seed, partition, perPartition);
            case SYNTHETIC_POREP ->
                SyntheticChallenges.of(proof.nodes(), replicaId, commR).porepChallenges(perPartition, seed, partition);
            case NON_INTERACTIVE_POREP -> nonInteractive(proof.nodes(), replicaId, commR, partition, perPartition);
        };
    }

    /**
     * Interactive PoRep's challenges of partition {@code k}.
     *
     * @param nodes        the sector's nodes
     * @param replicaId    32 bytes
     * @param seed         32 bytes
     * @param partition    k
     * @param perPartition challenges per partition
     * @return the challenged nodes
     */
    public static long[] interactive(final long nodes, final byte[] replicaId, final byte[] seed,
        final int partition, final int perPartition)
    {
        check(replicaId, "replica id");
        check(seed, "seed");
        final long[] challenges = new long[perPartition];
        for (int i = 0; i < perPartition; i++)
        {
            final MessageDigest sha = sha256();
            sha.update(replicaId);
            sha.update(seed);
            sha.update(u32le(perPartition * partition + i));
            challenges[i] = toNode(sha.digest(), nodes);
        }
        return challenges;
    }

    /**
     * Non-interactive PoRep's challenges of partition {@code k}.
     *
     * @param nodes        the sector's nodes
     * @param replicaId    32 bytes
     * @param commR        32 bytes
     * @param partition    k
     * @param perPartition challenges per partition
     * @return the challenged nodes
     */
    public static long[] nonInteractive(final long nodes, final byte[] replicaId, final byte[] commR,
        final int partition, final int perPartition)
    {
        check(replicaId, "replica id");
        check(commR, "comm_r");
        final long[] challenges = new long[perPartition];
        for (int i = 0; i < perPartition; i++)
        {
            final MessageDigest sha = sha256();
            sha.update(NI_TAG);
            sha.update(replicaId);
            sha.update(commR);
            sha.update(u32le(perPartition * partition + i));
            challenges[i] = toNode(sha.digest(), nodes);
        }
        return challenges;
    }

    /**
     * @param littleEndian bytes of an unsigned integer, least significant first
     * @param nodes        the sector's nodes, 2 to 2^32 − 1
     * @return {@code (value mod (nodes − 1)) + 1}: a node other than 0
     */
    static long toNode(final byte[] littleEndian, final long nodes)
    {
        if (nodes < 2 || nodes > 0xffffffffL)
        {
            throw new IllegalArgumentException("a sector has 2 to 2^32 - 1 nodes, got " + nodes);
        }
        final byte[] bigEndian = new byte[littleEndian.length];
        for (int i = 0; i < littleEndian.length; i++)
        {
            bigEndian[i] = littleEndian[littleEndian.length - 1 - i];
        }
        return new BigInteger(1, bigEndian).mod(BigInteger.valueOf(nodes - 1)).longValueExact() + 1;
    }

    private static byte[] u32le(final int j)
    {
        return new byte[] {(byte)j, (byte)(j >>> 8), (byte)(j >>> 16), (byte)(j >>> 24)};
    }

    private static void check(final byte[] value, final String name)
    {
        if (value.length != 32)
        {
            throw new IllegalArgumentException("the " + name + " is 32 bytes, got " + value.length);
        }
    }

    static MessageDigest sha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
