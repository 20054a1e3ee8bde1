package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jprove.engine.formats.InputFile;

/**
 * The folders whose files a request may name (the {@code key-roots} setting): key and circuit files are read only
 * under them, and only when they are regular files. A path outside them is refused from its text alone, before the
 * file system is asked anything about it, so the daemon tells a client nothing about files elsewhere on its host
 * (whether they exist, their size, their first bytes); a path inside that leads outside through a link is refused the
 * same way. Thread-safe (immutable).
 */
final class KeyRoots
{
    private final List<Path> roots;

    /** @param roots absolute, normalized folders. */
    KeyRoots(final List<Path> roots)
    {
        this.roots = List.copyOf(roots);
    }

    /**
     * Reads the setting: folders separated by commas, each absolute; empty for the default.
     *
     * @param dataDir        the daemon's data directory, one of the defaults.
     * @param parameterCache Filecoin's parameter cache, the other.
     * @throws IllegalArgumentException naming the entry that is not an absolute path.
     */
    static List<Path> parse(final String text, final Path dataDir, final Path parameterCache)
    {
        if (text.isBlank())
        {
            return List.of(dataDir.toAbsolutePath().normalize(), parameterCache.toAbsolutePath().normalize());
        }
        final List<Path> out = new ArrayList<>();
        for (final String part : text.split(",", -1))
        {
            final String entry = part.strip();
            final Path p;
            try
            {
                p = Path.of(entry);
            }
            catch (final InvalidPathException e)
            {
                throw new IllegalArgumentException("\"" + entry + "\" is not a path");
            }
            if (entry.isEmpty() || !p.isAbsolute())
            {
                throw new IllegalArgumentException("\"" + entry + "\" is not an absolute folder (key-roots takes"
                    + " absolute folders separated by commas)");
            }
            out.add(p.normalize());
        }
        return out;
    }

    /** @return the folders. */
    List<Path> roots()
    {
        return roots;
    }

    /**
     * @param field the request field, named in the refusal ({@code zkey.zkey_path}).
     * @param text  the path the request gives.
     * @return the path, normalized, once it is known to be a readable regular file under a root.
     * @throws RequestException INVALID naming the field: not absolute, outside the roots, or not a readable file.
     */
    Path require(final String field, final String text)
    {
        if (text.isEmpty())
        {
            throw invalid(field + " is missing");
        }
        final Path p;
        try
        {
            p = Path.of(text);
        }
        catch (final InvalidPathException e)
        {
            throw invalid(field + " is not a path: " + e.getReason());
        }
        if (!p.isAbsolute())
        {
            throw invalid(field + " \"" + text + "\" is not an absolute path (the daemon resolves no relative paths)");
        }
        final Path normal = p.normalize();
        if (roots.stream().noneMatch(normal::startsWith))
        {
            throw outside(field, text);
        }
        final Path real;
        try
        {
            real = normal.toRealPath();
        }
        catch (final NoSuchFileException e)
        {
            throw invalid(field + ": " + text + ": no such file");
        }
        catch (final IOException e)
        {
            throw invalid(field + ": " + text + ": cannot be read");
        }
        if (roots.stream().map(KeyRoots::real).noneMatch(real::startsWith))
        {
            throw outside(field, text);
        }
        try
        {
            InputFile.requireRegular(real);
        }
        catch (final IllegalArgumentException e)
        {
            throw invalid(field + ": " + text + e.getMessage().substring(real.toString().length()));
        }
        return normal;
    }

    private RequestException outside(final String field, final String text)
    {
        return invalid(field + ": " + text + " is outside the daemon's key roots (" + String.join(", ",
            roots.stream().map(Path::toString).toList()) + "): put the file under one of them, or add its folder to"
            + " the key-roots setting");
    }

    private static Path real(final Path root)
    {
        try
        {
            return root.toRealPath();
        }
        catch (final IOException e)
        {
            return root;
        }
    }

    private static RequestException invalid(final String message)
    {
        return new RequestException(RequestException.Reason.INVALID, message);
    }
}
