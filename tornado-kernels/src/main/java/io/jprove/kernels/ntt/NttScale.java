package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A per-element factor a transform multiplies in as it loads its input or stores its output, on the device: none,
 * one constant c (an inverse's m⁻¹), or c·b^i for the element's natural index i < 2^logSize (a coset's g^i, or
 * m⁻¹·g^(−i)) as the product of two tables of about √m entries each, {@code low[j] = b^j} and
 * {@code high[j] = c·b^(j·2^logLow)}. The tables live in device memory owned by this object.
 *
 * @param mode    0 none, 1 constant, 2 powers (see {@link NttKernels}).
 * @param low     the constant (mode 1) or the low table (mode 2); a placeholder element for mode 0.
 * @param high    the high table (mode 2); a placeholder element otherwise.
 * @param logLow  log₂ of the low table's size (mode 2).
 */
public record NttScale(int mode, DeviceMemory low, DeviceMemory high, int logLow) implements AutoCloseable
{
    /**
     * @param accelerator where the placeholder lives.
     * @return no scaling.
     */
    public static NttScale none(final Accelerator accelerator)
    {
        return new NttScale(0, placeholder(accelerator), placeholder(accelerator), 0);
    }

    /**
     * @param accelerator where the constant lives.
     * @param c           the factor, Montgomery limbs.
     * @return every element multiplied by c.
     */
    public static NttScale constant(final Accelerator accelerator, final long[] c)
    {
        return new NttScale(1, upload(accelerator, c), placeholder(accelerator), 0);
    }

    /**
     * @param accelerator where the tables live.
     * @param c           the constant factor.
     * @param b           the base.
     * @param logSize     log₂ of the transform size.
     * @return element i multiplied by c·b^i.
     */
    public static NttScale powers(final Accelerator accelerator, final long[] c, final long[] b, final int logSize)
    {
        final int logLow = (logSize + 1) / 2;
        final int lowCount = 1 << logLow;
        final int highCount = 1 << (logSize - logLow);
        final long[] low = new long[lowCount * Fr.LIMBS];
        Fr.setOne(low, 0);
        for (int j = 1; j < lowCount; j++)
        {
            Fr.mul(low, j * Fr.LIMBS, low, (j - 1) * Fr.LIMBS, b, 0);
        }
        final long[] step = new long[Fr.LIMBS];
        Fr.mul(step, 0, low, (lowCount - 1) * Fr.LIMBS, b, 0); // b^(2^logLow)
        final long[] high = new long[highCount * Fr.LIMBS];
        Fr.copy(high, 0, c, 0);
        for (int j = 1; j < highCount; j++)
        {
            Fr.mul(high, j * Fr.LIMBS, high, (j - 1) * Fr.LIMBS, step, 0);
        }
        return new NttScale(2, upload(accelerator, low), upload(accelerator, high), logLow);
    }

    private static DeviceMemory placeholder(final Accelerator accelerator)
    {
        return upload(accelerator, Fr.one());
    }

    private static DeviceMemory upload(final Accelerator accelerator, final long[] limbs)
    {
        final DeviceMemory memory = accelerator.allocate((long)limbs.length * Long.BYTES);
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment host = arena.allocate(ValueLayout.JAVA_LONG, limbs.length);
            MemorySegment.copy(limbs, 0, host, ValueLayout.JAVA_LONG, 0, limbs.length);
            memory.copyFrom(host, null);
        }
        return memory;
    }

    /** Frees the tables. */
    @Override
    public void close()
    {
        low.close();
        high.close();
    }
}
