package io.jprove.engine.gpu;

import java.util.BitSet;
import java.util.concurrent.locks.ReentrantLock;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.GroupOps;
import io.jprove.engine.groth16.HChainSpec;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.field.Fr;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceActivity;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelFailureException;
import io.jprove.kernels.msm.GpuScalarSplit;
import io.jprove.kernels.msm.MsmCurve;
import io.jprove.kernels.ntt.HChain;
import io.jprove.timeline.TimelineClock;

/**
 * The device-resident prover on one {@link Accelerator}: a partition's a, b, c and z are copied to the device once,
 * and everything from there to the five sums runs there — the H chain of the key's reduction ({@link HChain}, seven
 * or six NTTs with nothing read back), the 0/1 splits ({@link GpuScalarSplit}), the batch-adds of the ones and the
 * MSMs of the rest, B in G2 included. Per partition the host reads back nine points (five sums, four of them in two
 * parts) and two counts, and adds the parts.
 * <p>
 * Every kernel, copy and fill is reported to the partition's {@link BackendListener} as the device measured it
 * ({@link DeviceActivity}, converted to the timeline clock), under the phase it belongs to; the work is queued on one
 * stream and waited for at the phase boundaries, so the attribution is exact. A kernel fault (CUDA's sticky errors)
 * makes the backend refuse all later work with {@link DeviceUnusableException}, which the pipeline turns into failed
 * partitions on this device while other devices go on.
 */
public final class GpuProverBackend implements ProverBackend
{
    private final Accelerator accelerator;
    private final int device;
    private final String name;
    private final String description;
    private final HChain hChain;
    private final DeviceStream stream;
    private final ReentrantLock compute = new ReentrantLock(true);
    private volatile BackendListener listener = BackendListener.NONE;
    private volatile ProvingPhase phase = ProvingPhase.H;
    private volatile String failure;
    private PartitionMemory memory;

    /**
     * @param accelerator the device; this backend owns it and closes it.
     * @param device      the ordinal recorded on the timeline.
     * @param name        the device's name for logs and errors ("cuda:0").
     * @param description what the device is ("NVIDIA H200").
     */
    public GpuProverBackend(final Accelerator accelerator, final int device, final String name,
        final String description)
    {
        this.accelerator = accelerator;
        this.device = device;
        this.name = name;
        this.description = description;
        this.hChain = HChain.general(accelerator);
        this.stream = accelerator.createStream();
        accelerator.setListener(this::relay);
    }

    private void relay(final DeviceActivity activity)
    {
        final long start = TimelineClock.fromNanoTime(activity.startNanoTime());
        switch (activity.kind())
        {
            case KERNEL -> listener.kernel(phase, shortName(activity.name()), start, activity.durationNs());
            case COPY_TO_DEVICE -> listener.copy("h2d", start, activity.durationNs(), activity.bytes());
            case COPY_TO_HOST -> listener.copy("d2h", start, activity.durationNs(), activity.bytes());
            case COPY_ON_DEVICE -> listener.copy("d2d", start, activity.durationNs(), activity.bytes());
            case FILL -> listener.kernel(phase, "fill", start, activity.durationNs());
        }
    }

