package io.jprove.engine.porep;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import io.jprove.engine.gadgets.hash.Fr32;
import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.merkle.MerklePath;
import io.jprove.engine.gadgets.merkle.SparseMerkleTree;
import io.jprove.field.Fr;

/**
 * Random, satisfying witnesses of a PoRep partition ({@link PartitionWitness}), built without a sector: random
 * replica id, challenges and parents; random labels for the parents' columns; the challenged nodes' labels computed
 * from them ({@link SdrLabel}); random data leaves; and the three trees as {@link SparseMerkleTree}s, so every path is
 * built bottom-up from its leaf and random siblings to roots that all paths share.
 * <p>
 * Not Filecoin's graph: the parents are drawn at random among the nodes that are not challenged (the circuit takes
 * them as public inputs and does not derive them), and a node chosen twice has one column. Challenges are drawn from
 * [1, nodes), as Filecoin's are (node 0 is labelled without parents). Deterministic in the seed.
 */
public final class PorepWitness
{
    private PorepWitness()
    {
    }

    /** @return a random witness for {@code shape}, determined by {@code seed}. */
    public static PartitionWitness random(final SectorShape shape, final long seed)
    {
        final SplittableRandom rng = new SplittableRandom(seed);
        final int layers = shape.layers();
        final long[] replicaId = trimmed(rng);
        final byte[] replicaBytes = bytes(replicaId, 0);
        final LinkedHashSet<Long> nodes = new LinkedHashSet<>();
        while (nodes.size() < shape.challenges())
        {
            nodes.add(1 + rng.nextLong(shape.nodes() - 1));
        }
        final Map<Long, long[]> columns = new HashMap<>();
        final Poseidon columnHash = Poseidon.forArity(layers);
        final Supplier<long[]> randomNode = () -> trimmed(rng);
        final SparseMerkleTree data = new SparseMerkleTree(shape.dataTree(), randomNode);
        final SparseMerkleTree replica = new SparseMerkleTree(shape.replicaTree(), () -> Fr.random(rng));
        final SparseMerkleTree columnTree = new SparseMerkleTree(shape.replicaTree(), () -> Fr.random(rng));
        final List<long[]> parentsOf = new ArrayList<>();
        final List<long[]> leavesOf = new ArrayList<>();
        for (final long node : nodes)
        {
            final long[] parents = new long[ChallengeWitness.PARENTS];
            for (int p = 0; p < ChallengeWitness.PARENTS; p++)
            {
                long parent;
                do
                {
                    parent = rng.nextLong(shape.nodes());
                }
                while (nodes.contains(parent));
                parents[p] = parent;
                final long[] column = columns.computeIfAbsent(parent, k -> randomColumn(rng, layers));
                columnTree.setLeaf(parent, columnHash.hash(column));
            }
            final long[] labels = labels(replicaBytes, node, parents, columns, layers);
            final long[] dataLeaf = trimmed(rng);
            final long[] encoded = new long[Fr.LIMBS];
            Fr.add(encoded, 0, labels, (layers - 1) * Fr.LIMBS, dataLeaf, 0);
            data.setLeaf(node, dataLeaf);
            replica.setLeaf(node, encoded);
            columnTree.setLeaf(node, columnHash.hash(labels));
            parentsOf.add(parents);
            leavesOf.add(dataLeaf);
        }
        final List<ChallengeWitness> challenges = new ArrayList<>();
        int i = 0;
        for (final long node : nodes)
        {
            final long[] parents = parentsOf.get(i);
            final long[][] parentColumns = new long[ChallengeWitness.PARENTS][];
            final MerklePath[] parentPaths = new MerklePath[ChallengeWitness.PARENTS];
            for (int p = 0; p < ChallengeWitness.PARENTS; p++)
            {
                parentColumns[p] = columns.get(parents[p]).clone();
                parentPaths[p] = columnTree.path(parents[p]);
            }
            challenges.add(new ChallengeWitness(node, leavesOf.get(i), data.path(node), parents, parentColumns,
                parentPaths, replica.path(node), columnTree.path(node)));
            i++;
        }
        final long[] commC = columnTree.root();
        final long[] commRLast = replica.root();
        final long[] commR = Poseidon.forArity(2).hash(concat(commC, commRLast));
        final byte[] randomSeed = new byte[32];
        rng.nextBytes(randomSeed);
        return new PartitionWitness(shape, replicaId, data.root(), commR, commRLast, commC, randomSeed, 0,
            challenges);
    }

    /** The challenged node's labels, layer by layer, from its parents' columns. */
    private static long[] labels(final byte[] replicaId, final long node, final long[] parents,
        final Map<Long, long[]> columns, final int layers)
    {
        final long[] labels = new long[layers * Fr.LIMBS];
        for (int layer = 1; layer <= layers; layer++)
        {
            final int count = layer == 1 ? SdrLabel.BASE_DEGREE : ChallengeWitness.PARENTS;
            final byte[][] parentLabels = new byte[count][];
            for (int p = 0; p < count; p++)
            {
                // DRG parents give this layer's labels, expander parents the previous layer's
                final int row = p < SdrLabel.BASE_DEGREE ? layer - 1 : layer - 2;
                parentLabels[p] = bytes(columns.get(parents[p]), row * Fr.LIMBS);
            }
            final long[] label = Fr32.toFr(SdrLabel.label(replicaId, layer, node, parentLabels));
            System.arraycopy(label, 0, labels, (layer - 1) * Fr.LIMBS, Fr.LIMBS);
        }
        return labels;
    }

    private static long[] randomColumn(final SplittableRandom rng, final int layers)
    {
        final long[] column = new long[layers * Fr.LIMBS];
        for (int l = 0; l < layers; l++)
        {
            System.arraycopy(trimmed(rng), 0, column, l * Fr.LIMBS, Fr.LIMBS);
        }
        return column;
    }

    /** @return a random element below 2^254, as labels and Fr32 data are. */
    private static long[] trimmed(final SplittableRandom rng)
    {
        final byte[] b = new byte[Fr.BYTES];
        rng.nextBytes(b);
        return Fr32.toFr(b);
    }

    private static byte[] bytes(final long[] v, final int offset)
    {
        final byte[] b = new byte[Fr.BYTES];
        Fr.toBytes(v, offset, b, 0);
        return b;
    }

    private static long[] concat(final long[] a, final long[] b)
    {
        final long[] r = new long[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
