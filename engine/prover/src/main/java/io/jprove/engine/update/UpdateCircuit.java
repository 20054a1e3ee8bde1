package io.jprove.engine.update;

import io.jprove.engine.gadgets.AllocatedBit;
import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.Insertion;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.LinearCombination;
import io.jprove.engine.r1cs.Namespace;
import io.jprove.engine.r1cs.Variable;
import io.jprove.field.Fr;

/**
 * One SnapDeals partition: storage-proofs-update's {@code EmptySectorUpdateCircuit}, row for row and coefficient for
 * coefficient (its fingerprint equals Filecoin's: see the reference circuits), blank as parameter generation
 * synthesizes it ({@code EmptySectorUpdateCompound::blank_circuit}: every value absent, here zero), or with a
 * partition's witness ({@link UpdateWitness}, from its vanilla proof) as the prover synthesizes it.
 * <p>
 * Order: {@code k_and_h_select} allocated, made public and split into the partition bits and the {@code h_select} bits;
 * the partition bits packed; comm_r_old, comm_d_new and comm_r_new allocated and made public; {@code phi =
 * Poseidon(comm_d_new, comm_r_old)} (custom domain); comm_c, the two TreeR roots, the apex leaves and the partition
 * path allocated; comm_r_old and comm_r_new enforced equal to Poseidon(comm_c, root); the apex tree and its path to
 * comm_d_new ({@link UpdateGadgets#apexPor}); the challenges' bits derived from comm_r_new ({@link
 * UpdateGadgets#challengeBits}). Per challenge: rho = Poseidon(phi, the challenge's high bits); leaf_r_old and
 * leaf_d_new allocated, leaf_r_new = leaf_r_old + leaf_d_new·rho; the TreeROld path allocated and checked, then
 * TreeRNew's; the apex leaf selected by the challenge's bits above the path to it; that path (binary SHA-256)
 * allocated and checked.
 */
public final class UpdateCircuit implements Circuit
{
    private final UpdateShape shape;
    /** The witness, or null for the blank circuit. */
    private final UpdateWitness witness;

    /**
     * @param shape   the partition's shape
     * @param witness its witness ({@link UpdateVanillaProof#witness}), or null for the blank circuit
     */
    public UpdateCircuit(final UpdateShape shape, final UpdateWitness witness)
    {
        if (witness != null && witness.challenges().length != shape.challenges())
        {
            throw new IllegalArgumentException(shape.name() + " takes " + shape.challenges() + " challenges, got "
                + witness.challenges().length);
        }
        this.shape = shape;
        this.witness = witness;
    }

    /** @return the blank partition circuit of a shape: what parameter generation synthesizes. */
    public static UpdateCircuit blank(final UpdateShape shape)
    {
        return new UpdateCircuit(shape, null);
    }

