package io.jprove.kernels;

/**
 * A {@link DeviceStream} of the {@link JvmAccelerator}: work runs on the calling thread when it is queued, so the
 * stream is always complete and order is the call order.
 */
final class JvmStream implements DeviceStream
{
    private final long id;

    JvmStream(final long id)
    {
        this.id = id;
    }

    long id()
    {
        return id;
    }

    @Override
    public void synchronize()
    {
        // Everything queued has already run.
    }

    @Override
    public void record(final DeviceEvent event)
    {
        ((JvmEvent)event).stamp();
    }

    @Override
    public void waitFor(final DeviceEvent event)
    {
        // The event's work has already run.
    }

    @Override
    public void close()
    {
        // Nothing is held.
    }

    /** An event of the CPU executor: the host time at which it was recorded. */
    static final class JvmEvent implements DeviceEvent
    {
        private volatile long nanoTime = System.nanoTime();

        void stamp()
        {
            nanoTime = System.nanoTime();
        }

        @Override
        public void synchronize()
        {
            // Recorded work has already run.
        }

        @Override
        public boolean isComplete()
        {
            return true;
        }

        @Override
        public double millisSince(final DeviceEvent earlier)
        {
            return (nanoTime - ((JvmEvent)earlier).nanoTime) / 1e6;
        }

        @Override
        public void close()
        {
            // Nothing is held.
        }
    }
}
