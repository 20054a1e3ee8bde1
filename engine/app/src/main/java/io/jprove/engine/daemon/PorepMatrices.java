package io.jprove.engine.daemon;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.r1cs.ConstraintMatrices;

/**
 * The recorded matrices of Filecoin's PoRep circuits, one per sector size, which PoRep C2 jobs compute a, b and c by
 * (the native witness synthesis writes only the witness). Like a key, a size's matrices are loaded once, when its first
 * job is synthesized, and stay resident for the daemon's life: recording them from the blank circuit takes seconds at
 * 2 KiB and minutes at 32 GiB, so they are also kept on disk, in {@code DATA-DIR/matrices/porep-SIZE.matrices}.
 * PoSt jobs' circuits ({@code window-post-SIZE}, {@code winning-post-SIZE}) are kept the same way, by name.
 * Thread-safe; a size is loaded by one thread while others that need it wait.
 */
final class PorepMatrices implements AutoCloseable
{
    private final Path cache;
    /** By circuit name; guarded by this. */
    private final Map<String, ConstraintMatrices> resident = new HashMap<>();
    private boolean closed;

    /** @param cache where the recorded matrices are kept between runs. */
    PorepMatrices(final Path cache)
    {
        this.cache = cache;
    }

    /**
     * @return the matrices of a seal proof's circuit, loaded or recorded on first use; owned by this.
     * @throws IllegalStateException once this is closed
     */
    synchronized ConstraintMatrices of(final RegisteredSealProof proof)
    {
        if (closed)
        {
            throw new IllegalStateException("the daemon is stopping");
        }
        return named("porep-" + proof.sizeName());
    }

    /**
     * @param name a built-in circuit's name ({@link NamedCircuit}), e.g. a PoSt partition's {@code window-post-2KiB}
     * @return its matrices, loaded or recorded on first use; owned by this.
     * @throws IllegalStateException once this is closed
     */
    synchronized ConstraintMatrices named(final String name)
    {
        if (closed)
        {
            throw new IllegalStateException("the daemon is stopping");
        }
        final NamedCircuit circuit = NamedCircuit.of(name);
        return resident.computeIfAbsent(circuit.name(), n -> circuit.matrices(cache));
    }

    /** Unmaps every resident size's matrices; after the pipeline has closed, so no synthesis reads them. */
    @Override
    public synchronized void close()
    {
        closed = true;
        resident.values().forEach(ConstraintMatrices::close);
        resident.clear();
    }
}
