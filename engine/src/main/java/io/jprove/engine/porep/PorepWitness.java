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
 * A random, satisfying witness of one PoRep partition, built without a sector: random replica id, challenges and
 * parents; random labels for the parents' columns; the challenged nodes' labels computed from them ({@link
 * SdrLabel}); random data leaves; and the three trees as {@link SparseMerkleTree}s, so every path is built
 * bottom-up from its leaf and random siblings to roots that all paths share.
 * <p>
 * Not Filecoin's graph: the parents are drawn at random among the nodes that are not challenged (the circuit takes
 * them as public inputs and does not derive them), and a node chosen twice has one column. Challenges are drawn from
 * [1, nodes), as Filecoin's are (node 0 is labelled without parents). Deterministic in the seed.
 *
 * @param shape       the partition's shape
 * @param replicaId   the replica id (Fr limbs, below 2^254)
 * @param commD       the data tree's root
 * @param commC       the column tree's root
 * @param commRLast   the replica tree's root
 * @param commR       Poseidon(comm_c, comm_r_last)
 * @param challenges  one per challenge
 */
public record PorepWitness(SectorShape shape, long[] replicaId, long[] commD, long[] commC, long[] commRLast,
    long[] commR, List<ChallengeWitness> challenges)
{
    /** Parents per challenge: 6 DRG, then 8 expander. */
    public static final int PARENTS = SdrLabel.BASE_DEGREE + SdrLabel.EXPANSION_DEGREE;

    /** @return a random witness for {@code shape}, determined by {@code seed}. */
    public static PorepWitness random(final SectorShape shape, final long seed)
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
        final List<long[]> labelsOf = new ArrayList<>();
        final List<long[]> leavesOf = new ArrayList<>();
        for (final long node : nodes)
        {
            final long[] parents = new long[PARENTS];
            for (int p = 0; p < PARENTS; p++)
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
            labelsOf.add(labels);
            leavesOf.add(dataLeaf);
        }
        final List<ChallengeWitness> challenges = new ArrayList<>();
        int i = 0;
        for (final long node : nodes)
        {
            final long[] parents = parentsOf.get(i);
            final long[][] parentColumns = new long[PARENTS][];
            final MerklePath[] parentPaths = new MerklePath[PARENTS];
            for (int p = 0; p < PARENTS; p++)
            {
                parentColumns[p] = columns.get(parents[p]).clone();
                parentPaths[p] = columnTree.path(parents[p]);
            }
            challenges.add(new ChallengeWitness(node, leavesOf.get(i), data.path(node), parents, parentColumns,
                parentPaths, labelsOf.get(i), replica.path(node), columnTree.path(node)));
            i++;
        }
        final long[] commC = columnTree.root();
        final long[] commRLast = replica.root();
        final long[] commR = Poseidon.forArity(2).hash(concat(commC, commRLast));
        return new PorepWitness(shape, replicaId, data.root(), commC, commRLast, commR, List.copyOf(challenges));
    }

    /** @return a witness of zeros with the shape's structure: what a circuit needs when no witness is computed. */
    public static PorepWitness blank(final SectorShape shape)
    {
        final long[] zero = new long[Fr.LIMBS];
        final List<ChallengeWitness> challenges = new ArrayList<>();
        for (int c = 0; c < shape.challenges(); c++)
        {
            final long[][] columns = new long[PARENTS][shape.layers() * Fr.LIMBS];
            final MerklePath[] paths = new MerklePath[PARENTS];
            java.util.Arrays.fill(paths, MerklePath.blank(shape.replicaTree()));
            challenges.add(new ChallengeWitness(0, zero, MerklePath.blank(shape.dataTree()), new long[PARENTS],
                columns, paths, new long[shape.layers() * Fr.LIMBS], MerklePath.blank(shape.replicaTree()),
                MerklePath.blank(shape.replicaTree())));
        }
        return new PorepWitness(shape, zero, zero, zero, zero, zero, List.copyOf(challenges));
    }

    /**
     * The public inputs in rust-fil-proofs' {@code generate_public_inputs} order, without the constant ONE:
     * replica id, comm_d, comm_r, then per challenge its node (data path), its 6 DRG and 8 expander parents (their
     * column paths), its node (the challenge itself), its node (replica path), its node (column path).
     *
     * @return Fr limbs, 4 per input
     */
    public long[] publicInputs()
    {
        final int count = 3 + challenges.size() * (4 + PARENTS);
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
            for (int k = 0; k < 3; k++)
            {
                System.arraycopy(Fr.of(c.node()), 0, inputs, Fr.LIMBS * at++, Fr.LIMBS);
            }
        }
        return inputs;
    }

    /** The challenged node's labels, layer by layer, from its parents' columns. */
    private static long[] labels(final byte[] replicaId, final long node, final long[] parents,
        final Map<Long, long[]> columns, final int layers)
    {
        final long[] labels = new long[layers * Fr.LIMBS];
        for (int layer = 1; layer <= layers; layer++)
        {
            final int count = layer == 1 ? SdrLabel.BASE_DEGREE : PARENTS;
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
