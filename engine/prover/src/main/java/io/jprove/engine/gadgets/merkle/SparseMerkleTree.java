package io.jprove.engine.gadgets.merkle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import io.jprove.field.Fr;

/**
 * A Merkle tree of which only a few leaves are known: every node on the path of a known leaf is computed, every other
 * child those nodes need is drawn at random, so the paths of all known leaves share one consistent root without the
 * other leaves ever existing. This is how a random but satisfying witness for sector-sized trees is built.
 * <p>
 * Set the leaves, then read {@link #root()} and {@link #path}; the tree is built on the first read and is immutable
 * afterwards. Deterministic for a given random source and set of leaves (nodes are visited in index order).
 */
public final class SparseMerkleTree
{
    private final TreeShape shape;
    private final Supplier<long[]> randomNode;
    private final List<TreeMap<Long, long[]>> levels = new ArrayList<>();
    private long[] root;

    /**
     * @param shape      the tree's shape
     * @param randomNode draws a node for a child no known leaf depends on
     */
    public SparseMerkleTree(final TreeShape shape, final Supplier<long[]> randomNode)
    {
        this.shape = shape;
        this.randomNode = randomNode;
        levels.add(new TreeMap<>());
    }

    /**
     * Sets leaf {@code index}; setting the same leaf twice with the same value is allowed.
     *
     * @throws IllegalStateException once the tree is built, or if the leaf already holds another value.
     */
    public void setLeaf(final long index, final long[] value)
    {
        if (root != null)
        {
            throw new IllegalStateException("tree already built; set every leaf first");
        }
        if (index < 0 || index >= shape.leaves())
        {
            throw new IllegalArgumentException("leaf " + index + " outside [0, " + shape.leaves() + ")");
        }
        final long[] old = levels.getFirst().putIfAbsent(index, value.clone());
        if (old != null && !Fr.equal(old, 0, value, 0))
        {
            throw new IllegalStateException("leaf " + index + " set twice with different values");
        }
    }

    /** @return the root. */
    public long[] root()
    {
        build();
        return root.clone();
    }

    /** @return the inclusion path of a known leaf. */
    public MerklePath path(final long index)
    {
        build();
        if (!levels.getFirst().containsKey(index))
        {
            throw new IllegalArgumentException("leaf " + index + " was not set");
        }
        final int[] arities = shape.levelArities();
        final long[][] siblings = new long[arities.length][];
        long node = index;
        for (int level = 0; level < arities.length; level++)
        {
            final int arity = arities[level];
            final long first = node / arity * arity;
            siblings[level] = new long[(arity - 1) * Fr.LIMBS];
            int at = 0;
            for (int i = 0; i < arity; i++)
            {
                if (first + i != node)
                {
                    System.arraycopy(levels.get(level).get(first + i), 0, siblings[level], at++ * Fr.LIMBS, Fr.LIMBS);
                }
            }
            node /= arity;
        }
        return new MerklePath(shape, index, siblings);
    }

    /** @return the known leaf at {@code index}. */
    public long[] leaf(final long index)
    {
        final long[] v = levels.getFirst().get(index);
        if (v == null)
        {
            throw new IllegalArgumentException("leaf " + index + " was not set");
        }
        return v.clone();
    }

    private void build()
    {
        if (root != null)
        {
            return;
        }
        if (levels.getFirst().isEmpty())
        {
            throw new IllegalStateException("no leaf set");
        }
        final int[] arities = shape.levelArities();
        for (int level = 0; level < arities.length; level++)
        {
            final int arity = arities[level];
            final TreeMap<Long, long[]> nodes = levels.get(level);
            final TreeMap<Long, long[]> parents = new TreeMap<>();
            final long[] children = new long[arity * Fr.LIMBS];
            for (final Long parent : new ArrayList<>(parentsOf(nodes, arity)))
            {
                for (int i = 0; i < arity; i++)
                {
                    final long child = parent * arity + i;
                    long[] v = nodes.get(child);
                    if (v == null)
                    {
                        v = randomNode.get();
                        nodes.put(child, v);
                    }
                    System.arraycopy(v, 0, children, i * Fr.LIMBS, Fr.LIMBS);
                }
                final long[] hash = new long[Fr.LIMBS];
                shape.hasher().hash(children, arity, hash, 0);
                parents.put(parent, hash);
            }
            levels.add(parents);
        }
        root = levels.getLast().get(0L);
    }

    private static java.util.SortedSet<Long> parentsOf(final Map<Long, long[]> nodes, final int arity)
    {
        final java.util.TreeSet<Long> parents = new java.util.TreeSet<>();
        for (final Long child : nodes.keySet())
        {
            parents.add(child / arity);
        }
        return parents;
    }
}
