package io.jprove.engine.update;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.jprove.engine.gadgets.merkle.TreeHasher;
import io.jprove.engine.gadgets.merkle.TreeShape;

/**
 * The shape of one SnapDeals ({@code EmptySectorUpdate}) partition: storage-proofs-update's {@code PublicParams}
 * ({@code from_sector_size}) and the replica tree its circuit is generic over ({@code validate_tree_r_shape}).
 * <p>
 * Per sector size (in 32-byte nodes, {@code constants.rs}): 1 partition up to 8 KiB, 2 up to 32 KiB, 4 up to 16 MiB,
 * 16 above; 10 challenges per partition up to 16 MiB, 86 above; 8 apex leaves per partition up to 8 KiB, 128 above;
 * the high-bit choices {@code hs} 1 (six times) up to 32 KiB, 7 to 12 above.
 *
 * @param name        e.g. {@code snapdeals-32GiB}
 * @param sectorNodes 32-byte nodes in the sector, a power of two
 * @param replicaTree TreeR's shape (TreeROld and TreeRNew alike)
 */
public record UpdateShape(String name, long sectorNodes, TreeShape replicaTree)
{
    private static final String PREFIX = "snapdeals-";
    private static final long KIB_NODES = 1024 / 32;
    private static final long MIB_NODES = KIB_NODES * 1024;

    /** Validates the shape. */
    public UpdateShape
    {
        if (Long.bitCount(sectorNodes) != 1 || replicaTree.leaves() != sectorNodes
            || replicaTree.hasher() != TreeHasher.POSEIDON)
        {
            throw new IllegalArgumentException("a SnapDeals sector of " + sectorNodes + " nodes needs a Poseidon "
                + "replica tree over as many leaves, got " + replicaTree);
        }
    }

    /**
     * The sector sizes storage-proofs-update allows, with their replica trees: the test sizes 1, 2, 4, 8, 16 and 32
     * KiB and Filecoin's 8 MiB, 16 MiB, 512 MiB, 32 GiB and 64 GiB.
     */
    public static Map<String, UpdateShape> sizes()
    {
        final Map<String, UpdateShape> m = new LinkedHashMap<>();
        put(m, "1KiB", KIB_NODES, 4, 0);
        put(m, "2KiB", 2 * KIB_NODES, 0, 0);
        put(m, "4KiB", 4 * KIB_NODES, 2, 0);
        put(m, "8KiB", 8 * KIB_NODES, 4, 0);
        put(m, "16KiB", 16 * KIB_NODES, 8, 0);
        put(m, "32KiB", 32 * KIB_NODES, 8, 2);
        put(m, "8MiB", 8 * MIB_NODES, 0, 0);
        put(m, "16MiB", 16 * MIB_NODES, 2, 0);
        put(m, "512MiB", 512 * MIB_NODES, 0, 0);
        put(m, "32GiB", 32 * 1024 * MIB_NODES, 8, 0);
        put(m, "64GiB", 64 * 1024 * MIB_NODES, 8, 2);
        return m;
    }

    private static void put(final Map<String, UpdateShape> m, final String size, final long nodes, final int sub,
        final int top)
    {
        m.put(size, new UpdateShape(PREFIX + size, nodes, TreeShape.forLeaves(TreeHasher.POSEIDON, nodes, 8, sub,
            top)));
    }

    /**
     * @param size a sector size of {@link #sizes()}, case ignored
     * @return its shape
     * @throws IllegalArgumentException naming the sizes when there is none.
     */
    public static UpdateShape of(final String size)
    {
        for (final Map.Entry<String, UpdateShape> e : sizes().entrySet())
        {
            if (e.getKey().toLowerCase(Locale.ROOT).equals(size.toLowerCase(Locale.ROOT)))
            {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException("no SnapDeals sector size '" + size + "'; sizes: " + sizes().keySet());
    }

    /**
     * @param name {@code snapdeals-SIZE}
     * @return its shape, or null when the name is not of that form.
     * @throws IllegalArgumentException naming the sizes when the size is not one.
     */
    public static UpdateShape byName(final String name)
    {
        return name.startsWith(PREFIX) ? of(name.substring(PREFIX.length())) : null;
    }

    /** @return {@code challenge_bit_len}: bits of a node index. */
    public int challengeBits()
    {
        return Long.numberOfTrailingZeros(sectorNodes);
    }

    /** @return {@code partition_count}. */
    public int partitions()
    {
        return sectorNodes <= 8 * KIB_NODES ? 1 : sectorNodes <= 32 * KIB_NODES ? 2 : sectorNodes <= 16 * MIB_NODES
            ? 4 : 16;
    }

    /** @return {@code partition_bit_len}. */
    public int partitionBits()
    {
        return Integer.numberOfTrailingZeros(partitions());
    }

    /** @return {@code challenge_count}: challenges per partition. */
    public int challenges()
    {
        return sectorNodes <= 16 * MIB_NODES ? 10 : 86;
    }

    /** @return {@code apex_leaf_count}: the apex leaves of TreeDNew each partition holds. */
    public int apexLeaves()
    {
        return sectorNodes <= 8 * KIB_NODES ? 8 : 128;
    }

    /** @return {@code apex_leaf_bit_len}. */
    public int apexLeafBits()
    {
        return Integer.numberOfTrailingZeros(apexLeaves());
    }

    /** @return {@code hs}: the numbers of high challenge bits {@code h_select} chooses from. */
    public int[] hs()
    {
        return sectorNodes <= 32 * KIB_NODES ? new int[] {1, 1, 1, 1, 1, 1} : new int[] {7, 8, 9, 10, 11, 12};
    }

    @Override
    public String toString()
    {
        return name + ": " + sectorNodes + " nodes, " + partitions() + " partitions of " + challenges()
            + " challenges, " + apexLeaves() + " apex leaves per partition, replica tree " + replicaTree.baseArity()
            + "-" + replicaTree.subArity() + "-" + replicaTree.topArity();
    }
}
