package io.jprove.engine.update;

import io.jprove.engine.gadgets.AllocatedBit;
import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.Namespace;
import io.jprove.field.Fr;

/**
 * The SnapDeals-Poseidon proof (storage-proofs-update {@code poseidon/circuit.rs}): one partition for the whole
 * sector, TreeDNew a Poseidon tree of TreeR's shape, blank as parameter generation synthesizes it.
 * <p>
 * It differs from {@link UpdateCircuit} in: the first public input is {@code h_select} alone (its bits allocated and
 * decomposed); no apex tree; the partition is a constant-zero variable; {@code challenges × partitions} challenges
 * of all the node bits; per challenge, after the TreeROld and TreeRNew paths, a third Poseidon path of the same shape
 * from leaf_d_new to comm_d_new.
 */
public final class UpdatePoseidonCircuit implements Circuit
{
    private final UpdateShape shape;

    private UpdatePoseidonCircuit(final UpdateShape shape)
    {
        this.shape = shape;
    }

    /** @return the blank circuit of a sector size: what parameter generation synthesizes. */
    public static UpdatePoseidonCircuit blank(final UpdateShape shape)
    {
        return new UpdatePoseidonCircuit(shape);
    }

    /** @return {@code challenge_count_poseidon}: every partition's challenges in one proof. */
    public static int challenges(final UpdateShape shape)
    {
        return shape.challenges() * shape.partitions();
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final int[] hs = shape.hs();
        final long[] zero = new long[Fr.LIMBS];
        final AllocatedNum hSelect = AllocatedNum.alloc(cs, "h_select", zero);
        hSelect.inputize(cs);
        final Boolean[] hSelectBits = new Boolean[hs.length];
        for (int i = 0; i < hs.length; i++)
        {
            hSelectBits[i] = Boolean.of(AllocatedBit.alloc(cs, "h_select_bit", false));
        }
        BitPacking.enforceDecomposition(cs, hSelectBits, hSelect);
        final AllocatedNum commROld = AllocatedNum.alloc(cs, "comm_r_old", zero);
        commROld.inputize(cs);
        final AllocatedNum commDNew = AllocatedNum.alloc(cs, "comm_d_new", zero);
        commDNew.inputize(cs);
        final AllocatedNum commRNew = AllocatedNum.alloc(cs, "comm_r_new", zero);
        commRNew.inputize(cs);
        final AllocatedNum phi;
        try (Namespace ignored = cs.namespace("phi"))
        {
            phi = PoseidonGadget.hash(cs, UpdateGadgets.GEN_RANDOMNESS, commDNew, commROld);
        }
        final AllocatedNum commC = AllocatedNum.alloc(cs, "comm_c", zero);
        final AllocatedNum rootROld = AllocatedNum.alloc(cs, "root_r_old", zero);
        final AllocatedNum rootRNew = AllocatedNum.alloc(cs, "root_r_new", zero);
        try (Namespace ignored = cs.namespace("comm_r_old_calc"))
        {
            UpdateCircuit.enforceCommR(cs, commC, rootROld, commROld);
        }
        try (Namespace ignored = cs.namespace("comm_r_new_calc"))
        {
            UpdateCircuit.enforceCommR(cs, commC, rootRNew, commRNew);
        }
        final AllocatedNum partition = AllocatedNum.alloc(cs, "gen_challenge_bits partition zero", zero);
        final Boolean[][] generated;
        try (Namespace ignored = cs.namespace("gen_challenge_bits"))
        {
            generated = UpdateGadgets.challengeBits(cs, commRNew, partition, challenges(shape), shape.challengeBits());
        }
        final TreeShape tree = shape.replicaTree();
        for (final Boolean[] bits : generated)
        {
            try (Namespace ignored = cs.namespace("challenge"))
            {
                final AllocatedNum high;
                try (Namespace n = cs.namespace("get_challenge_high_bits"))
                {
                    high = UpdateGadgets.challengeHighBits(cs, bits, hSelectBits, hs);
                }
                final AllocatedNum rho;
                try (Namespace n = cs.namespace("rho"))
                {
                    rho = PoseidonGadget.hash(cs, UpdateGadgets.GEN_RANDOMNESS, phi, high);
                }
                final AllocatedNum leafROld = AllocatedNum.alloc(cs, "leaf_r_old", zero);
                final AllocatedNum leafDNew = AllocatedNum.alloc(cs, "leaf_d_new", zero);
                final AllocatedNum leafRNew;
                try (Namespace n = cs.namespace("leaf_r_new"))
                {
                    leafRNew = UpdateGadgets.labelRNew(cs, leafROld, leafDNew, rho);
                }
                final AllocatedNum[][] pathROld = UpdateCircuit.replicaPath(cs, "path_r_old sibling", tree);
                try (Namespace n = cs.namespace("por tree_r_old"))
                {
                    UpdateGadgets.porNoChallengeInput(cs, tree, bits, leafROld, pathROld, rootROld);
                }
                final AllocatedNum[][] pathRNew = UpdateCircuit.replicaPath(cs, "path_r_new sibling", tree);
                try (Namespace n = cs.namespace("por tree_r_new"))
                {
                    UpdateGadgets.porNoChallengeInput(cs, tree, bits, leafRNew, pathRNew, rootRNew);
                }
                final AllocatedNum[][] pathDNew = UpdateCircuit.replicaPath(cs, "path_d_new sibling", tree);
                try (Namespace n = cs.namespace("por tree_d_new"))
                {
                    UpdateGadgets.porNoChallengeInput(cs, tree, bits, leafDNew, pathDNew, commDNew);
                }
            }
        }
    }
}
