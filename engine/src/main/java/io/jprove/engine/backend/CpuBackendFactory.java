package io.jprove.engine.backend;

import io.jprove.engine.groth16.CpuProverBackend;
import io.jprove.engine.groth16.ProverBackend;

/** The CPU as one device: {@link CpuProverBackend} on the host threads it is given. */
public final class CpuBackendFactory implements BackendFactory
{
    /** The kind's name for {@code --device}. */
    public static final String KIND = "cpu";

    @Override
    public String kind()
    {
        return KIND;
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
