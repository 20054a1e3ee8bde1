package io.jprove.engine.cpu;

import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProvingKey;

/**
 * A key prepared on a {@link CpuProverBackend}: the host vectors are already where the CPU reads them, so it is the
 * key itself, tagged with the backend it belongs to; closing it frees nothing.
 */
final class CpuPreparedKey implements PreparedKey
{
    private final ProvingKey key;
    private final String device;

    CpuPreparedKey(final ProvingKey key, final String device)
    {
        this.key = key;
        this.device = device;
    }

    @Override
    public ProvingKey key()
    {
        return key;
    }

    @Override
    public String device()
    {
        return device;
    }

    @Override
    public void close()
    {
        // nothing resident: the vectors belong to the key
    }
}
