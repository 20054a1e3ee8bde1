package io.jprove.engine.porep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.field.Fr;

/**
 * Everything C2 consumes to prove one partition (rust-fil-proofs' {@code seal_commit_phase2} through
 * {@code StackedCompound::circuit}): the replica id, comm_d and comm_r (public), comm_r_last and comm_c (private,
 * both also roots every challenge's paths share), and per challenge its openings ({@link ChallengeWitness}). The seed
 * and the partition index are what the challenges were drawn from; they do not enter the circuit, whose public
 * inputs name the challenged nodes and parents directly ({@link #publicInputs()}).
 * <p>
 * A plain record: a C1 output fills it, {@link PorepWitness} draws a random one, {@link #blank} is the shape of a
 * circuit without witness. Elements are Fr limbs in Montgomery form.
 *
 * @param shape      the partition's shape
 * @param replicaId  the replica id
 * @param commD      the data tree's root
 * @param commR      Poseidon(comm_c, comm_r_last)
 * @param commRLast  the replica tree's root
 * @param commC      the column tree's root
 * @param seed       the 32-byte interactive seed the challenges derive from (zeros when unknown)
 * @param k          the partition's index
 * @param challenges one per challenge of the partition, in order
 */
public record PartitionWitness(SectorShape shape, long[] replicaId, long[] commD, long[] commR, long[] commRLast,
    long[] commC, byte[] seed, int k, List<ChallengeWitness> challenges)
{
    /**
     * Checks the witness against its shape ({@link ChallengeWitness}'s checks for each challenge).
     *
     * @throws IllegalArgumentException naming the field or challenge that does not fit.
     */
    public PartitionWitness
    {
        for (final long[] v : new long[][] {replicaId, commD, commR, commRLast, commC})
        {
            if (v.length != Fr.LIMBS)
            {
                throw new IllegalArgumentException("a commitment or replica id of " + v.length + " limbs");
            }
        }
        if (seed.length != 32)
        {
            throw new IllegalArgumentException("a seed of " + seed.length + " bytes, not 32");
        }
        if (challenges.size() != shape.challenges())
        {
            throw new IllegalArgumentException(challenges.size() + " challenges for a partition of "
                + shape.challenges());
        }
        challenges = List.copyOf(challenges);
        for (int i = 0; i < challenges.size(); i++)
        {
            challenges.get(i).check(shape, i);
        }
    }

    /** @return a witness of zeros with the shape's structure: what a circuit needs when no witness is computed. */
    public static PartitionWitness blank(final SectorShape shape)
    {
        final long[] zero = new long[Fr.LIMBS];
        final List<ChallengeWitness> challenges = new ArrayList<>();
        for (int c = 0; c < shape.challenges(); c++)
        {
            final long[][] columns = new long[ChallengeWitness.PARENTS][shape.layers() * Fr.LIMBS];
            final MerklePath[] paths = new MerklePath[ChallengeWitness.PARENTS];
            Arrays.fill(paths, MerklePath.blank(shape.replicaTree()));
            challenges.add(new ChallengeWitness(0, zero, MerklePath.blank(shape.dataTree()),
                new long[ChallengeWitness.PARENTS], columns, paths, MerklePath.blank(shape.replicaTree()),
                MerklePath.blank(shape.replicaTree())));
        }
        return new PartitionWitness(shape, zero, zero, zero, zero, zero, new byte[32], 0, challenges);
    }

    /**
     * The public inputs as rust-fil-proofs' {@code StackedCompound::generate_public_inputs} computes them, without
     * the constant ONE: replica id, comm_d, comm_r, then per challenge the challenged node (its data path's index),
     * the 6 DRG and 8 expander parents (their column paths' indices), the challenged node (the challenge itself), and
     * the challenged node twice more (its replica path's and its column path's indices). 3 + 18 per challenge: 40 for
     * a 2 KiB partition, 328 for 32 GiB.
     *
     * @return Fr limbs, 4 per input
     */
    public long[] publicInputs()
    {
        final int count = 3 + challenges.size() * (4 + ChallengeWitness.PARENTS);
        final long[] inputs = new long[count * Fr.LIMBS];
        int at = 0;
        for (final long[] v : new long[][] {replicaId, commD, commR})
        {
            System.arraycopy(v, 0, inputs, Fr.LIMBS * at++, Fr.LIMBS);
        }
        for (final ChallengeWitness c : challenges)
        {
            System.arraycopy(Fr.of(c.node()), 0, inputs, Fr.LIMBS * at++, Fr.LIMBS);
            for (final long parent : c.parents())
            {
                System.arraycopy(Fr.of(parent), 0, inputs, Fr.LIMBS * at++, Fr.LIMBS);
            }
            for (int i = 0; i < 3; i++)
            {
                System.arraycopy(Fr.of(c.node()), 0, inputs, Fr.LIMBS * at++, Fr.LIMBS);
            }
        }
        return inputs;
    }
}
