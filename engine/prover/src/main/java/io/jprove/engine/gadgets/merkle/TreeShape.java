package io.jprove.engine.gadgets.merkle;

import java.util.Arrays;

/**
 * The shape of a Filecoin Merkle tree (storage-proofs' {@code MerkleTreeTrait}): {@code baseLevels} levels of
 * {@code baseArity} (the base trees), then optionally one level of {@code subArity} joining base trees and one of
 * {@code topArity} joining sub trees. Named as Filecoin names them, base-sub-top: 32 GiB sectors use Poseidon
 * "8-8-0" (nine levels of 8, then one of 8), 64 GiB "8-8-2", the data tree is binary SHA-256 "2-0-0".
 *
 * @param hasher     the node hash
 * @param baseArity  2, 4, 8 …: children per node in the base trees
 * @param baseLevels levels of the base trees
 * @param subArity   base trees per sub tree, 0 for none
 * @param topArity   sub trees per top tree, 0 for none (needs a sub arity)
 */
public record TreeShape(TreeHasher hasher, int baseArity, int baseLevels, int subArity, int topArity)
{
    /** Validates the shape. */
    public TreeShape
    {
        checkArity("base", baseArity, false);
        checkArity("sub", subArity, true);
        checkArity("top", topArity, true);
        if (topArity > 0 && subArity == 0)
        {
            throw new IllegalArgumentException("a top arity (" + topArity + ") needs a sub arity");
        }
        if (baseLevels < 0 || bits(baseArity) * (long)baseLevels + bits(subArity) + bits(topArity) > 62)
        {
            throw new IllegalArgumentException("tree " + baseArity + "-" + subArity + "-" + topArity + " with "
                + baseLevels + " base levels is out of range");
        }
    }

    /** @return a binary tree of {@code depth} levels (the shape of Filecoin's data tree with SHA-256). */
    public static TreeShape binary(final TreeHasher hasher, final int depth)
    {
        return new TreeShape(hasher, 2, depth, 0, 0);
    }

    /**
     * @return the shape holding {@code leaves} leaves with the given arities (storage-proofs' {@code
     *         base_path_length}).
     * @throws IllegalArgumentException if the leaves do not fill the shape exactly.
     */
    public static TreeShape forLeaves(final TreeHasher hasher, final long leaves, final int baseArity,
        final int subArity, final int topArity)
    {
        final long baseLeaves = leaves / Math.max(1, subArity) / Math.max(1, topArity);
        int levels = 0;
        long n = 1;
        while (n < baseLeaves)
        {
            n *= baseArity;
            levels++;
        }
        final TreeShape shape = new TreeShape(hasher, baseArity, levels, subArity, topArity);
        if (shape.leaves() != leaves)
        {
            throw new IllegalArgumentException(leaves + " leaves do not fill a " + baseArity + "-" + subArity + "-"
                + topArity + " tree");
        }
        return shape;
    }

    /** @return the arity of every level, leaves' parents first. */
    public int[] levelArities()
    {
        final int[] arities = new int[levels()];
        Arrays.fill(arities, 0, baseLevels, baseArity);
        int at = baseLevels;
        if (subArity > 0)
        {
            arities[at++] = subArity;
        }
        if (topArity > 0)
        {
            arities[at] = topArity;
        }
        return arities;
    }

    /** @return the number of levels (hashes on a path). */
    public int levels()
    {
        return baseLevels + (subArity > 0 ? 1 : 0) + (topArity > 0 ? 1 : 0);
    }

    /** @return the number of leaves. */
    public long leaves()
    {
        long n = 1;
        for (final int a : levelArities())
        {
            n *= a;
        }
        return n;
    }

    /** @return the bits of a leaf index: the path bits a circuit allocates. */
    public int indexBits()
    {
        return Long.numberOfTrailingZeros(leaves());
    }

    @Override
    public String toString()
    {
        return hasher + " " + baseArity + "-" + subArity + "-" + topArity + " (" + baseLevels + " base levels)";
    }

    private static int bits(final int arity)
    {
        return arity == 0 ? 0 : Integer.numberOfTrailingZeros(arity);
    }

    private static void checkArity(final String which, final int arity, final boolean zeroAllowed)
    {
        if (arity == 0 && zeroAllowed)
        {
            return;
        }
        if (arity < 2 || Integer.bitCount(arity) != 1)
        {
            throw new IllegalArgumentException(which + " arity must be a power of two ≥ 2" + (zeroAllowed ? " or 0"
                : "") + ", got " + arity);
        }
    }
}
