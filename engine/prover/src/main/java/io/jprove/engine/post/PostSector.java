package io.jprove.engine.post;

import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.field.Fr;

/**
 * One sector's part of a fallback PoSt partition: storage-proofs-post's circuit {@code Sector}, the openings of its
 * replica tree at the challenged leaves.
 *
 * @param commR     the sector's comm_r = Poseidon(comm_c, comm_r_last), Fr limbs
 * @param commC     comm_c
 * @param commRLast comm_r_last, the replica tree's root
 * @param leaves    the challenged leaves, one Fr (limbs) per challenge
 * @param paths     their paths to comm_r_last, one per challenge
 */
public record PostSector(long[] commR, long[] commC, long[] commRLast, long[][] leaves, MerklePath[] paths)
{
    /** Validates the lengths. */
    public PostSector
    {
        if (leaves.length != paths.length)
        {
            throw new IllegalArgumentException(leaves.length + " leaves but " + paths.length + " paths");
        }
    }

    /** @return the blank sector of a shape (zero values, paths of leaf 0): what parameter generation synthesizes. */
    public static PostSector blank(final PostShape shape)
    {
        final long[][] leaves = new long[shape.challengeCount()][];
        final MerklePath[] paths = new MerklePath[shape.challengeCount()];
        final MerklePath path = MerklePath.blank(shape.tree());
        for (int i = 0; i < leaves.length; i++)
        {
            leaves[i] = new long[Fr.LIMBS];
            paths[i] = path;
        }
        return new PostSector(new long[Fr.LIMBS], new long[Fr.LIMBS], new long[Fr.LIMBS], leaves, paths);
    }
}
