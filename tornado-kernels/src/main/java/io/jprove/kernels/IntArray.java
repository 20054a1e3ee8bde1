package io.jprove.kernels;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * An off-heap array of {@code int}s, little-endian, backed by a {@link MemorySegment}: the layout a GPU reads with one
 * copy. Indices are checked (Java semantics) on the CPU and in compiled kernels alike.
 */
public final class IntArray implements KernelArray
{
    private static final VarHandle ELEMENT = ValueLayout.JAVA_INT.arrayElementVarHandle();

    static
    {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN)
        {
            throw new ExceptionInInitializerError("jprove needs a little-endian host");
        }
    }

    private final MemorySegment segment;
    private final long length;

    private IntArray(final MemorySegment segment)
    {
        if (segment.byteSize() % Integer.BYTES != 0 || segment.address() % Integer.BYTES != 0)
        {
            throw new IllegalArgumentException("segment of " + segment.byteSize() + " bytes at " + segment.address()
                + " is not a 4-byte aligned whole number of ints");
        }
        this.segment = segment;
        this.length = segment.byteSize() / Integer.BYTES;
    }

    /**
     * Views a segment as ints.
     *
     * @param segment 4-byte aligned, a whole number of ints.
     * @return the view.
     */
    public static IntArray wrap(final MemorySegment segment)
    {
        return new IntArray(segment);
    }

    /**
     * Allocates a zeroed array.
     *
     * @param arena  owns the memory.
     * @param length number of ints.
     * @return the array.
     */
    public static IntArray allocate(final Arena arena, final long length)
    {
        return new IntArray(arena.allocate(ValueLayout.JAVA_INT, length));
    }

    /**
     * @return the number of elements.
     */
    @Override
    public long length()
    {
        return length;
    }

    /**
     * @return the backing memory.
     */
    @Override
    public MemorySegment segment()
    {
        return segment;
    }

    /**
     * @param index element index.
     * @return the element.
     */
    public int get(final long index)
    {
        return segment.getAtIndex(ValueLayout.JAVA_INT, index);
    }

    /**
     * @param index element index.
     * @param value new value.
     */
    public void set(final long index, final int value)
    {
        segment.setAtIndex(ValueLayout.JAVA_INT, index, value);
    }

    /**
     * Atomically adds, with wrap-around.
     *
     * @param index element index.
     * @param delta added.
     * @return the value before the addition.
     */
    public int getAndAdd(final long index, final int delta)
    {
        return (int)ELEMENT.getAndAdd(segment, 0L, checked(index), delta);
    }

    /**
     * Atomically replaces the element by {@code value} if it equals {@code expected}.
     *
     * @param index    element index.
     * @param expected compared with the element.
     * @param value    stored when equal.
     * @return the value before the operation (equal to {@code expected} when the store happened).
     */
    public int compareAndExchange(final long index, final int expected, final int value)
    {
        return (int)ELEMENT.compareAndExchange(segment, 0L, checked(index), expected, value);
    }

    private long checked(final long index)
    {
        if (index < 0 || index >= length)
        {
            throw new IndexOutOfBoundsException("index " + index + " out of bounds for length " + length);
        }
        return index;
    }
}
