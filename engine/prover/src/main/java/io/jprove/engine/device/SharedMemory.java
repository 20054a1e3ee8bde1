package io.jprove.engine.device;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.backend.HostMemorySource;

/**
 * Host memory a device process can map too: each block is a file in a directory of shared memory ({@code /dev/shm}
 * where there is one) mapped shared, so a partition's vectors written by the daemon's synthesis are read by the device
 * process with no copy and no pipe. {@link #locate} finds the file and offset of any memory inside a live block, which
 * is what a request to the device process names. A block's file is deleted when the block is freed (a process that
 * maps it keeps its pages until it unmaps them). Files are named for this process ({@code jprove-PID-N}) and cleared
 * when the source closes; a file left by a killed process is cleared by the next one that finds its process gone.
 * Thread-safe.
 */
public final class SharedMemory implements HostMemorySource
{
    /** Every live block of every source of this process, by start address. */
    private static final ConcurrentSkipListMap<Long, Mapped> LIVE = new ConcurrentSkipListMap<>();
    private static final AtomicLong NEXT = new AtomicLong();

    private final Path directory;

    /** A mapped block: its file and memory. */
    private record Mapped(Path file, MemorySegment segment)
    {
    }

    /**
     * Where some memory is: a shared file and an offset in it.
     *
     * @param file   the block's file.
     * @param offset where the memory starts in it.
     * @param bytes  how many bytes.
     */
    public record Location(Path file, long offset, long bytes)
    {
    }

    /** Blocks in the default directory ({@link #defaultDirectory()}). */
    public SharedMemory()
    {
        this(defaultDirectory());
    }

    /** @param directory where the blocks' files go (a tmpfs, so that they are memory, not disk). */
    public SharedMemory(final Path directory)
    {
        this.directory = directory;
        try
        {
            Files.createDirectories(directory);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot make the shared-memory folder " + directory, e);
        }
        clearAbandoned(directory);
    }

    /** @return {@code /dev/shm/jprove} where {@code /dev/shm} exists (Linux), else {@code java.io.tmpdir}'s. */
    public static Path defaultDirectory()
    {
        final Path shm = Path.of("/dev/shm");
        return (Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"))).resolve("jprove");
    }

    /** @return a fresh file name in {@code directory} for this process. */
    static Path freshFile(final Path directory, final String kind)
    {
        return directory.resolve("jprove-" + ProcessHandle.current().pid() + "-" + kind + "-"
            + NEXT.incrementAndGet());
    }

    /**
     * Refuses to map more than the folder's file system has free: past it, a tmpfs answers a write into the mapping
     * with SIGBUS, which would take the process down instead of failing one allocation.
     *
     * @throws OutOfMemoryError naming the folder, what is free and what was asked for.
     */
    static void requireRoom(final Path directory, final long bytes, final String what)
    {
        final long free;
        try
        {
            free = Files.getFileStore(directory).getUsableSpace();
        }
        catch (final IOException e)
        {
            return; // unknown: the mapping itself will say
        }
        if (bytes > free)
        {
            throw new OutOfMemoryError(what + " needs " + (bytes >> 20) + " MiB of shared memory but " + directory
                + " has " + (free >> 20) + " MiB free (a tmpfs is half the host's memory unless mounted larger:"
                + " mount -o remount,size=... /dev/shm)");
        }
    }

    @Override
    public Block allocate(final long bytes)
    {
        requireRoom(directory, bytes, "a partition's buffers");
        final Path file = freshFile(directory, "buffers");
        final Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
            StandardOpenOption.WRITE))
        {
            // mapping past the end grows the file: a sparse file of zeros, whose pages become memory as they are
            // written (a tmpfs), as any block's would
            final MemorySegment segment = ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
            final Mapped mapped = new Mapped(file, segment);
            LIVE.put(segment.address(), mapped);
            return new Block(segment, () ->
            {
                LIVE.remove(segment.address(), mapped);
                arena.close();
                deleteQuietly(file);
                // the device processes that mapped it let go of it too
                DeviceProcess.freed(file);
            });
        }
        catch (final IOException e)
        {
            arena.close();
            deleteQuietly(file);
            final OutOfMemoryError oom = new OutOfMemoryError("cannot map " + bytes + " bytes of shared memory in "
                + directory + ": " + e.getMessage());
            oom.initCause(e);
            throw oom;
        }
    }

    /**
     * @param memory some memory of this process.
     * @return its shared file and offset, or null when it is not inside a live block of a shared-memory source.
     */
    public static Location locate(final MemorySegment memory)
    {
        final Map.Entry<Long, Mapped> at = LIVE.floorEntry(memory.address());
        if (at == null)
        {
            return null;
        }
        final MemorySegment block = at.getValue().segment();
        final long offset = memory.address() - block.address();
        if (offset + memory.byteSize() > block.byteSize())
        {
            return null;
        }
        return new Location(at.getValue().file(), offset, memory.byteSize());
    }

    /**
     * Deletes the files that processes now gone left in the default directory, if it exists: for a process that uses
     * no shared memory itself but needs the memory that a killed one left there.
     */
    public static void clearAbandoned()
    {
        final Path directory = defaultDirectory();
        if (Files.isDirectory(directory))
        {
            clearAbandoned(directory);
        }
    }

    /** Deletes files of processes that are gone (killed before they could clear them). */
    static void clearAbandoned(final Path directory)
    {
        try (var files = Files.list(directory))
        {
            files.forEach(f ->
            {
                final String[] parts = f.getFileName().toString().split("-");
                if (parts.length >= 3 && parts[0].equals("jprove") && parts[1].matches("\\d{1,19}")
                    && ProcessHandle.of(Long.parseLong(parts[1])).isEmpty())
                {
                    deleteQuietly(f);
                }
            });
        }
        catch (final IOException | UncheckedIOException e)
        {
            // nothing to clear, or not allowed to: left to the next one
        }
    }

    static void deleteQuietly(final Path file)
    {
        try
        {
            Files.deleteIfExists(file);
        }
        catch (final IOException e)
        {
            // the tmpfs keeps it until the next process clears abandoned files
        }
    }

    @Override
    public String toString()
    {
        return "shared memory in " + directory;
    }
}