    /** @return the partition's shape. */
    public UpdateShape shape()
    {
        return shape;
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final int partitionBits = shape.partitionBits();
        final int[] hs = shape.hs();
        final UpdateWitness w = witness;
        final long kAndH = w == null ? 0 : UpdatePublicInputs.kAndHSelect(shape, w.k(), w.h());
        final AllocatedNum kAndHSelect = AllocatedNum.alloc(cs, "k_and_h_select", Fr.of(kAndH));
        kAndHSelect.inputize(cs);
        final Boolean[] kAndHSelectBits = new Boolean[partitionBits + hs.length];
        for (int i = 0; i < kAndHSelectBits.length; i++)
        {
            kAndHSelectBits[i] = Boolean.of(AllocatedBit.alloc(cs, "k_and_h_select_bit", (kAndH >>> i & 1) == 1));
        }
        BitPacking.enforceDecomposition(cs, kAndHSelectBits, kAndHSelect);
        final Boolean[] partition = new Boolean[partitionBits];
        System.arraycopy(kAndHSelectBits, 0, partition, 0, partitionBits);
        final Boolean[] hSelect = new Boolean[hs.length];
        System.arraycopy(kAndHSelectBits, partitionBits, hSelect, 0, hs.length);
        final AllocatedNum partitionNum;
        try (Namespace ignored = cs.namespace("pack partition bits"))
        {
            partitionNum = BitPacking.pack(cs, partition, 0, partitionBits);
        }
        final AllocatedNum commROld = AllocatedNum.alloc(cs, "comm_r_old", value(w == null ? null : w.commROld()));
        commROld.inputize(cs);
        final AllocatedNum commDNew = AllocatedNum.alloc(cs, "comm_d_new", value(w == null ? null : w.commDNew()));
        commDNew.inputize(cs);
        final AllocatedNum commRNew = AllocatedNum.alloc(cs, "comm_r_new", value(w == null ? null : w.commRNew()));
        commRNew.inputize(cs);
        final AllocatedNum phi;
        try (Namespace ignored = cs.namespace("phi"))
        {
            phi = PoseidonGadget.hash(cs, UpdateGadgets.GEN_RANDOMNESS, commDNew, commROld);
        }
        final AllocatedNum commC = AllocatedNum.alloc(cs, "comm_c", value(w == null ? null : w.commC()));
        final AllocatedNum rootROld = AllocatedNum.alloc(cs, "root_r_old", value(w == null ? null : w.rootROld()));
        final AllocatedNum rootRNew = AllocatedNum.alloc(cs, "root_r_new", value(w == null ? null : w.rootRNew()));
        final AllocatedNum[] apexLeaves = new AllocatedNum[shape.apexLeaves()];
        for (int i = 0; i < apexLeaves.length; i++)
        {
            apexLeaves[i] = AllocatedNum.alloc(cs, "apex_leaf", value(w == null ? null : w.apexLeaves()[i]));
        }
        final AllocatedNum[][] partitionPath = siblings(cs, "partition_path_sibling", partitionBits, 1,
            w == null ? null : w.partitionPath());
        try (Namespace ignored = cs.namespace("comm_r_old_calc"))
        {
            enforceCommR(cs, commC, rootROld, commROld);
        }
        try (Namespace ignored = cs.namespace("comm_r_new_calc"))
        {
            enforceCommR(cs, commC, rootRNew, commRNew);
        }
        try (Namespace ignored = cs.namespace("apex_gadget"))
        {
            UpdateGadgets.apexPor(cs, apexLeaves, partition, partitionPath, commDNew);
        }
        final int challengeBits = shape.challengeBits();
        final Boolean[][] generated;
        try (Namespace ignored = cs.namespace("gen_challenge_bits"))
        {
            generated = UpdateGadgets.challengeBits(cs, commRNew, partitionNum, shape.challenges(),
                challengeBits - partitionBits);
        }
        for (int j = 0; j < generated.length; j++)
        {
            try (Namespace ignored = cs.namespace("challenge"))
            {
                challenge(cs, generated[j], partition, hSelect, phi, rootROld, rootRNew, apexLeaves,
                    w == null ? null : w.challenges()[j]);
            }
        }
    }

