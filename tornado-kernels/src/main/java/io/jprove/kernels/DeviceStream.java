package io.jprove.kernels;

/**
 * An ordered queue of device work (launches, copies, fills): what is queued on one stream runs in order and may
 * overlap work on other streams. On the CPU executor the work runs when it is queued, so every stream is always
 * complete. Created by {@link Accelerator#createStream()}; closing it lets already queued work finish.
 */
public interface DeviceStream extends AutoCloseable
{
    /**
     * Waits until everything queued so far has run.
     *
     * @throws KernelFailureException when queued work failed on the device.
     */
    void synchronize();

    /**
     * Records {@code event} at this point of the stream: it completes when everything queued before it has.
     *
     * @param event an event of the same accelerator.
     */
    void record(DeviceEvent event);

    /**
     * Makes work queued later on this stream wait for {@code event}'s latest record, without blocking the host.
     *
     * @param event an event of the same accelerator.
     */
    void waitFor(DeviceEvent event);

    @Override
    void close();
}
