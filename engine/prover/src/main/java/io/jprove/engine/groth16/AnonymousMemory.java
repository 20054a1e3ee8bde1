package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Large zeroed host memory for the setup's vectors, from an anonymous private mapping ({@code mmap}): the kernel hands
 * out zero pages as they are first touched, so the tens of gigabytes of a 32GiB key are faulted in by the threads
 * that write them, in parallel, instead of being zeroed by one thread at allocation, as {@link Arena#allocate} does
 * (seconds per gigabyte on a busy host). Transparent huge pages are asked for, where the kernel allows them, to cut
 * the faults 512-fold. The mapping is released when its arena closes. Hosts other than Linux get
 * {@link Arena#allocate}'s memory.
 */
final class AnonymousMemory
{
    private static final int PROT_READ_WRITE = 0x3;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MADV_HUGEPAGE = 14;
    /** Below this, the mapping's system calls cost more than zeroing. */
    private static final long MIN_BYTES = 1L << 20;
    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    private static final MethodHandle MADVISE;

    static
    {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        MethodHandle madvise = null;
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux"))
        {
            final Linker linker = Linker.nativeLinker();
            final var libc = linker.defaultLookup();
            mmap = libc.find("mmap").map(a -> linker.downcallHandle(a, FunctionDescriptor.of(ValueLayout.ADDRESS,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG))).orElse(null);
            munmap = libc.find("munmap").map(a -> linker.downcallHandle(a, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG))).orElse(null);
            madvise = libc.find("madvise").map(a -> linker.downcallHandle(a, FunctionDescriptor.of(
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT)))
                .orElse(null);
        }
        MMAP = mmap;
        MUNMAP = munmap;
        MADVISE = madvise;
    }

    private AnonymousMemory()
    {
    }

    /**
     * @param arena owns the memory: closing it unmaps it.
     * @param bytes the size, non-negative.
     * @return zeroed memory of exactly {@code bytes} bytes, aligned to at least 64.
     * @throws OutOfMemoryError when the mapping is refused.
     */
    static MemorySegment allocate(final Arena arena, final long bytes)
    {
        if (bytes < MIN_BYTES || MMAP == null || MUNMAP == null)
        {
            return arena.allocate(bytes, 64);
        }
        final MemorySegment address;
        try
        {
            address = (MemorySegment)MMAP.invokeExact(MemorySegment.NULL, bytes, PROT_READ_WRITE,
                MAP_PRIVATE_ANONYMOUS, -1, 0L);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("mmap of " + bytes + " bytes failed", t);
        }
        if (address.address() == -1L)
        {
            throw new OutOfMemoryError("the host refused an anonymous mapping of " + bytes + " bytes (mmap)");
        }
        if (MADVISE != null)
        {
            try
            {
                final int ignored = (int)MADVISE.invokeExact(address, bytes, MADV_HUGEPAGE);
            }
            catch (final Throwable t)
            {
                // huge pages are a hint: without them the memory is the same, its faults more numerous
            }
        }
        // the cleanup is handed a zero-length segment at the same address: the length travels with the lambda
        return address.reinterpret(bytes, arena, segment -> unmap(segment, bytes));
    }

    private static void unmap(final MemorySegment segment, final long bytes)
    {
        try
        {
            final int ignored = (int)MUNMAP.invokeExact(segment, bytes);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException("munmap of " + bytes + " bytes failed", t);
        }
    }
}
