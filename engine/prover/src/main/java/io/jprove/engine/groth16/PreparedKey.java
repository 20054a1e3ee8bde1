package io.jprove.engine.groth16;

/**
 * A proving key made ready on one device by {@link ProverBackend#prepare}: whatever the backend keeps resident there
 * across partitions (on a GPU the bases in device memory and their precomputed tables; on the CPU views of the key's
 * host vectors). One per key and device, prepared once, used by every partition proved there, by several threads at
 * once.
 */
public interface PreparedKey extends AutoCloseable
{
    /** @return the key it was prepared from (still owned by its caller). */
    ProvingKey key();

    /** @return where it lives, as {@link ProverBackend#name()} says. */
    String device();

    /**
     * @return what preparing it took, for a person ("59.4 s on cuda:0: kernels built 52.0 s, bases and tables
     *         7.4 s (1.22 GiB)"); empty when there is nothing to say.
     */
    default String preparation()
    {
        return "";
    }

    /**
     * @return bytes it holds in the device's own memory (bases, precomputed tables, split buffers), for a person
     *         watching what fits; 0 where it holds none (the CPU's views of host vectors).
     */
    default long deviceBytes()
    {
        return 0;
    }

    /** Frees what preparation made resident (device memory, tables); the source key stays open. */
    @Override
    void close();
}
