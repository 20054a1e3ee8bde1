package io.jprove.kernels.msm;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

/**
 * Σ sᵢ·Pᵢ on the device over {@link PreparedBases}, by Pippenger's bucket method with signed digits, every phase a
 * kernel and nothing on the host between them:
 * <ol>
 * <li>digits of the Montgomery-form scalars and a counting sort of their (bucket, point) pairs
 * ({@link SortKernels}, {@link ScanKernels}), in one pass or, for plans of many keys, in passes
 * ({@link PassSort});</li>
 * <li>bucket accumulation in XYZZ, equal numbers of pairs per work-item ({@link BucketKernels});</li>
 * <li>the running-sum reduction of each round's buckets ({@link ReduceKernels}), the sum of its items' results
 * ({@link PointSumKernels}) and, for more than one round, their joining by doublings.</li>
 * </ol>
 * The result stays on the device as one XYZZ point until {@link #result} reads it back and converts it to affine on
 * the host (one inversion there costs microseconds; on one device item, a millisecond).
 * <p>
 * Scalars are device memory (four limbs each): uploaded per call ({@link #msm(FrVector)}) or already there (the H
 * chain's output), paired with bases 0, 1, … ({@link #queue}) or with the base indices a split left on the device
 * ({@link #queueIndexed}); with a density bitmap, {@link #msm(FrVector, BitSet)} compacts them first
 * ({@link GpuScalarSplit}). Work is queued on the stream given (null: the default stream). One thread at a time; the
 * scratch serves one MSM at a time, so read each result before queuing the next.
 */
public final class GpuMsm implements AutoCloseable
{
    private final PreparedBases bases;
    private final Accelerator accelerator;
    private final MsmCurve curve;
    private final MsmPlan plan;
    private final int multiprocessors;
    private final MsmShape capacity;
    private final DeviceScan scan;
    private final PointSum sums;
    private final KernelHandle setCount;
    private final KernelHandle countDigits;
    private final KernelHandle scatterDigits;
    private final KernelHandle accumulate;
    private final KernelHandle reduce;
    private final KernelHandle combine;
    private final DeviceMemory meta;
    private final DeviceMemory counts;
    private final DeviceMemory cursor;
    private final DeviceMemory sorted;
    private final DeviceMemory parts;
    private final DeviceMemory reduced;
    private final DeviceMemory rows;
    private final DeviceMemory result;
    private final DeviceMemory noIndex;
    private final PassSort passSort;
    private final PassSort.Kernels passKernels;

    /**
     * Allocates the scratch of MSMs over these bases (see {@link MsmPlan#scratchBytes}); the sort is the one-pass
     * sort, or the sort in passes ({@link PassSort}) for plans of more than 2^22 keys, unless the system property
     * {@value PassSort#PROPERTY} says {@code atomic} or {@code passes}.
     *
     * @param bases prepared bases; they must outlive this.
     */
    public GpuMsm(final PreparedBases bases)
    {
        this(bases, PassSort.configured(bases.plan().keys()));
    }

    /**
     * For measurements: MSMs over these bases with the sort named.
     *
     * @param bases prepared bases; they must outlive this.
     * @param sort  {@code auto} (as {@link #GpuMsm(PreparedBases)} without the property), {@code atomic} (one pass),
     *              {@code passes} or {@code passes:N} (N keys a pass).
     * @throws IllegalArgumentException for another name.
     */
    public GpuMsm(final PreparedBases bases, final String sort)
    {
        this(bases, PassSort.named(sort, PassSort.DEFAULT_KEYS_PER_PASS, bases.plan().keys()));
    }

    /**
     * @param bases    prepared bases; they must outlive this.
     * @param passSort the sort in passes for every MSM whose digits fit the scratch, or null for the one-pass sort.
     */
    GpuMsm(final PreparedBases bases, final PassSort passSort)
    {
        this.bases = bases;
        this.accelerator = bases.accelerator();
        this.curve = bases.curve();
        this.plan = bases.plan();
        this.multiprocessors = accelerator.multiprocessorCount();
        this.capacity = MsmShape.of(plan, multiprocessors);
        this.scan = new DeviceScan(accelerator);
        this.sums = new PointSum(accelerator, curve, capacity.reduceItems(), plan.scratchRounds());
        this.setCount = accelerator.kernel(SortKernels.class, "setCount");
        this.countDigits = accelerator.kernel(SortKernels.class, "countDigits");
        this.scatterDigits = accelerator.kernel(SortKernels.class, "scatterDigits");
        this.accumulate = accelerator.kernel(BucketKernels.class, BucketKernels.kernelFor(curve));
        this.reduce = accelerator.kernel(ReduceKernels.class, curve.kernel("reduce"));
        this.combine = accelerator.kernel(PointSumKernels.class, curve.kernel("combine"));
        final long keys = plan.keys();
        this.meta = accelerator.allocate(2L * Long.BYTES);
        this.counts = accelerator.allocate((keys + 1) * Integer.BYTES);
        this.cursor = accelerator.allocate(keys * Integer.BYTES);
        this.sorted = accelerator.allocate(Math.max(1, plan.maxPairs()) * Integer.BYTES);
        this.parts = accelerator.allocate(capacity.parts() * curve.xyzzBytes());
        this.reduced = accelerator.allocate((long)plan.scratchRounds() * capacity.reduceItems() * curve.xyzzBytes());
        this.rows = accelerator.allocate(plan.scratchRounds() * curve.xyzzBytes());
        this.result = accelerator.allocate(curve.xyzzBytes());
        this.noIndex = accelerator.allocate(Integer.BYTES);
        this.passSort = passSort;
        this.passKernels = passSort == null ? null : new PassSort.Kernels(accelerator);
    }

