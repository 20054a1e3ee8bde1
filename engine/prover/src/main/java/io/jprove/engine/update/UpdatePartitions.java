package io.jprove.engine.update;

import java.util.ArrayList;
import java.util.List;

import io.jprove.field.Fr;

/**
 * A SnapDeals proof's partitions ready to prove, from rust-fil-proofs' vanilla proofs (one per partition, in order, as
 * filecoin-proofs' {@code generate_empty_sector_update_proof_with_vanilla} takes them): each read for the sector
 * size, checked by the vanilla verifier against the commitments, then turned into its circuit's witness; the public
 * inputs are {@code generate_public_inputs}' of each partition.
 *
 * @param shape        the sector size's shape
 * @param witnesses    per partition, its witness
 * @param publicInputs per partition, its public inputs without ONE, Fr limbs back to back
 */
public record UpdatePartitions(UpdateShape shape, List<UpdateWitness> witnesses, List<long[]> publicInputs)
{
    /**
     * @param h        the high bits that pick rho ({@code shape.hs()}; Filecoin's default {@link #defaultH})
     * @param commROld comm_r_old, 32 bytes
     * @param commDNew comm_d_new, 32 bytes
     * @param commRNew comm_r_new, 32 bytes
     * @param vanilla  the partitions' vanilla proofs, partition 0 first, {@code shape.partitions()} of them
     * @param names    what to call each in messages
     * @return the partitions
     * @throws IllegalArgumentException naming the vanilla proof and what is wrong in it
     */
    public static UpdatePartitions of(final UpdateShape shape, final int h, final byte[] commROld,
        final byte[] commDNew, final byte[] commRNew, final List<byte[]> vanilla, final List<String> names)
    {
        if (vanilla.size() != shape.partitions() || names.size() != vanilla.size())
        {
            throw new IllegalArgumentException(shape.name() + " proves " + shape.partitions() + " partition"
                + (shape.partitions() == 1 ? "" : "s") + ", got " + vanilla.size() + " vanilla proofs");
        }
        final long[][] comms = {limbs(commROld, "comm_r_old"), limbs(commDNew, "comm_d_new"), limbs(commRNew,
            "comm_r_new")};
        final List<UpdateWitness> witnesses = new ArrayList<>();
        final List<long[]> inputs = new ArrayList<>();
        for (int k = 0; k < vanilla.size(); k++)
        {
            final UpdateVanillaProof p;
            try
            {
                p = UpdateVanillaProof.read(vanilla.get(k), shape);
            }
            catch (final IllegalArgumentException e)
            {
                throw new IllegalArgumentException(names.get(k) + " is not a " + shape.name() + " partition's: "
                    + e.getMessage(), e);
            }
            final String problem = p.problem(shape, k, h, commROld, commDNew, commRNew);
            if (problem != null)
            {
                throw new IllegalArgumentException(names.get(k) + " (partition " + k + ") does not verify: " + problem);
            }
            witnesses.add(p.witness(shape, k, h, commROld, commDNew, commRNew));
            inputs.add(UpdatePublicInputs.generate(shape, k, h, comms[0], comms[1], comms[2]));
        }
        return new UpdatePartitions(shape, List.copyOf(witnesses), List.copyOf(inputs));
    }

    /** @return filecoin-proofs' {@code h_default}: the fourth of the shape's allowed values. */
    public static int defaultH(final UpdateShape shape)
    {
        return shape.hs()[3];
    }

    /** @return partition k's circuit, with its witness. */
    public UpdateCircuit circuit(final int k)
    {
        return new UpdateCircuit(shape, witnesses.get(k));
    }

    private static long[] limbs(final byte[] b, final String what)
    {
        final long[] r = new long[Fr.LIMBS];
        if (b.length != 32 || !Fr.fromBytes(b, 0, r, 0))
        {
            throw new IllegalArgumentException(what + " is not 32 bytes of a field element");
        }
        return r;
    }
}
