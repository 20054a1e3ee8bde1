package io.jprove.kernels;

import java.lang.foreign.MemorySegment;

/**
 * Memory on an accelerator's device, owned by the caller ({@link Accelerator#allocate}), or a view of part of such
 * memory ({@link #view}). A kernel takes it where it declares an {@link IntArray} or {@link LongArray}: the array's
 * length is {@code byteSize() / 4} or {@code / 8}, and nothing is copied. On the CPU executor the memory is host
 * memory, so the same code runs on both.
 * <p>
 * Copies and fills take a stream: null means the accelerator's default stream, and the call returns when it is done;
 * on a stream the call only queues the work, and a host segment must stay valid and untouched until the stream has
 * run it (page-locked host memory from {@link Accelerator#allocateHost} makes such copies truly asynchronous on a
 * GPU). Closing the owner frees the memory; closing a view does nothing; a view of freed memory may not be used.
 */
public interface DeviceMemory extends AutoCloseable
{
    /** @return the size in bytes. */
    long byteSize();

    /**
     * @param offset first byte of the view.
     * @param bytes  the view's size.
     * @return a view of {@code [offset, offset + bytes)}.
     * @throws IndexOutOfBoundsException when the range is not inside this memory.
     */
    DeviceMemory view(long offset, long bytes);

    /**
     * Copies all of {@code src} to the start of this memory.
     *
     * @param src    host bytes, at most {@link #byteSize()}.
     * @param stream the stream, or null to copy now.
     */
    void copyFrom(MemorySegment src, DeviceStream stream);

    /**
     * Copies the start of this memory into all of {@code dst}.
     *
     * @param dst    host memory, at most {@link #byteSize()} bytes.
     * @param stream the stream, or null to copy now.
     */
    void copyTo(MemorySegment dst, DeviceStream stream);

    /**
     * Copies all of {@code src} (device memory of the same accelerator) to the start of this memory.
     *
     * @param src    device bytes, at most {@link #byteSize()}.
     * @param stream the stream, or null to copy now.
     */
    void copyFrom(DeviceMemory src, DeviceStream stream);

    /**
     * Sets every byte to {@code value}.
     *
     * @param value  the byte.
     * @param stream the stream, or null to fill now.
     */
    void fill(byte value, DeviceStream stream);

    /** Frees the memory (the owner) or does nothing (a view). A second close does nothing. */
    @Override
    void close();
}
