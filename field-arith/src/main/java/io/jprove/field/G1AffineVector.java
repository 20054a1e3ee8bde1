package io.jprove.field;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A vector of G1 affine points off-heap: 96 bytes per point, x ‖ y as little-endian u64 limbs in Montgomery form
 * (the design's one memory layout, which the GPU reads as 32-bit limbs); the point at infinity is all-zero bytes.
 * <p>
 * Access is by index into {@code long[]} ranges of {@link G1#AFFINE_LIMBS} limbs; bulk conversion to and from the
 * compressed (48 B) and uncompressed (96 B) encodings of {@link G1Encoding}. Decoding checks everything the
 * encoding's decoder checks; {@code checkSubgroup = false} skips only the subgroup test, for trusted files.
 */
public final class G1AffineVector
{
    /** Bytes per point. */
    public static final long ELEMENT_BYTES = (long)G1.AFFINE_LIMBS * Long.BYTES;

    private static final AffinePoints.Codec CODEC = new AffinePoints.Codec()
    {
        @Override
        public void compress(final long[] a, final int ao, final byte[] out, final int off)
        {
            G1Encoding.compress(a, ao, out, off);
        }

        @Override
        public void serialize(final long[] a, final int ao, final byte[] out, final int off)
        {
            G1Encoding.serialize(a, ao, out, off);
        }

        @Override
        public void decompress(final byte[] in, final int off, final long[] r, final int ro, final boolean check)
        {
            if (check)
            {
                G1Encoding.decompress(in, off, r, ro);
            }
            else
            {
                G1Encoding.decompressUnchecked(in, off, r, ro);
            }
        }

        @Override
        public void deserialize(final byte[] in, final int off, final long[] r, final int ro, final boolean check)
        {
            if (check)
            {
                G1Encoding.deserialize(in, off, r, ro);
            }
            else
            {
                G1Encoding.deserializeUnchecked(in, off, r, ro);
            }
        }
    };

    private final AffinePoints points;

    private G1AffineVector(final MemorySegment segment)
    {
        this.points = new AffinePoints("G1", G1.AFFINE_LIMBS, G1Encoding.COMPRESSED_BYTES, CODEC, segment);
    }

    /**
     * Allocates {@code size} points, all at infinity, aligned to 64 bytes.
     *
     * @param arena owner of the memory.
     * @param size  number of points, non-negative.
     * @return the vector.
     */
    public static G1AffineVector allocate(final Arena arena, final long size)
    {
        return new G1AffineVector(AffinePoints.allocate(arena, size, G1.AFFINE_LIMBS));
    }

    /**
     * Views an existing segment as a vector; its contents are taken as they are.
     *
     * @param segment a segment whose size is a multiple of {@value #ELEMENT_BYTES} bytes.
     * @return the vector.
     */
    public static G1AffineVector wrap(final MemorySegment segment)
    {
        return new G1AffineVector(segment);
    }

    /** @return the number of points. */
    public long size()
    {
        return points.size();
    }

    /** @return the backing memory, {@value #ELEMENT_BYTES}·size() bytes. */
    public MemorySegment segment()
    {
        return points.segment();
    }

    /** Copies point {@code index} into {@code dst[off ..)} ({@link G1#AFFINE_LIMBS} limbs). */
    public void get(final long index, final long[] dst, final int off)
    {
        points.get(index, dst, off);
    }

    /** Stores the affine point at {@code src[off ..)} as point {@code index}. */
    public void set(final long index, final long[] src, final int off)
    {
        points.set(index, src, off);
    }

    /**
     * Decodes {@code count} compressed points from {@code src} into {@code [first, first + count)}.
     *
     * @throws InvalidEncodingException naming the rule and the point's index in the source.
     */
    public void readCompressed(final MemorySegment src, final long first, final long count,
        final boolean checkSubgroup)
    {
        points.read(src, first, count, true, checkSubgroup);
    }

    /** Decodes compressed points from a byte array; see {@code readCompressed(MemorySegment, ...)}. */
    public void readCompressed(final byte[] src, final long first, final int count, final boolean checkSubgroup)
    {
        points.read(MemorySegment.ofArray(src), first, count, true, checkSubgroup);
    }

    /**
     * Decodes {@code count} uncompressed points from {@code src} into {@code [first, first + count)}.
     *
     * @throws InvalidEncodingException naming the rule and the point's index in the source.
     */
    public void readUncompressed(final MemorySegment src, final long first, final long count,
        final boolean checkSubgroup)
    {
        points.read(src, first, count, false, checkSubgroup);
    }

    /** Decodes uncompressed points from a byte array; see {@code readUncompressed(MemorySegment, ...)}. */
    public void readUncompressed(final byte[] src, final long first, final int count, final boolean checkSubgroup)
    {
        points.read(MemorySegment.ofArray(src), first, count, false, checkSubgroup);
    }

    /** Writes points {@code [first, first + count)} compressed, back to back, into {@code dst}. */
    public void writeCompressed(final long first, final long count, final MemorySegment dst)
    {
        points.write(first, count, dst, true);
    }

    /** Writes points {@code [first, first + count)} uncompressed, back to back, into {@code dst}. */
    public void writeUncompressed(final long first, final long count, final MemorySegment dst)
    {
        points.write(first, count, dst, false);
    }

    /** @return points {@code [first, first + count)} compressed, back to back. */
    public byte[] toCompressedBytes(final long first, final int count)
    {
        return points.toBytes(first, count, true);
    }

    /** @return points {@code [first, first + count)} uncompressed, back to back. */
    public byte[] toUncompressedBytes(final long first, final int count)
    {
        return points.toBytes(first, count, false);
    }
}
