package io.jprove.kernels;

/**
 * What the calling thread is doing on an accelerator, attached to every launch and copy it queues while the tag is
 * set and handed back with the {@link DeviceActivity} when the work is found complete ({@link DeviceActivity#tag()}).
 * <p>
 * Why: work completes, and is reported, long after it was queued, on whichever thread next polls the accelerator. A
 * caller that queues a whole partition without waiting between its phases, or two threads that share one device (one
 * uploading the next partition while the other's kernels run), can only attribute each activity to its partition and
 * phase if the attribution travels with the work. The tag is per thread, so concurrent callers do not see each
 * other's.
 */
public final class ActivityTag
{
    private static final ThreadLocal<Object> CURRENT = new ThreadLocal<>();

    private ActivityTag()
    {
    }

    /**
     * @return the calling thread's tag, or null.
     */
    public static Object current()
    {
        return CURRENT.get();
    }

    /**
     * Sets the calling thread's tag until the scope is closed, which restores the one before.
     *
     * @param tag any object the activity listener understands; null for none.
     * @return the scope, for try-with-resources.
     */
    public static Scope set(final Object tag)
    {
        final Object previous = CURRENT.get();
        CURRENT.set(tag);
        return new Scope(previous);
    }

    /** Restores the tag that was current before {@link #set}. */
    public static final class Scope implements AutoCloseable
    {
        private final Object previous;

        private Scope(final Object previous)
        {
            this.previous = previous;
        }

        @Override
        public void close()
        {
            if (previous == null)
            {
                CURRENT.remove();
            }
            else
            {
                CURRENT.set(previous);
            }
        }
    }
}
