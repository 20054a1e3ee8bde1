package io.jprove.engine.update;

/**
 * A SnapDeals partition's witness, as storage-proofs-update's circuit {@code PublicInputs} and {@code PrivateInputs}
 * hold it (from a vanilla {@code PartitionProof}, {@link UpdateVanillaProof#witness}); every field element as Fr
 * limbs, every path level as its siblings' limbs back to back.
 *
 * @param k             the partition
 * @param h             the high bits of a challenge that pick its rho
 * @param commROld      comm_r_old
 * @param commDNew      comm_d_new
 * @param commRNew      comm_r_new
 * @param commC         comm_c
 * @param rootROld      TreeROld's root
 * @param rootRNew      TreeRNew's root
 * @param apexLeaves    the partition's apex leaves of TreeDNew
 * @param partitionPath the apex root's path to comm_d_new, one sibling per level
 * @param challenges    per challenge, its openings
 */
public record UpdateWitness(int k, int h, long[] commROld, long[] commDNew, long[] commRNew, long[] commC,
    long[] rootROld, long[] rootRNew, long[][] apexLeaves, long[][] partitionPath, Challenge[] challenges)
{
    /**
     * One challenge's openings.
     *
     * @param leafROld   TreeROld's leaf
     * @param leafDNew   TreeDNew's leaf
     * @param pathROld   its TreeROld path
     * @param pathRNew   its TreeRNew path
     * @param pathToApex its TreeDNew path up to the apex leaf, one sibling per level
     */
    public record Challenge(long[] leafROld, long[] leafDNew, long[][] pathROld, long[][] pathRNew,
        long[][] pathToApex)
    {
    }
}
