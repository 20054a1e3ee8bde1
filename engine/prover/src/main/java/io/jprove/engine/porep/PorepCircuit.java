package io.jprove.engine.porep;

import io.jprove.engine.gadgets.AllocatedBit;
import io.jprove.engine.gadgets.AllocatedNum;
import io.jprove.engine.gadgets.BitPacking;
import io.jprove.engine.gadgets.Boolean;
import io.jprove.engine.gadgets.PoseidonGadget;
import io.jprove.engine.gadgets.hash.PoseidonParameters;
import io.jprove.engine.gadgets.merkle.InclusionGadget;
import io.jprove.engine.r1cs.Circuit;
import io.jprove.engine.r1cs.ConstraintSystem;
import io.jprove.engine.r1cs.Namespace;
import io.jprove.field.Fr;

/**
 * One PoRep partition: rust-fil-proofs' {@code StackedCircuit} with its per-challenge {@code Proof::synthesize}, row
 * for row and coefficient for coefficient (its R1CS fingerprint, {@code TestConstraintSystem::hash()} included, equals
 * Filecoin's for the 2 KiB partition and the test shapes: see the reference circuits), over a
 * {@link PartitionWitness}: a C1 output's, or a random one drawn from a seed ({@link PorepWitness}).
 * <p>
 * Order: the replica id allocated, made public and unpacked into 256 bits (bytes' bits reversed); comm_d and comm_r
 * allocated and made public; comm_r_last and comm_c allocated; comm_r enforced equal to Poseidon(comm_c,
 * comm_r_last). Per challenge: the data leaf and its path to comm_d (binary SHA-256); per parent (6 DRG, then 8
 * expander) its column allocated, hashed (Poseidon of arity {@code layers}) and its path to comm_c; the challenge's 64
 * bits, packed into a public input; per layer the parents' labels unpacked into bits (afresh for each use) and the
 * label hashed ({@link LabelGadget}); the encoded node (last label + data leaf) and its path to comm_r_last; the
 * challenge's column hash and its path to comm_c. Public inputs are allocated where they fall, as bellperson does;
 * the prover appends one {@code input × 0 = 0} row per input after the circuit's rows.
 * <p>
 * A random witness is generated on the first synthesis that needs one and kept; synthesis without witness uses the
 * blank witness of the same shape ({@link PartitionWitness#blank}), so counting and recording compute no hash. Not
 * thread-safe.
 */
public final class PorepCircuit implements Circuit
{
    private final SectorShape shape;
    private final long seed;
    private PartitionWitness witness;

    /**
     * @param shape the partition's shape
     * @param seed  determines the random witness
     */
    public PorepCircuit(final SectorShape shape, final long seed)
    {
        this.shape = shape;
        this.seed = seed;
    }

    /** @return a circuit over a given witness (a C1 output's, or one built or altered elsewhere). */
    public static PorepCircuit withWitness(final PartitionWitness witness)
    {
        final PorepCircuit circuit = new PorepCircuit(witness.shape(), 0);
        circuit.witness = witness;
        return circuit;
    }

    /** @return the partition's shape. */
    public SectorShape shape()
    {
        return shape;
    }

    /** @return the witness (generated on first use). */
    public PartitionWitness witness()
    {
        if (witness == null)
        {
            witness = PorepWitness.random(shape, seed);
        }
        return witness;
    }

    @Override
    public void synthesize(final ConstraintSystem cs)
    {
        final PartitionWitness w = cs.needsWitness() ? witness() : PartitionWitness.blank(shape);
        final AllocatedNum replicaId = AllocatedNum.alloc(cs, "replica_id", w.replicaId());
        replicaId.inputize(cs);
        final Boolean[] replicaBits = reverseBitNumbering(replicaId.toBitsLe(cs));
        final AllocatedNum commD = AllocatedNum.alloc(cs, "comm_d", w.commD());
        commD.inputize(cs);
        final AllocatedNum commR = AllocatedNum.alloc(cs, "comm_r", w.commR());
        commR.inputize(cs);
        final AllocatedNum commRLast = AllocatedNum.alloc(cs, "comm_r_last", w.commRLast());
        final AllocatedNum commC = AllocatedNum.alloc(cs, "comm_c", w.commC());
        try (Namespace ignored = cs.namespace("H_comm_c_comm_r_last"))
        {
            final AllocatedNum h = PoseidonGadget.hash(cs, PoseidonParameters.forArity(2), commC, commRLast);
            AllocatedNum.enforceEqual(cs, commR, h);
        }
        for (final ChallengeWitness c : w.challenges())
        {
            try (Namespace ignored = cs.namespace("challenge"))
            {
                challenge(cs, c, commD, commC, commRLast, replicaBits);
            }
        }
    }

