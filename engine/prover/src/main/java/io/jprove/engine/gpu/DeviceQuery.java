package io.jprove.engine.gpu;

import java.lang.foreign.MemorySegment;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.msm.GpuBatchAdd;
import io.jprove.kernels.msm.GpuMsm;
import io.jprove.kernels.msm.MsmCurve;
import io.jprove.kernels.msm.MsmPlan;
import io.jprove.kernels.msm.PreparedBases;

/**
 * One query of a proving key resident on the device: its bases with their precomputed copies, the MSM over them and,
 * for the queries whose scalars are split, the batch-add of the bases whose scalar is one. A query without points
 * (a circuit with no aux variables in some query) has nothing on the device and sums to infinity.
 */
final class DeviceQuery implements AutoCloseable
{
    private final MsmCurve curve;
    private final long count;
    private final PreparedBases bases;
    private final GpuMsm msm;
    private final GpuBatchAdd batchAdd;

    private DeviceQuery(final MsmCurve curve, final long count, final PreparedBases bases,
        final GpuMsm msm, final GpuBatchAdd batchAdd)
    {
        this.curve = curve;
        this.count = count;
        this.bases = bases;
        this.msm = msm;
        this.batchAdd = batchAdd;
    }

    /**
     * Uploads and prepares one query.
     *
     * @param points      the query's affine points in the vector layout.
     * @param count       how many.
     * @param budgetBytes device memory this query's table and MSM scratch may take.
     * @param withOnes    whether its scalars are 0/1-split (everything but H).
     */
    static DeviceQuery prepare(final Accelerator accelerator, final MsmCurve curve,
        final MemorySegment points, final long count, final long budgetBytes, final boolean withOnes)
    {
        if (count == 0)
        {
            return new DeviceQuery(curve, 0, null, null, null);
        }
        final MsmPlan plan = MsmPlan.choose(count, curve, budgetBytes, accelerator.multiprocessorCount());
        final PreparedBases bases = PreparedBases.prepare(accelerator, curve, points, plan);
        GpuMsm msm = null;
        try
        {
            msm = new GpuMsm(bases);
            final GpuBatchAdd ones = withOnes ? new GpuBatchAdd(accelerator, curve, bases.bases(), count) : null;
            return new DeviceQuery(curve, count, bases, msm, ones);
        }
        catch (final RuntimeException ex)
        {
            if (msm != null)
            {
                msm.close();
            }
            bases.close();
            throw ex;
        }
    }

    /** @return bytes of its bases and precomputed copies on the device (0 when empty). */
    long tableBytes()
    {
        return bases == null ? 0 : bases.tableBytes();
    }

    /** @return its group. */
    MsmCurve curve()
    {
        return curve;
    }

    /** @return its number of points. */
    long count()
    {
        return count;
    }

    /** @return the MSM, or null when the query is empty. */
    GpuMsm msm()
    {
        return msm;
    }

    /** @return the batch-add of the ones, or null when the query is empty or not split. */
    GpuBatchAdd batchAdd()
    {
        return batchAdd;
    }

    @Override
    public void close()
    {
        if (batchAdd != null)
        {
            batchAdd.close();
        }
        if (msm != null)
        {
            msm.close();
        }
        if (bases != null)
        {
            bases.close();
        }
    }
}
