package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.OffHeapBufferPool;
import io.jprove.engine.formats.circom.Zkey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.PartitionFailedException;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.pipeline.ZkeySynthesis;
import io.jprove.timeline.Timeline;

/**
 * Warm proofs of one zkey and witness in this JVM, one at a time, through the pipeline as {@code prove} makes them:
 * what {@code bench prove} sets beside snarkjs and {@code bench daemon} beside the daemon. The warm-up proofs run on a
 * pipeline of their own, off the timeline; the timed ones each are one job, from reading the witness to the
 * self-verified proof, with the key prepared on the device before the first (untimed).
 */
final class WarmProofs
{
    /**
     * @param millis each timed proof's wall time, in order.
     * @param last   the last timed proof's steps.
     */
    record Timed(double[] millis, StepTimes last)
    {
    }

    private WarmProofs()
    {
    }

    /** @return the timed proofs. */
    static Timed run(final Zkey zkey, final Path wtns, final ProverBackend backend, final Timeline timeline,
        final int warmup, final int iterations) throws InterruptedException
    {
        final JobSpec spec = new JobSpec(wtns.getFileName() + " with " + zkey.file().getFileName(), 0,
            zkey.provingKey(), new ZkeySynthesis(() -> zkey, wtns), 1, false);
        final PipelineConfig oneAtATime = new PipelineConfig(1, 1, 1);
        try (BufferPool pool = new OffHeapBufferPool(BufferPool.defaultBudgetBytes()))
        {
            try (Pipeline pipeline = new Pipeline(oneAtATime, List.of(backend), pool, Timeline.disabled()))
            {
                for (int i = 0; i < warmup; i++)
                {
                    prove(pipeline, spec);
                }
            }
            try (Pipeline pipeline = new Pipeline(oneAtATime, List.of(backend), pool, timeline))
            {
                pipeline.prepare(zkey.provingKey(), "the zkey " + zkey.file(), 0).join();
                final double[] ms = new double[iterations];
                StepTimes last = null;
                for (int i = 0; i < iterations; i++)
                {
                    final long t0 = System.nanoTime();
                    last = prove(pipeline, spec).steps().getFirst();
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
                return new Timed(ms, last);
            }
        }
    }

    private static JobResult prove(final Pipeline pipeline, final JobSpec spec) throws InterruptedException
    {
        try
        {
            return pipeline.submit(spec).result().get();
        }
        catch (final ExecutionException e)
        {
            final Throwable why = e.getCause() instanceof final PartitionFailedException failed ? failed.getCause()
                : e.getCause();
            throw why instanceof final RuntimeException runtime ? runtime : new IllegalStateException(why);
        }
    }
}
