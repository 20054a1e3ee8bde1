package io.jprove.engine.formats;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * The gate every reader of an input file goes through before it opens the file: a regular file, readable, and not
 * one of the kernel's interfaces that look like files. Opening a FIFO for reading blocks until a writer comes (for
 * ever, if none does), a device such as {@code /dev/zero} never ends, and {@code /proc} and {@code /sys} files claim
 * sizes they do not have; each is refused here with one line naming the file and what it is. Small files (JSON,
 * settings, tokens) are read with a size cap, so that a wrong path costs an error, not the heap.
 */
public final class InputFile
{
    /** Folders whose regular-looking files are kernel interfaces, not data (Linux; devices are refused anyway). */
    private static final List<Path> KERNEL_FOLDERS = List.of(Path.of("/proc"), Path.of("/sys"));
    /** The file-type bits of {@code unix:mode} (st_mode &amp; S_IFMT). */
    private static final int S_IFMT = 0170000;

    private InputFile()
    {
    }

    /**
     * Requires {@code file} to be a readable regular file outside the kernel's folders.
     *
     * @return the file.
     * @throws IllegalArgumentException naming the file and what it is instead (no such file, a folder, a FIFO...).
     */
    public static Path requireRegular(final Path file)
    {
        final BasicFileAttributes a;
        try
        {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        }
        catch (final NoSuchFileException e)
        {
            throw new IllegalArgumentException(file + ": no such file");
        }
        catch (final AccessDeniedException e)
        {
            throw new IllegalArgumentException(file + ": permission denied");
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException(file + ": cannot be read: " + e.getMessage());
        }
        if (a.isDirectory())
        {
            throw new IllegalArgumentException(file + ": is a directory, not a file");
        }
        if (!a.isRegularFile())
        {
            throw new IllegalArgumentException(file + ": is " + kind(file) + ", not a regular file");
        }
        if (underKernelFolder(file))
        {
            throw new IllegalArgumentException(file + ": is a kernel interface (under /proc or /sys), not a regular"
                + " file");
        }
        if (!Files.isReadable(file))
        {
            throw new IllegalArgumentException(file + ": permission denied");
        }
        return file;
    }

    private static String kind(final Path file)
    {
        try
        {
            final int type = ((Integer)Files.getAttribute(file, "unix:mode")) & S_IFMT;
            return switch (type)
            {
                case 0010000 -> "a FIFO (named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        }
        catch (final IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e)
        {
            return "a special file";
        }
    }

    private static boolean underKernelFolder(final Path file)
    {
        final Path real;
        try
        {
            real = file.toRealPath();
        }
        catch (final IOException e)
        {
            return false;
        }
        return KERNEL_FOLDERS.stream().anyMatch(real::startsWith);
    }

    /**
     * Reads a whole small file.
     *
     * @param maxBytes the most it may hold.
     * @param what     what the file is ("a proof.json"), for the message.
     * @throws IllegalArgumentException naming the file when it is not a regular file or holds more than maxBytes.
     */
    public static byte[] readBounded(final Path file, final long maxBytes, final String what)
    {
        requireRegular(file);
        try (InputStream in = Files.newInputStream(file))
        {
            if (Files.size(file) > maxBytes)
            {
                throw new IllegalArgumentException(file + ": more than " + maxBytes + " bytes, too large for " + what);
            }
            final byte[] bytes = in.readNBytes((int)Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes)
            {
                throw new IllegalArgumentException(file + ": more than " + maxBytes + " bytes, too large for " + what);
            }
            return bytes;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** As {@link #readBounded}, decoded as UTF-8. */
    public static String readString(final Path file, final long maxBytes, final String what)
    {
        return new String(readBounded(file, maxBytes, what), StandardCharsets.UTF_8);
    }
}
