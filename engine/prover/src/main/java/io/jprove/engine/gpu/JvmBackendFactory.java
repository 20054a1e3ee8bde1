package io.jprove.engine.gpu;

import io.jprove.engine.backend.BackendFactory;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.kernels.DeviceName;
import io.jprove.kernels.JvmAccelerator;

/**
 * The device backend with its kernels run as Java methods on the host's threads ({@code --device jvm}): the same
 * {@link GpuProverBackend} that proves on a GPU, on a {@link JvmAccelerator}, so that a host without a GPU runs the
 * device code path, its kernels and copies measured on the timeline as a GPU's are. Far slower than the CPU prover;
 * for tests, CI and reading a device timeline without a GPU. The host counts as one such device.
 */
public final class JvmBackendFactory implements BackendFactory
{
    @Override
    public String kind()
    {
        return DeviceName.JVM;
    }

    @Override
    public int deviceCount()
    {
        return 1;
    }

    @Override
    public String unavailableReason()
    {
        return "";
    }

    @Override
    public ProverBackend open(final int ordinal, final int hostThreads)
    {
        if (ordinal != 0)
        {
            throw new IllegalArgumentException("the JVM executor is device jvm:0; there is no jvm:" + ordinal);
        }
        // restartable: after a fault, a fresh executor is a fresh device
        return new GpuProverBackend(new JvmAccelerator(hostThreads), ordinal, DeviceName.JVM + ":" + ordinal,
            "kernels on the JVM, " + hostThreads + (hostThreads == 1 ? " thread" : " threads"),
            () -> new JvmAccelerator(hostThreads));
    }
}
