package io.jprove.engine.porep.sdr;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

/** Receives each finished SDR layer from {@link SdrLabeler}, in order, on the labelling thread. */
@FunctionalInterface
public interface LayerSink
{
    /**
     * @param layer  the 1-based layer index
     * @param labels the layer's labels, nodes × 32 bytes, read-only; valid only during this call (the labeller
     *               reuses the memory two layers later), so copy or write out what must outlive it
     * @throws IOException when writing the layer out fails; labelling stops
     */
    void accept(int layer, MemorySegment labels) throws IOException;
}
