package io.jprove.engine.pipeline;

/**
 * How a {@link Pipeline} is sized.
 *
 * @param synthesisWorkers threads that synthesize partitions, at least 1.
 * @param spmvThreads      threads of each recorded shape's sparse product, at least 1.
 * @param workersPerDevice worker agents per device, at least 1; the design wants 2 or more, so one's host work
 *                         overlaps another's kernels.
 */
public record PipelineConfig(int synthesisWorkers, int spmvThreads, int workersPerDevice)
{
    /** Worker agents per device unless told otherwise. */
    public static final int DEFAULT_WORKERS_PER_DEVICE = 2;

    /** Checks the counts. */
    public PipelineConfig
    {
        if (synthesisWorkers < 1 || spmvThreads < 1 || workersPerDevice < 1)
        {
            throw new IllegalArgumentException("pipeline counts must be at least 1: " + synthesisWorkers
                + " synthesis workers, " + spmvThreads + " SpMV threads, " + workersPerDevice + " workers per device");
        }
    }

    /**
     * @param cores the host's cores.
     * @return one synthesis worker per four cores (at least one), each product on every core, two workers per device.
     */
    public static PipelineConfig forCores(final int cores)
    {
        return new PipelineConfig(Math.max(1, cores / 4), Math.max(1, cores), DEFAULT_WORKERS_PER_DEVICE);
    }
}
