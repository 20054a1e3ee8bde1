package io.jprove.engine.update;

import java.math.BigInteger;

import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.field.Fr;

/**
 * The challenges of a SnapDeals partition, natively (storage-proofs-update {@code challenges.rs}): partition k's
 * digests are {@code Poseidon(comm_r_new, k·digests + j)} under the custom domain of {@link
 * UpdateGadgets#GEN_RANDOMNESS}; each gives {@code ⌊254 / bits⌋} challenges of {@code bits = challenge bits −
 * partition bits} random bits, cut from the digest's little-endian bits, to which k is appended as the most
 * significant bits. The circuit derives the same bits ({@link UpdateGadgets#challengeBits}).
 */
public final class UpdateChallenges
{
    private UpdateChallenges()
    {
    }

    /**
     * @param commRNew comm_r_new, Fr limbs
     * @param k        the partition
     * @return the partition's {@code shape.challenges()} challenged nodes
     */
    public static long[] of(final UpdateShape shape, final long[] commRNew, final int k)
    {
        if (k < 0 || k >= shape.partitions())
        {
            throw new IllegalArgumentException("partition " + k + " of " + shape.partitions());
        }
        final int bits = shape.challengeBits() - shape.partitionBits();
        final int perDigest = BitPacking.CAPACITY_BITS / bits;
        final int digests = (shape.challenges() + perDigest - 1) / perDigest;
        return derive(commRNew, (long)k * digests, bits, shape.challenges(), (long)k << bits);
    }

    /**
     * {@code Challenges::new_poseidon}: the SnapDeals-Poseidon proof's {@link UpdatePoseidonCircuit#challenges}
     * challenges, of all the node bits, from digest 0.
     */
    public static long[] poseidon(final UpdateShape shape, final long[] commRNew)
    {
        return derive(commRNew, 0, shape.challengeBits(), UpdatePoseidonCircuit.challenges(shape), 0);
    }

    private static long[] derive(final long[] commRNew, final long firstDigest, final int bits, final int count,
        final long high)
    {
        final int perDigest = BitPacking.CAPACITY_BITS / bits;
        final Poseidon poseidon = new Poseidon(UpdateGadgets.GEN_RANDOMNESS);
        final long[] preimage = new long[2 * Fr.LIMBS];
        System.arraycopy(commRNew, 0, preimage, 0, Fr.LIMBS);
        final long[] out = new long[count];
        BigInteger digest = BigInteger.ZERO;
        for (int c = 0; c < out.length; c++)
        {
            final int i = c % perDigest;
            if (i == 0)
            {
                System.arraycopy(Fr.of(firstDigest + c / perDigest), 0, preimage, Fr.LIMBS, Fr.LIMBS);
                digest = Fr.toBigInteger(poseidon.hash(preimage), 0);
            }
            out[c] = digest.shiftRight(i * bits).longValue() & ((1L << bits) - 1) | high;
        }
        return out;
    }
}
