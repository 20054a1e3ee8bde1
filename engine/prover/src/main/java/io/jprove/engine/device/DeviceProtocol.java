package io.jprove.engine.device;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.BitSet;

/**
 * The messages between the daemon and a device process, over the process's stdin (requests) and stdout (replies and
 * events), each {@code i32 type | i64 call | fields} in {@link DataOutputStream} form, arrays as i32 length then
 * elements. A call is a number the parent picks; the replies, events and boundary questions of a call carry it.
 * <pre>
 * parent → child: PREPARE key-image path | PROVE within, handle, 4 × (file, offset, bytes) for z a b c, inputs,
 *                 densities (within: the call at whose step boundary it is proved, inside it, or 0)
 *                 | RELEASE handle | FORGET buffer file | GO whether the partition goes on past a boundary
 * child → parent: READY name, description, workers (call 0) | PREPARED handle, device bytes, preparation
 *                 | SUMS five points | FAILED kind, message | KERNEL phase, name, start, duration
 *                 | COPY name, start, duration, bytes | BOUNDARY phase (answered by GO)
 * </pre>
 */
final class DeviceProtocol
{
    static final int PREPARE = 1;
    static final int PROVE = 2;
    static final int RELEASE = 3;
    static final int FORGET = 4;
    static final int GO = 5;

    static final int READY = 10;
    static final int PREPARED = 11;
    static final int SUMS = 12;
    static final int FAILED = 13;
    static final int KERNEL = 14;
    static final int COPY = 15;
    static final int BOUNDARY = 16;

    /** A FAILED kind: the device faulted (a sticky error); the process can run nothing more. */
    static final int UNUSABLE = 1;
    /** A FAILED kind: the device had no room (not a fault). */
    static final int NO_ROOM = 2;
    /** A FAILED kind: a bad argument. */
    static final int ARGUMENT = 3;
    /** A FAILED kind: stopped at a step boundary, as the parent asked. */
    static final int STOPPED = 4;
    /** A FAILED kind: anything else. */
    static final int OTHER = 5;
    /** A FAILED kind: no room for a partition inside another (not a fault; nothing of it ran). */
    static final int NESTING_REFUSED = 6;
    /** A FAILED kind: another partition's kernels held the device at that boundary (try at the next). */
    static final int NESTING_BUSY = 7;

    private DeviceProtocol()
    {
    }

    static void longs(final DataOutputStream out, final long[] values) throws IOException
    {
        out.writeInt(values.length);
        for (final long v : values)
        {
            out.writeLong(v);
        }
    }

    static long[] longs(final DataInputStream in) throws IOException
    {
        final int n = in.readInt();
        if (n < 0 || n > 1 << 27)
        {
            throw new IOException("an array of " + n + " longs in a device message");
        }
        final long[] values = new long[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = in.readLong();
        }
        return values;
    }

    /** Writes a density bitmap, or none (every variable). */
    static void bits(final DataOutputStream out, final BitSet bits) throws IOException
    {
        longs(out, bits == null ? new long[] {-1} : bits.toLongArray());
        out.writeBoolean(bits == null);
    }

    static BitSet bits(final DataInputStream in) throws IOException
    {
        final long[] words = longs(in);
        return in.readBoolean() ? null : BitSet.valueOf(words);
    }
}
