package io.jprove.engine.gpu;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.DeviceUnusableException;
import io.jprove.engine.groth16.GroupOps;
import io.jprove.engine.groth16.HChainSpec;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.NestingRefusedException;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.ProvingPhase;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.field.Fr;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.ActivityTag;
import io.jprove.kernels.DeviceActivity;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceOutOfMemoryException;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelFailureException;
import io.jprove.kernels.msm.GpuScalarSplit;
import io.jprove.kernels.msm.MsmCurve;
import io.jprove.kernels.ntt.HChain;
import io.jprove.kernels.spmv.GpuSpmv;
import io.jprove.timeline.TimelineClock;

/**
 * The device-resident prover on one {@link Accelerator}: a partition's a, b, c and z are copied to the device once
 * (or z alone, when the partition carries its circuit's matrices: a, b, c are then evaluated here from A and B, which
 * stay in device memory with the key, {@link GpuSpmv}; {@value #SPMV_PROPERTY}),
 * and everything from there to the five sums runs there — the H chain of the key's reduction ({@link HChain}, seven
 * or six NTTs with nothing read back), the 0/1 splits ({@link GpuScalarSplit}), the batch-adds of the ones and the
 * MSMs of the rest, B in G2 included. Per partition the host reads back the three splits' counts first (so each tail
 * MSM is launched, and over a table of its bases alone windowed, for its real length), then nine points (five sums,
 * four of them in two parts) in one copy, and adds the parts.
 * <p>
 * Within a partition the batch-adds and tail MSMs, which do not depend on H, run on a second stream beside the H
 * chain and the H MSM ({@value #OVERLAP_PROPERTY}={@code false} queues them after, on one stream).
 * <p>
 * Two partitions can be in the backend at once (the pipeline runs two workers per device): each has its own
 * {@link PartitionMemory} and streams, so one partition's upload runs while the other's kernels do; the kernels
 * themselves take turns (the key's MSM and split scratch is one set), and a partition's kernels are queued with two
 * waits: for the split counts (after milliseconds of splitting) and for the results. A partition of another key may
 * be proved inside one at its step boundaries (before the upload, before the H chain, between the H chain and the H
 * MSM: a deadline's, {@link BackendListener#boundary}), on the same thread: in partition memory of its own shape kept
 * beside the two, under the compute lock it takes at once or is refused for that boundary
 * ({@link NestingRefusedException}, also when the device has no room for that memory). Every kernel, copy and fill is
 * reported to the partition's {@link BackendListener} as the device measured it ({@link DeviceActivity}, converted to
 * the timeline clock), under the phase it was queued in: the partition and phase travel with the work as its
 * {@link ActivityTag}. A kernel fault (CUDA's sticky errors) makes the backend refuse all later work with
 * {@link DeviceUnusableException}, which the pipeline turns into failed partitions on this device while other
 * devices go on; given a way to make its accelerator again (the JVM executor's), the backend is
 * {@link #restartable()} and the pipeline puts a fresh one in its place.
 */
public final class GpuProverBackend implements ProverBackend
{
    /** Partitions with device memory of their own: one uploading while one computes. */
    static final int SLOTS = 2;
    /** Threads for a, b, c on the host, when the device has no room for the circuit's matrices. */
    private static final int HOST_THREADS = Runtime.getRuntime().availableProcessors();
    /**
     * The system property that, when {@code false}, queues the batch-adds and tail MSMs after the H MSM on one
     * stream instead of on a second stream beside the H chain (issue 26's measurement; the loser goes).
     */
    public static final String OVERLAP_PROPERTY = "jprove.gpu.overlap";
    /**
     * The system property that, when {@code false}, has synthesis evaluate a, b, c on the host and upload them, as
     * before the device SpMV, rather than upload the witness alone and evaluate them here from the circuit's A and B
     * in device memory ({@link io.jprove.kernels.spmv.GpuSpmv}): what the device SpMV buys, by a benchmark.
     */
    public static final String SPMV_PROPERTY = "jprove.gpu.spmv";

    /**
     * What a queued activity belongs to: its partition's listener, its phase and, for an MSM's work, the query ("h",
     * "l", "a", "b1", "b2"; else empty), which prefixes the kernel's name on the timeline ("h:sortBins"), so that a
     * report tells the H MSM's kernels from the tails'.
     */
    private record Work(BackendListener listener, ProvingPhase phase, String query)
    {
        Work(final BackendListener listener, final ProvingPhase phase)
        {
            this(listener, phase, "");
        }

