package io.jprove.engine.cpu;

import java.lang.foreign.Arena;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.FrVectors;
import io.jprove.engine.groth16.HChainSpec;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.field.FrVector;
import io.jprove.field.msm.BatchAdd;
import io.jprove.field.msm.Msm;
import io.jprove.field.msm.ScalarSplit;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;

/**
 * The CPU backend: the four-step {@link Ntt} ({@link CpuHChain}), Pippenger's {@link Msm} and the inversion-sharing
 * {@link BatchAdd}, each on a fixed number of threads. Its "device" is a set of host threads: a prepared key is a view
 * of the key's host vectors (nothing is copied), and every compute step is reported as a kernel, host-measured, so
 * that a CPU run's timeline reads like a GPU run's. Several backends can share one machine as separate devices (each
 * with its own ordinal and threads), which is how the pipeline's multi-device paths are tested without a GPU.
 * <p>
 * It proves one partition at a time, as a GPU runs one partition's kernels at a time: its threads are the device, and
 * two partitions sharing them would each take twice as long, delaying the first proof for no gain in throughput. A
 * second caller waits (fairly, in arrival order) until the first one's sums are done, then host work such as assembly
 * overlaps the next partition's compute.
 */
public final class CpuProverBackend implements ProverBackend
{
    private final int device;
    private final int threads;
    private final Ntt ntt;
    private final CpuHChain hChain;
    private final ReentrantLock compute = new ReentrantLock(true);
    private final AtomicBoolean closed = new AtomicBoolean();

    /** A backend on every available processor, device 0. */
    public CpuProverBackend()
    {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** @param threads worker threads for NTTs and MSMs, at least 1; device 0. */
    public CpuProverBackend(final int threads)
    {
        this(0, threads);
    }

    /**
     * @param device  the ordinal this backend records on the timeline, at least 0.
     * @param threads worker threads for NTTs and MSMs, at least 1.
     */
    public CpuProverBackend(final int device, final int threads)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("thread count must be at least 1, got " + threads);
        }
        if (device < 0 || device > Short.MAX_VALUE)
        {
            throw new IllegalArgumentException("device ordinal out of range: " + device);
        }
        this.device = device;
        this.threads = threads;
        this.ntt = new Ntt(threads);
        this.hChain = new CpuHChain(ntt);
    }

    @Override
    public String name()
    {
        return "cpu:" + device;
    }

    @Override
    public int device()
    {
        return device;
    }

    @Override
    public String description()
    {
        return "cpu, " + threads + (threads == 1 ? " thread" : " threads");
    }

    /** @return the worker threads of each step. */
    public int threads()
    {
        return threads;
    }

    /** One: its threads are the device, and a second partition would only wait for them (see above). */
    @Override
    public int workers()
    {
        return 1;
    }

    @Override
    public PreparedKey prepare(final ProvingKey key)
    {
        return new CpuPreparedKey(key, name());
    }

    @Override
    public MsmSums prove(final PreparedKey prepared, final PartitionInputs given, final BackendListener listener)
    {
        if (!(prepared instanceof final CpuPreparedKey own) || !own.device().equals(name()))
        {
            throw new IllegalArgumentException("key prepared on " + prepared.device() + ", not on " + name());
        }
        final PartitionInputs partition = given.withProducts(threads);
        final ProvingKey pk = own.key();
        final HChainSpec spec = pk.reduction().hChain(EvaluationDomain.ofSize(partition.domainSize()));
        compute.lock();
        try (Arena arena = Arena.ofShared())
        {
            listener.boundary(ProvingPhase.H);
            hChain.compute(partition.a(), partition.b(), partition.c(), spec, listener);
            listener.boundary(ProvingPhase.MSM);
            final SplitMsm msm = new SplitMsm(threads, listener, arena);
            final long[] h = msm.dense("h", pk.h(), FrVectors.slice(partition.a(), 0, spec.scalarCount()));
            // a boundary between MSMs too: a preempting partition waits for one MSM here, not for the rest of them
            listener.boundary(ProvingPhase.MSM);
            final FrVector z = partition.assignment();
            final FrVector aux = FrVectors.slice(z, partition.numInputs(), partition.numAux());
            final long[] l = msm.g1("l", pk.l(), msm.split("l", aux, null, pk.l().size()));
            listener.boundary(ProvingPhase.MSM);
            final long[] a = msm.g1("a", pk.a(), msm.split("a", z, partition.aDensity(), pk.a().size()));
            listener.boundary(ProvingPhase.MSM);
            // one split serves B in G1 and in G2: same scalars, same density
            final ScalarSplit b = msm.split("b", z, partition.bDensity(), pk.bG1().size());
            final long[] b1 = msm.g1("b1", pk.bG1(), b);
            listener.boundary(ProvingPhase.MSM);
            return new MsmSums(h, l, a, b1, msm.g2("b2", pk.bG2(), b));
        }
        finally
        {
            compute.unlock();
        }
    }

    @Override
    public void close()
    {
        if (closed.compareAndSet(false, true))
        {
            ntt.close();
        }
    }
}
