package io.jprove.kernels;

import java.lang.foreign.MemorySegment;

/**
 * An off-heap array a kernel takes as a parameter: {@link IntArray} or {@link LongArray}.
 */
public sealed interface KernelArray permits IntArray, LongArray
{
    /**
     * @return the number of elements.
     */
    long length();

    /**
     * @return the backing host memory.
     */
    MemorySegment segment();
}