    private void challenge(final ConstraintSystem cs, final Boolean[] random, final Boolean[] partition,
        final Boolean[] hSelect, final AllocatedNum phi, final AllocatedNum rootROld, final AllocatedNum rootRNew,
        final AllocatedNum[] apexLeaves, final UpdateWitness.Challenge w)
    {
        final int challengeBits = shape.challengeBits();
        final Boolean[] bits = new Boolean[challengeBits];
        System.arraycopy(random, 0, bits, 0, random.length);
        System.arraycopy(partition, 0, bits, random.length, partition.length);
        final AllocatedNum high;
        try (Namespace ignored = cs.namespace("get_challenge_high_bits"))
        {
            high = UpdateGadgets.challengeHighBits(cs, bits, hSelect, shape.hs());
        }
        final AllocatedNum rho;
        try (Namespace ignored = cs.namespace("rho"))
        {
            rho = PoseidonGadget.hash(cs, UpdateGadgets.GEN_RANDOMNESS, phi, high);
        }
        final AllocatedNum leafROld = AllocatedNum.alloc(cs, "leaf_r_old", value(w == null ? null : w.leafROld()));
        final AllocatedNum leafDNew = AllocatedNum.alloc(cs, "leaf_d_new", value(w == null ? null : w.leafDNew()));
        final AllocatedNum leafRNew;
        try (Namespace ignored = cs.namespace("leaf_r_new"))
        {
            leafRNew = UpdateGadgets.labelRNew(cs, leafROld, leafDNew, rho);
        }
        final TreeShape tree = shape.replicaTree();
        final AllocatedNum[][] pathROld = replicaPath(cs, "path_r_old sibling", tree, w == null ? null
            : w.pathROld());
        try (Namespace ignored = cs.namespace("por tree_r_old"))
        {
            UpdateGadgets.porNoChallengeInput(cs, tree, bits, leafROld, pathROld, rootROld);
        }
        final AllocatedNum[][] pathRNew = replicaPath(cs, "path_r_new sibling", tree, w == null ? null
            : w.pathRNew());
        try (Namespace ignored = cs.namespace("por tree_r_new"))
        {
            UpdateGadgets.porNoChallengeInput(cs, tree, bits, leafRNew, pathRNew, rootRNew);
        }
        final int toApex = challengeBits - shape.partitionBits() - shape.apexLeafBits();
        final Boolean[] apexBits = new Boolean[shape.apexLeafBits()];
        System.arraycopy(bits, toApex, apexBits, 0, apexBits.length);
        final AllocatedNum apexLeaf;
        try (Namespace ignored = cs.namespace("select_apex_leaf"))
        {
            apexLeaf = Insertion.select(cs, apexLeaves, apexBits);
        }
        final Boolean[] bitsToApex = new Boolean[toApex];
        System.arraycopy(bits, 0, bitsToApex, 0, toApex);
        final AllocatedNum[][] pathToApex = siblings(cs, "path_to_apex_leaf sibling", toApex, 1, w == null ? null
            : w.pathToApex());
        try (Namespace ignored = cs.namespace("por to_apex_leaf"))
        {
            UpdateGadgets.porNoChallengeInput(cs, TreeShape.binary(TreeHasher.SHA256, toApex), bitsToApex, leafDNew,
                pathToApex, apexLeaf);
        }
    }

    /** {@code comm_r = Poseidon(comm_c, root)} (Merkle-tree domain, arity 2), enforced as {@code calc·1 = comm_r}. */
    static void enforceCommR(final ConstraintSystem cs, final AllocatedNum commC, final AllocatedNum root,
        final AllocatedNum commR)
    {
        final AllocatedNum calc = PoseidonGadget.hash(cs, PoseidonParameters.forArity(2), commC, root);
        cs.enforce("enforce comm_r_calc == comm_r", new LinearCombination(1).add(calc.variable()),
            new LinearCombination(1).add(Variable.ONE), new LinearCombination(1).add(commR.variable()));
    }

    /** The siblings of a TreeR path, allocated level by level (base levels, then sub and top). */
    static AllocatedNum[][] replicaPath(final ConstraintSystem cs, final String annotation,
        final TreeShape tree)
    {
        return replicaPath(cs, annotation, tree, null);
    }

    /** The same, with the siblings' values (per level, the siblings' limbs back to back), or zeros when null. */
    private static AllocatedNum[][] replicaPath(final ConstraintSystem cs, final String annotation,
        final TreeShape tree, final long[][] values)
    {
        final int[] arities = tree.levelArities();
        final AllocatedNum[][] path = new AllocatedNum[arities.length][];
        for (int level = 0; level < arities.length; level++)
        {
            path[level] = siblings(cs, annotation, 1, arities[level] - 1, values == null ? null : new long[][] {
                values[level]})[0];
        }
        return path;
    }

    private static AllocatedNum[][] siblings(final ConstraintSystem cs, final String annotation, final int levels,
        final int perLevel, final long[][] values)
    {
        final AllocatedNum[][] path = new AllocatedNum[levels][perLevel];
        for (int level = 0; level < levels; level++)
        {
            for (int i = 0; i < perLevel; i++)
            {
                final long[] v = new long[Fr.LIMBS];
                if (values != null)
                {
                    System.arraycopy(values[level], i * Fr.LIMBS, v, 0, Fr.LIMBS);
                }
                path[level][i] = AllocatedNum.alloc(cs, annotation, v);
            }
        }
        return path;
    }

    /** @return a witness value, or zero for the blank circuit. */
    private static long[] value(final long[] v)
    {
        return v == null ? new long[Fr.LIMBS] : v;
    }
}
