package io.jprove.timeline;

/**
 * The binary layout of one timeline event, identical in the writer's ring buffer and in the queue document.
 * All fields are little-endian. Every record starts with a fixed 64-byte header; an optional UTF-8 text of
 * {@code textLength} bytes (at most {@link #MAX_TEXT_LENGTH}) follows it (names for {@code NAME}, messages for
 * {@code ERROR}).
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                      Magic 'JPT1' (i32)                       |  0
 *  +-------------------------------+-------------------------------+
 *  |          Kind (i16)           |         Device (i16)          |  4
 *  +-------------------------------+-------------------------------+
 *  |                     Timestamp ns (i64)                        |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                          Job (i64)                            | 16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                       Partition (i32)                         | 24
 *  +---------------------------------------------------------------+
 *  |                         Worker (i32)                          | 28
 *  +---------------------------------------------------------------+
 *  |                        Name id (i32)                          | 32
 *  +---------------------------------------------------------------+
 *  |                      Text length (i32)                        | 36
 *  +---------------------------------------------------------------+
 *  |                       Start ns (i64)                          | 40
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                      Duration ns (i64)                        | 48
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                     Bytes or value (i64)                      | 56
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |                   Text (UTF-8, 0..256 bytes)                 ...  64
 *  +---------------------------------------------------------------+
 * </pre>
 * Timestamps, starts and durations are on the {@link TimelineClock}: nanoseconds since the Unix epoch, advanced by
 * the monotonic clock from one anchor. Device, partition and worker are -1 when they do not apply; name id 0 is "no
 * name". In the queue a document holds one or more whole records back to back (the drainer batches them).
 * <p>
 * Publication rule: a record is visible to the drainer once its writer commits it to the ring buffer (Agrona writes the
 * positive record length last), and to readers once the drainer closes the document holding it (Chronicle writes the
 * complete document header last); a reader therefore never sees half a record.
 */
public final class EventLayout
{
    /** 'J' 'P' 'T' '1' read as a little-endian int; marks a jprove timeline record, version 1. */
    public static final int MAGIC = 'J' | 'P' << 8 | 'T' << 16 | '1' << 24;

    /** Offset of the magic. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the {@link EventKind} code. */
    public static final int KIND_OFFSET = 4;
    /** Offset of the device ordinal. */
    public static final int DEVICE_OFFSET = 6;
    /** Offset of the timestamp at which the event was appended. */
    public static final int TIMESTAMP_NS_OFFSET = 8;
    /** Offset of the job id. */
    public static final int JOB_OFFSET = 16;
    /** Offset of the partition index. */
    public static final int PARTITION_OFFSET = 24;
    /** Offset of the worker id (synthesis thread or GPU worker). */
    public static final int WORKER_OFFSET = 28;
    /** Offset of the name id. */
    public static final int NAME_ID_OFFSET = 32;
    /** Offset of the text length in bytes. */
    public static final int TEXT_LENGTH_OFFSET = 36;
    /** Offset of an interval's start (device-measured for kernels and copies). */
    public static final int START_NS_OFFSET = 40;
    /** Offset of an interval's duration. */
    public static final int DURATION_NS_OFFSET = 48;
    /** Offset of a copy's byte count, or a free value (dropped count, anchor's monotonic reading). */
    public static final int VALUE_OFFSET = 56;
    /** Offset of the optional text. */
    public static final int TEXT_OFFSET = 64;

    /** Length of the fixed header. */
    public static final int HEADER_LENGTH = 64;
    /** Longest text kept; longer texts are cut at a character boundary. */
    public static final int MAX_TEXT_LENGTH = 256;

    private EventLayout()
    {
    }
}
