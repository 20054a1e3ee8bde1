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

    /**
     * Atomically replaces the element.
     *
     * @param index element index.
     * @param value stored.
     * @return the value before the store.
     */
    public int getAndSet(final long index, final int value)
    {
        return (int)ELEMENT.getAndSet(segment, 0L, checked(index), value);
    }

    /**
     * Atomically replaces the element by the smaller (signed) of it and {@code value}.
     *
     * @param index element index.
     * @param value compared with the element.
     * @return the value before the operation.
     */
    public int getAndMin(final long index, final int value)
    {
        final long at = checked(index);
        int seen = (int)ELEMENT.getVolatile(segment, 0L, at);
        while (value < seen)
        {
            final int witness = (int)ELEMENT.compareAndExchange(segment, 0L, at, seen, value);
            if (witness == seen)
            {
                break;
            }
            seen = witness;
        }
        return seen;
    }

    /**
     * Atomically replaces the element by the larger (signed) of it and {@code value}.
     *
     * @param index element index.
     * @param value compared with the element.
     * @return the value before the operation.
     */
    public int getAndMax(final long index, final int value)
    {
        final long at = checked(index);
        int seen = (int)ELEMENT.getVolatile(segment, 0L, at);
        while (value > seen)
        {
            final int witness = (int)ELEMENT.compareAndExchange(segment, 0L, at, seen, value);
            if (witness == seen)
            {
                break;
            }
            seen = witness;
        }
        return seen;
    }

    /**
     * Atomically ORs {@code bits} into the element.
     *
     * @param index element index.
     * @param bits  OR-ed in.
     * @return the value before the operation.
     */
    public int getAndBitwiseOr(final long index, final int bits)
    {
        return (int)ELEMENT.getAndBitwiseOr(segment, 0L, checked(index), bits);
    }

    /**
     * Atomically ANDs {@code bits} into the element.
     *
     * @param index element index.
     * @param bits  AND-ed in.
     * @return the value before the operation.
     */
    public int getAndBitwiseAnd(final long index, final int bits)
    {
        return (int)ELEMENT.getAndBitwiseAnd(segment, 0L, checked(index), bits);
    }

    /**
     * Atomically XORs {@code bits} into the element.
     *
     * @param index element index.
     * @param bits  XOR-ed in.
     * @return the value before the operation.
     */
    public int getAndBitwiseXor(final long index, final int bits)
    {
        return (int)ELEMENT.getAndBitwiseXor(segment, 0L, checked(index), bits);
    }

    /**
     * Atomically adds, with wrap-around, returning nothing: on the GPU a reduction ({@code red}), which need not
     * send the old value back and so costs less than {@link #getAndAdd}.
     *
     * @param index element index.
     * @param delta added.
     */
    public void atomicAdd(final long index, final int delta)
    {
        getAndAdd(index, delta);
    }

    /** As {@link #getAndMin}, returning nothing ({@code red} on the GPU). */
    public void atomicMin(final long index, final int value)
    {
        getAndMin(index, value);
    }

    /** As {@link #getAndMax}, returning nothing ({@code red} on the GPU). */
    public void atomicMax(final long index, final int value)
    {
        getAndMax(index, value);
    }

    /** As {@link #getAndBitwiseOr}, returning nothing ({@code red} on the GPU). */
    public void atomicOr(final long index, final int bits)
    {
        getAndBitwiseOr(index, bits);
    }

    /** As {@link #getAndBitwiseAnd}, returning nothing ({@code red} on the GPU). */
    public void atomicAnd(final long index, final int bits)
    {
        getAndBitwiseAnd(index, bits);
    }

    /** As {@link #getAndBitwiseXor}, returning nothing ({@code red} on the GPU). */
    public void atomicXor(final long index, final int bits)
    {
        getAndBitwiseXor(index, bits);
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
