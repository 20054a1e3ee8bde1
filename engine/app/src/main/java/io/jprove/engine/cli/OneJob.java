package io.jprove.engine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

import io.jprove.engine.backend.BufferPool;
import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.Job;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.PartitionFailedException;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PipelineConfig;
import io.jprove.engine.pipeline.Synthesis;
import io.jprove.timeline.Timeline;

/**
 * What {@code c2}, {@code post} and {@code bench post} share: jobs proved through a {@link Pipeline} on the devices
 * {@code --device} selects, the timeline {@code --timeline} names recording them; a partition's failure is rethrown
 * as its cause, so that the command's one line says what was wrong with its input.
 */
final class OneJob
{
    /** What runs with the pipeline open. */
    @FunctionalInterface
    interface WithPipeline<T>
    {
        /** @return what it made with the pipeline. */
        T run(Pipeline pipeline) throws Exception;
    }

    private OneJob()
    {
    }

    /**
     * @param name       the job's name, for messages and the timeline
     * @param key        the proving key (the caller closes it)
     * @param synthesis  how its partitions become the prover's inputs
     * @param partitions how many
     * @return the proofs and their public inputs, in partition order
     */
    static JobResult prove(final DeviceOption devices, final TimelineOption timelineOption, final int threads,
        final String name, final ProvingKey key, final Synthesis synthesis, final int partitions) throws Exception
    {
        return withPipeline(devices, timelineOption, threads, pipeline -> result(pipeline.submit(new JobSpec(name, 0,
            key, synthesis, partitions, false))));
    }

    /** Runs {@code body} with a pipeline on the selected devices, closed after it. */
    static <T> T withPipeline(final DeviceOption devices, final TimelineOption timelineOption, final int threads,
        final WithPipeline<T> body) throws Exception
    {
        final DeviceSelection selection = devices.select();
        final List<ProverBackend> backends = new ArrayList<>(selection.open(threads));
        try (Timeline timeline = timelineOption.open();
             BufferPool pool = selection.bufferPool(BufferPool.defaultBudgetBytes());
             Pipeline pipeline = new Pipeline(PipelineConfig.forCores(threads), backends, pool, timeline))
        {
            return body.run(pipeline);
        }
        finally
        {
            backends.forEach(ProverBackend::close);
        }
    }

    /** @return a submitted job's result, once it is done; a partition's failure rethrown as its cause. */
    static JobResult result(final Job job) throws InterruptedException
    {
        try
        {
            return job.result().get();
        }
        catch (final ExecutionException e)
        {
            final Throwable why = e.getCause() instanceof final PartitionFailedException failed ? failed.getCause()
                : e.getCause();
            if (why instanceof final RuntimeException runtime)
            {
                throw runtime;
            }
            throw new IllegalStateException(why);
        }
    }
}
