package io.jprove.field;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A vector of {@link Fr} elements off-heap: 32 bytes per element, four little-endian u64 limbs in Montgomery form
 * (the layout the GPU reads as eight 32-bit limbs, see the design's memory layout).
 * <p>
 * Access is by index into {@code long[]} ranges; bulk conversion to and from the canonical little-endian 32-byte
 * encoding of scalars is offered for {@code byte[]} and {@code MemorySegment} sources. Thread safety is the
 * segment's: distinct indices may be written from distinct threads when the arena allows it.
 */
public final class FrVector
{
    /** Bytes per element. */
    public static final long ELEMENT_BYTES = Fr.LIMBS * Long.BYTES;

    static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final MemorySegment segment;
    private final long size;

    private FrVector(final MemorySegment segment, final long size)
    {
        this.segment = segment;
        this.size = size;
    }

    /**
     * Allocates a zeroed vector (every element 0) of {@code size} elements, aligned to 64 bytes.
     *
     * @param arena owner of the memory.
     * @param size  number of elements, non-negative.
     * @return the vector.
     */
    public static FrVector allocate(final Arena arena, final long size)
    {
        if (size < 0)
        {
            throw new IllegalArgumentException("negative size " + size);
        }
        return new FrVector(arena.allocate(size * ELEMENT_BYTES, 64), size);
    }

    /**
     * Views an existing segment (e.g. page-locked host memory) as a vector; its contents are taken as they are.
     *
     * @param segment a segment whose size is a multiple of 32 bytes.
     * @return the vector.
     */
    public static FrVector wrap(final MemorySegment segment)
    {
        if (segment.byteSize() % ELEMENT_BYTES != 0)
        {
            throw new IllegalArgumentException("segment of " + segment.byteSize() + " bytes is not a whole number of "
                + ELEMENT_BYTES + "-byte Fr elements");
        }
        return new FrVector(segment, segment.byteSize() / ELEMENT_BYTES);
    }

    /** @return the number of elements. */
    public long size()
    {
        return size;
    }

    /** @return the backing memory, {@code 32·size()} bytes. */
    public MemorySegment segment()
    {
        return segment;
    }

    /** Copies element {@code index} into {@code dst[off .. off+4)}. */
    public void get(final long index, final long[] dst, final int off)
    {
        final long at = checkIndex(index) * ELEMENT_BYTES;
        dst[off] = segment.get(LIMB, at);
        dst[off + 1] = segment.get(LIMB, at + 8);
        dst[off + 2] = segment.get(LIMB, at + 16);
        dst[off + 3] = segment.get(LIMB, at + 24);
    }

    /** Stores {@code src[off .. off+4)} (Montgomery form, reduced) as element {@code index}. */
    public void set(final long index, final long[] src, final int off)
    {
        final long at = checkIndex(index) * ELEMENT_BYTES;
        segment.set(LIMB, at, src[off]);
        segment.set(LIMB, at + 8, src[off + 1]);
        segment.set(LIMB, at + 16, src[off + 2]);
        segment.set(LIMB, at + 24, src[off + 3]);
    }

    /**
     * Reads {@code count} canonical little-endian 32-byte scalars from {@code src} into elements
     * {@code [first, first+count)}.
     *
     * @throws InvalidEncodingException NON_CANONICAL naming the element whose value is not below r.
     */
    public void readCanonical(final MemorySegment src, final long first, final long count)
    {
        checkRange(first, count);
        if (src.byteSize() < count * ELEMENT_BYTES)
        {
            throw new InvalidEncodingException(InvalidEncodingException.Reason.LENGTH, "Fr source holds "
                + src.byteSize() + " bytes, " + count + " elements need " + count * ELEMENT_BYTES);
        }
        final long[] e = new long[Fr.LIMBS];
        for (long i = 0; i < count; i++)
        {
            final long at = i * ELEMENT_BYTES;
            for (int k = 0; k < Fr.LIMBS; k++)
            {
                e[k] = src.get(LIMB, at + 8L * k);
            }
            toMontgomery(e, i);
            set(first + i, e, 0);
        }
    }

    /** Reads {@code count} canonical little-endian 32-byte scalars from {@code src[srcOffset..]}; see above. */
    public void readCanonical(final byte[] src, final int srcOffset, final long first, final int count)
    {
        if (srcOffset < 0 || (long)srcOffset + (long)count * ELEMENT_BYTES > src.length)
        {
            throw new InvalidEncodingException(InvalidEncodingException.Reason.LENGTH, "Fr source of " + src.length
                + " bytes cannot hold " + count + " elements from offset " + srcOffset);
        }
        readCanonical(MemorySegment.ofArray(src).asSlice(srcOffset, count * ELEMENT_BYTES), first, count);
    }

    /** Writes elements {@code [first, first+count)} as canonical little-endian 32-byte scalars into {@code dst}. */
    public void writeCanonical(final long first, final long count, final MemorySegment dst)
    {
        checkRange(first, count);
        final long[] e = new long[Fr.LIMBS];
        for (long i = 0; i < count; i++)
        {
            get(first + i, e, 0);
            Fr.FIELD.toCanonical(e, 0, e, 0);
            final long at = i * ELEMENT_BYTES;
            for (int k = 0; k < Fr.LIMBS; k++)
            {
                dst.set(LIMB, at + 8L * k, e[k]);
            }
        }
    }

    /** @return elements {@code [first, first+count)} as canonical little-endian 32-byte scalars. */
    public byte[] toCanonicalBytes(final long first, final int count)
    {
        final byte[] out = new byte[Math.multiplyExact(count, (int)ELEMENT_BYTES)];
        writeCanonical(first, count, MemorySegment.ofArray(out));
        return out;
    }

    private static void toMontgomery(final long[] e, final long index)
    {
        if (!Fr.FIELD.isCanonical(e, 0))
        {
            throw new InvalidEncodingException(InvalidEncodingException.Reason.NON_CANONICAL,
                "Fr element " + index + " is not below r");
        }
        Fr.FIELD.canonicalToMontgomery(e, 0);
    }

    private long checkIndex(final long index)
    {
        if (index < 0 || index >= size)
        {
            throw new IndexOutOfBoundsException("Fr index " + index + " outside [0, " + size + ")");
        }
        return index;
    }

    private void checkRange(final long first, final long count)
    {
        if (first < 0 || count < 0 || first + count > size)
        {
            throw new IndexOutOfBoundsException("Fr range [" + first + ", " + first + " + " + count
                + ") outside [0, " + size + ")");
        }
    }
}
