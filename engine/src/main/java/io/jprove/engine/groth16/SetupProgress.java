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
}
