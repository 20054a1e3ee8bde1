package io.jprove.engine.porep.tree;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import io.jprove.engine.gadgets.hash.Poseidon;
import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;
import io.jprove.field.Fr;

/**
 * A Poseidon tree of a replica's shape (rust-fil-proofs' {@code LCTree}/{@code DiskTree}): tree C over the column
 * hashes, or tree R_last over the replica. Its base trees (arity 8) each cover a contiguous run of leaves; a sub level
 * (arity 8) joins the base trees' roots and a top level (arity 2) the sub trees', as the shape says. Because the runs
 * are contiguous, one array per level holds every base tree's nodes in order and node {@code j} of a level is the
 * hash of nodes {@code j·a … j·a + a − 1} below it. Nodes are Fr in Montgomery limbs, in memory.
 */
public final class ReplicaTree
{
    private static final int CHUNK_NODES = 1 << 10;

    private final TreeShape shape;
    private final long[][] levels;

    private ReplicaTree(final TreeShape shape, final long[][] levels)
    {
        this.shape = shape;
        this.levels = levels;
    }

    /**
     * Builds the tree over {@code leaves} (Montgomery limbs, kept, not copied), each level hashed on all cores.
     *
     * @throws IllegalArgumentException unless the leaves fill the shape and it is a Poseidon shape.
     */
    public static ReplicaTree build(final TreeShape shape, final long[] leaves)
    {
        if (shape.hasher() != TreeHasher.POSEIDON)
        {
            throw new IllegalArgumentException("a replica tree is Poseidon, got " + shape);
        }
        if (leaves.length != shape.leaves() * Fr.LIMBS)
        {
            throw new IllegalArgumentException(shape + " has " + shape.leaves() + " leaves, got "
                + leaves.length / Fr.LIMBS);
        }
        final int[] arities = shape.levelArities();
        final long[][] levels = new long[arities.length + 1][];
        levels[0] = leaves;
        for (int level = 1; level <= arities.length; level++)
        {
            final int arity = arities[level - 1];
            final long[] below = levels[level - 1];
            final long[] above = new long[below.length / arity];
            final int nodes = above.length / Fr.LIMBS;
            IntStream.range(0, (nodes + CHUNK_NODES - 1) / CHUNK_NODES).parallel().forEach(chunk ->
            {
                final Poseidon poseidon = NodeHash.poseidon(arity);
                final int end = Math.min(nodes, (chunk + 1) * CHUNK_NODES);
                for (int i = chunk * CHUNK_NODES; i < end; i++)
                {
                    poseidon.hash(above, i * Fr.LIMBS, below, i * arity * Fr.LIMBS);
                }
            });
            levels[level] = above;
        }
        return new ReplicaTree(shape, levels);
    }

    /** @return the tree's shape. */
    public TreeShape shape()
    {
        return shape;
    }

    /** @return the root (comm_c or comm_r_last), 32 little-endian bytes. */
    public byte[] root()
    {
        return NodeHash.toBytes(levels[levels.length - 1], 0);
    }

    /** @return node {@code index} of {@code level} (0: the leaves), 32 little-endian bytes. */
    public byte[] node(final int level, final long index)
    {
        return NodeHash.toBytes(levels[level], Math.toIntExact(index * Fr.LIMBS));
    }

    /** @return the inclusion proof of leaf {@code index}. */
    public MerkleProof proof(final long index)
    {
        if (index < 0 || index >= shape.leaves())
        {
            throw new IllegalArgumentException("leaf " + index + " outside [0, " + shape.leaves() + ")");
        }
        final int[] arities = shape.levelArities();
        final List<PathElement> path = new ArrayList<>(arities.length);
        long i = index;
        for (int level = 0; level < arities.length; level++)
        {
            final int arity = arities[level];
            final long first = i / arity * arity;
            final byte[][] siblings = new byte[arity - 1][];
            int at = 0;
            for (long j = first; j < first + arity; j++)
            {
                if (j != i)
                {
                    siblings[at++] = node(level, j);
                }
            }
            path.add(new PathElement(siblings, i - first));
            i /= arity;
        }
        return MerkleProof.of(shape, root(), node(0, index), path);
    }

    /**
     * Writes the tree as rust-fil-proofs' cache holds it: one file per base tree (all its levels, leaves first, 32
     * bytes a node), {@code NAME.dat} when there is one base tree, else {@code NAME-0.dat}, {@code NAME-1.dat} …
     * (the sub and top levels are not stored; they are recomputed from the base roots).
     *
     * @return the files written
     */
    public List<Path> write(final Path dir, final String name) throws IOException
    {
        final long baseTrees = shape.leaves() / baseLeaves();
        final List<Path> files = new ArrayList<>();
        final byte[] node = new byte[NodeHash.NODE_BYTES];
        for (long t = 0; t < baseTrees; t++)
        {
            final Path file = dir.resolve(baseTrees == 1 ? name + ".dat" : name + "-" + t + ".dat");
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))
            {
                long width = baseLeaves();
                for (int level = 0; level <= shape.baseLevels(); level++)
                {
                    for (long j = t * width; j < (t + 1) * width; j++)
                    {
                        Fr.toBytes(levels[level], Math.toIntExact(j * Fr.LIMBS), node, 0);
                        out.write(node);
                    }
                    width /= shape.baseArity();
                }
            }
            files.add(file);
        }
        return files;
    }

    private long baseLeaves()
    {
        long n = 1;
        for (int l = 0; l < shape.baseLevels(); l++)
        {
            n *= shape.baseArity();
        }
        return n;
    }
}