        String name(final String kernel)
        {
            return query.isEmpty() ? kernel : query + ":" + kernel;
        }
    }

    private final Accelerator accelerator;
    private final int device;
    private final String name;
    private final String description;
    private final HChain hChain;
    /** Whether the batch-adds and tail MSMs run on the side stream, beside the H chain and the H MSM. */
    private final boolean overlap;
    /** Whether a, b, c are evaluated here from the circuit's matrices ({@value #SPMV_PROPERTY}). */
    private final boolean spmv = !"false".equals(System.getProperty(SPMV_PROPERTY));
    /**
     * The last circuit's A and B on the device (or why they are not); null before any. Replaced under the compute
     * lock: no kernel reads the resident matrices meanwhile.
     */
    private volatile Residency residency;

    /** A circuit's matrices and what the memory plan did with them. */
    private record Residency(ConstraintMatrices matrices, DeviceMatrices.Plan plan)
    {
    }
    private final ReentrantLock compute = new ReentrantLock(true);
    /** Free partition memories, and how many exist; guarded by itself. */
    private final ArrayDeque<PartitionMemory> free = new ArrayDeque<>();
    private int slotsMade;
    private int slotLimit = SLOTS;
    /**
     * Partition memories of partitions proved inside another at a step boundary (a deadline's), beside the slots:
     * allocated for each shape on first use and kept (a resident PoSt key's next partition finds its memory), never
     * waited for (the slots' holders may be waiting for the compute lock the outer partition holds); guarded by
     * {@link #free}.
     */
    private final List<PartitionMemory> nestedFree = new ArrayList<>();
    /** Whether this thread is inside {@link #prove}: a call from its step boundary is a nested partition. */
    private final ThreadLocal<Boolean> proving = ThreadLocal.withInitial(() -> false);
    private volatile String failure;
    /** Makes a fresh accelerator of the same device for {@link #reopen()}, or null when none can be had. */
    private final Supplier<Accelerator> accelerators;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param accelerator the device; this backend owns it and closes it.
     * @param device      the ordinal recorded on the timeline.
     * @param name        the device's name for logs and errors ("cuda:0").
     * @param description what the device is ("NVIDIA H200").
     */
    public GpuProverBackend(final Accelerator accelerator, final int device, final String name,
        final String description)
    {
        this(accelerator, device, name, description, null);
    }

    /**
     * A backend that can be opened again after a fault.
     *
     * @param accelerator  the device; this backend owns it and closes it.
     * @param device       the ordinal recorded on the timeline.
     * @param name         the device's name for logs and errors ("jvm:0").
     * @param description  what the device is.
     * @param accelerators makes a fresh accelerator of the same device for {@link #reopen()}, or null for none.
     */
    public GpuProverBackend(final Accelerator accelerator, final int device, final String name,
        final String description, final Supplier<Accelerator> accelerators)
    {
        this(accelerator, device, name, description, accelerators,
            !"false".equals(System.getProperty(OVERLAP_PROPERTY)));
    }

    /**
     * @param accelerator the device; this backend owns it and closes it.
     * @param device      the ordinal recorded on the timeline.
     * @param name        the device's name for logs and errors ("cuda:0").
     * @param description what the device is ("NVIDIA H200").
     * @param overlap     whether the batch-adds and tail MSMs run on a second stream beside the H chain and H MSM
     *                    (else after them, on one stream).
     */
    GpuProverBackend(final Accelerator accelerator, final int device, final String name,
        final String description, final boolean overlap)
    {
        this(accelerator, device, name, description, null, overlap);
    }

    private GpuProverBackend(final Accelerator accelerator, final int device, final String name,
        final String description, final Supplier<Accelerator> accelerators, final boolean overlap)
    {
        this.accelerators = accelerators;
        this.overlap = overlap;
        this.accelerator = accelerator;
        this.device = device;
        this.name = name;
        this.description = description;
        this.hChain = HChain.general(accelerator);
        accelerator.setListener(GpuProverBackend::relay);
    }

