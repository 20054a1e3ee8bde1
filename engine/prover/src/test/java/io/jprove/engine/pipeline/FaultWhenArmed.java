package io.jprove.engine.pipeline;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicBoolean;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;

/**
 * A device whose next partition, once armed, reaches it with every bit of A's density set, so that its kernels fault
 * for real (the 0/1 split's stores run past their buffers and the kernels' bounds checks stop them), as the GPU
 * suite's injected fault does. Reopened after the fault, it stays armed by the same flag. For the tests of device
 * restarts, in this process and in a device process.
 */
public final class FaultWhenArmed extends ForwardingBackend
{
    private final AtomicBoolean armed;

    /**
     * @param device the device to wrap; closed with this.
     * @param armed  set to fault the next partition; cleared as it is taken.
     */
    public FaultWhenArmed(final ProverBackend device, final AtomicBoolean armed)
    {
        super(device);
        this.armed = armed;
    }

    @Override
    public MsmSums prove(final PreparedKey key, final PartitionInputs partition, final BackendListener listener)
    {
        if (!armed.compareAndSet(true, false))
        {
            return delegate.prove(key, partition, listener);
        }
        final BitSet all = new BitSet();
        all.set(0, Math.toIntExact(partition.assignment().size()));
        return delegate.prove(key, new PartitionInputs(partition.assignment(), partition.numInputs(), partition.a(),
            partition.b(), partition.c(), all, partition.bDensity()), listener);
    }

    @Override
    public boolean restartable()
    {
        return delegate.restartable();
    }

    @Override
    public ProverBackend reopen()
    {
        return new FaultWhenArmed(delegate.reopen(), armed);
    }
}
