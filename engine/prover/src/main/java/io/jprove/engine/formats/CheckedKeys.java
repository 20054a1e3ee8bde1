package io.jprove.engine.formats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The key files whose points have passed every check (on the curve, in the prime-order subgroup), remembered by the
 * SHA-256 of the file's bytes, so that a later run that opens the same bytes skips those checks: on a cold start they
 * are most of a small proof's time (a subgroup test is a 64- or 128-bit scalar multiplication per point), while
 * hashing the file costs a few milliseconds per megabyte.
 * <p>
 * The record is a small text file, one line per key, {@code <kind> sha256:<64 hex digits>}, oldest first and at most
 * {@link #MAX_ENTRIES} lines; the digest is the one {@code sha256sum} prints, so a person can see which file a line
 * stands for. {@code kind} names the format and the checks made ({@code zkey-points-v1}); a change to the checks gets
 * a new kind, so older lines stop counting. Writers replace the file atomically; two runs that add at once may lose
 * one line, which only costs that key one more check. An unreadable or malformed record counts as empty: it can only
 * make a run check more, never less. SHA-256 is used, not a faster hash, because the record must not be foolable by a
 * file made to collide with one that passed.
 */
public final class CheckedKeys
{
    /** Lines kept; the oldest go first. */
    public static final int MAX_ENTRIES = 256;
    /** The record's name inside the cache directory. */
    public static final String FILE_NAME = "checked-keys";

    private static final CheckedKeys NONE = new CheckedKeys(null);
    private static final String SHA256 = "sha256:";
    /** A ByteBuffer view holds at most 2 GiB; slices this small also report progress and stop on a cancel soon. */
    private static final long DIGEST_SLICE_BYTES = 64L << 20;

    private final Path file;
    private volatile String failure;

    private CheckedKeys(final Path file)
    {
        this.file = file;
    }

    /** @return a record that remembers nothing: every key opened with it is checked in full. */
    public static CheckedKeys none()
    {
        return NONE;
    }

    /** @return the record kept in {@code file} (created when the first key is added). */
    public static CheckedKeys at(final Path file)
    {
        return new CheckedKeys(file);
    }

    /**
     * The user's record: {@code checked-keys} in the directory named by the system property {@code jprove.cache.dir},
     * else in {@code $XDG_CACHE_HOME/jprove}, else in {@code ~/.cache/jprove} (the XDG default).
     */
    public static CheckedKeys inUserCache()
    {
        return at(userCacheDirectory().resolve(FILE_NAME));
    }

    /** @return jprove's cache directory for this user (see {@link #inUserCache()}); it may not exist yet. */
    public static Path userCacheDirectory()
    {
        final String property = System.getProperty("jprove.cache.dir");
        if (property != null && !property.isBlank())
        {
            return Path.of(property);
        }
        final String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute())
        {
            return Path.of(xdg, "jprove");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "jprove");
    }

    /** @return where the record is, or null for {@link #none()}. */
    public Path file()
    {
        return file;
    }

    /** @return whether a key of {@code kind} with this digest has passed its checks before. */
    public boolean contains(final String kind, final String sha256Hex)
    {
        return file != null && read().contains(line(kind, sha256Hex));
    }

    /**
     * Remembers that a key of {@code kind} with this digest has passed its checks. A record that cannot be written
     * does not fail the caller's run (the key was good; only the next run's shortcut is lost): it is kept for
     * {@link #failure()}, so that a command can tell its user.
     *
     * @return whether the key is now in the record.
     */
    public boolean add(final String kind, final String sha256Hex)
    {
        if (file == null)
        {
            return false;
        }
        try
        {
            write(line(kind, sha256Hex));
            return true;
        }
        catch (final UncheckedIOException e)
        {
            failure = e.getMessage() + " (" + e.getCause() + ")";
            return false;
        }
    }

    /** @return why the last {@link #add} could not write the record, or null when none failed. */
    public String failure()
    {
        return failure;
    }

    private void write(final String entry)
    {
        final List<String> lines = read();
        if (lines.contains(entry))
        {
            return;
        }
        lines.add(entry);
        final List<String> kept = lines.subList(Math.max(0, lines.size() - MAX_ENTRIES), lines.size());
        try
        {
            final Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            final Path tmp = Files.createTempFile(dir, FILE_NAME, ".tmp");
            try
            {
                Files.write(tmp, kept, StandardCharsets.US_ASCII);
                move(tmp, file);
            }
            finally
            {
                Files.deleteIfExists(tmp);
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write the record of checked keys " + file, e);
        }
    }

    /** @return the SHA-256 of {@code data}'s bytes as 64 lower-case hex digits. */
    public static String sha256(final MemorySegment data)
    {
        return sha256(data, KeyLoading.unwatched());
    }

    /**
     * @param loading told of each slice hashed; its cancel stops the hashing.
     * @return the SHA-256 of {@code data}'s bytes as 64 lower-case hex digits.
     * @throws java.util.concurrent.CancellationException when {@code loading} was cancelled.
     */
    public static String sha256(final MemorySegment data, final KeyLoading loading)
    {
        final MessageDigest md;
        try
        {
            md = MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
        for (long at = 0; at < data.byteSize(); at += DIGEST_SLICE_BYTES)
        {
            final long n = Math.min(DIGEST_SLICE_BYTES, data.byteSize() - at);
            md.update(data.asSlice(at, n).asByteBuffer());
            loading.advance(n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static String line(final String kind, final String sha256Hex)
    {
        if (kind.isEmpty() || kind.chars().anyMatch(c -> c <= ' ' || c > '~'))
        {
            throw new IllegalArgumentException("a key kind is one printable word, not '" + kind + "'");
        }
        if (sha256Hex.length() != 64 || !sha256Hex.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f'))
        {
            throw new IllegalArgumentException("not a SHA-256 in lower-case hex: " + sha256Hex);
        }
        return kind + ' ' + SHA256 + sha256Hex;
    }

    private List<String> read()
    {
        try
        {
            final List<String> lines = new ArrayList<>();
            for (final String l : Files.readAllLines(file, StandardCharsets.US_ASCII))
            {
                lines.add(l.strip());
            }
            return lines;
        }
        catch (final NoSuchFileException e)
        {
            return new ArrayList<>();
        }
        catch (final IOException | UncheckedIOException e)
        {
            // unreadable (or not ASCII): as good as empty, so every key is checked again
            return new ArrayList<>();
        }
    }

    private static void move(final Path from, final Path to) throws IOException
    {
        try
        {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (final AtomicMoveNotSupportedException e)
        {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
