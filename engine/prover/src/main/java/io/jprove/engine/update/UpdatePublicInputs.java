package io.jprove.engine.update;

import java.util.Arrays;

import io.jprove.field.Fr;

/**
 * A SnapDeals partition's public inputs, as storage-proofs-update's {@code EmptySectorUpdateCompound::
 * generate_public_inputs} computes them ({@code circuit::PublicInputs::new}): {@code k_and_h_select = k | h_select <<
 * partition bits}, where {@code h_select = 1 << (h's position in hs)}, then comm_r_old, comm_d_new and comm_r_new. The
 * order is the order in which {@link UpdateCircuit} allocates its inputs.
 */
public final class UpdatePublicInputs
{
    private UpdatePublicInputs()
    {
    }

    /** @return {@code k_and_h_select} of partition k and high-bit count h. */
    public static long kAndHSelect(final UpdateShape shape, final int k, final int h)
    {
        if (k < 0 || k >= shape.partitions())
        {
            throw new IllegalArgumentException("partition " + k + " of " + shape.partitions());
        }
        final int[] hs = shape.hs();
        for (int i = 0; i < hs.length; i++)
        {
            if (hs[i] == h)
            {
                return k | 1L << i << shape.partitionBits();
            }
        }
        throw new IllegalArgumentException("h = " + h + " is not one of " + Arrays.toString(hs));
    }

    /**
     * The SnapDeals-Poseidon proof's inputs ({@code poseidon::circuit::PublicInputs::new}): {@code h_select}, then
     * comm_r_old, comm_d_new and comm_r_new.
     *
     * @return the four inputs without ONE, Fr limbs back to back
     */
    public static long[] generatePoseidon(final UpdateShape shape, final int h, final long[] commROld,
        final long[] commDNew, final long[] commRNew)
    {
        final long[] inputs = generate(shape, 0, h, commROld, commDNew, commRNew);
        System.arraycopy(Fr.of(kAndHSelect(shape, 0, h) >>> shape.partitionBits()), 0, inputs, 0, Fr.LIMBS);
        return inputs;
    }

    /**
     * @param commROld  comm_r_old, Fr limbs
     * @param commDNew  comm_d_new, Fr limbs
     * @param commRNew  comm_r_new, Fr limbs
     * @return the four inputs without ONE, Fr limbs back to back
     */
    public static long[] generate(final UpdateShape shape, final int k, final int h, final long[] commROld,
        final long[] commDNew, final long[] commRNew)
    {
        final long[] inputs = new long[4 * Fr.LIMBS];
        System.arraycopy(Fr.of(kAndHSelect(shape, k, h)), 0, inputs, 0, Fr.LIMBS);
        System.arraycopy(commROld, 0, inputs, Fr.LIMBS, Fr.LIMBS);
        System.arraycopy(commDNew, 0, inputs, 2 * Fr.LIMBS, Fr.LIMBS);
        System.arraycopy(commRNew, 0, inputs, 3 * Fr.LIMBS, Fr.LIMBS);
        return inputs;
    }
}
