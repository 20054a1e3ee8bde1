package io.jprove.field.ntt;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import io.jprove.field.Fr;

/**
 * The bit-reversal permutation of 2^k elements in place, in cache-sized tiles so that memory is touched in runs of
 * up to 1 KiB rather than one element at a time (a COBRA-style method).
 * <p>
 * An index is split into bits [a | m | b] with a and b of t bits each; its reverse is [rev b | rev m | rev a]. So the
 * tile of all (a, ·, b) with middle m maps onto the tile with middle rev m: each pair of tiles is read whole (rows of
 * 2^t contiguous elements) and written back swapped and transposed. Pairs are independent work items.
 */
final class BitReversal
{
    /** Tile side 2^5: rows of 32 elements (1 KiB) and two 32 KiB tiles in flight. */
    private static final int MAX_TILE_BITS = 5;
    private static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int L = Fr.LIMBS;

    private final int logSize;
    private final int tileBits;
    private final int middleBits;

    BitReversal(final int logSize)
    {
        this.logSize = logSize;
        this.tileBits = Math.min(MAX_TILE_BITS, logSize / 2);
        this.middleBits = logSize - 2 * tileBits;
    }

    /** @return the number of middle values, the work items of {@link #permute}. */
    long tileRows()
    {
        return 1L << middleBits;
    }

    /** Permutes the tiles whose middle lies in [from, to), with their partners. */
    void permute(final MemorySegment data, final int from, final int to)
    {
        final int side = 1 << tileBits;
        final long[] tile = new long[side * side * L];
        final long[] partner = new long[side * side * L];
        final long[] line = new long[side * L];
        for (int m = from; m < to; m++)
        {
            final int mirror = Radix2.reverse(m, middleBits);
            if (mirror < m)
            {
                continue; // swapped with its partner already
            }
            load(data, m, tile);
            if (mirror == m)
            {
                store(data, m, tile, line);
            }
            else
            {
                load(data, mirror, partner);
                store(data, mirror, tile, line);
                store(data, m, partner, line);
            }
        }
    }

    private long rowOffset(final int a, final int middle)
    {
        return (((long)a << (logSize - tileBits)) + ((long)middle << tileBits)) * Ntt.ELEMENT_BYTES;
    }

    private void load(final MemorySegment data, final int middle, final long[] tile)
    {
        final int side = 1 << tileBits;
        for (int a = 0; a < side; a++)
        {
            MemorySegment.copy(data, LIMB, rowOffset(a, middle), tile, a * side * L, side * L);
        }
    }

    /** Writes the tile read at middle rev(middle) into middle: element (a, b) goes to (rev b, rev a). */
    private void store(final MemorySegment data, final int middle, final long[] tile, final long[] line)
    {
        final int side = 1 << tileBits;
        for (int a = 0; a < side; a++)
        {
            final int sourceColumn = Radix2.reverse(a, tileBits);
            for (int b = 0; b < side; b++)
            {
                final int from = (Radix2.reverse(b, tileBits) * side + sourceColumn) * L;
                final int to = b * L;
                line[to] = tile[from];
                line[to + 1] = tile[from + 1];
                line[to + 2] = tile[from + 2];
                line[to + 3] = tile[from + 3];
            }
            MemorySegment.copy(line, 0, data, LIMB, rowOffset(a, middle), side * L);
        }
    }
}
