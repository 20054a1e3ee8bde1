package io.jprove.engine.gpu;

import java.lang.foreign.MemorySegment;
import java.util.function.LongConsumer;

import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.GroupOps;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.JvmAccelerator;
import io.jprove.kernels.msm.GpuFixedBase;
import io.jprove.kernels.msm.MsmCurve;
import io.jprove.kernels.ntt.GpuNtt;
import io.jprove.kernels.ntt.NttRoots;

/**
 * The setup's fixed-base products on a device, as kernels ({@link GpuFixedBase}: the table of multiples of the
 * generator on the device, the scalars streamed through in chunks), and the Lagrange basis's inverse NTT there too
 * ({@link GpuNtt}, bit for bit the CPU's), on any {@link Accelerator}: the CUDA one on a GPU host, the JVM one in
 * tests. Its products are byte for byte the CPU's, so the parameters are the same wherever they were made.
 */
public final class GpuFixedBaseMultiplier implements FixedBaseMultiplier
{
    /** The device memory an inverse NTT of n elements needs, in units of the data: the data, twiddles, headroom. */
    private static final long NTT_FOOTPRINT = 3;

    private final Accelerator accelerator;
    private final String device;
    private final boolean owned;

    /**
     * @param accelerator the device.
     * @param device      its name for the user, e.g. {@code cuda:0}.
     * @param owned       whether {@link #close()} closes the accelerator.
     */
    public GpuFixedBaseMultiplier(final Accelerator accelerator, final String device, final boolean owned)
    {
        this.accelerator = accelerator;
        this.device = device;
        this.owned = owned;
    }

    /**
     * @param device {@code cuda}, {@code cuda:N} or {@code cpu} (the kernels as Java on the host's threads).
     * @return a multiplier that owns the accelerator it opened.
     */
    public static GpuFixedBaseMultiplier open(final String device)
    {
        final Accelerator accelerator = Accelerator.open(device);
        return new GpuFixedBaseMultiplier(accelerator, accelerator.device(), true);
    }

    @Override
    public String device()
    {
        return device;
    }

    @Override
    public Products products(final GroupOps group, final long[] base, final long count)
    {
        final MsmCurve curve;
        if (group == GroupOps.G1_OPS)
        {
            curve = MsmCurve.G1;
        }
        else if (group == GroupOps.G2_OPS)
        {
            curve = MsmCurve.G2;
        }
        else
        {
            throw new IllegalArgumentException("fixed-base products of a group other than G1 or G2: " + group);
        }
        final GpuFixedBase products = new GpuFixedBase(accelerator, curve, base, count);
        return new Products()
        {
            @Override
            public void multiply(final FrVector scalars, final MemorySegment out, final LongConsumer progress)
            {
                products.multiply(scalars, out, progress);
            }

            @Override
            public int window()
            {
                return products.window();
            }

            @Override
            public void close()
            {
                products.close();
            }
        };
    }

    /**
     * On the device when the domain and its twiddles fit in half of its free memory, else on the host; always on the
     * host when the kernels run as Java ({@link JvmAccelerator}), where the CPU's own transform is the same and far
     * faster.
     */
    @Override
    public boolean inverseNtt(final FrVector values)
    {
        final long n = values.size();
        if (accelerator instanceof JvmAccelerator || n < 2 || Long.bitCount(n) != 1 || n > 1L << 28
            || NTT_FOOTPRINT * n * Fr.BYTES > accelerator.memoryInfo()[0] / 2)
        {
            return false;
        }
        final int logSize = Long.numberOfTrailingZeros(n);
        try (GpuNtt ntt = new GpuNtt(accelerator, NttRoots.JPROVE, Math.min(logSize, 20));
             DeviceMemory data = accelerator.allocate(n * Fr.BYTES))
        {
            data.copyFrom(values.segment(), null);
            ntt.transform(data, logSize, NttDirection.INVERSE, false, NttOrder.NN, null);
            data.copyTo(values.segment(), null);
            // the basis derives from τ: leave none of it in device memory
            data.fill((byte)0, null);
        }
        return true;
    }

    @Override
    public void close()
    {
        if (owned)
        {
            accelerator.close();
        }
    }
}