    /** @return the prepared bases. */
    public PreparedBases bases()
    {
        return bases;
    }

    /**
     * Queues Σ sᵢ·Pᵢ for scalars i &lt; count with bases i.
     *
     * @param scalars at least {@code count} Fr elements, Montgomery form.
     * @param count   0 to the number of bases.
     */
    public void queue(final DeviceMemory scalars, final long count, final DeviceStream stream)
    {
        checkCount(count);
        if (scalars.byteSize() < count * Fr.BYTES)
        {
            throw new IllegalArgumentException(count + " scalars need " + count * Fr.BYTES + " bytes, got "
                + scalars.byteSize());
        }
        setCount.launch(Launch.of(1, 1).on(stream), meta, count);
        run(plan, scalars, noIndex, 0, count, stream);
    }

    /**
     * Queues Σ sᵢ·P_{baseIndex[i]} for i &lt; {@code meta[0]}, a count a device split wrote
     * ({@link GpuScalarSplit}).
     *
     * @param scalars   at least {@code maxCount} Fr elements.
     * @param baseIndex at least {@code maxCount} ints, each below the number of bases.
     * @param count     a device long (the first of {@code meta}) holding the count, at most {@code maxCount}.
     * @param maxCount  a bound on the count, at most the number of bases; it sizes the launches.
     */
    public void queueIndexed(final DeviceMemory scalars, final DeviceMemory baseIndex, final DeviceMemory count,
        final long maxCount, final DeviceStream stream)
    {
        checkCount(maxCount);
        meta.view(0, Long.BYTES).copyFrom(count.view(0, Long.BYTES), stream);
        run(plan, scalars, baseIndex, 1, maxCount, stream);
    }

    /**
     * {@link #queueIndexed} when the host knows the count the device holds (read back after the split): the launches
     * are sized for it, and over a table of the bases alone the window suits it ({@link MsmPlan#narrowedFor}), so a
     * tail of a few percent of the bases costs a few percent of their MSM.
     *
     * @param count      a device long holding the count.
     * @param knownCount the same count, on the host.
     */
    public void queueIndexedKnown(final DeviceMemory scalars, final DeviceMemory baseIndex, final DeviceMemory count,
        final long knownCount, final DeviceStream stream)
    {
        checkCount(knownCount);
        meta.view(0, Long.BYTES).copyFrom(count.view(0, Long.BYTES), stream);
        run(fitting(plan.narrowedFor(knownCount), knownCount), scalars, baseIndex, 1, knownCount, stream);
    }

    /** {@code narrowed} when its work fits this scratch (sized for the plan's own shape), else the plan. */
    private MsmPlan fitting(final MsmPlan narrowed, final long count)
    {
        if (narrowed == plan)
        {
            return plan;
        }
        final MsmShape shape = MsmShape.of(narrowed, multiprocessors, Math.max(1, count));
        final boolean fits = narrowed.keys() <= plan.keys() && narrowed.windows() * count <= plan.maxPairs()
            && narrowed.rounds() <= plan.scratchRounds() && shape.parts() <= capacity.parts()
            && shape.reduceItems() <= capacity.reduceItems();
        return fits ? narrowed : plan;
    }

    private void checkCount(final long count)
    {
        if (count < 0 || count > plan.bases())
        {
            throw new IllegalArgumentException("an MSM of " + count + " scalars over " + plan.bases() + " prepared "
                + curve + " bases");
        }
    }

