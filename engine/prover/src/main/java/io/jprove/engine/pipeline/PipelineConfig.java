package io.jprove.engine.pipeline;

import java.util.List;

import io.jprove.engine.groth16.ProverBackend;

/**
 * How a {@link Pipeline} is sized.
 *
 * @param synthesisWorkers threads that synthesize partitions, at least 1.
 * @param spmvThreads      threads of each recorded shape's sparse product, at least 1.
 * @param deviceWorkers    worker agents per device, each at least 1, in the backends' order; one value serves every
 *                         device, and none means each backend's own choice ({@link ProverBackend#workers()}: two on a
 *                         GPU, so one's host work overlaps another's kernels; one on the CPU).
 * @param lookahead        partitions that may be in synthesis or queued beyond those the device workers prove: the
 *                         pipeline takes a partition from its feed only while fewer than the device workers plus this
 *                         are in flight. The synthesis workers by default, so each can run one partition ahead; 0
 *                         for a feed whose hand-outs are commitments (a cluster's claims: no more than the workers).
 */
public record PipelineConfig(int synthesisWorkers, int spmvThreads, List<Integer> deviceWorkers, int lookahead)
{
    /** Checks the counts. */
    public PipelineConfig
    {
        deviceWorkers = List.copyOf(deviceWorkers);
        if (synthesisWorkers < 1 || spmvThreads < 1 || deviceWorkers.stream().anyMatch(w -> w < 1) || lookahead < 0)
        {
            throw new IllegalArgumentException("pipeline counts must be at least 1: " + synthesisWorkers
                + " synthesis workers, " + spmvThreads + " SpMV threads, " + deviceWorkers + " workers per device; "
                + lookahead + " lookahead (0 or more)");
        }
    }

    /** Each synthesis worker one partition ahead. */
    public PipelineConfig(final int synthesisWorkers, final int spmvThreads, final List<Integer> deviceWorkers)
    {
        this(synthesisWorkers, spmvThreads, deviceWorkers, synthesisWorkers);
    }

    /** The same number of worker agents on every device, each synthesis worker one partition ahead. */
    public PipelineConfig(final int synthesisWorkers, final int spmvThreads, final int workersPerDevice)
    {
        this(synthesisWorkers, spmvThreads, List.of(workersPerDevice));
    }

    /**
     * @param cores the host's cores.
     * @return one synthesis worker per four cores (at least one), each product on every core, each device's own
     *         number of workers.
     */
    public static PipelineConfig forCores(final int cores)
    {
        return new PipelineConfig(Math.max(1, cores / 4), Math.max(1, cores), List.of());
    }

    /**
     * @param index   the device's place among the backends.
     * @param backend the device.
     * @return its worker agents.
     */
    public int workersOn(final int index, final ProverBackend backend)
    {
        if (deviceWorkers.isEmpty())
        {
            return Math.max(1, backend.workers());
        }
        return deviceWorkers.size() == 1 ? deviceWorkers.getFirst() : deviceWorkers.get(index);
    }
}
