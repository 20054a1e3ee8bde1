package io.jprove.timeline;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;

import net.openhft.chronicle.queue.impl.StoreFileListener;

/**
 * Deletes queue files older than the retention: once when the queue opens and whenever the queue releases a file
 * (after a roll). The file being written is never deleted, since it was written just now.
 */
final class StoreRetention implements StoreFileListener
{
    private final Path directory;
    private final Duration retention;

    StoreRetention(final Path directory, final Duration retention)
    {
        this.directory = directory;
        this.retention = retention;
    }

    @Override
    public void onReleased(final int cycle, final File file)
    {
        prune(Instant.now());
    }

    /**
     * @param now the time to measure age from.
     * @return how many files were deleted.
     */
    int prune(final Instant now)
    {
        if (retention.isZero())
        {
            return 0;
        }
        final FileTime oldest = FileTime.from(now.minus(retention));
        int deleted = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.cq4"))
        {
            for (final Path file : files)
            {
                if (Files.getLastModifiedTime(file).compareTo(oldest) < 0 && Files.deleteIfExists(file))
                {
                    deleted++;
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("pruning timeline files in " + directory, e);
        }
        return deleted;
    }
}