    private void challenge(final ConstraintSystem cs, final ChallengeWitness c, final AllocatedNum commD,
        final AllocatedNum commC, final AllocatedNum commRLast, final Boolean[] replicaBits)
    {
        final int layers = shape.layers();
        final PoseidonParameters columnHash = PoseidonParameters.forArity(layers);
        final AllocatedNum dataLeaf = AllocatedNum.alloc(cs, "data_leaf", c.dataLeaf());
        try (Namespace ignored = cs.namespace("comm_d_inclusion"))
        {
            InclusionGadget.enforce(cs, dataLeaf, c.dataPath(), commD);
        }
        final AllocatedNum[][] columns = new AllocatedNum[ChallengeWitness.PARENTS][];
        for (int p = 0; p < ChallengeWitness.PARENTS; p++)
        {
            try (Namespace ignored = cs.namespace(p < SdrLabel.BASE_DEGREE ? "drg_parent" : "exp_parent"))
            {
                columns[p] = allocColumn(cs, c.parentColumns()[p], layers);
                final AllocatedNum hash = PoseidonGadget.hash(cs, columnHash, columns[p]);
                InclusionGadget.enforce(cs, hash, c.parentPaths()[p], commC);
            }
        }
        final Boolean[] challengeBits = new Boolean[64];
        for (int i = 0; i < 64; i++)
        {
            challengeBits[i] = Boolean.of(AllocatedBit.alloc(cs, "challenge bit", (c.node() >>> i & 1) != 0));
        }
        BitPacking.packIntoInputs(cs, challengeBits);
        final Boolean[] nodeBitsBigEndian = new Boolean[64];
        for (int i = 0; i < 64; i++)
        {
            nodeBitsBigEndian[i] = challengeBits[63 - i];
        }
        final AllocatedNum[] labels = new AllocatedNum[layers];
        for (int layer = 1; layer <= layers; layer++)
        {
            try (Namespace ignored = cs.namespace("labeling"))
            {
                labels[layer - 1] = label(cs, columns, layer, replicaBits, nodeBitsBigEndian);
            }
        }
        final AllocatedNum encoded = AllocatedNum.add(cs, labels[layers - 1], dataLeaf);
        try (Namespace ignored = cs.namespace("comm_r_last_data_inclusion"))
        {
            InclusionGadget.enforce(cs, encoded, c.replicaPath(), commRLast);
        }
        try (Namespace ignored = cs.namespace("c_x_inclusion"))
        {
            final AllocatedNum columnHashNum = PoseidonGadget.hash(cs, columnHash, labels);
            InclusionGadget.enforce(cs, columnHashNum, c.columnPath(), commC);
        }
    }

    /** The label of one layer: parents' labels unpacked (DRG: this layer, expander: the previous), 37 slots. */
    private static AllocatedNum label(final ConstraintSystem cs, final AllocatedNum[][] columns, final int layer,
        final Boolean[] replicaBits, final Boolean[] nodeBits)
    {
        final int count = layer == 1 ? SdrLabel.BASE_DEGREE : ChallengeWitness.PARENTS;
        final Boolean[][] parents = new Boolean[count][];
        for (int p = 0; p < count; p++)
        {
            final int row = p < SdrLabel.BASE_DEGREE ? layer - 1 : layer - 2;
            parents[p] = reverseBitNumbering(columns[p][row].toBitsLe(cs));
        }
        final Boolean[][] expanded = new Boolean[SdrLabel.TOTAL_PARENTS][];
        for (int k = 0; k < SdrLabel.TOTAL_PARENTS; k++)
        {
            expanded[k] = parents[k % count];
        }
        return LabelGadget.createLabel(cs, replicaBits, layer, nodeBits, expanded);
    }

    private static AllocatedNum[] allocColumn(final ConstraintSystem cs, final long[] column, final int layers)
    {
        final AllocatedNum[] rows = new AllocatedNum[layers];
        final long[] v = new long[Fr.LIMBS];
        for (int l = 0; l < layers; l++)
        {
            System.arraycopy(column, l * Fr.LIMBS, v, 0, Fr.LIMBS);
            rows[l] = AllocatedNum.alloc(cs, "column_num_row", v);
        }
        return rows;
    }

    /**
     * storage-proofs' {@code reverse_bit_numbering}: little-endian bits, padded with constant zeros to whole bytes,
     * become bytes in order with the most significant bit of each first.
     */
    static Boolean[] reverseBitNumbering(final Boolean[] le)
    {
        final int n = (le.length + 7) & ~7;
        final Boolean[] out = new Boolean[n];
        for (int i = 0; i < n; i++)
        {
            final int from = (i & ~7) | (7 - (i & 7));
            out[i] = from < le.length ? le[from] : Boolean.FALSE;
        }
        return out;
    }
}
