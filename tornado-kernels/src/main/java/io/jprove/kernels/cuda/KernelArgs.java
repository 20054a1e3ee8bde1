package io.jprove.kernels.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A kernel's parameters in the form {@code cuLaunchKernel} takes them: a {@code void**} array whose entry i points to
 * the value of parameter i. Built once, reused for every launch: the driver copies the values when a launch is
 * queued, so a value may be changed ({@link #setI32(int, int)}, ...) as soon as {@code launch} returns, and nothing is
 * allocated per launch.
 * <pre>
 *   pointers (void**):  [ &amp;v0 ][ &amp;v1 ][ &amp;v2 ] ...     8 bytes each
 *   values:             [ v0      ][ v1      ][ v2      ] ...  one 8-byte, 8-aligned slot each;
 *                                                          an i32 uses the slot's low 4 bytes (little-endian)
 * </pre>
 * The memory comes from automatic arenas (freed by the garbage collector once the object is unreachable). Not
 * thread-safe: give each launching thread its own, or guard it.
 */
public final class KernelArgs
{
    private static final long SLOT_BYTES = 8;
    private static final int INITIAL_CAPACITY = 8;
    private static final byte POINTER = 1;
    private static final byte I32 = 2;
    private static final byte I64 = 3;

    private MemorySegment values;
    private MemorySegment pointers;
    private byte[] kinds;
    private int count;

    private KernelArgs(final int capacity)
    {
        allocate(Math.max(capacity, 1));
    }

    /**
     * Parameters from values: an {@link Integer} is an {@code i32}, a {@link Long} an {@code i64}, a
     * {@link DeviceBuffer} a pointer to its start. {@code of()} gives an empty list to add to.
     *
     * @param arguments the parameters, in the kernel's order.
     * @return the parameters.
     * @throws IllegalArgumentException for any other type, naming its position.
     */
    public static KernelArgs of(final Object... arguments)
    {
        final KernelArgs args = new KernelArgs(Math.max(arguments.length, INITIAL_CAPACITY));
        for (int i = 0; i < arguments.length; i++)
        {
            switch (arguments[i])
            {
                case Integer value -> args.i32(value);
                case Long value -> args.i64(value);
                case DeviceBuffer buffer -> args.pointer(buffer.address());
                case null -> throw new IllegalArgumentException("kernel argument " + i + " is null");
                default -> throw new IllegalArgumentException("kernel argument " + i + " is a "
                    + arguments[i].getClass().getName() + "; use Integer, Long or DeviceBuffer");
            }
        }
        return args;
    }

    /**
     * Appends a device pointer ({@code .u64} / {@code .b64} parameter).
     *
     * @param deviceAddress the address, e.g. {@link DeviceBuffer#address()}.
     * @return this.
     */
    public KernelArgs pointer(final long deviceAddress)
    {
        final long offset = append(POINTER); // first: appending may move the values
        values.set(JAVA_LONG, offset, deviceAddress);
        return this;
    }

    /**
     * Appends a pointer to the start of a device buffer.
     *
     * @param buffer the buffer.
     * @return this.
     */
    public KernelArgs pointer(final DeviceBuffer buffer)
    {
        return pointer(buffer.address());
    }

    /**
     * Appends a 32-bit integer ({@code .u32} / {@code .s32} parameter).
     *
     * @param value the value.
     * @return this.
     */
    public KernelArgs i32(final int value)
    {
        final long offset = append(I32); // first: appending may move the values
        values.set(JAVA_INT, offset, value);
        return this;
    }

    /**
     * Appends a 64-bit integer ({@code .u64} / {@code .s64} parameter).
     *
     * @param value the value.
     * @return this.
     */
    public KernelArgs i64(final long value)
    {
        final long offset = append(I64); // first: appending may move the values
        values.set(JAVA_LONG, offset, value);
        return this;
    }

    /**
     * Replaces pointer parameter {@code index}.
     *
     * @param index         the parameter's position.
     * @param deviceAddress the new address.
     */
    public void setPointer(final int index, final long deviceAddress)
    {
        values.set(JAVA_LONG, slot(index, POINTER), deviceAddress);
    }

    /**
     * Replaces {@code i32} parameter {@code index}.
     *
     * @param index the parameter's position.
     * @param value the new value.
     */
    public void setI32(final int index, final int value)
    {
        values.set(JAVA_INT, slot(index, I32), value);
    }

    /**
     * Replaces {@code i64} parameter {@code index}.
     *
     * @param index the parameter's position.
     * @param value the new value.
     */
    public void setI64(final int index, final long value)
    {
        values.set(JAVA_LONG, slot(index, I64), value);
    }

    /**
     * The number of parameters.
     *
     * @return the count.
     */
    public int count()
    {
        return count;
    }

    /**
     * The {@code void**} array, exactly {@link #count()} pointers long. It stays valid until a later append grows
     * the storage.
     *
     * @return the array.
     */
    public MemorySegment pointerArray()
    {
        return pointers.asSlice(0, count * SLOT_BYTES);
    }

    /**
     * Where the value of parameter {@code index} lives (what entry {@code index} of the array points to).
     *
     * @param index the parameter's position.
     * @return the native address of its slot.
     */
    public long valueAddress(final int index)
    {
        checkIndex(index);
        return values.address() + index * SLOT_BYTES;
    }

    /** The array as passed to {@code cuLaunchKernel}: no slicing, no allocation. */
    MemorySegment launchPointer()
    {
        return pointers;
    }

    private long append(final byte kind)
    {
        if (count == kinds.length)
        {
            grow();
        }
        kinds[count] = kind;
        final long offset = count * SLOT_BYTES;
        pointers.set(ADDRESS, offset, values.asSlice(offset, SLOT_BYTES));
        count++;
        return offset;
    }

    private long slot(final int index, final byte kind)
    {
        checkIndex(index);
        if (kinds[index] != kind)
        {
            throw new IllegalArgumentException("kernel argument " + index + " is " + kindName(kinds[index])
                + ", not " + kindName(kind));
        }
        return index * SLOT_BYTES;
    }

    private void checkIndex(final int index)
    {
        if (index < 0 || index >= count)
        {
            throw new IndexOutOfBoundsException("kernel argument " + index + " of " + count);
        }
    }

    private void allocate(final int capacity)
    {
        // A fresh automatic arena per growth, so outgrown storage can be collected on its own.
        final Arena arena = Arena.ofAuto();
        values = arena.allocate(capacity * SLOT_BYTES, SLOT_BYTES);
        pointers = arena.allocate(capacity * SLOT_BYTES, SLOT_BYTES);
        kinds = new byte[capacity];
    }

    private void grow()
    {
        final MemorySegment oldValues = values;
        final byte[] oldKinds = kinds;
        allocate(oldKinds.length * 2);
        MemorySegment.copy(oldValues, 0, values, 0, count * SLOT_BYTES);
        System.arraycopy(oldKinds, 0, kinds, 0, count);
        for (int i = 0; i < count; i++)
        {
            pointers.set(ADDRESS, i * SLOT_BYTES, values.asSlice(i * SLOT_BYTES, SLOT_BYTES));
        }
    }

    private static String kindName(final byte kind)
    {
        return switch (kind)
        {
            case POINTER -> "a pointer";
            case I32 -> "an i32";
            case I64 -> "an i64";
            default -> "unknown";
        };
    }
}
