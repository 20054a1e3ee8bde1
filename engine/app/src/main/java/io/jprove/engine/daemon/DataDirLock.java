package io.jprove.engine.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one-daemon-per-data-directory lock: an OS file lock ({@code fcntl}) on {@code data-dir/lock}, taken before
 * anything else in the directory is touched (journal, spool, timeline), so a second daemon given the same directory
 * exits without clearing the first one's spool or numbering jobs alike. The holder writes its process id into the
 * file, so the refusal names it. The OS releases the lock when the process ends however it ends (a SIGKILL, a crash),
 * so a stale lock file never blocks a restart; the file itself is left in place (deleting it would let two daemons
 * lock two different files of one name).
 * <p>
 * Within one JVM the directories locked are also kept in a set and a second daemon is refused before it opens the
 * file: on Linux, closing any descriptor of a file drops every {@code fcntl} lock the process holds on it, so the
 * refused daemon must not open and close the holder's lock file.
 */
final class DataDirLock implements AutoCloseable
{
    /** The lock file's name inside the data directory. */
    static final String FILE_NAME = "lock";

    /** The data directories (real paths) locked by this process. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path held;
    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(final Path held, final FileChannel channel, final FileLock lock)
    {
        this.held = held;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Creates the data directory if needed and locks it for this process.
     *
     * @throws IllegalStateException naming the directory and the holder's process id when another daemon holds it.
     * @throws UncheckedIOException  when the directory or the lock file cannot be made.
     */
    static DataDirLock take(final Path dataDir)
    {
        final Path file = dataDir.resolve(FILE_NAME);
        final Path held;
        try
        {
            Files.createDirectories(dataDir);
            held = dataDir.toRealPath();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot make the data directory " + dataDir + ": " + e.getMessage(), e);
        }
        if (!HELD.add(held))
        {
            throw new IllegalStateException("another daemon (pid " + ProcessHandle.current().pid() + ", this process)"
                + " uses the data directory " + dataDir + "; stop it first, or give this one another data-dir");
        }
        FileChannel channel = null;
        try
        {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
            final FileLock lock = channel.tryLock();
            if (lock == null)
            {
                final String holder = holder(channel);
                throw new IllegalStateException("another daemon (" + holder + ") uses the data directory " + dataDir
                    + "; stop it first, or give this one another data-dir");
            }
            final byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(pid), 0);
            channel.force(false);
            return new DataDirLock(held, channel, lock);
        }
        catch (final IOException e)
        {
            close(channel);
            HELD.remove(held);
            throw new UncheckedIOException("cannot lock the data directory " + dataDir + " (" + file + "): "
                + e.getMessage(), e);
        }
        catch (final RuntimeException e)
        {
            close(channel);
            HELD.remove(held);
            throw e;
        }
    }

    /** @return "pid N" as the lock file says, or why it cannot tell. */
    private static String holder(final FileChannel channel) throws IOException
    {
        final ByteBuffer b = ByteBuffer.allocate(32);
        channel.read(b, 0);
        final String text = new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII).strip();
        return text.matches("\\d{1,19}") ? "pid " + text : "its process id is not written yet";
    }

    private static void close(final FileChannel channel)
    {
        if (channel != null)
        {
            try
            {
                channel.close();
            }
            catch (final IOException ignored)
            {
                // the lock goes with the channel
            }
        }
    }

    /** Releases the lock; the file stays. */
    @Override
    public void close()
    {
        try
        {
            lock.release();
        }
        catch (final IOException ignored)
        {
            // closing the channel releases it too
        }
        close(channel);
        HELD.remove(held);
    }
}
