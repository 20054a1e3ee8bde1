package io.jprove.engine.porep.tree;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;

/**
 * Tree D: the binary SHA-256 tree over a sector's padded data (rust-fil-proofs'
 * {@code BinaryMerkleTree<Sha256Hasher>}), whose root is comm_d. The leaves are the sector's 32-byte nodes as they
 * are (fr32 padding keeps each below 2^254); a parent is SHA-256 of its two children with the top two bits of byte
 * 31 cleared. Held in memory, one array per level (the sector itself is level 0), so a sector of up to 1 GiB fits.
 */
public final class DataTree
{
    private static final int NODE = NodeHash.NODE_BYTES;
    private static final int CHUNK_NODES = 1 << 14;

    private final byte[][] levels;

    private DataTree(final byte[][] levels)
    {
        this.levels = levels;
    }

    /**
     * Builds the tree over a padded sector (kept, not copied), the levels hashed on all cores.
     *
     * @throws IllegalArgumentException unless the sector is a power of two of at least two nodes.
     */
    public static DataTree build(final byte[] sector)
    {
        final int depth = depthOf(sector.length);
        final byte[][] levels = new byte[depth + 1][];
        levels[0] = sector;
        for (int level = 1; level <= depth; level++)
        {
            final byte[] below = levels[level - 1];
            final byte[] above = new byte[below.length / 2];
            final int nodes = above.length / NODE;
            IntStream.range(0, (nodes + CHUNK_NODES - 1) / CHUNK_NODES).parallel().forEach(chunk ->
            {
                final int end = Math.min(nodes, (chunk + 1) * CHUNK_NODES);
                for (int i = chunk * CHUNK_NODES; i < end; i++)
                {
                    NodeHash.sha256(below, 2 * i * NODE, above, i * NODE);
                }
            });
            levels[level] = above;
        }
        return new DataTree(levels);
    }

    /** @return the levels of the tree (leaves' parents first). */
    public int depth()
    {
        return levels.length - 1;
    }

    /** @return the number of leaves. */
    public long leaves()
    {
        return levels[0].length / NODE;
    }

    /** @return comm_d, the root. */
    public byte[] root()
    {
        return Arrays.copyOf(levels[depth()], NODE);
    }

    /** @return the 32-byte node {@code index} of {@code level} (0: the leaves). */
    public byte[] node(final int level, final long index)
    {
        final int at = Math.toIntExact(index * NODE);
        return Arrays.copyOfRange(levels[level], at, at + NODE);
    }

    /** @return the inclusion proof of leaf {@code index}. */
    public MerkleProof proof(final long index)
    {
        if (index < 0 || index >= leaves())
        {
            throw new IllegalArgumentException("leaf " + index + " outside [0, " + leaves() + ")");
        }
        final List<PathElement> path = new ArrayList<>(depth());
        long i = index;
        for (int level = 0; level < depth(); level++)
        {
            path.add(new PathElement(new byte[][] {node(level, i ^ 1)}, i & 1));
            i >>>= 1;
        }
        return MerkleProof.of(shape(depth()), root(), node(0, index), path);
    }

    /**
     * Writes every level, leaves first, 32 bytes a node: merkletree's {@code DiskStore} layout of
     * {@code sc-02-data-tree-d.dat}.
     */
    public void write(final Path file) throws IOException
    {
        try (OutputStream out = Files.newOutputStream(file))
        {
            for (final byte[] level : levels)
            {
                out.write(level);
            }
        }
    }

    /** @return the shape of a data tree of {@code depth} levels. */
    public static TreeShape shape(final int depth)
    {
        return TreeShape.binary(TreeHasher.SHA256, depth);
    }

    /** @return the node of an all-zero subtree of each height 0 to {@code depth} (height 0: a zero leaf). */
    public static byte[][] zeroNodes(final int depth)
    {
        final byte[][] zero = new byte[depth + 1][];
        zero[0] = new byte[NODE];
        for (int h = 1; h <= depth; h++)
        {
            zero[h] = NodeHash.sha256(zero[h - 1], zero[h - 1]);
        }
        return zero;
    }

    /** @return comm_d of a sector of zeros of {@code sectorBytes}, level by level without the sector. */
    public static byte[] zeroRoot(final long sectorBytes)
    {
        final int depth = depthOf(sectorBytes);
        return zeroNodes(depth)[depth];
    }

    /** @return the inclusion proof of leaf {@code index} in the tree of a sector of zeros of {@code depth} levels. */
    public static MerkleProof zeroProof(final int depth, final long index)
    {
        final byte[][] zero = zeroNodes(depth);
        final List<PathElement> path = new ArrayList<>(depth);
        for (int level = 0; level < depth; level++)
        {
            path.add(new PathElement(new byte[][] {zero[level]}, index >>> level & 1));
        }
        return MerkleProof.of(shape(depth), zero[depth], zero[0], path);
    }

    /** @return the depth of the tree over {@code sectorBytes} bytes. */
    public static int depthOf(final long sectorBytes)
    {
        if (sectorBytes < 2 * NODE || Long.bitCount(sectorBytes) != 1)
        {
            throw new IllegalArgumentException("a data tree needs a power of two of at least 64 bytes, got "
                + sectorBytes);
        }
        return Long.numberOfTrailingZeros(sectorBytes / NODE);
    }
}
