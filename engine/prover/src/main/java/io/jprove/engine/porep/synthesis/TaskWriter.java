package io.jprove.engine.porep.synthesis;

import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.porep.ChallengeWitness;
import io.jprove.engine.porep.PartitionWitness;
import io.jprove.engine.porep.SdrLabel;
import io.jprove.field.Fr;

/**
 * Writes one {@link WitnessTask} of a partition: the aux values {@link io.jprove.engine.porep.PorepCircuit}
 * allocates for that piece, in its order, from the {@link PartitionWitness} (through {@link GadgetWitness}). Holds
 * one thread's scratch space.
 */
final class TaskWriter
{
    private static final long[] UNIT = {1, 0, 0, 0};

    private final PartitionWitness witness;
    private final int layers;
    private final GadgetWitness gadgets = new GadgetWitness();
    private final long[] replicaCanonical = new long[Fr.LIMBS];
    private final byte[] replicaBytes = new byte[Fr.BYTES];
    private final long[] digest = new long[Fr.LIMBS];
    private final long[] root = new long[Fr.LIMBS];
    private final long[] pair = new long[2 * Fr.LIMBS];
    private final long[][] parents = new long[ChallengeWitness.PARENTS][];
    private final int[] offsets = new int[ChallengeWitness.PARENTS];
    private final long[] labels;

    /** A writer of {@code witness}'s tasks. */
    TaskWriter(final PartitionWitness witness)
    {
        this.witness = witness;
        this.layers = witness.shape().layers();
        this.labels = new long[layers * Fr.LIMBS];
        Fr.mul(replicaCanonical, 0, witness.replicaId(), 0, UNIT, 0);
        Fr.toBytes(witness.replicaId(), 0, replicaBytes, 0);
    }

    /**
     * Writes a task.
     *
     * @param challenge the challenge's index (ignored for the header)
     * @param sub       the parent (0–13) of a {@link WitnessTask#PARENT}, the layer (1-based) of a
     *                  {@link WitnessTask#LABEL}
     */
    void write(final AuxWriter out, final WitnessTask task, final int challenge, final int sub)
    {
        if (task == WitnessTask.HEADER)
        {
            header(out);
            return;
        }
        final ChallengeWitness c = witness.challenges().get(challenge);
        switch (task)
        {
            case DATA_PATH ->
            {
                out.element(c.dataLeaf(), 0);
                gadgets.inclusion(out, c.dataLeaf(), 0, c.dataPath(), root);
            }
            case PARENT ->
            {
                final long[] column = c.parentColumns()[sub];
                out.elements(column, 0, layers);
                gadgets.poseidon(out, layers, column, 0, digest, 0);
                gadgets.inclusion(out, digest, 0, c.parentPaths()[sub], root);
            }
            case CHALLENGE_BITS -> out.low(c.node(), Long.SIZE);
            case LABEL -> label(out, c, sub);
            case TAIL -> tail(out, c);
            default -> throw new IllegalStateException("task " + task);
        }
    }

    /** replica_id, its 255 bits, comm_d, comm_r, comm_r_last, comm_c, then Poseidon(comm_c, comm_r_last). */
    private void header(final AuxWriter out)
    {
        out.element(witness.replicaId(), 0);
        gadgets.bitsLe(out, witness.replicaId(), 0);
        out.element(witness.commD(), 0);
        out.element(witness.commR(), 0);
        out.element(witness.commRLast(), 0);
        out.element(witness.commC(), 0);
        System.arraycopy(witness.commC(), 0, pair, 0, Fr.LIMBS);
        System.arraycopy(witness.commRLast(), 0, pair, Fr.LIMBS, Fr.LIMBS);
        gadgets.poseidon(out, 2, pair, 0, digest, 0);
    }

    /** The label of {@code layer}: DRG parents' labels on this layer, expander parents' on the previous one. */
    private void label(final AuxWriter out, final ChallengeWitness c, final int layer)
    {
        final int count = layer == 1 ? SdrLabel.BASE_DEGREE : ChallengeWitness.PARENTS;
        for (int p = 0; p < count; p++)
        {
            parents[p] = c.parentColumns()[p];
            offsets[p] = (p < SdrLabel.BASE_DEGREE ? layer - 1 : layer - 2) * Fr.LIMBS;
        }
        gadgets.label(out, replicaCanonical, layer, c.node(), parents, offsets, count, digest);
    }

    /** The encoded node (last label + data leaf) and its path, then the column hash of the labels and its path. */
    private void tail(final AuxWriter out, final ChallengeWitness c)
    {
        computeLabels(c);
        final long[] encoded = digest;
        Fr.add(encoded, 0, labels, (layers - 1) * Fr.LIMBS, c.dataLeaf(), 0);
        out.element(encoded, 0);
        gadgets.inclusion(out, encoded, 0, c.replicaPath(), root);
        gadgets.poseidon(out, layers, labels, 0, digest, 0);
        gadgets.inclusion(out, digest, 0, c.columnPath(), root);
    }

    /** The challenged node's labels, natively (the label tasks compute them too, in other threads). */
    private void computeLabels(final ChallengeWitness c)
    {
        final byte[][] parentBytes14 = new byte[ChallengeWitness.PARENTS][Fr.BYTES];
        final byte[][] parentBytes6 = new byte[SdrLabel.BASE_DEGREE][];
        for (int layer = 1; layer <= layers; layer++)
        {
            for (int p = 0; p < ChallengeWitness.PARENTS; p++)
            {
                final int row = p < SdrLabel.BASE_DEGREE ? layer - 1 : layer - 2;
                if (row >= 0)
                {
                    Fr.toBytes(c.parentColumns()[p], row * Fr.LIMBS, parentBytes14[p], 0);
                }
            }
            System.arraycopy(parentBytes14, 0, parentBytes6, 0, SdrLabel.BASE_DEGREE);
            final byte[] in = SdrLabel.input(replicaBytes, layer, c.node(), layer == 1 ? parentBytes6
                : parentBytes14);
            final long[] label = Fr32.toFr(Sha256.digest(in));
            System.arraycopy(label, 0, labels, (layer - 1) * Fr.LIMBS, Fr.LIMBS);
        }
    }
}
