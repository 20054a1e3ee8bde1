package io.jprove.engine.gpu;

import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;

/**
 * One partition's vectors on the device: a, b, c (m elements each; the H chain runs in place, h ends in a) and the
 * assignment z. Allocated for a shape and reused by every partition of that shape on the backend.
 */
record PartitionMemory(long domainSize, long scalars, DeviceMemory a, DeviceMemory b, DeviceMemory c, DeviceMemory z)
    implements AutoCloseable
{
    static PartitionMemory allocate(final Accelerator accelerator, final long domainSize, final long scalars)
    {
        final DeviceMemory a = accelerator.allocate(domainSize * Fr.BYTES);
        final DeviceMemory b = accelerator.allocate(domainSize * Fr.BYTES);
        final DeviceMemory c = accelerator.allocate(domainSize * Fr.BYTES);
        final DeviceMemory z = accelerator.allocate(Math.max(1, scalars) * Fr.BYTES);
        return new PartitionMemory(domainSize, scalars, a, b, c, z);
    }

    /** @return whether a partition of this shape uses these buffers. */
    boolean fits(final long m, final long n)
    {
        return domainSize == m && scalars == n;
    }

    @Override
    public void close()
    {
        a.close();
        b.close();
        c.close();
        z.close();
    }
}