    private static void relay(final DeviceActivity activity)
    {
        if (!(activity.tag() instanceof final Work work))
        {
            return; // queued outside a partition (key preparation): no partition to charge it to
        }
        final BackendListener listener = work.listener();
        final long start = TimelineClock.fromNanoTime(activity.startNanoTime());
        switch (activity.kind())
        {
            case KERNEL -> listener.kernel(work.phase(), work.name(shortName(activity.name())), start,
                activity.durationNs());
            case COPY_TO_DEVICE -> listener.copy("h2d", start, activity.durationNs(), activity.bytes());
            case COPY_TO_HOST -> listener.copy("d2h", start, activity.durationNs(), activity.bytes());
            case COPY_ON_DEVICE -> listener.copy("d2d", start, activity.durationNs(), activity.bytes());
            case FILL -> listener.kernel(work.phase(), work.name("fill"), start, activity.durationNs());
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
            return GpuPreparedKey.prepare(accelerator, key, name, spmvReserve(key));
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

    /**
     * @return device bytes a key's preparation leaves for its circuit's A and B: {@link DeviceMatrices#BYTES_PER_ROW}
     *         per domain element, less what matrices already resident hold (they are most likely this circuit's).
     */
    private long spmvReserve(final ProvingKey key)
    {
        if (!spmv)
        {
            return 0;
        }
        final Residency r = residency;
        final long held = r == null || r.plan().spmv() == null ? 0 : r.plan().spmv().bytes();
        return Math.max(0, DeviceMatrices.BYTES_PER_ROW * key.domainSize() - held);
    }

    /**
     * The circuit's A and B on the device for a partition of {@code matrices}: those resident when they are these
     * matrices, else these uploaded in their place when the plan finds room ({@link DeviceMatrices#upload}), else
     * null (a, b, c on the host). Called with the compute lock held. They stay until the backend closes or another
     * circuit's partition takes their place, across keys and jobs of the circuit.
     */
    private GpuSpmv spmvLocked(final ConstraintMatrices matrices)
    {
        final Residency old = residency;
        if (old != null && old.matrices() == matrices)
        {
            return old.plan().spmv();
        }
        residency = null;
        if (old != null)
        {
            old.plan().close();
        }
        final DeviceMatrices.Plan plan = DeviceMatrices.upload(accelerator, matrices);
        residency = new Residency(matrices, plan);
        return plan.spmv();
    }

    /** @return what the device SpMV's memory plan decided for the last circuit, or null before any. */
    public String spmvPlan()
    {
        final Residency r = residency;
        return r == null ? null : r.plan().reason();
    }

    @Override
    public MsmSums prove(final PreparedKey prepared, final PartitionInputs partition, final BackendListener listener)
    {
        if (!(prepared instanceof final GpuPreparedKey own) || !own.device().equals(name))
        {
            throw new IllegalArgumentException("key prepared on " + prepared.device() + ", not on " + name);
        }
        checkUsable();
        final boolean nested = proving.get();
        if (nested)
        {
            return proveNested(own, partition, listener);
        }
        proving.set(true);
        try
        {
            // before the upload: a partition stopped here has nothing on the device
            listener.boundary(ProvingPhase.H);
            return prove(own, partition, listener, take(partition.domainSize(), partition.assignment().size()), false);
        }
        finally
        {
            proving.set(false);
        }
    }

    /**
     * A partition proved at a step boundary of another on this thread (a deadline's): in partition memory of its own
     * shape beside the slots, kept for the next one, or refused when the device has no room for it; a, b, c from the
     * host unless its circuit's matrices are the resident ones (the outer's A and B stay).
     */
    private MsmSums proveNested(final GpuPreparedKey key, final PartitionInputs partition,
        final BackendListener listener)
    {
        // at a boundary outside the compute lock (before an upload) another partition's kernels may hold the device:
        // this one would wait for all of them, so it is tried again at the next boundary (theirs among them)
        if (!compute.tryLock())
        {
            throw new NestingRefusedException(name, "another partition's kernels hold the device", null, false);
        }
        try
        {
            return prove(key, partition, listener, takeNested(partition.domainSize(), partition.assignment().size()),
                true);
        }
        finally
        {
            compute.unlock();
        }
    }

    private MsmSums prove(final GpuPreparedKey own, final PartitionInputs partition, final BackendListener listener,
        final PartitionMemory m, final boolean nested)
    {
        final HChainSpec spec = own.key().reduction().hChain(EvaluationDomain.ofSize(partition.domainSize()));
        try
        {
            final GpuSpmv products = nested ? residentFor(partition) : onDevice(partition, listener);
            final PartitionInputs host = products != null ? partition : partition.withProducts(HOST_THREADS);
            try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H)))
            {
                m.upload(host, products); // beside the other partition's kernels
            }
            checkUsable();
            compute.lock();
            try
            {
                return computeLocked(own, host, spec, m, listener);
            }
            finally
            {
                compute.unlock();
            }
        }
        catch (final KernelFailureException ex)
        {
            throw unusable(ex);
        }
        finally
        {
            giveBack(m, nested);
        }
    }

    /** @return the resident SpMV of the partition's circuit, or null: a nested partition does not replace it. */
    private GpuSpmv residentFor(final PartitionInputs partition)
    {
        final Residency r = residency;
        return partition.matrices() != null && spmv && r != null && r.matrices() == partition.matrices()
            ? r.plan().spmv() : null;
    }

    /**
     * The circuit's A and B on the device when a, b, c of the partition are evaluated here (it carries its matrices,
     * the device SpMV is on, and they are resident or the plan finds them room now: uploaded under the compute lock,
     * their copies charged to this partition), else null.
     */
    private GpuSpmv onDevice(final PartitionInputs partition, final BackendListener listener)
    {
        if (partition.matrices() == null || !spmv)
        {
            return null;
        }
        final Residency r = residency;
        if (r != null && r.matrices() == partition.matrices())
        {
            // decided before: no lock, so this partition's upload still runs beside another's kernels
            return r.plan().spmv();
        }
        compute.lock();
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H, "spmv")))
        {
            return spmvLocked(partition.matrices());
        }
        finally
        {
            compute.unlock();
        }
    }

    /**
     * Queues a = A·z and b = B·z from the resident matrices, then c = a∘b, the input rows and the padding; when
     * another circuit's partition took the device's room for matrices meanwhile (and these no longer fit), evaluates
     * them on the host and uploads them instead.
     */
    private void queueProducts(final PartitionInputs partition, final PartitionMemory m,
        final BackendListener listener)
    {
        final GpuSpmv products;
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H, "spmv")))
        {
            products = spmvLocked(partition.matrices());
        }
        if (products == null)
        {
            m.uploadProducts(partition.withProducts(HOST_THREADS));
            return;
        }
        final DeviceStream s = m.stream();
        final long constraints = products.constraints();
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H, "a")))
        {
            products.queueRows(0, m.z(), m.a(), 0, constraints, s);
        }
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H, "b")))
        {
            products.queueRows(1, m.z(), m.b(), 0, constraints, s);
        }
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H)))
        {
            products.queueComplete(m.z(), partition.numInputs(), m.a(), m.b(), m.c(), partition.domainSize(), s);
        }
    }

    private MsmSums computeLocked(final GpuPreparedKey key, final PartitionInputs partition, final HChainSpec spec,
        final PartitionMemory m, final BackendListener listener)
    {
        final DeviceStream s = m.stream();
        final long aux = partition.numAux();
        final long n = partition.assignment().size();
        final DeviceMemory auxScalars = m.z().view((long)partition.numInputs() * Fr.BYTES, aux * Fr.BYTES);
        // the splits first, and their counts read back (the device idles for one round trip): each tail MSM is then
        // launched for its real length, a few percent of its bases in a PoRep partition, not for all of them
        queueSplit(key.splitL(), auxScalars, aux, null, m, 0, listener);
        queueSplit(key.splitA(), m.z(), n, m.aBits(), m, 1, listener);
        // one split serves B in G1 and in G2: same scalars, same density
        queueSplit(key.splitB(), m.z(), n, m.bBits(), m, 2, listener);
        final long[] counts;
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.SPLIT)))
        {
            counts = m.readCounts();
        }
        // a density bitmap with too few set bits pairs scalars with the wrong bases: refuse the partition
        key.splitL().checkBaseCount(counts[1]);
        key.splitA().checkBaseCount(counts[3]);
        key.splitB().checkBaseCount(counts[5]);
        // the counts are back, so the stream is idle: the last point where a stop leaves no work queued on it
        listener.boundary(ProvingPhase.H);
        // the batch-adds and tail MSMs do not depend on H: on the side stream they run beside the H chain and fill
        // what its latency-bound passes leave of the device (the counts read back above ordered them after the splits)
        final DeviceStream tails = overlap ? m.side() : s;
        if (overlap)
        {
            queueTails(key, counts, m, tails, listener);
        }
        if (partition.matrices() != null)
        {
            queueProducts(partition, m, listener);
        }
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.H)))
        {
            hChain.compute(m.a(), m.b(), m.c(), Long.numberOfTrailingZeros(partition.domainSize()),
                spec.cosetShift(), spec.quotientFactor(), spec.output() == HChainSpec.Output.COEFFICIENTS, s);
        }
        // a boundary between the H chain and the H MSM (a host round trip): a deadline's partition waits for one of
        // them, not for both; this one's tails may still run on the side stream, on its own memory and key
        s.synchronize();
        try
        {
            listener.boundary(ProvingPhase.MSM);
        }
        catch (final RuntimeException | Error e)
        {
            tails.synchronize(); // stopped here: nothing of it may run on its memory once it is given back
            throw e;
        }
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.MSM, "h")))
        {
            key.h().msm().queue(m.a(), spec.scalarCount(), s);
            key.h().msm().copyResult(m.sum(0), s);
        }
        if (overlap)
        {
            m.joinSide();
        }
        else
        {
            queueTails(key, counts, m, tails, listener);
        }

        final MemorySegment host;
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.MSM)))
        {
            host = m.readResults(); // the wait for the sums
        }
        final long[] h = MsmCurve.G1.toAffine(m.sumLimbs(host, 0, MsmCurve.G1.xyzzBytes()));
        return new MsmSums(h, splitSum(key.l(), m, host, 1), splitSum(key.a(), m, host, 3),
            splitSum(key.b1(), m, host, 5), splitSum(key.b2(), m, host, 7));
    }

    /** Queues the four split queries' batch-adds and tail MSMs on {@code stream}, their results into sums 1 to 8. */
    private static void queueTails(final GpuPreparedKey key, final long[] counts, final PartitionMemory m,
        final DeviceStream stream, final BackendListener listener)
    {
        queueSplitSum(key.l(), key.splitL(), counts[0], m, 1, stream, new Work(listener, ProvingPhase.MSM, "l"));
        queueSplitSum(key.a(), key.splitA(), counts[2], m, 3, stream, new Work(listener, ProvingPhase.MSM, "a"));
        queueSplitSum(key.b1(), key.splitB(), counts[4], m, 5, stream, new Work(listener, ProvingPhase.MSM, "b1"));
        queueSplitSum(key.b2(), key.splitB(), counts[4], m, 7, stream, new Work(listener, ProvingPhase.MSM, "b2"));
    }

    /** Queues a 0/1 split, its kernels reported under SPLIT, and the copy of its counts into {@code counts}. */
    private static void queueSplit(final GpuScalarSplit splitter, final DeviceMemory scalars, final long count,
        final DeviceMemory density, final PartitionMemory m, final int counts, final BackendListener listener)
    {
        try (ActivityTag.Scope ignored = ActivityTag.set(new Work(listener, ProvingPhase.SPLIT)))
        {
            splitter.queue(scalars, count, density, true, m.stream());
            splitter.copyCounts(m.counts(counts), m.stream());
        }
    }

    /**
     * Queues the query's batch-add of the ones and MSM of the {@code tail} scalars the split left, their results into
     * sums {@code at}, at + 1.
     */
    private static void queueSplitSum(final DeviceQuery query, final GpuScalarSplit split, final long tail,
        final PartitionMemory m, final int at, final DeviceStream stream, final Work work)
    {
        if (query.count() == 0)
        {
            return;
        }
        try (ActivityTag.Scope ignored = ActivityTag.set(work))
        {
            query.batchAdd().queue(split.ones(), stream);
            query.batchAdd().copyResult(m.sum(at), stream);
            query.msm().queueIndexedKnown(split.tailScalars(), split.tailBases(), split.meta(), tail, stream);
            query.msm().copyResult(m.sum(at + 1), stream);
        }
    }

    /** The query's sum from the results read back: batch-add of the ones plus the tail's MSM. */
    private static long[] splitSum(final DeviceQuery query, final PartitionMemory m, final MemorySegment host,
        final int at)
    {
        final GroupOps ops = query.curve() == MsmCurve.G1 ? GroupOps.G1_OPS : GroupOps.G2_OPS;
        if (query.count() == 0)
        {
            return new long[ops.affineLimbs()];
        }
        final MsmCurve curve = query.curve();
        return ops.addAffine(curve.toAffine(m.sumLimbs(host, at, curve.xyzzBytes())),
            curve.toAffine(m.sumLimbs(host, at + 1, curve.xyzzBytes())));
    }

    /**
     * A partition memory of this shape: a free one, a new one while fewer than {@link #SLOTS} exist (or fewer than
     * the device had room for), else the next one given back.
     */
    private PartitionMemory take(final long domainSize, final long scalars)
    {
        synchronized (free)
        {
            while (true)
            {
                final PartitionMemory f = free.poll();
                if (f != null)
                {
                    if (f.fits(domainSize, scalars))
                    {
                        return f;
                    }
                    f.close(); // another shape: make room for this one's
                    slotsMade--;
                    continue;
                }
                if (slotsMade < slotLimit)
                {
                    try
                    {
                        final PartitionMemory made = PartitionMemory.allocate(accelerator, domainSize, scalars,
                            MsmCurve.G2.xyzzBytes());
                        slotsMade++;
                        return made;
                    }
                    catch (final DeviceOutOfMemoryException ex)
                    {
                        if (slotsMade == 0)
                        {
                            throw ex;
                        }
                        slotLimit = slotsMade; // no room for a second: partitions take turns for the one there is
                    }
                }
                try
                {
                    free.wait();
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for device memory on " + name, ex);
                }
            }
        }
    }

    /**
     * A partition memory of this shape for a nested partition: a kept one that is free, else a new one; never waits.
     *
     * @throws NestingRefusedException when the device has no room for it (kept ones of other shapes freed first).
     */
    private PartitionMemory takeNested(final long domainSize, final long scalars)
    {
        synchronized (free)
        {
            for (final PartitionMemory kept : nestedFree)
            {
                if (kept.fits(domainSize, scalars))
                {
                    nestedFree.remove(kept);
                    return kept;
                }
            }
            try
            {
                return PartitionMemory.allocate(accelerator, domainSize, scalars, MsmCurve.G2.xyzzBytes());
            }
            catch (final DeviceOutOfMemoryException ex)
            {
                if (nestedFree.isEmpty())
                {
                    throw new NestingRefusedException(name, "a partition of domain " + domainSize + " and "
                        + scalars + " scalars: " + ex.getMessage(), ex, true);
                }
            }
            nestedFree.forEach(PartitionMemory::close);
            nestedFree.clear();
            try
            {
                return PartitionMemory.allocate(accelerator, domainSize, scalars, MsmCurve.G2.xyzzBytes());
            }
            catch (final DeviceOutOfMemoryException ex)
            {
                throw new NestingRefusedException(name, "a partition of domain " + domainSize + " and " + scalars
                    + " scalars: " + ex.getMessage(), ex, true);
            }
        }
    }

    private void giveBack(final PartitionMemory m, final boolean nested)
    {
        synchronized (free)
        {
            if (nested)
            {
                nestedFree.add(m);
                return;
            }
            free.push(m);
            free.notifyAll();
        }
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

    /** @return whether the switch is on and the memory plan did not refuse the last circuit's matrices. */
    @Override
    public boolean spmvOnDevice()
    {
        final Residency r = residency;
        return spmv && (r == null || r.plan().spmv() != null);
    }

    /** @return the device's free and total memory, or null once the device is unusable. */
    @Override
    public long[] deviceMemory()
    {
        try
        {
            return accelerator.memoryInfo();
        }
        catch (final RuntimeException e)
        {
            return null;
        }
    }

    @Override
    public AutoCloseable pinHost(final MemorySegment host)
    {
        checkUsable();
        return accelerator.pinHost(host);
    }

    @Override
    public boolean restartable()
    {
        return accelerators != null;
    }

    /** @return a fresh backend of the device on a fresh accelerator. */
    @Override
    public ProverBackend reopen()
    {
        if (accelerators == null)
        {
            return ProverBackend.super.reopen();
        }
        return new GpuProverBackend(accelerators.get(), device, name, description, accelerators);
    }

    @Override
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        try
        {
            if (failure == null)
            {
                synchronized (free)
                {
                    free.forEach(PartitionMemory::close);
                    free.clear();
                    nestedFree.forEach(PartitionMemory::close);
                    nestedFree.clear();
                }
                final Residency r = residency;
                if (r != null)
                {
                    r.plan().close();
                }
                hChain.close();
            }
        }
        finally
        {
            accelerator.close();
        }
    }
}
