package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

import java.lang.foreign.MemorySegment;

/**
 * Fixed bases resident on the device with their precomputed copies: copy j of the table holds 2^(c·j)·P for every
 * base P (copy 0 the bases themselves), for the plan's F copies, in the affine vector layout, copy after copy.
 * Copies are computed on the device ({@link PrecomputeKernels}) in slices of {@value #SLICE} points, so the scratch
 * stays small whatever n. Preparation's time and the table's size are reported apart from the MSMs'
 * ({@link #prepareNanos()}, {@link #tableBytes()}).
 */
public final class PreparedBases implements AutoCloseable
{
    /** Points per precomputation slice: its XYZZ scratch is SLICE·4n limbs. */
    static final int SLICE = 1 << 20;
    /** Consecutive points per inversion of the slice's conversion to affine (Fermat's ≈ 600 multiplications). */
    static final int RUN = 64;

    private final Accelerator accelerator;
    private final MsmCurve curve;
    private final MsmPlan plan;
    private final DeviceMemory table;
    private final long prepareNanos;

    private PreparedBases(final Accelerator accelerator, final MsmCurve curve, final MsmPlan plan,
        final DeviceMemory table, final long prepareNanos)
    {
        this.accelerator = accelerator;
        this.curve = curve;
        this.plan = plan;
        this.table = table;
        this.prepareNanos = prepareNanos;
    }

    /**
     * Uploads host bases and computes their copies; returns when they are ready.
     *
     * @param bases {@code plan.bases()} affine points in the vector layout (infinity all-zero), e.g. a
     *              {@code G1AffineVector}'s segment.
     * @throws IllegalArgumentException when the segment does not hold exactly the plan's bases.
     */
    public static PreparedBases prepare(final Accelerator accelerator, final MsmCurve curve,
        final MemorySegment bases, final MsmPlan plan)
    {
        checkSize(curve, bases.byteSize(), plan);
        final long start = System.nanoTime();
        final DeviceMemory table = accelerator.allocate(Math.max(1, plan.tableBytes(curve)));
        try
        {
            if (plan.bases() > 0)
            {
                table.view(0, bases.byteSize()).copyFrom(bases, null);
            }
            precompute(accelerator, curve, plan, table);
        }
        catch (final RuntimeException ex)
        {
            table.close();
            throw ex;
        }
        return new PreparedBases(accelerator, curve, plan, table, System.nanoTime() - start);
    }

    /** As {@link #prepare(Accelerator, MsmCurve, MemorySegment, MsmPlan)}, from bases already on the device. */
    public static PreparedBases prepare(final Accelerator accelerator, final MsmCurve curve, final DeviceMemory bases,
        final MsmPlan plan)
    {
        checkSize(curve, bases.byteSize(), plan);
        final long start = System.nanoTime();
        final DeviceMemory table = accelerator.allocate(Math.max(1, plan.tableBytes(curve)));
        try
        {
            if (plan.bases() > 0)
            {
                table.view(0, bases.byteSize()).copyFrom(bases, null);
            }
            precompute(accelerator, curve, plan, table);
        }
        catch (final RuntimeException ex)
        {
            table.close();
            throw ex;
        }
        return new PreparedBases(accelerator, curve, plan, table, System.nanoTime() - start);
    }

    private static void checkSize(final MsmCurve curve, final long bytes, final MsmPlan plan)
    {
        if (bytes != plan.bases() * curve.affineBytes())
        {
            throw new IllegalArgumentException(curve + " bases of " + bytes + " bytes for a plan over " + plan.bases()
                + " points (" + curve.affineBytes() + " bytes each)");
        }
    }

    private static void precompute(final Accelerator accelerator, final MsmCurve curve, final MsmPlan plan,
        final DeviceMemory table)
    {
        final long n = plan.bases();
        if (plan.copies() == 1 || n == 0)
        {
            return;
        }
        final KernelHandle doubling = accelerator.kernel(PrecomputeKernels.class, curve.kernel("double"));
        final KernelHandle affine = accelerator.kernel(PrecomputeKernels.class, curve.kernel("toAffine"));
        final long slice = Math.min(SLICE, n);
        final long coordinateBytes = curve.affineBytes() / 2;
        try (DeviceMemory scratch = accelerator.allocate(slice * curve.xyzzBytes());
             DeviceMemory prefix = accelerator.allocate(slice * coordinateBytes))
        {
            final long copyBytes = n * curve.affineBytes();
            for (int j = 1; j < plan.copies(); j++)
            {
                for (long first = 0; first < n; first += slice)
                {
                    final long count = Math.min(slice, n - first);
                    final long at = first * curve.affineBytes();
                    final DeviceMemory from = table.view((j - 1) * copyBytes + at, count * curve.affineBytes());
                    final DeviceMemory to = table.view(j * copyBytes + at, count * curve.affineBytes());
                    doubling.launch(Launch.of(groups(count), PrecomputeKernels.LOCAL_SIZE), from, count, plan.c(),
                        scratch);
                    affine.launch(Launch.of(groups((count + RUN - 1) / RUN), PrecomputeKernels.LOCAL_SIZE), scratch,
                        count, RUN, prefix, to);
                }
            }
        }
    }

    private static int groups(final long items)
    {
        return (int)((items + PrecomputeKernels.LOCAL_SIZE - 1) / PrecomputeKernels.LOCAL_SIZE);
    }

    /** @return the accelerator the table lives on. */
    public Accelerator accelerator()
    {
        return accelerator;
    }

    /** @return the group. */
    public MsmCurve curve()
    {
        return curve;
    }

    /** @return the plan the copies were made for. */
    public MsmPlan plan()
    {
        return plan;
    }

    /** @return the whole table (F copies). */
    DeviceMemory table()
    {
        return table;
    }

    /** @return copy 0: the bases themselves. */
    public DeviceMemory bases()
    {
        return table.view(0, Math.max(1, plan.bases() * curve.affineBytes()));
    }

    /** @return host nanoseconds the upload and precomputation took. */
    public long prepareNanos()
    {
        return prepareNanos;
    }

    /** @return device bytes the table holds. */
    public long tableBytes()
    {
        return plan.tableBytes(curve);
    }

    /** Frees the table. */
    @Override
    public void close()
    {
        table.close();
    }
}
