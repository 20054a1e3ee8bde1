package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import io.jprove.engine.formats.InputFile;

/**
 * A file holding a secret (the daemon's bearer token, a database password): read as one stripped line, a regular
 * file of at most {@link #MAX_BYTES}, and a warning when people other than its owner may read it.
 */
public final class TokenFile
{
    /** The most bytes a token file may hold. */
    public static final int MAX_BYTES = 4096;

    private TokenFile()
    {
    }

    /**
     * @return the file's content, stripped.
     * @throws IllegalArgumentException naming the file when it cannot be read or is not a small regular file.
     */
    public static String read(final Path file)
    {
        return InputFile.readString(file, MAX_BYTES, "a token file").strip();
    }

    /**
     * @return a warning when the group or others may read the file (a secret should be {@code chmod 600}), else null
     *         (also where permissions are not POSIX).
     */
    public static String exposure(final Path file)
    {
        final Set<PosixFilePermission> p;
        try
        {
            p = Files.getPosixFilePermissions(file);
        }
        catch (final IOException | UnsupportedOperationException e)
        {
            return null;
        }
        final boolean group = p.contains(PosixFilePermission.GROUP_READ);
        final boolean others = p.contains(PosixFilePermission.OTHERS_READ);
        if (!group && !others)
        {
            return null;
        }
        return file + " is readable by " + (others ? "every user" : "its group") + ": a secret should be readable"
            + " by its owner only (chmod 600 " + file + ")";
    }
}
