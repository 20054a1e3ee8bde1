package io.jprove.engine.pipeline;

import io.jprove.engine.groth16.BackendListener;
import io.jprove.engine.groth16.MsmSums;
import io.jprove.engine.groth16.PartitionInputs;
import io.jprove.engine.groth16.PreparedKey;
import io.jprove.engine.groth16.ProverBackend;
import io.jprove.engine.groth16.ProvingKey;

/**
 * A backend that hands what every backend must do ({@code name}, {@code device}, {@code description}, {@code prepare},
 * {@code prove}, {@code close}) to a real one, for the tests that hold, watch or break a backend at one place. The
 * interface's default methods ({@code workers}, {@code restartable}, {@code reopen}, …) are left at their defaults,
 * not forwarded: a subclass that wants the real backend's answer overrides them, so each test says what it changes.
 */
public abstract class ForwardingBackend implements ProverBackend
{
    /** The backend the work goes to; closed with this. */
    protected final ProverBackend delegate;

    /** @param delegate the backend the work goes to; closed with this */
    protected ForwardingBackend(final ProverBackend delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public String name()
    {
        return delegate.name();
    }

    @Override
    public int device()
    {
        return delegate.device();
    }

    @Override
    public String description()
    {
        return delegate.description();
    }

    @Override
    public PreparedKey prepare(final ProvingKey key)
    {
        return delegate.prepare(key);
    }

    @Override
    public MsmSums prove(final PreparedKey key, final PartitionInputs partition, final BackendListener listener)
    {
        return delegate.prove(key, partition, listener);
    }

    @Override
    public void close()
    {
        delegate.close();
    }
}
