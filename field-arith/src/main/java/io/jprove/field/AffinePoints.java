package io.jprove.field;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import io.jprove.field.InvalidEncodingException.Reason;

/**
 * The shared body of {@link G1AffineVector} and {@link G2AffineVector}: affine points off-heap as runs of
 * little-endian u64 Montgomery limbs (x ‖ y; infinity all-zero), with bulk conversion through a point encoding.
 */
final class AffinePoints
{
    /** One curve's encoders, as the vectors call them. */
    interface Codec
    {
        void compress(long[] a, int ao, byte[] out, int off);

        void serialize(long[] a, int ao, byte[] out, int off);

        void decompress(byte[] in, int off, long[] r, int ro, boolean checkSubgroup);

        void deserialize(byte[] in, int off, long[] r, int ro, boolean checkSubgroup);
    }

    private static final ValueLayout.OfLong LIMB = FrVector.LIMB;

    private final String name;
    private final int limbs;
    private final long elementBytes;
    private final int compressedBytes;
    private final Codec codec;
    private final MemorySegment segment;
    private final long size;

    AffinePoints(final String name, final int limbs, final int compressedBytes, final Codec codec,
        final MemorySegment segment)
    {
        this.name = name;
        this.limbs = limbs;
        this.elementBytes = (long)limbs * Long.BYTES;
        this.compressedBytes = compressedBytes;
        this.codec = codec;
        if (segment.byteSize() % elementBytes != 0)
        {
            throw new IllegalArgumentException("segment of " + segment.byteSize() + " bytes is not a whole number of "
                + elementBytes + "-byte " + name + " points");
        }
        this.segment = segment;
        this.size = segment.byteSize() / elementBytes;
    }

    static MemorySegment allocate(final Arena arena, final long size, final int limbs)
    {
        if (size < 0)
        {
            throw new IllegalArgumentException("negative size " + size);
        }
        return arena.allocate(size * limbs * Long.BYTES, 64);
    }

    long size()
    {
        return size;
    }

    MemorySegment segment()
    {
        return segment;
    }

    void get(final long index, final long[] dst, final int off)
    {
        final long at = checkIndex(index) * elementBytes;
        for (int k = 0; k < limbs; k++)
        {
            dst[off + k] = segment.get(LIMB, at + 8L * k);
        }
    }

    void set(final long index, final long[] src, final int off)
    {
        final long at = checkIndex(index) * elementBytes;
        for (int k = 0; k < limbs; k++)
        {
            segment.set(LIMB, at + 8L * k, src[off + k]);
        }
    }

    /** Decodes {@code count} points of {@code stride} bytes each from {@code src} into {@code [first, first+count)}. */
    void read(final MemorySegment src, final long first, final long count, final boolean compressed,
        final boolean checkSubgroup)
    {
        checkRange(first, count);
        final int stride = compressed ? compressedBytes : 2 * compressedBytes;
        if (src.byteSize() < count * stride)
        {
            throw new InvalidEncodingException(Reason.LENGTH, name + " source holds " + src.byteSize() + " bytes, "
                + count + " points need " + count * stride);
        }
        final byte[] bytes = new byte[stride];
        final long[] point = new long[limbs];
        for (long i = 0; i < count; i++)
        {
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, i * stride, bytes, 0, stride);
            try
            {
                if (compressed)
                {
                    codec.decompress(bytes, 0, point, 0, checkSubgroup);
                }
                else
                {
                    codec.deserialize(bytes, 0, point, 0, checkSubgroup);
                }
            }
            catch (final InvalidEncodingException e)
            {
                throw new InvalidEncodingException(e.reason(), name + " point " + i + " of the source: "
                    + e.getMessage());
            }
            set(first + i, point, 0);
        }
    }

    /** Encodes points {@code [first, first+count)} into {@code dst}, back to back. */
    void write(final long first, final long count, final MemorySegment dst, final boolean compressed)
    {
        checkRange(first, count);
        final int stride = compressed ? compressedBytes : 2 * compressedBytes;
        if (dst.byteSize() < count * stride)
        {
            throw new IndexOutOfBoundsException(name + " destination holds " + dst.byteSize() + " bytes, " + count
                + " points need " + count * stride);
        }
        final byte[] bytes = new byte[stride];
        final long[] point = new long[limbs];
        for (long i = 0; i < count; i++)
        {
            get(first + i, point, 0);
            if (compressed)
            {
                codec.compress(point, 0, bytes, 0);
            }
            else
            {
                codec.serialize(point, 0, bytes, 0);
            }
            MemorySegment.copy(bytes, 0, dst, ValueLayout.JAVA_BYTE, i * stride, stride);
        }
    }

    byte[] toBytes(final long first, final int count, final boolean compressed)
    {
        final byte[] out = new byte[Math.multiplyExact(count, compressed ? compressedBytes : 2 * compressedBytes)];
        write(first, count, MemorySegment.ofArray(out), compressed);
        return out;
    }

    private long checkIndex(final long index)
    {
        if (index < 0 || index >= size)
        {
            throw new IndexOutOfBoundsException(name + " index " + index + " outside [0, " + size + ")");
        }
        return index;
    }

    private void checkRange(final long first, final long count)
    {
        if (first < 0 || count < 0 || first + count > size)
        {
            throw new IndexOutOfBoundsException(name + " range [" + first + ", " + first + " + " + count
                + ") outside [0, " + size + ")");
        }
    }
}
