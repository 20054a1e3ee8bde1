package io.jprove.engine.porep;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Sha256Gadget;
import io.jprove.engine.r1cs.ConstraintSystem;

/**
 * The SDR label in a circuit, as rust-fil-proofs' {@code create_label_circuit}: SHA-256 over the {@link SdrLabel}
 * layout (replica id, layer and node big-endian, zero padding to 64 bytes, then 37 parent labels), the digest packed
 * into Fr with its top two bits dropped ({@link BitPacking#packDigestAsFr32}). With the 9,728 input bits allocated
 * by the caller, the whole costs 532,025 constraints, the figure rust-fil-proofs' test asserts.
 */
public final class LabelGadget
{
    private LabelGadget()
    {
    }

    /**
     * @param replicaId 256 bits, most significant bit of each byte first
     * @param layer     the layer index (a constant of the circuit shape)
     * @param node      the node index as a constant
     * @param parents   37 parent labels of 256 bits each, in the order {@link SdrLabel#input} lays them out
     * @return the label as an Fr variable
     */
    public static AllocatedNum createLabel(final ConstraintSystem cs, final Boolean[] replicaId, final int layer,
        final long node, final Boolean[][] parents)
    {
        final Boolean[] nodeBits = new Boolean[64];
        for (int i = 0; i < 64; i++)
        {
            nodeBits[i] = Boolean.constant((node >>> (63 - i) & 1) != 0);
        }
        return createLabel(cs, replicaId, layer, nodeBits, parents);
    }

    /**
     * The label of a node given as 64 bits, as the PoRep circuit hashes it: the challenge's allocated bits.
     *
     * @param replicaId 256 bits, most significant bit of each byte first
     * @param layer     the layer index (a constant of the circuit shape)
     * @param nodeBits  the node index, most significant bit first (64 bits)
     * @param parents   37 parent labels of 256 bits each, in the order {@link SdrLabel#input} lays them out
     * @return the label as an Fr variable
     */
    public static AllocatedNum createLabel(final ConstraintSystem cs, final Boolean[] replicaId, final int layer,
        final Boolean[] nodeBits, final Boolean[][] parents)
    {
        if (replicaId.length != 256 || parents.length != SdrLabel.TOTAL_PARENTS || nodeBits.length != 64)
        {
            throw new IllegalArgumentException("label needs a 256-bit replica id, a 64-bit node and 37 parents, got "
                + replicaId.length + " bits, " + nodeBits.length + " bits and " + parents.length + " parents");
        }
        final Boolean[] input = new Boolean[(2 + SdrLabel.TOTAL_PARENTS) * 256];
        System.arraycopy(replicaId, 0, input, 0, 256);
        for (int i = 0; i < 32; i++)
        {
            input[256 + i] = Boolean.constant((layer >>> (31 - i) & 1) != 0);
        }
        System.arraycopy(nodeBits, 0, input, 288, 64);
        for (int i = 352; i < 512; i++)
        {
            input[i] = Boolean.FALSE;
        }
        for (int k = 0; k < SdrLabel.TOTAL_PARENTS; k++)
        {
            if (parents[k].length != 256)
            {
                throw new IllegalArgumentException("parent " + k + " must have 256 bits, got " + parents[k].length);
            }
            System.arraycopy(parents[k], 0, input, 512 + 256 * k, 256);
        }
        return BitPacking.packDigestAsFr32(cs, Sha256Gadget.hash(cs, input));
    }
}
