package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ToLongFunction;

/**
 * The free space on the disk of the daemon's data directory, against the {@code disk-reserve} setting: new work (a
 * submit, its witness in the spool and its journal entry) is refused while accepting it would leave less than the
 * reserve free, so that the jobs already accepted can still journal their partitions and ends, and a full disk is
 * answered with a status that says so (RESOURCE_EXHAUSTED naming the free space) instead of a failed write.
 * Thread-safe.
 */
final class DiskSpace
{
    /** The file systems' own view: the bytes this process may still write there. */
    static final ToLongFunction<Path> USABLE = dir ->
    {
        try
        {
            // the folder may not exist yet: its nearest existing parent is on the same disk, or is where it will be
            Path at = dir.toAbsolutePath();
            while (!Files.exists(at) && at.getParent() != null)
            {
                at = at.getParent();
            }
            return Files.getFileStore(at).getUsableSpace();
        }
        catch (final IOException e)
        {
            // an unknown amount counts as none: new work is refused rather than risked
            return 0;
        }
    };

    private static final long MIB = 1 << 20;

    private final Path dir;
    private final long reserveBytes;
    private final ToLongFunction<Path> usable;
    private volatile boolean full;

    /**
     * @param dir          a folder on the disk (or where it will be).
     * @param reserveBytes the free space kept back from new work.
     * @param usable       the usable bytes of the disk holding a folder ({@link #USABLE}, or a test's).
     */
    DiskSpace(final Path dir, final long reserveBytes, final ToLongFunction<Path> usable)
    {
        this.dir = dir;
        this.reserveBytes = reserveBytes;
        this.usable = usable;
    }

    /** @return the usable bytes now. */
    long freeBytes()
    {
        final long free = usable.applyAsLong(dir);
        full = free < reserveBytes;
        return free;
    }

    /** @return the reserve. */
    long reserveBytes()
    {
        return reserveBytes;
    }

    /** @return whether the last look found less free space than the reserve (new work refused). */
    boolean full()
    {
        return full;
    }

    /**
     * Refuses new work of {@code bytes} that would leave less than the reserve free.
     *
     * @param what what the bytes are for, for the message.
     * @throws RequestException NO_SPACE naming the free space and the reserve.
     */
    void requireRoomFor(final long bytes, final String what)
    {
        final long free = freeBytes();
        if (free - bytes < reserveBytes)
        {
            full = true;
            throw new RequestException(RequestException.Reason.NO_SPACE, "the data directory's disk (" + dir
                + ") has " + mib(free) + " free; " + what + " needs " + mib(bytes) + " and disk-reserve keeps "
                + mib(reserveBytes) + " for the jobs already accepted: new work is refused until space is freed");
        }
    }

    private static String mib(final long bytes)
    {
        return bytes >= 10 * MIB ? bytes / MIB + " MiB" : bytes + " bytes";
    }
}
