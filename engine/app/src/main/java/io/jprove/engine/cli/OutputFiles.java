package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The files a command writes, checked before it does any work and written so that a failure leaves none of them: each
 * output is written to a temporary file beside it and renamed into place only once every output has been written.
 * Refused before the work starts, with one line: an output that is one of the command's inputs (the same file by
 * path, link or hard link: comparing real paths and file keys), two outputs that are one file, an output that is a
 * directory or not a regular file, and an output whose directory cannot be written.
 */
final class OutputFiles implements AutoCloseable
{
    /** What writes one output, given the temporary file to write it to. */
    @FunctionalInterface
    interface Writer
    {
        void write(Path file) throws IOException;
    }

    private final Map<Path, String> options = new LinkedHashMap<>();
    private final Map<Path, Path> written = new LinkedHashMap<>();
    private boolean committed;

    private OutputFiles()
    {
    }

    /**
     * Checks the outputs of a command (option name, path; a null path is an output not asked for).
     *
     * @throws IllegalArgumentException naming the option and the file when one cannot be written as asked.
     */
    static OutputFiles of(final Object... optionAndPath)
    {
        final OutputFiles out = new OutputFiles();
        for (int i = 0; i < optionAndPath.length; i += 2)
        {
            final Path p = (Path)optionAndPath[i + 1];
            if (p == null)
            {
                continue;
            }
            final String option = (String)optionAndPath[i];
            for (final Map.Entry<Path, String> e : out.options.entrySet())
            {
                if (sameFile(e.getKey(), p))
                {
                    throw new IllegalArgumentException(option + " " + p + " and " + e.getValue() + " " + e.getKey()
                        + " are one file: give each output its own");
                }
            }
            requireWritable(option, p);
            out.options.put(p, option);
        }
        return out;
    }

    /**
     * Refuses an output that is one of the inputs (option name, path; null paths skipped), before any work.
     *
     * @return this.
     */
    OutputFiles refuseInputs(final Object... optionAndPath)
    {
        for (int i = 0; i < optionAndPath.length; i += 2)
        {
            final Path in = (Path)optionAndPath[i + 1];
            if (in == null)
            {
                continue;
            }
            for (final Map.Entry<Path, String> e : options.entrySet())
            {
                if (sameFile(e.getKey(), in))
                {
                    throw new IllegalArgumentException(e.getValue() + " " + e.getKey() + " is the input "
                        + optionAndPath[i] + " " + in + ": writing it would destroy what is read");
                }
            }
        }
        return this;
    }

    private static void requireWritable(final String option, final Path p)
    {
        final BasicFileAttributes a = attributes(p);
        if (a != null && a.isDirectory())
        {
            throw new IllegalArgumentException(option + " " + p + " is a directory: name a file");
        }
        if (a != null && !a.isRegularFile())
        {
            throw new IllegalArgumentException(option + " " + p + " is not a regular file (outputs are written beside"
                + " and renamed into place)");
        }
        Path dir = p.toAbsolutePath().getParent();
        while (dir != null && !Files.exists(dir))
        {
            dir = dir.getParent();
        }
        if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir))
        {
            throw new IllegalArgumentException(option + " " + p + " cannot be written: " + (dir == null ? "no folder"
                : dir + (Files.isDirectory(dir) ? " is not writable" : " is not a folder")));
        }
    }

    private static BasicFileAttributes attributes(final Path p)
    {
        try
        {
            return Files.readAttributes(p, BasicFileAttributes.class);
        }
        catch (final IOException e)
        {
            return null;
        }
    }

    /** @return whether two paths name one file: the same real path, or (both existing) the same file key. */
    static boolean sameFile(final Path a, final Path b)
    {
        if (canonical(a).equals(canonical(b)))
        {
            return true;
        }
        final BasicFileAttributes x = attributes(a);
        final BasicFileAttributes y = attributes(b);
        return x != null && y != null && x.fileKey() != null && Objects.equals(x.fileKey(), y.fileKey());
    }

    /** @return the real path of the longest existing part of {@code p}, with the rest appended. */
    private static Path canonical(final Path p)
    {
        final Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        final List<Path> rest = new ArrayList<>();
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS))
        {
            rest.add(0, existing.getFileName());
            existing = existing.getParent();
        }
        Path out;
        try
        {
            out = existing == null ? abs.getRoot() : existing.toRealPath();
        }
        catch (final IOException e)
        {
            out = existing;
        }
        for (final Path r : rest)
        {
            out = out.resolve(r);
        }
        return out;
    }

    /** Writes one output to its temporary file (renamed into place at {@link #commit}). */
    void write(final Path output, final Writer writer) throws IOException
    {
        if (!options.containsKey(output))
        {
            throw new IllegalStateException(output + " is not an output of this command");
        }
        CliSupport.createParent(output);
        final Path abs = output.toAbsolutePath();
        final Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName() + ".", ".partial");
        written.put(output, tmp);
        writer.write(tmp);
    }

    /** Writes text (UTF-8) as one output. */
    void text(final Path output, final String text) throws IOException
    {
        write(output, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }

    /** Writes bytes as one output. */
    void bytes(final Path output, final byte[] bytes) throws IOException
    {
        write(output, tmp -> Files.write(tmp, bytes));
    }

    /** Renames every written output into place. */
    void commit() throws IOException
    {
        for (final Map.Entry<Path, Path> e : written.entrySet())
        {
            try
            {
                Files.move(e.getValue(), e.getKey(), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            }
            catch (final AtomicMoveNotSupportedException notAtomic)
            {
                Files.move(e.getValue(), e.getKey(), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        committed = true;
    }

    /** Deletes the temporary files of outputs not committed. */
    @Override
    public void close()
    {
        if (committed)
        {
            return;
        }
        for (final Path tmp : written.values())
        {
            try
            {
                Files.deleteIfExists(tmp);
            }
            catch (final IOException e)
            {
                // a stray partial file, named after its output; nothing was put in the output's place
            }
        }
    }
}
