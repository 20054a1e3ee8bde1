package io.jprove.engine.r1cs;

import io.jprove.field.Fr;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The matrices A, B, C of a circuit ("pre-compiled constraints"): three {@link SparseMatrix} CSR matrices over
 * columns (inputs first, ONE as column 0, then aux) whose entries name coefficients in one table of distinct
 * {@link Fr} elements, plus the A/B densities they imply (a variable is dense in A if it is a column of an A entry;
 * likewise B; entries never hold zero).
 * <p>
 * Recorded by {@link RecordingAssignment}, written with {@link #save} and mapped back with {@link #load} (format in
 * {@link ConstraintFile}); {@link #evaluate} turns a witness into the prover's a, b, c with a multi-threaded sparse
 * matrix–vector product. Owns its memory (or the file mapping): {@link #close()} releases it.
 */
public final class ConstraintMatrices implements AutoCloseable
{
    private static final long CHUNK_ROWS = 1 << 12;
    private static final long KIND_CHUNK = 1 << 16;

    private final int numInputs;
    private final int numAux;
    private final long[] coefficients;
    private final SparseMatrix a;
    private final SparseMatrix b;
    private final SparseMatrix c;
    private final Runnable release;
    private final DensityBitmap aAuxDensity;
    private final DensityBitmap bInputDensity;
    private final DensityBitmap bAuxDensity;
    private final SparseProduct.Classes classes;

    ConstraintMatrices(final int numInputs, final int numAux, final long[] coefficients, final SparseMatrix a,
        final SparseMatrix b, final SparseMatrix c, final Runnable release)
    {
        this.numInputs = numInputs;
        this.numAux = numAux;
        this.coefficients = coefficients;
        this.a = a;
        this.b = b;
        this.c = c;
        this.release = release;
        aAuxDensity = new DensityBitmap(numAux);
        bInputDensity = new DensityBitmap(numInputs);
        bAuxDensity = new DensityBitmap(numAux);
        mark(a, null, aAuxDensity);
        mark(b, bInputDensity, bAuxDensity);
        classes = SparseProduct.classify(coefficients);
    }

    /**
     * Maps a file written by {@link #save} and validates all of it.
     *
     * @throws MalformedFileException naming the file, the section and the byte offset of what is wrong.
     * @throws java.io.UncheckedIOException when the file cannot be read.
     */
    public static ConstraintMatrices load(final Path file)
    {
        return ConstraintFile.read(file);
    }

    /** Writes the matrices to {@code file} (replacing it) in the format of {@link ConstraintFile}. */
    public void save(final Path file)
    {
        ConstraintFile.write(this, file);
    }

    /** @return public inputs, ONE included. */
    public int numInputs()
    {
        return numInputs;
    }

    /** @return aux variables. */
    public int numAux()
    {
        return numAux;
    }

    /** @return constraints (rows of each matrix). */
    public long numConstraints()
    {
        return a.rows();
    }

    /** @return the circuit's counts, a sizing hint for {@link WitnessAssignment}. */
    public ConstraintCounts counts()
    {
        return new ConstraintCounts(numInputs, numAux, a.rows());
    }

    /** @return A. */
    public SparseMatrix a()
    {
        return a;
    }

    /** @return B. */
    public SparseMatrix b()
    {
        return b;
    }

    /** @return C. */
    public SparseMatrix c()
    {
        return c;
    }

    /** @return the number of distinct coefficients. */
    public int numCoefficients()
    {
        return coefficients.length / Fr.LIMBS;
    }

    /** Copies coefficient {@code id} (Montgomery form) into {@code out[offset..offset+4)}. */
    public void coefficient(final int id, final long[] out, final int offset)
    {
        System.arraycopy(coefficients, id * Fr.LIMBS, out, offset, Fr.LIMBS);
    }

    /** @return a copy of the A density over aux variables. */
    public DensityBitmap aAuxDensity()
    {
        return new DensityBitmap(aAuxDensity);
    }

    /** @return a copy of the B density over inputs. */
    public DensityBitmap bInputDensity()
    {
        return new DensityBitmap(bInputDensity);
    }

    /** @return a copy of the B density over aux variables. */
    public DensityBitmap bAuxDensity()
    {
        return new DensityBitmap(bAuxDensity);
    }

    /**
     * Computes a_k, b_k, c_k = ⟨A_k, z⟩, ⟨B_k, z⟩, ⟨C_k, z⟩ for every constraint, then the {@code input × 0 = 0}
     * rows, as {@link ProvingAssignment} would for the same witness.
     *
     * @param witness from {@link WitnessAssignment} for a circuit of this shape; owned by the result afterwards.
     * @param circuit the circuit, to name a constraint that {@link ProverInputs#checkSatisfied()} finds unsatisfied;
     *                or null.
     * @param threads worker threads, at least 1.
     * @return the prover's inputs; the caller closes them.
     * @throws SynthesisException when the witness's counts differ from these matrices'.
     */
    public ProverInputs evaluate(final Witness witness, final Circuit circuit, final int threads)
    {
        final long bytes = (numConstraints() + numInputs) * Witness.ELEMENT_BYTES;
        return evaluate(witness, circuit, threads, new GrowableSegment(bytes), new GrowableSegment(bytes),
            new GrowableSegment(bytes));
    }

    /**
     * As {@link #evaluate(Witness, Circuit, int)}, writing a, b, c into the caller's buffers (which the result does
     * not free).
     *
     * @throws IllegalArgumentException if a buffer is too small for these matrices.
     */
    public ProverInputs evaluate(final Witness witness, final Circuit circuit, final int threads,
        final SynthesisBuffers buffers)
    {
        buffers.requireFits(counts());
        return evaluate(witness, circuit, threads, GrowableSegment.fixed(buffers.a()),
            GrowableSegment.fixed(buffers.b()), GrowableSegment.fixed(buffers.c()));
    }

    private ProverInputs evaluate(final Witness witness, final Circuit circuit, final int threads,
        final GrowableSegment aStore, final GrowableSegment bStore, final GrowableSegment cStore)
    {
        if (witness.numInputs() != numInputs || witness.numAux() != numAux
            || witness.numConstraints() != numConstraints())
        {
            aStore.close();
            bStore.close();
            cStore.close();
            throw new SynthesisException("witness of " + witness.counts() + " does not fit matrices of " + counts());
        }
        final MemorySegment inputs = witness.inputSegment();
        final MemorySegment aux = witness.auxSegment();
        final long columns = (long)numInputs + numAux;
        final byte[] kinds = witness.kinds() != null ? witness.kinds() : new byte[Math.toIntExact(columns)];
        if (witness.kinds() == null)
        {
            final AtomicLong nextKinds = new AtomicLong();
            runParallel(() ->
            {
                for (long from = nextKinds.getAndAdd(KIND_CHUNK); from < columns;
                    from = nextKinds.getAndAdd(KIND_CHUNK))
                {
                    SparseProduct.kinds(inputs, aux, numInputs, from, Math.min(columns, from + KIND_CHUNK), kinds);
                }
            }, Math.max(1, threads));
        }
        final AtomicLong nextChunk = new AtomicLong();
        final Runnable worker = () ->
        {
            final SparseProduct product = new SparseProduct(classes, coefficients);
            final long n = numConstraints();
            for (long from = nextChunk.getAndAdd(CHUNK_ROWS); from < n; from = nextChunk.getAndAdd(CHUNK_ROWS))
            {
                final long to = Math.min(n, from + CHUNK_ROWS);
                product.rows(a, kinds, inputs, aux, numInputs, from, to, aStore.segment());
                product.rows(b, kinds, inputs, aux, numInputs, from, to, bStore.segment());
                product.rows(c, kinds, inputs, aux, numInputs, from, to, cStore.segment());
            }
        };
        runParallel(worker, Math.max(1, threads));
        ProvingAssignment.appendInputRows(witness, numConstraints(), aStore.segment(), bStore.segment(),
            cStore.segment());
        return new ProverInputs(witness, aStore, bStore, cStore, aAuxDensity(), bInputDensity(), bAuxDensity(),
            circuit);
    }

    private static void runParallel(final Runnable worker, final int threads)
    {
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Runnable guarded = () ->
        {
            try
            {
                worker.run();
            }
            catch (final RuntimeException | Error ex)
            {
                failure.compareAndSet(null, ex);
            }
        };
        final Thread[] pool = new Thread[threads - 1];
        for (int i = 0; i < pool.length; i++)
        {
            pool[i] = Thread.ofPlatform().name("jprove-spmv-" + i).start(guarded);
        }
        guarded.run();
        for (final Thread th : pool)
        {
            try
            {
                th.join();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while evaluating constraints", ex);
            }
        }
        if (failure.get() != null)
        {
            throw new IllegalStateException("constraint evaluation failed", failure.get());
        }
    }

    private void mark(final SparseMatrix m, final DensityBitmap inputDensity, final DensityBitmap auxDensity)
    {
        final long nnz = m.nnz();
        for (long e = 0; e < nnz; e++)
        {
            final int col = m.column(e);
            if (col < numInputs)
            {
                if (inputDensity != null)
                {
                    inputDensity.set(col);
                }
            }
            else
            {
                auxDensity.set(col - numInputs);
            }
        }
    }

    long[] coefficientLimbs()
    {
        return coefficients;
    }

    @Override
    public void close()
    {
        release.run();
    }
}