    /** Queues the MSM by plan {@code p}: this one, or a narrower window over the same bases (F = 1). */
    private void run(final MsmPlan p, final DeviceMemory scalars, final DeviceMemory baseIndex, final int indexed,
        final long maxCount, final DeviceStream stream)
    {
        if (maxCount == 0)
        {
            result.fill((byte)0, stream);
            return;
        }
        final MsmShape shape = MsmShape.of(p, multiprocessors, maxCount);
        final int keys = p.keys();
        // whole warps, but no more than a small MSM needs (the digit kernels' lanes all meet at every window)
        final int sortLocal = (int)Math.min(SortKernels.LOCAL_SIZE, (maxCount + 31) / 32 * 32);
        final int scalarGroups = groups(maxCount, sortLocal);
        // the parts scratch holds the pass sort's digits until the accumulation zeroes it
        final int group = passSort == null ? 0 : passSort.groupWindows(p, maxCount, parts.byteSize());
        if (group > 0)
        {
            passSort.queue(passKernels, p, group, scalars, baseIndex, indexed, meta, maxCount, plan.bases(),
                sortLocal, scan, counts, cursor, sorted, parts, stream);
        }
        else
        {
            counts.fill((byte)0, stream);
            countDigits.launch(Launch.of(scalarGroups, sortLocal).on(stream), scalars, baseIndex, indexed,
                meta, p.c(), p.copies(), plan.bases(), counts);
            scan.exclusive(counts, keys, stream);
            cursor.copyFrom(counts.view(0, (long)keys * Integer.BYTES), stream);
            scatterDigits.launch(Launch.of(scalarGroups, sortLocal).on(stream), scalars, baseIndex, indexed,
                meta, p.c(), p.copies(), plan.bases(), cursor, sorted);
        }
        final DeviceMemory used = parts.view(0, shape.parts() * curve.xyzzBytes());
        used.fill((byte)0, stream);
        accumulate.launch(Launch.of(groups(shape.accumulateItems(), BucketKernels.LOCAL_SIZE),
            BucketKernels.LOCAL_SIZE).on(stream), bases.table(), sorted, counts, keys, shape.segment(), used);
        reduce.launch(Launch.of(groups(shape.reduceItems(), ReduceKernels.LOCAL_SIZE), ReduceKernels.LOCAL_SIZE)
            .withGroupsY(p.rounds()).withSharedBytes(ReduceKernels.sharedBytes(curve)).on(stream), used, counts,
            p.buckets(), shape.segment(), shape.reduceItems(), reduced);
        sums.sum(reduced, shape.reduceItems(), p.rounds(), rows, stream);
        combine.launch(Launch.of(1, 1).on(stream), rows, p.rounds(), p.c() * p.copies(), result);
    }

    private static int groups(final long items, final int localSize)
    {
        return (int)Math.max(1, (items + localSize - 1) / localSize);
    }

    /**
     * Queues a copy of the last MSM's result, {@link MsmCurve#xyzzBytes()} bytes of XYZZ coordinates, into
     * {@code target}: a caller that queues several MSMs reads all their results back with one copy and one wait,
     * and turns each into affine limbs with {@link MsmCurve#toAffine}.
     *
     * @param target at least {@link MsmCurve#xyzzBytes()} bytes of device memory.
     */
    public void copyResult(final DeviceMemory target, final DeviceStream stream)
    {
        target.view(0, curve.xyzzBytes()).copyFrom(result, stream);
    }

    /**
     * Waits for the MSM queued last and reads its result.
     *
     * @param stream the stream it was queued on (null: the default stream).
     * @return Σ sᵢ·Pᵢ, affine limbs (all-zero for infinity).
     */
    public long[] result(final DeviceStream stream)
    {
        if (stream != null)
        {
            stream.synchronize();
        }
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment host = arena.allocate(curve.xyzzBytes(), Long.BYTES);
            result.copyTo(host, null);
            return curve.toAffine(host.toArray(ValueLayout.JAVA_LONG));
        }
    }

    /**
     * Uploads the scalars, runs the MSM and reads the result.
     *
     * @param scalars at most as many as the bases; scalar i pairs with base i.
     * @return Σ sᵢ·Pᵢ, affine.
     */
    public long[] msm(final FrVector scalars)
    {
        if (scalars.size() == 0)
        {
            return new long[curve.affineLimbs()];
        }
        try (DeviceMemory device = accelerator.allocate(scalars.size() * Fr.BYTES))
        {
            device.copyFrom(scalars.segment(), null);
            queue(device, scalars.size(), null);
            return result(null);
        }
    }

    /**
     * With bellperson's density: scalar i pairs with the next base exactly when bit i is set, so the set bits below
     * the scalar count must number the bases.
     *
     * @throws IllegalArgumentException when they do not.
     */
    public long[] msm(final FrVector scalars, final BitSet density)
    {
        final long selected = density.get(0, (int)scalars.size()).cardinality();
        if (selected != plan.bases())
        {
            throw new IllegalArgumentException(curve + " MSM: " + plan.bases() + " bases for " + selected
                + " scalars whose density bit is set (of " + scalars.size() + ")");
        }
        try (GpuScalarSplit split = new GpuScalarSplit(accelerator, scalars.size(), plan.bases());
             DeviceMemory device = accelerator.allocate(Math.max(1, scalars.size() * Fr.BYTES));
             DeviceMemory bits = GpuScalarSplit.upload(accelerator, density, scalars.size()))
        {
            if (scalars.size() > 0)
            {
                device.copyFrom(scalars.segment(), null);
            }
            split.queue(device, scalars.size(), bits, false, null);
            queueIndexed(split.tailScalars(), split.tailBases(), split.meta(), plan.bases(), null);
            final long[] r = result(null);
            split.checkBaseCount(null);
            return r;
        }
    }

    @Override
    public void close()
    {
        for (final AutoCloseable c : new AutoCloseable[] {scan, sums})
        {
            try
            {
                c.close();
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException(ex);
            }
        }
        for (final DeviceMemory m : new DeviceMemory[] {meta, counts, cursor, sorted, parts, reduced, rows, result,
            noIndex})
        {
            m.close();
        }
    }
}
