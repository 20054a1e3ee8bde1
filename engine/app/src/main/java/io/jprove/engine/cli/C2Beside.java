package io.jprove.engine.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.Job;
import io.jprove.engine.pipeline.JobSpec;
import io.jprove.engine.pipeline.OneLine;
import io.jprove.engine.pipeline.Pipeline;
import io.jprove.engine.pipeline.PorepSynthesis;
import io.jprove.engine.porep.PorepParameterCache;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.RegisteredSealProof.Feature;
import io.jprove.engine.porep.c1.C1Partitions;
import io.jprove.engine.r1cs.ConstraintMatrices;

/**
 * PoRep C2 kept proving on a pipeline's devices while a benchmark measures something else there ({@code bench post
 * --beside-c2}): a sparse sector's C2 ({@link SparseC1}) of the given size with the parameter cache's key,
 * submitted again and again at C2's priority (cuzk's NORMAL), two jobs in flight so that partitions are always
 * waiting; each of its partitions self-verified by the pipeline. Closing cancels what is in flight (at its next step
 * boundary) and frees the key.
 */
final class C2Beside implements AutoCloseable
{
    /** cuzk's NORMAL, as Curio sends C2. */
    static final int PRIORITY = 2;

    private final Pipeline pipeline;
    private final ProvingKey key;
    private final ConstraintMatrices matrices;
    private final PorepSynthesis synthesis;
    private final RegisteredSealProof proof;
    private final AtomicLong partitions = new AtomicLong();
    private final Thread feeder;
    private volatile boolean stopping;
    private volatile Job current;
    private volatile Job next;
    private volatile Throwable failure;

    private C2Beside(final Pipeline pipeline, final RegisteredSealProof proof, final ProvingKey key,
        final ConstraintMatrices matrices)
    {
        this.pipeline = pipeline;
        this.proof = proof;
        this.key = key;
        this.matrices = matrices;
        this.synthesis = new PorepSynthesis(matrices, C1Partitions.verified(SparseC1.of(proof, 0)));
        this.feeder = Thread.ofPlatform().name("jprove-c2-beside").daemon().unstarted(this::feed);
    }

    /**
     * Reads the C2 key and matrices of {@code size} and prepares the key on every device, before the measured key:
     * a GPU key's preparation takes the device's free memory for its tables but for room for two partitions of its
     * own shape, so the key prepared after C2's keeps the room its partitions need inside C2's.
     */
    static C2Beside load(final Pipeline pipeline, final String size, final Path params, final Path matricesDir,
        final int threads)
    {
        final RegisteredSealProof proof = RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(size),
            ApiVersion.V1_1_0, Feature.NONE);
        final PorepParameterCache.Located files = PorepParameterCache.locate(params, proof);
        final long t0 = System.nanoTime();
        final ProvingKey key = BellpersonParams.read(files.params(), false, threads);
        final ConstraintMatrices matrices;
        try
        {
            PorepParameterCache.requirePair(key.vk(), BellpersonParams.readVerifyingKey(files.vk()), files);
            matrices = NamedCircuit.of("porep-" + proof.sizeName()).matrices(matricesDir);
        }
        catch (final RuntimeException e)
        {
            key.close();
            throw e;
        }
        final C2Beside c2 = new C2Beside(pipeline, proof, key, matrices);
        pipeline.prepare(key, files.params().getFileName().toString(), 0).join();
        System.out.printf(Locale.ROOT, "  C2 beside: %s, %d partition%s a sector, its key and matrices read and "
            + "prepared in %.1f s%n", proof, proof.partitions(), proof.partitions() == 1 ? "" : "s",
            (System.nanoTime() - t0) / 1e9);
        return c2;
    }

    /** Starts proving C2; returns once its first partition is on a device. */
    void start() throws InterruptedException
    {
        feeder.start();
        while (failure == null && pipeline.workerViews().stream().noneMatch(w -> runs(w.job())))
        {
            Thread.sleep(5);
        }
        if (failure != null)
        {
            throw new IllegalStateException("C2 beside did not run: " + OneLine.of(failure), failure);
        }
    }

    private boolean runs(final long job)
    {
        final Job a = current;
        final Job b = next;
        return a != null && a.id() == job || b != null && b.id() == job;
    }

    /** Two C2 jobs in flight: the next is submitted before the current one ends. */
    private void feed()
    {
        try
        {
            current = submit();
            while (!stopping)
            {
                next = submit();
                try
                {
                    partitions.addAndGet(current.result().get().proofs().size());
                }
                catch (final CancellationException e)
                {
                    return;
                }
                current = next;
            }
        }
        catch (final ExecutionException e)
        {
            if (!stopping)
            {
                failure = e.getCause();
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
        catch (final RuntimeException e)
        {
            if (!stopping)
            {
                failure = e;
            }
        }
    }

    private Job submit()
    {
        return pipeline.submit(new JobSpec("c2 beside " + proof.sizeName(), PRIORITY, key, synthesis,
            synthesis.partitions().size(), false));
    }

    /** @return C2 partitions proved (and self-verified) so far, in whole jobs. */
    long partitionsProved()
    {
        return partitions.get();
    }

    /** @return why C2 stopped, or null while it runs. */
    Throwable failure()
    {
        return failure;
    }

    @Override
    public void close() throws InterruptedException
    {
        stopping = true;
        if (feeder.getState() == Thread.State.NEW)
        {
            pipeline.release(key);
            matrices.close();
            key.close();
            return;
        }
        for (final Job j : new Job[] {current, next})
        {
            if (j != null)
            {
                pipeline.cancel(j.id());
            }
        }
        feeder.join();
        for (final Job j : new Job[] {current, next})
        {
            if (j != null)
            {
                j.result().handle((r, e) -> null).join();
            }
        }
        pipeline.release(key);
        matrices.close();
        key.close();
    }
}
