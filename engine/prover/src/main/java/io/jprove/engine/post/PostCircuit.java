package io.jprove.engine.post;

import java.util.Arrays;

import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.merkle.InclusionGadget;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.Namespace;

/**
 * One fallback PoSt partition, WindowPoSt's or WinningPoSt's: rust-fil-proofs' {@code FallbackPoStCircuit}, row for
 * row and coefficient for coefficient (its fingerprint equals Filecoin's: see the reference circuits).
 * <p>
 * Per sector, in order: comm_r_last, comm_c and comm_r allocated; comm_r made public; comm_r enforced equal to
 * Poseidon(comm_c, comm_r_last) (arity 2); then per challenge the leaf allocated, its path to comm_r_last (index bits
 * and siblings per level, {@link InclusionGadget}), the index bits packed into one public input and the computed root
 * enforced equal to comm_r_last. Per sector 313 constraints plus, per challenge, 2 and the path's (530 per arity-8
 * level): 53,333 for a 32 GiB sector of 10 challenges.
 * <p>
 * The sectors' order is the constraint order; bellperson's parallel synthesis of sector chunks ({@code
 * synthesize_extendable}) concatenates the same rows in the same order.
 */
public final class PostCircuit implements Circuit
{
    private final PostShape shape;
    private final PostSector[] sectors;

    /**
     * @param shape   the partition's shape
     * @param sectors its sectors, {@code shape.sectorCount()} of them (a partition short of sectors repeats its last,
     *                as rust-fil-proofs does, before it gets here)
     */
    public PostCircuit(final PostShape shape, final PostSector[] sectors)
    {
        if (sectors.length != shape.sectorCount())
        {
            throw new IllegalArgumentException(shape.name() + " takes " + shape.sectorCount() + " sectors, got "
                + sectors.length);
        }
        for (final PostSector s : sectors)
        {
            if (s.leaves().length != shape.challengeCount())
            {
                throw new IllegalArgumentException(shape.name() + " takes " + shape.challengeCount()
                    + " challenges per sector, got " + s.leaves().length);
            }
        }
        this.shape = shape;
        this.sectors = sectors.clone();
    }

    /** @return the blank circuit of a shape (every sector blank): what parameter generation synthesizes. */
    public static PostCircuit blank(final PostShape shape)
    {
        final PostSector[] sectors = new PostSector[shape.sectorCount()];
        Arrays.fill(sectors, PostSector.blank(shape));
        return new PostCircuit(shape, sectors);
    }

    /** @return the partition's shape. */
    public PostShape shape()
    {
        return shape;
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        for (final PostSector sector : sectors)
        {
            try (Namespace ignored = cs.namespace("sector"))
            {
                sector(cs, sector);
            }
        }
    }

    private static void sector(final ConstraintSystem cs, final PostSector sector)
    {
        final AllocatedNum commRLast = AllocatedNum.alloc(cs, "comm_r_last", sector.commRLast());
        final AllocatedNum commC = AllocatedNum.alloc(cs, "comm_c", sector.commC());
        final AllocatedNum commR = AllocatedNum.alloc(cs, "comm_r", sector.commR());
        commR.inputize(cs);
        try (Namespace ignored = cs.namespace("H_comm_c_comm_r_last"))
        {
            final AllocatedNum h = PoseidonGadget.hash(cs, PoseidonParameters.forArity(2), commC, commRLast);
            AllocatedNum.enforceEqual(cs, commR, h);
        }
        for (int i = 0; i < sector.leaves().length; i++)
        {
            try (Namespace ignored = cs.namespace("challenge_inclusion"))
            {
                final AllocatedNum leaf = AllocatedNum.alloc(cs, "value", sector.leaves()[i]);
                InclusionGadget.enforce(cs, leaf, sector.paths()[i], commRLast);
            }
        }
    }
}
