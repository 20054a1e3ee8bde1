package io.jprove.timeline;

import java.nio.file.Path;

/**
 * A child process for {@link KilledWriterTest}: appends numbered events as fast as it can and, every thousand,
 * flushes and prints how many are in the queue. It never exits by itself; the test kills it.
 */
public final class AppendingChild
{
    private AppendingChild()
    {
    }

    /**
     * @param args the timeline directory.
     */
    public static void main(final String[] args)
    {
        final Timeline timeline = Timeline.open(Path.of(args[0]));
        final int name = timeline.nameId("child_kernel");
        for (long i = 0; ; i++)
        {
            if ((i & 1) == 0)
            {
                timeline.append(EventKind.MARK, i, -1, 0, -1);
            }
            else
            {
                final long now = TimelineClock.nowNs();
                timeline.kernel(i, -1, 0, 0, name, now - 1_000, 1_000);
            }
            if (i % 1_000 == 999)
            {
                timeline.flush();
                System.out.println("flushed " + (i + 1));
                System.out.flush();
            }
        }
    }
}
