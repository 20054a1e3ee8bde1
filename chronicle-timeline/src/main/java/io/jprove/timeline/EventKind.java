package io.jprove.timeline;

/**
 * What a timeline event marks. The code is the value stored in the record ({@link EventLayout#KIND_OFFSET}); codes
 * are never reused, so old queues stay readable.
 */
public enum EventKind
{
    /** First event a writer appends: pins the monotonic clock to wall-clock time; job holds the process id. */
    ANCHOR(1),
    /** Defines a name id (kernel, copy or stage name); the text is the name. */
    NAME(2),
    /** Events were lost because the writer's buffer was full; value holds how many. */
    DROPPED(3),
    /** A job was submitted to the scheduler. */
    JOB_SUBMIT(10),
    /** A synthesis worker started a partition. */
    SYNTH_START(11),
    /** A synthesis worker finished a partition (witness and a/b/c are in their buffers). */
    SYNTH_END(12),
    /** A synthesised partition's descriptor was queued for a GPU worker. */
    QUEUED(13),
    /** A GPU worker took the partition's descriptor. */
    GPU_PICKUP(14),
    /** The GPU worker began proving work for the partition (the host-side window opens). */
    GPU_START(15),
    /** A kernel ran on the device: device-measured start and duration. */
    KERNEL(16),
    /** A host↔device copy ran: device-measured start and duration, and its byte count. */
    COPY(17),
    /** A host-side stage ran (for example proof assembly): host-measured start and duration. */
    STAGE(18),
    /** The GPU worker finished the partition (the host-side window closes). */
    GPU_END(19),
    /** A proof (all partitions) was assembled and verified. */
    PROOF_DONE(20),
    /** Something failed; the text says what. */
    ERROR(21),
    /** A free-form marker; the name says which. */
    MARK(22),
    /**
     * Says what a device ordinal is: device holds the ordinal, the text its name and kind ("cpu:0 cpu, 2 threads",
     * "cuda:0 NVIDIA H200"). Written once per device and run, before its first kernel; a report without one reads
     * the ordinal as a GPU.
     */
    DEVICE(23);

    private static final EventKind[] BY_CODE = byCode();

    private final short code;

    EventKind(final int code)
    {
        this.code = (short)code;
    }

    /**
     * @return the value stored in the record.
     */
    public short code()
    {
        return code;
    }

    /**
     * @return true for kinds whose start and duration are device-measured or host-measured intervals.
     */
    public boolean isInterval()
    {
        return this == KERNEL || this == COPY || this == STAGE;
    }

    /**
     * @param code a stored kind code.
     * @return the kind, or null when the code is unknown (a newer writer or a foreign record).
     */
    public static EventKind ofCode(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    private static EventKind[] byCode()
    {
        int max = 0;
        for (final EventKind kind : values())
        {
            max = Math.max(max, kind.code);
        }
        final EventKind[] table = new EventKind[max + 1];
        for (final EventKind kind : values())
        {
            table[kind.code] = kind;
        }
        return table;
    }
}
