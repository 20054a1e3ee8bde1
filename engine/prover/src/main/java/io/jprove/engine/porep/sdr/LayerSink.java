package io.jprove.engine.porep.sdr;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

/** Receives each finished SDR layer from {@link SdrLabeler}, in order, on the labelling thread. */
@FunctionalInterface
public interface LayerSink
{
    /**
     * @param layer  the 1-based layer index
     * @param labels the layer's labels, nodes × 32 bytes, read-only; any thread may read it, but only until this
     *               call returns (the labeller reuses the memory two layers later, and frees it at the end), so
     *               copy or write out what must outlive it
     * @throws IOException when writing the layer out fails; labelling stops
     */
    void accept(int layer, MemorySegment labels) throws IOException;
}
