package io.jprove.kernels.msm;

import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceActivity;
import io.jprove.kernels.DeviceEvent;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.HostMemory;
import io.jprove.kernels.KernelArray;
import io.jprove.kernels.KernelHandle;

/**
 * One accelerator lent to many tests: closing it does nothing, and its kernels are prepared once (compiled, and for
 * the interpreter parsed, which is much of a small test's time on the CPU executors) for every test of a run.
 */
final class SharedAccelerator implements Accelerator
{
    private final Accelerator delegate;
    private final java.util.Map<String, KernelHandle> kernels = new java.util.concurrent.ConcurrentHashMap<>();

    SharedAccelerator(final Accelerator delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public String device()
    {
        return delegate.device();
    }

    @Override
    public KernelHandle kernel(final Class<?> owner, final String name)
    {
        return kernels.computeIfAbsent(owner.getName() + "." + name, k -> delegate.kernel(owner, name));
    }

    @Override
    public DeviceMemory allocate(final long bytes)
    {
        return delegate.allocate(bytes);
    }

    @Override
    public HostMemory allocateHost(final long bytes)
    {
        return delegate.allocateHost(bytes);
    }

    @Override
    public DeviceStream createStream()
    {
        return delegate.createStream();
    }

    @Override
    public DeviceEvent createEvent()
    {
        return delegate.createEvent();
    }

    @Override
    public void synchronize()
    {
        delegate.synchronize();
    }

    @Override
    public long[] memoryInfo()
    {
        return delegate.memoryInfo();
    }

    @Override
    public int multiprocessorCount()
    {
        return delegate.multiprocessorCount();
    }

    @Override
    public void setListener(final DeviceActivity.Listener listener)
    {
        delegate.setListener(listener);
    }

    @Override
    public void upload(final KernelArray array)
    {
        delegate.upload(array);
    }

    @Override
    public void download(final KernelArray array)
    {
        delegate.download(array);
    }

    @Override
    public void release(final KernelArray array)
    {
        delegate.release(array);
    }

    @Override
    public void close()
    {
        // shared: the test class closes the delegate, never a test
    }
}
