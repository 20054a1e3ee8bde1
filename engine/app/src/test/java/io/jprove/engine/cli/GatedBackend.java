package io.jprove.engine.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.pipeline.ForwardingBackend;

/**
 * A real backend whose partitions wait at a gate before they are proved, so that a test can act while a job is
 * certainly running (its partition on the device) and then let it go on.
 */
final class GatedBackend extends ForwardingBackend
{
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch open = new CountDownLatch(1);

    GatedBackend(final ProverBackend backend)
    {
        super(backend);
    }

    /** @return whether a partition reached the gate within the time given. */
    boolean awaitPartition(final long seconds) throws InterruptedException
    {
        return entered.await(seconds, TimeUnit.SECONDS);
    }

    /** Lets every partition through, now and from now on. */
    void open()
    {
        open.countDown();
    }

    @Override
    public MsmSums prove(final PreparedKey key, final PartitionInputs partition, final BackendListener listener)
    {
        entered.countDown();
        try
        {
            open.await();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at the gate", e);
        }
        return delegate.prove(key, partition, listener);
    }

    @Override
    public void close()
    {
        open();
        delegate.close();
    }
}
