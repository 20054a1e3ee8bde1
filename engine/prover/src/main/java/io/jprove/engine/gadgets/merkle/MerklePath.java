package io.jprove.engine.gadgets.merkle;

import io.jprove.field.Fr;

/**
 * An inclusion proof: the leaf's index and, per level from the leaves up, the node's siblings in order (the
 * {@code arity − 1} other children of its parent, Fr limbs back to back).
 *
 * @param shape    the tree's shape
 * @param index    the leaf index; its digits in the level arities give the node's position at each level
 * @param siblings {@code siblings[level]} holds {@code 4·(arity − 1)} limbs
 */
public record MerklePath(TreeShape shape, long index, long[][] siblings)
{
    /** Validates the path against the shape. */
    public MerklePath
    {
        final int[] arities = shape.levelArities();
        if (index < 0 || index >= shape.leaves())
        {
            throw new IllegalArgumentException("leaf index " + index + " outside [0, " + shape.leaves() + ")");
        }
        if (siblings.length != arities.length)
        {
            throw new IllegalArgumentException("path has " + siblings.length + " levels, tree " + arities.length);
        }
        for (int level = 0; level < arities.length; level++)
        {
            if (siblings[level].length != (arities[level] - 1) * Fr.LIMBS)
            {
                throw new IllegalArgumentException("level " + level + " needs " + (arities[level] - 1)
                    + " siblings, got " + siblings[level].length / (double)Fr.LIMBS);
            }
        }
    }

    /** @return a path of zero siblings, the shape of a blank circuit. */
    public static MerklePath blank(final TreeShape shape)
    {
        final int[] arities = shape.levelArities();
        final long[][] siblings = new long[arities.length][];
        for (int level = 0; level < arities.length; level++)
        {
            siblings[level] = new long[(arities[level] - 1) * Fr.LIMBS];
        }
        return new MerklePath(shape, 0, siblings);
    }

    /** @return the node's position among its parent's children at {@code level}. */
    public int position(final int level)
    {
        long i = index;
        final int[] arities = shape.levelArities();
        for (int l = 0; l < level; l++)
        {
            i /= arities[l];
        }
        return (int)(i % arities[level]);
    }

    /** @return the root this path gives for {@code leaf}, computed bottom-up natively. */
    public long[] root(final long[] leaf)
    {
        final int[] arities = shape.levelArities();
        final long[] node = leaf.clone();
        for (int level = 0; level < arities.length; level++)
        {
            final int arity = arities[level];
            final int at = position(level);
            final long[] children = new long[arity * Fr.LIMBS];
            System.arraycopy(siblings[level], 0, children, 0, at * Fr.LIMBS);
            System.arraycopy(node, 0, children, at * Fr.LIMBS, Fr.LIMBS);
            System.arraycopy(siblings[level], at * Fr.LIMBS, children, (at + 1) * Fr.LIMBS,
                (arity - 1 - at) * Fr.LIMBS);
            shape.hasher().hash(children, arity, node, 0);
        }
        return node;
    }
}
