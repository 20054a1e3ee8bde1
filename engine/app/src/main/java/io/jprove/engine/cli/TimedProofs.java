package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.StepTimes;
import io.jprove.engine.pipeline.JobResult;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.Pipeline;

/**
 * What {@code bench post} and {@code bench snap} share: proofs submitted one after another to a pipeline, each a
 * job timed from its submission to its result, every partition's proof verified here against the {@code .vk} with
 * the verifier's public inputs, one line per proof (its wall, its worst partition's wait for the device: from its
 * hand-over to its first kernel, {@link Pipeline#WAIT_STEP}), and a summary line.
 */
final class TimedProofs
{
    /**
     * One measured proof.
     *
     * @param wallNs from submission to the verified result.
     * @param waitNs the longest wait of its partitions for the device.
     */
    record Timed(long wallNs, long waitNs)
    {
    }

    private TimedProofs()
    {
    }

    /**
     * @param job      the job of proof {@code i}; warm-up proofs are numbered from {@code -warmup}.
     * @param expected per partition, the public inputs its proof must verify with.
     * @param vkFile   names the {@code .vk} in a refusal.
     * @return the measured proofs, in order.
     * @throws IllegalStateException when a proof does not verify.
     */
    static Timed[] run(final Pipeline pipeline, final String label, final int warmup, final int proofs,
        final IntFunction<JobSpec> job, final PreparedVerifyingKey vk, final List<long[]> expected, final Path vkFile)
        throws InterruptedException
    {
        final Timed[] timed = new Timed[proofs];
        for (int i = -warmup; i < proofs; i++)
        {
            final long start = System.nanoTime();
            final JobResult r = OneJob.result(pipeline.submit(job.apply(i)));
            final long wall = System.nanoTime() - start;
            for (int k = 0; k < expected.size(); k++)
            {
                if (!Arrays.equals(expected.get(k), r.publicInputs().get(k))
                    || !Groth16Verifier.verify(vk, r.proofs().get(k), expected.get(k)))
                {
                    throw new IllegalStateException("proof " + i + " partition " + k + " does not verify against "
                        + vkFile);
                }
            }
            final long wait = r.steps().stream().mapToLong(TimedProofs::waitOf).max().orElse(0);
            System.out.printf(Locale.ROOT, "  %s %s %d: %.3f s wall, wait %.1f ms, on %s (%s)%n", label,
                i < 0 ? "warm-up" : "proof", i < 0 ? i + warmup : i, wall / 1e9, wait / 1e6,
                String.join(", ", r.devices().stream().distinct().toList()), r.steps().size() == 1
                ? r.steps().getFirst() : r.steps().size() + " partitions");
            if (i >= 0)
            {
                timed[i] = new Timed(wall, wait);
            }
        }
        return timed;
    }

    /** Prints "wall per WHAT, LABEL: median, best, worst; worst wait for the device" with {@code tail} after. */
    static void summary(final String what, final String label, final Timed[] timed, final String tail)
    {
        final long[] walls = Arrays.stream(timed).mapToLong(Timed::wallNs).sorted().toArray();
        final long worstWait = Arrays.stream(timed).mapToLong(Timed::waitNs).max().orElse(0);
        System.out.printf(Locale.ROOT, "wall per %s, %s: median %.3f s, best %.3f s, worst %.3f s over %d, each "
            + "verified; worst wait for the device %.1f ms (%s)%n", what, label, walls[walls.length / 2] / 1e9,
            walls[0] / 1e9, walls[walls.length - 1] / 1e9, walls.length, worstWait / 1e6, tail);
    }

    private static long waitOf(final StepTimes steps)
    {
        return steps.nanos().getOrDefault(Pipeline.WAIT_STEP, 0L);
    }
}