    /** "NttKernels.passR8" → "passR8": the owner adds nothing a reader needs on a Gantt bar. */
    private static String shortName(final String kernel)
    {
        final int dot = kernel.lastIndexOf('.');
        return dot < 0 ? kernel : kernel.substring(dot + 1);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public int device()
    {
        return device;
    }

    @Override
    public String description()
    {
        return description;
    }

    @Override
    public PreparedKey prepare(final ProvingKey key)
    {
        checkUsable();
        compute.lock();
        try
        {
            return GpuPreparedKey.prepare(accelerator, key, name);
        }
        catch (final KernelFailureException ex)
        {
            throw unusable(ex);
        }
        finally
        {
            compute.unlock();
        }
    }

    @Override
    public MsmSums prove(final PreparedKey prepared, final PartitionInputs partition, final BackendListener listener)
    {
        if (!(prepared instanceof final GpuPreparedKey own) || !own.device().equals(name))
        {
            throw new IllegalArgumentException("key prepared on " + prepared.device() + ", not on " + name);
        }
        checkUsable();
        final HChainSpec spec = own.key().reduction().hChain(EvaluationDomain.ofSize(partition.domainSize()));
        compute.lock();
        try
        {
            this.listener = listener;
            return proveLocked(own, partition, spec);
        }
        catch (final KernelFailureException ex)
        {
            throw unusable(ex);
        }
        finally
        {
            this.listener = BackendListener.NONE;
            compute.unlock();
        }
    }

    private MsmSums proveLocked(final GpuPreparedKey key, final PartitionInputs partition, final HChainSpec spec)
    {
        final PartitionMemory m = memoryFor(partition.domainSize(), partition.assignment().size());
        phase = ProvingPhase.H;
        m.a().copyFrom(partition.a().segment(), stream);
        m.b().copyFrom(partition.b().segment(), stream);
        m.c().copyFrom(partition.c().segment(), stream);
        m.z().copyFrom(partition.assignment().segment(), stream);
        hChain.compute(m.a(), m.b(), m.c(), Long.numberOfTrailingZeros(partition.domainSize()), spec.cosetShift(),
            spec.quotientFactor(), spec.output() == HChainSpec.Output.COEFFICIENTS, stream);
        stream.synchronize();

        phase = ProvingPhase.MSM;
        key.h().msm().queue(m.a(), spec.scalarCount(), stream);
        final long[] h = key.h().msm().result(stream);

        final long aux = partition.numAux();
        final DeviceMemory auxScalars = m.z().view((long)partition.numInputs() * Fr.BYTES, aux * Fr.BYTES);
        split(key.splitL(), auxScalars, aux, null);
        final long[] l = splitSum(key.l(), key.splitL());
        final long n = partition.assignment().size();
        split(key.splitA(), m.z(), n, partition.aDensity());
        final long[] a = splitSum(key.a(), key.splitA());
        // one split serves B in G1 and in G2: same scalars, same density
        split(key.splitB(), m.z(), n, partition.bDensity());
        final long[] b1 = splitSum(key.b1(), key.splitB());
        final long[] b2 = splitSum(key.b2(), key.splitB());
        return new MsmSums(h, l, a, b1, b2);
    }

    /**
     * Runs a 0/1 split on the stream and waits for it, so its kernels are reported under SPLIT; then checks that the
     * density gave every base a scalar.
     */
    private void split(final GpuScalarSplit splitter, final DeviceMemory scalars, final long count,
        final BitSet density)
    {
        phase = ProvingPhase.SPLIT;
        if (density == null)
        {
            splitter.queue(scalars, count, null, true, stream);
        }
        else
        {
            try (DeviceMemory bits = GpuScalarSplit.upload(accelerator, density, count))
            {
                splitter.queue(scalars, count, bits, true, stream);
                stream.synchronize();
            }
        }
        splitter.checkBaseCount(stream);
        phase = ProvingPhase.MSM;
    }

    /** The query's sum over the split: the batch-add of the ones plus the MSM of the tail, both from device outputs. */
    private long[] splitSum(final DeviceQuery query, final GpuScalarSplit split)
    {
        final GroupOps ops = query.curve() == MsmCurve.G1 ? GroupOps.G1_OPS : GroupOps.G2_OPS;
        if (query.count() == 0)
        {
            return new long[ops.affineLimbs()];
        }
        query.batchAdd().queue(split.ones(), stream);
        final long[] ones = query.batchAdd().result(stream);
        query.msm().queueIndexed(split.tailScalars(), split.tailBases(), split.meta(), query.count(), stream);
        return ops.addAffine(ones, query.msm().result(stream));
    }

    private PartitionMemory memoryFor(final long domainSize, final long scalars)
    {
        if (memory == null || !memory.fits(domainSize, scalars))
        {
            if (memory != null)
            {
                memory.close();
                memory = null;
            }
            memory = PartitionMemory.allocate(accelerator, domainSize, scalars);
        }
        return memory;
    }

    private void checkUsable()
    {
        if (failure != null)
        {
            throw new DeviceUnusableException(name, failure, null);
        }
    }

    private DeviceUnusableException unusable(final KernelFailureException ex)
    {
        failure = ex.getMessage();
        return new DeviceUnusableException(name, failure, ex);
    }

    @Override
    public void close()
    {
        try
        {
            if (failure == null)
            {
                if (memory != null)
                {
                    memory.close();
                }
                hChain.close();
                stream.close();
            }
        }
        finally
        {
            accelerator.close();
        }
    }
}
