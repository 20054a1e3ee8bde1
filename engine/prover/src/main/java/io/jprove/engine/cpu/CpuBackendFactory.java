package io.jprove.engine.cpu;

import io.jprove.engine.backend.BackendFactory;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.kernels.DeviceName;

/** The CPU as one device ({@code --device cpu}): {@link CpuProverBackend} on the host threads it is given. */
public final class CpuBackendFactory implements BackendFactory
{
    @Override
    public String kind()
    {
        return DeviceName.CPU;
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
            throw new IllegalArgumentException("the CPU is device cpu:0; there is no cpu:" + ordinal);
        }
        return new CpuProverBackend(0, hostThreads);
    }
}
