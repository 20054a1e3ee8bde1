package io.jprove.engine.r1cs;

import io.jprove.field.Fr;
import io.jprove.field.FrVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The assignment z = (inputs, aux) of a synthesized circuit, off-heap in the FrVector layout (32 bytes per element,
 * Montgomery form, four little-endian limbs), plus the number of constraints the circuit enforced.
 * <p>
 * Owns its memory: {@link #close()} frees it; ownership passes to the {@link ProverInputs} built from it.
 */
public final class Witness implements AutoCloseable
{
    static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final long ELEMENT_BYTES = FrVector.ELEMENT_BYTES;
    /** A value's kind ({@link #attachKinds}): zero. */
    public static final byte KIND_ZERO = 0;
    /** A value's kind: one. */
    public static final byte KIND_ONE = 1;
    /** A value's kind: anything else. */
    public static final byte KIND_OTHER = 2;

    private final GrowableSegment inputStore;
    private final GrowableSegment auxStore;
    private MemorySegment inputs;
    private MemorySegment aux;
    private int numInputs;
    private int numAux;
    private long numConstraints;
    private final long[] value = new long[Fr.LIMBS];
    private byte[] kinds;

    Witness(final int inputCapacity, final int auxCapacity)
    {
        this(new GrowableSegment(inputCapacity * ELEMENT_BYTES), new GrowableSegment(auxCapacity * ELEMENT_BYTES));
    }

    /** A witness written into the caller's buffers (which it does not free). */
    Witness(final SynthesisBuffers buffers)
    {
        this(GrowableSegment.fixed(buffers.inputs()), GrowableSegment.fixed(buffers.aux()));
    }

    /**
     * A witness of {@code counts} whose values the caller writes in place ({@link #inputMemory()},
     * {@link #auxMemory()}): a native synthesizer that knows the circuit's allocation order. Its memory is zeroed;
     * {@link #close()} frees it.
     *
     * @param counts the circuit's counts; the constraints are those the witness will be evaluated against.
     */
    public static Witness allocate(final ConstraintCounts counts)
    {
        return filled(new Witness(counts.numInputs(), counts.numAux()), counts);
    }

    /**
     * As {@link #allocate}, over the caller's buffers (sized for {@code counts}), which {@link #close()} does not
     * free.
     *
     * @throws IllegalArgumentException if a buffer is too small for {@code counts}.
     */
    public static Witness over(final SynthesisBuffers buffers, final ConstraintCounts counts)
    {
        buffers.requireFits(counts);
        return filled(new Witness(buffers), counts);
    }

    private static Witness filled(final Witness w, final ConstraintCounts counts)
    {
        w.inputs = w.inputStore.ensure(counts.numInputs() * ELEMENT_BYTES);
        w.aux = w.auxStore.ensure(counts.numAux() * ELEMENT_BYTES);
        w.numInputs = counts.numInputs();
        w.numAux = counts.numAux();
        w.numConstraints = counts.numConstraints();
        return w;
    }

    private Witness(final GrowableSegment inputStore, final GrowableSegment auxStore)
    {
        this.inputStore = inputStore;
        this.auxStore = auxStore;
        inputs = inputStore.segment();
        aux = auxStore.segment();
    }

    /** Computes and appends an input value. @return its index. */
    int appendInput(final String annotation, final WitnessFunction f)
    {
        final int index = BaseConstraintSystem.nextIndex(numInputs, "input");
        compute(annotation, f, "input", index);
        inputs = inputStore.ensure((index + 1L) * ELEMENT_BYTES);
        store(inputs, index * ELEMENT_BYTES, value);
        numInputs++;
        return index;
    }

    /** Computes and appends an aux value. @return its index. */
    int appendAux(final String annotation, final WitnessFunction f)
    {
        final int index = BaseConstraintSystem.nextIndex(numAux, "aux");
        compute(annotation, f, "aux", index);
        aux = auxStore.ensure((index + 1L) * ELEMENT_BYTES);
        store(aux, index * ELEMENT_BYTES, value);
        numAux++;
        return index;
    }

    void setNumConstraints(final long n)
    {
        numConstraints = n;
    }

    /** Reads the value of a variable handle into {@code out[offset..offset+4)}. */
    void read(final int variable, final long[] out, final int offset)
    {
        final MemorySegment s;
        final long at;
        if (variable < 0)
        {
            final int i = -1 - variable;
            if (i >= numInputs)
            {
                throw new SynthesisException("constraint " + numConstraints + " uses " + Variable.toString(variable)
                    + " but only " + numInputs + " inputs exist");
            }
            s = inputs;
            at = i * ELEMENT_BYTES;
        }
        else
        {
            if (variable >= numAux)
            {
                throw new SynthesisException("constraint " + numConstraints + " uses " + Variable.toString(variable)
                    + " but only " + numAux + " aux variables exist");
            }
            s = aux;
            at = variable * ELEMENT_BYTES;
        }
        load(s, at, out, offset);
    }

    /** @return public inputs, ONE first. */
    public FrVector inputs()
    {
        return FrVector.wrap(inputs.asSlice(0, numInputs * ELEMENT_BYTES));
    }

    /** @return the public inputs without ONE, Fr limbs back to back (what a verifier is given). */
    public long[] publicInputs()
    {
        final long[] out = new long[(numInputs - 1) * Fr.LIMBS];
        for (int i = 1; i < numInputs; i++)
        {
            load(inputs, i * ELEMENT_BYTES, out, (i - 1) * Fr.LIMBS);
        }
        return out;
    }

    /** @return aux values. */
    public FrVector aux()
    {
        return FrVector.wrap(aux.asSlice(0, numAux * ELEMENT_BYTES));
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

    /** @return constraints the circuit enforced while this witness was computed. */
    public long numConstraints()
    {
        return numConstraints;
    }

    /** @return the counts of the circuit this witness belongs to. */
    public ConstraintCounts counts()
    {
        return new ConstraintCounts(numInputs, numAux, numConstraints);
    }

    /** @return the inputs' memory, ONE first, {@link #numInputs()} elements: for a caller that writes them. */
    public MemorySegment inputMemory()
    {
        return inputs.asSlice(0, numInputs * ELEMENT_BYTES);
    }

    /** @return the aux variables' memory, {@link #numAux()} elements: for a caller that writes them. */
    public MemorySegment auxMemory()
    {
        return aux.asSlice(0, numAux * ELEMENT_BYTES);
    }

    /**
     * Attaches every value's kind, inputs first then aux ({@link #KIND_ZERO}, {@link #KIND_ONE} or
     * {@link #KIND_OTHER}), for a caller that knows them as it writes the values (a native synthesizer): the sparse
     * product then reads a byte per entry instead of classing the whole witness first. They must be exact.
     *
     * @throws IllegalArgumentException when there is not one per variable
     */
    public void attachKinds(final byte[] valueKinds)
    {
        if (valueKinds.length != (long)numInputs + numAux)
        {
            throw new IllegalArgumentException(valueKinds.length + " value kinds for " + numInputs + " inputs and "
                + numAux + " aux variables");
        }
        this.kinds = valueKinds;
    }

    /** @return the attached kinds ({@link #KIND_ZERO}, {@link #KIND_ONE}, {@link #KIND_OTHER}), or null; not a copy. */
    public byte[] kinds()
    {
        return kinds;
    }

    MemorySegment inputSegment()
    {
        return inputs;
    }

    MemorySegment auxSegment()
    {
        return aux;
    }

    @Override
    public void close()
    {
        inputStore.close();
        auxStore.close();
    }

    private void compute(final String annotation, final WitnessFunction f, final String kind, final int index)
    {
        f.compute(value, 0);
        if (!Fr.FIELD.isCanonical(value, 0))
        {
            throw new SynthesisException("value of " + kind + "[" + index + "] '" + annotation
                + "' is not a reduced Fr element");
        }
    }

    static void store(final MemorySegment s, final long at, final long[] v)
    {
        s.set(LIMB, at, v[0]);
        s.set(LIMB, at + 8, v[1]);
        s.set(LIMB, at + 16, v[2]);
        s.set(LIMB, at + 24, v[3]);
    }

    static void load(final MemorySegment s, final long at, final long[] out, final int offset)
    {
        out[offset] = s.get(LIMB, at);
        out[offset + 1] = s.get(LIMB, at + 8);
        out[offset + 2] = s.get(LIMB, at + 16);
        out[offset + 3] = s.get(LIMB, at + 24);
    }
}
