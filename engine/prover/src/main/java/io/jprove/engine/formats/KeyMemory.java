package io.jprove.engine.formats;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.function.Supplier;

import io.jprove.engine.r1cs.MalformedFileException;

/**
 * The host memory a key file's points take once read: checked against the host's physical memory before anything is
 * hashed or copied, so that a file whose header promises more points than the host could hold (a sparse file, a
 * corrupt count that still matches the file's apparent size) is refused at once, naming the section, instead of
 * after minutes of hashing with an allocation failure that names nothing.
 */
public final class KeyMemory
{
    private KeyMemory()
    {
    }

    /** @return the host's physical memory (the container's limit where there is one), or Long.MAX_VALUE if unknown. */
    public static long physicalBytes()
    {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof final com.sun.management.OperatingSystemMXBean os)
        {
            final long total = os.getTotalMemorySize();
            return total > 0 ? total : Long.MAX_VALUE;
        }
        return Long.MAX_VALUE;
    }

    /**
     * Refuses a key whose points would take more than the host's memory.
     *
     * @param section the section that takes the most, named in the refusal.
     * @param offset  where that section starts.
     * @param bytes   the memory all of the key's points take once read.
     * @throws MalformedFileException naming the file and section when they do not fit.
     */
    public static void requireFits(final Path file, final String section, final long offset, final long bytes)
    {
        final long host = physicalBytes();
        if (bytes > host)
        {
            throw new MalformedFileException(file, section, offset, "the key's points need " + bytes + " bytes of"
                + " memory once read, more than this host's " + host + " (a corrupt count, or a key for a larger"
                + " host)");
        }
    }

    /**
     * @return what {@code allocation} allocates for {@code points} points of a section.
     * @throws MalformedFileException naming the file, the section and the size when the memory cannot be had.
     */
    public static <T> T allocate(final Path file, final String section, final long offset, final long points,
        final long bytes, final Supplier<T> allocation)
    {
        try
        {
            return allocation.get();
        }
        catch (final OutOfMemoryError e)
        {
            throw new MalformedFileException(file, section, offset, "cannot allocate " + bytes + " bytes for its "
                + points + " points: " + e.getMessage());
        }
    }
}
