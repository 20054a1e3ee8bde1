package io.jprove.engine.groth16;

/** Told how far parameter generation has come, in fixed-base products (points) computed. */
public interface SetupProgress
{
    /** Reports nothing. */
    SetupProgress NONE = new SetupProgress()
    {
        @Override
        public void start(final long totalPoints)
        {
        }

        @Override
        public void advance(final long points)
        {
        }

        @Override
        public void finish()
        {
        }
    };

    /** Called once, before any point, with the number of points to compute. */
    void start(long totalPoints);

    /** Called from worker threads as batches of points finish. */
    void advance(long points);

    /** Called once when every point is computed. */
    void finish();

    /**
     * Called as each phase of the setup ends, in order, from the thread that called the setup.
     *
     * @param name  the phase: {@code powers}, {@code lagrange}, {@code matrices}, {@code scalars}, {@code g1 table},
     *              {@code g1 products}, {@code g2 table}, {@code g2 products}.
     * @param nanos how long it took.
     * @param where where it ran, e.g. {@code cpu (16 threads)} or {@code cuda:0}, with a detail such as the window.
     */
    default void phase(final String name, final long nanos, final String where)
    {
    }
}
