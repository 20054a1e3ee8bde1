package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * The file of one journal generation ({@code gen-N/entries}): a header, then framed entries, then zeros (space the
 * journal reserved ahead of its appends). Big-endian:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  |                  file magic "jprovejl" (8 bytes)              |
 *  +---------------------------------------------------------------+
 *  |                        file format (2)                        |
 *  +---------------------------------------------------------------+
 *  |                         reserved (0)                          |
 *  +===============================================================+  each entry:
 *  |                      frame magic "JPJE"                       |
 *  +---------------------------------------------------------------+
 *  |                     payload length L >= 1                     |
 *  +---------------------------------------------------------------+
 *  |           CRC-32C of the length's 4 bytes and the payload     |
 *  +---------------------------------------------------------------+
 *  |               payload: L bytes, one JournalRecord            ...
 *  +---------------------------------------------------------------+
 * </pre>
 * A frame whose magic word is zero ends the entries. An entry counts once its whole frame is on disk with a matching
 * CRC, which the journal makes sure of before it answers (the write, and with {@code journal-sync = sync} the
 * fdatasync, come first). So a frame that does not check out is either the tail of a write the process or the machine
 * did not finish (nothing after it but zeros: a <em>torn tail</em>, never acknowledged) or bytes damaged after they
 * were written (valid frames follow: <em>damage</em>, whose entries are lost). {@link #scan} tells the two apart by
 * looking for the next frame whose magic, length and CRC all check out.
 * <p>
 * Format 1 was a Chronicle Queue; {@link LegacyJournal} reads it so that {@link Journal} can convert it.
 */
final class JournalFile
{
    /** The name of a generation's entries file inside its {@code gen-N} folder. */
    static final String NAME = "entries";
    /** This file format; format 1 was the Chronicle Queue journal. */
    static final int FORMAT = 2;
    /** Bytes of the file header. */
    static final int HEADER_BYTES = 16;
    /** Bytes of a frame before its payload. */
    static final int FRAME_BYTES = 12;
    /** The largest payload accepted when reading (a request is at most 2 GiB; entries carry one witness). */
    static final int MAX_PAYLOAD_BYTES = Integer.MAX_VALUE - FRAME_BYTES;

    private static final byte[] FILE_MAGIC = "jprovejl".getBytes(StandardCharsets.US_ASCII);
    private static final int FRAME_MAGIC = 0x4A504A45;
    private static final int SEARCH_CHUNK = 1 << 20;

    private JournalFile()
    {
    }

    /** Bytes that did not check out: from {@code offset}, {@code length} bytes. */
    record Damage(long offset, long length, boolean tornTail)
    {
        /** @return one line saying what the bytes were and what became of their entries. */
        String describe()
        {
            return tornTail ? length + " bytes at offset " + offset + " are an entry cut off as it was written"
                + " (the process or the machine stopped mid-write; it was never acknowledged)"
                : length + " bytes at offset " + offset + " are damaged (written whole, changed since): the entries"
                + " they held are lost";
        }
    }

    /**
     * What a scan found.
     *
     * @param entries the entries that checked out.
     * @param damage  the bytes that did not, in file order.
     * @param end     the offset just after the last good frame (where appends continue once a torn tail is dropped).
     * @param size    the file's size.
     */
    record Scan(long entries, List<Damage> damage, long end, long size)
    {
        /** @return whether the last damage is a torn tail. */
        boolean tornTail()
        {
            return !damage.isEmpty() && damage.getLast().tornTail();
        }

        /** @return bytes of damage, torn tails excluded. */
        long damagedBytes()
        {
            return damage.stream().filter(d -> !d.tornTail()).mapToLong(Damage::length).sum();
        }

        /** @return bytes of the torn tail, or 0. */
        long tornBytes()
        {
            return tornTail() ? damage.getLast().length() : 0;
        }
    }

    /** @return the header of a new file. */
    static ByteBuffer header()
    {
        final ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES);
        b.put(FILE_MAGIC).putInt(FORMAT).putInt(0);
        return b.flip();
    }

    /** @return the frame of one entry, ready to write. */
    static ByteBuffer frame(final byte[] payload)
    {
        final ByteBuffer b = ByteBuffer.allocate(FRAME_BYTES + payload.length);
        b.putInt(FRAME_MAGIC).putInt(payload.length).putInt(crc(payload.length, payload, 0, payload.length));
        b.put(payload);
        return b.flip();
    }

    private static int crc(final int length, final byte[] payload, final int from, final int count)
    {
        final CRC32C crc = new CRC32C();
        crc.update(ByteBuffer.allocate(4).putInt(0, length));
        crc.update(payload, from, count);
        return (int)crc.getValue();
    }

    /**
     * Reads every entry of a generation file, handing each payload that checks out to {@code sink}, in order.
     *
     * @throws IOException when it cannot be read, or its header is not this format's.
     */
    static Scan scan(final FileChannel channel, final Consumer<byte[]> sink) throws IOException
    {
        final long size = channel.size();
        final ByteBuffer head = read(channel, 0, (int)Math.min(size, HEADER_BYTES));
        final byte[] magic = new byte[FILE_MAGIC.length];
        if (head.remaining() >= HEADER_BYTES)
        {
            head.get(0, magic);
        }
        if (!java.util.Arrays.equals(magic, FILE_MAGIC))
        {
            throw new IOException("the file does not start with a journal header (" + size + " bytes)");
        }
        final int format = head.getInt(8);
        if (format != FORMAT)
        {
            throw new IOException("journal file format " + Integer.toUnsignedString(format) + " is not " + FORMAT
                + " (written by a newer jprove?)");
        }
        long entries = 0;
        final List<Damage> damage = new ArrayList<>();
        long at = HEADER_BYTES;
        long end = HEADER_BYTES;
        while (at < size)
        {
            final byte[] payload = frameAt(channel, at, size);
            if (payload != null)
            {
                sink.accept(payload);
                entries++;
                at += FRAME_BYTES + payload.length;
                end = at;
                continue;
            }
            final long next = nextFrame(channel, at + 1, size);
            if (next >= 0)
            {
                damage.add(new Damage(at, next - at, false));
                at = next;
                continue;
            }
            final long lastNonZero = lastNonZero(channel, at, size);
            if (lastNonZero >= at)
            {
                damage.add(new Damage(at, lastNonZero + 1 - at, true));
            }
            break;
        }
        return new Scan(entries, damage, end, size);
    }

    /** @return the payload of the frame at {@code at}, or null when no whole, valid frame starts there. */
    private static byte[] frameAt(final FileChannel channel, final long at, final long size) throws IOException
    {
        if (at + FRAME_BYTES > size)
        {
            return null;
        }
        final ByteBuffer h = read(channel, at, FRAME_BYTES);
        if (h.getInt(0) != FRAME_MAGIC)
        {
            return null;
        }
        final int length = h.getInt(4);
        if (length < 1 || length > MAX_PAYLOAD_BYTES || at + FRAME_BYTES + length > size)
        {
            return null;
        }
        final byte[] payload = read(channel, at + FRAME_BYTES, length).array();
        return crc(length, payload, 0, length) == h.getInt(8) ? payload : null;
    }

    /** @return the offset of the next valid frame at or after {@code from}, or -1. */
    private static long nextFrame(final FileChannel channel, final long from, final long size) throws IOException
    {
        final byte[] m = ByteBuffer.allocate(4).putInt(FRAME_MAGIC).array();
        for (long base = from; base < size; base += SEARCH_CHUNK)
        {
            final ByteBuffer chunk = read(channel, base, (int)Math.min(SEARCH_CHUNK + 3L, size - base));
            final byte[] bytes = chunk.array();
            final int limit = Math.min(bytes.length - 3, SEARCH_CHUNK);
            for (int i = 0; i < limit; i++)
            {
                if (bytes[i] == m[0] && bytes[i + 1] == m[1] && bytes[i + 2] == m[2] && bytes[i + 3] == m[3]
                    && frameAt(channel, base + i, size) != null)
                {
                    return base + i;
                }
            }
        }
        return -1;
    }

    private static long lastNonZero(final FileChannel channel, final long from, final long size) throws IOException
    {
        long last = from - 1;
        for (long base = from; base < size; base += SEARCH_CHUNK)
        {
            final byte[] bytes = read(channel, base, (int)Math.min(SEARCH_CHUNK, size - base)).array();
            for (int i = bytes.length - 1; i >= 0; i--)
            {
                if (bytes[i] != 0)
                {
                    last = base + i;
                    break;
                }
            }
        }
        return last;
    }

    private static ByteBuffer read(final FileChannel channel, final long at, final int length) throws IOException
    {
        final ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining())
        {
            if (channel.read(b, at + b.position()) < 0)
            {
                break;
            }
        }
        return b.flip();
    }
}
