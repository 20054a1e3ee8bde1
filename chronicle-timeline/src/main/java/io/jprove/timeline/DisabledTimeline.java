package io.jprove.timeline;

/**
 * The timeline that records nothing.
 */
final class DisabledTimeline implements Timeline
{
    static final DisabledTimeline INSTANCE = new DisabledTimeline();

    private DisabledTimeline()
    {
    }

    @Override
    public boolean isEnabled()
    {
        return false;
    }

    @Override
    public int nameId(final String name)
    {
        return NameIds.of(name);
    }

    @Override
    public void append(final EventKind kind, final long job, final int partition, final int worker, final int device)
    {
    }

    @Override
    public void append(
        final EventKind kind,
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long value)
    {
    }

    @Override
    public void kernel(
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs)
    {
    }

    @Override
    public void copy(
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs,
        final long bytes)
    {
    }

    @Override
    public void stage(
        final long job,
        final int partition,
        final int worker,
        final int device,
        final int nameId,
        final long startNs,
        final long durationNs)
    {
    }

    @Override
    public void error(
        final long job, final int partition, final int worker, final int device, final String message)
    {
    }

    @Override
    public void device(final int device, final String description)
    {
    }

    @Override
    public void flush()
    {
    }

    @Override
    public void close()
    {
    }
}
