package io.jprove.engine.daemon;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.pipeline.ForwardingBackend;

/**
 * A real backend seen from outside, for the daemon's device tests: it counts the keys prepared on it and those
 * released, and on request makes a fault happen for real or refuses a preparation. The fault is the GPU suite's
 * (every bit of A's density set, so the 0/1 split's stores run past its buffers and the kernels' bounds checks stop
 * them): the backend below meets it as it would a faulting kernel, and reports the device unusable itself.
 */
final class WatchedBackend extends ForwardingBackend
{
    private final AtomicInteger prepared;
    private final AtomicInteger released;
    private final AtomicInteger proved;
    private final AtomicInteger faultAt;
    private final AtomicReference<RuntimeException> refusePrepare;

    WatchedBackend(final ProverBackend backend)
    {
        super(backend);
        this.prepared = new AtomicInteger();
        this.released = new AtomicInteger();
        this.proved = new AtomicInteger();
        this.faultAt = new AtomicInteger(-1);
        this.refusePrepare = new AtomicReference<>();
    }

    /** The fresh backend of a restart, counted with the one it replaces. */
    private WatchedBackend(final ProverBackend backend, final WatchedBackend replaced)
    {
        super(backend);
        this.prepared = replaced.prepared;
        this.released = replaced.released;
        this.proved = replaced.proved;
        this.faultAt = replaced.faultAt;
        this.refusePrepare = replaced.refusePrepare;
    }

    /** @return the keys prepared so far. */
    int prepared()
    {
        return prepared.get();
    }

    /** @return the prepared keys closed so far. */
    int released()
    {
        return released.get();
    }

    /** @return the partitions given to the backend so far. */
    int proved()
    {
        return proved.get();
    }

    /** Makes the next partition fault the device. */
    void faultNext()
    {
        faultAt.set(proved.get());
    }

    /** Makes preparations fail with {@code e} (as the device's allocator would) until called with null. */
    void refusePreparation(final RuntimeException e)
    {
        refusePrepare.set(e);
    }

    @Override
    public PreparedKey prepare(final ProvingKey key)
    {
        final RuntimeException refusal = refusePrepare.get();
        if (refusal != null)
        {
            throw refusal;
        }
        final PreparedKey inner = delegate.prepare(key);
        prepared.incrementAndGet();
        return new Counted(inner);
    }

    @Override
    public MsmSums prove(final PreparedKey key, final PartitionInputs partition, final BackendListener listener)
    {
        final int n = proved.getAndIncrement();
        PartitionInputs given = partition;
        if (n == faultAt.get())
        {
            final BitSet all = new BitSet();
            all.set(0, Math.toIntExact(partition.assignment().size()));
            given = new PartitionInputs(partition.assignment(), partition.numInputs(), partition.a(), partition.b(),
                partition.c(), all, partition.bDensity());
        }
        return delegate.prove(((Counted)key).inner, given, listener);
    }

    @Override
    public boolean restartable()
    {
        return delegate.restartable();
    }

    @Override
    public ProverBackend reopen()
    {
        return new WatchedBackend(delegate.reopen(), this);
    }

    /** A prepared key whose close is counted. */
    private final class Counted implements PreparedKey
    {
        private final PreparedKey inner;

        Counted(final PreparedKey inner)
        {
            this.inner = inner;
        }

        @Override
        public ProvingKey key()
        {
            return inner.key();
        }

        @Override
        public String device()
        {
            return inner.device();
        }

        @Override
        public String preparation()
        {
            return inner.preparation();
        }

        @Override
        public long deviceBytes()
        {
            return inner.deviceBytes();
        }

        @Override
        public void close()
        {
            released.incrementAndGet();
            inner.close();
        }
    }
}
