package io.jprove.engine.r1cs;

import java.util.ArrayList;
import java.util.List;

import io.jprove.field.Fr;

/**
 * Fingerprint mode: measures a circuit's {@link R1csFingerprint} without storing its matrices, so that any circuit,
 * a 32 GiB partition included, is fingerprinted in memory bounded by its densities (a bit per variable). Two
 * synthesis passes without witness: one counts (the hash starts with the counts), one normalizes every combination
 * and streams it into BLAKE2s while counting terms and marking densities.
 * <p>
 * A {@link RowSink} can watch the second pass (the dump writer, {@link R1csDump}): it then sees every canonical row
 * with its namespace path, and every variable, with its value when the sink asks for the witness.
 */
public final class FingerprintAssignment extends BaseConstraintSystem
{
    private static final int BUFFER_BYTES = 1 << 14;
    private static final int TERM_BYTES = 1 + Long.BYTES + Fr.BYTES;
    /** One and −1 as hashed: 32 bytes big-endian, canonical. */
    private static final byte[] ONE_BYTES = bigEndian(LinearCombination.ONE);
    private static final byte[] MINUS_ONE_BYTES = bigEndian(LinearCombination.MINUS_ONE);

    private final ConstraintCounts expected;
    private final RowSink sink;
    private final Blake2s blake = new Blake2s();
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int buffered;
    private final LinearCombination a = new LinearCombination(64);
    private final LinearCombination b = new LinearCombination(64);
    private final LinearCombination c = new LinearCombination(64);
    private final long[] canonical = new long[Fr.LIMBS];
    private final long[] value = new long[Fr.LIMBS];
    private final DensityBitmap aAux;
    private final DensityBitmap bAux;
    private final DensityBitmap cAux;
    private final DensityBitmap aInputs;
    private final DensityBitmap bInputs;
    private final DensityBitmap cInputs;
    private final List<String> path = new ArrayList<>();
    private long nnzA;
    private long nnzB;
    private long nnzC;

    /** Receives the rows and variables of the hashing pass, in order. */
    public interface RowSink
    {
        /** @return whether {@link #variable} should get values (the circuit then computes its witness). */
        boolean wantsValues();

        /**
         * One variable, as allocated.
         *
         * @param input  whether it is a public input
         * @param index  its input or aux index
         * @param value  its value (Montgomery limbs) when {@link #wantsValues()}, else null
         * @param name   namespace path and annotation
         */
        void variable(boolean input, int index, long[] value, String name);

        /** One constraint: canonical A, B, C (valid during the call) and its namespace path and annotation. */
        void row(long index, LinearCombination a, LinearCombination b, LinearCombination c, String name);
    }

    private FingerprintAssignment(final ConstraintCounts expected, final RowSink sink)
    {
        this.expected = expected;
        this.sink = sink;
        aAux = new DensityBitmap(expected.numAux());
        bAux = new DensityBitmap(expected.numAux());
        cAux = new DensityBitmap(expected.numAux());
        aInputs = new DensityBitmap(expected.numInputs());
        bInputs = new DensityBitmap(expected.numInputs());
        cInputs = new DensityBitmap(expected.numInputs());
        final byte[] header = new byte[3 * Long.BYTES];
        putLong(header, 0, expected.numInputs());
        putLong(header, Long.BYTES, expected.numAux());
        putLong(header, 2 * Long.BYTES, expected.numConstraints());
        blake.update(header);
    }

    /** @return the circuit's fingerprint. */
    public static R1csFingerprint measure(final Circuit circuit)
    {
        return measure(circuit, null);
    }

    /**
     * @param sink sees the rows and variables of the hashing pass; or null.
     * @return the circuit's fingerprint.
     * @throws SynthesisException if the two passes synthesize different shapes.
     */
    public static R1csFingerprint measure(final Circuit circuit, final RowSink sink)
    {
        return measure(circuit, CountingAssignment.count(circuit), sink);
    }

    /**
     * As {@link #measure(Circuit, RowSink)} with the counts already known (from {@link CountingAssignment}): one
     * synthesis pass.
     *
     * @throws SynthesisException if the circuit's shape differs from {@code counts}.
     */
    public static R1csFingerprint measure(final Circuit circuit, final ConstraintCounts counts, final RowSink sink)
    {
        final FingerprintAssignment cs = new FingerprintAssignment(counts, sink);
        cs.run(circuit);
        final ConstraintCounts seen = new ConstraintCounts(cs.numInputs, cs.numAux, cs.numConstraints);
        if (!seen.equals(counts))
        {
            throw new SynthesisException("the circuit synthesized " + seen + " after counting " + counts
                + ": its shape is not deterministic, or not the one counted");
        }
        cs.flush();
        final StringBuilder hex = new StringBuilder(2 * Blake2s.DIGEST_BYTES);
        for (final byte x : cs.blake.finish())
        {
            hex.append(Character.forDigit(x >>> 4 & 15, 16)).append(Character.forDigit(x & 15, 16));
        }
        return new R1csFingerprint(counts.numInputs(), counts.numAux(), counts.numConstraints(), cs.nnzA, cs.nnzB,
            cs.nnzC, cs.aAux.cardinality(), cs.bAux.cardinality(), cs.bInputs.cardinality(), cs.cAux.cardinality(),
            cs.aInputs.cardinality(), cs.cInputs.cardinality(), hex.toString());
    }

    @Override
    public int alloc(final String annotation, final WitnessFunction fn)
    {
        final int index = nextIndex(numAux, "aux");
        if (index >= expected.numAux())
        {
            throw new SynthesisException("more aux variables than counted (" + expected.numAux() + ")");
        }
        numAux++;
        if (sink != null)
        {
            sink.variable(false, index, compute(fn), name(annotation));
        }
        return index;
    }

    @Override
    public int allocInput(final String annotation, final WitnessFunction fn)
    {
        final int index = nextIndex(numInputs, "input");
        if (index >= expected.numInputs())
        {
            throw new SynthesisException("more inputs than counted (" + expected.numInputs() + ")");
        }
        numInputs++;
        if (sink != null)
        {
            sink.variable(true, index, compute(fn), name(annotation));
        }
        return Variable.input(index);
    }

    @Override
    public void enforce(final String annotation, final LinearCombination la, final LinearCombination lb,
        final LinearCombination lc)
    {
        if (numConstraints >= expected.numConstraints())
        {
            throw new SynthesisException("more constraints than counted (" + expected.numConstraints() + ")");
        }
        la.normalizeInto(a);
        lb.normalizeInto(b);
        lc.normalizeInto(c);
        nnzA += absorb(a, aInputs, aAux);
        nnzB += absorb(b, bInputs, bAux);
        nnzC += absorb(c, cInputs, cAux);
        if (sink != null)
        {
            sink.row(numConstraints, a, b, c, name(annotation));
        }
        numConstraints++;
    }

    @Override
    public void pushNamespace(final String name)
    {
        super.pushNamespace(name);
        if (sink != null)
        {
            path.add(name);
        }
    }

    @Override
    public void popNamespace()
    {
        super.popNamespace();
        if (sink != null)
        {
            path.removeLast();
        }
    }

    @Override
    public boolean needsWitness()
    {
        return sink != null && sink.wantsValues();
    }

    @Override
    public boolean needsConstraints()
    {
        return true;
    }

    /** Hashes one canonical combination, marks its variables; @return its terms. */
    private int absorb(final LinearCombination lc, final DensityBitmap inputs, final DensityBitmap aux)
    {
        final int n = lc.size();
        ensureRoom(Long.BYTES);
        putLong(buffer, buffered, n);
        buffered += Long.BYTES;
        final int[] vars = lc.variableArray();
        final long[] coefficients = lc.coefficientLimbs();
        final byte[] kinds = lc.kindArray();
        for (int i = 0; i < n; i++)
        {
            ensureRoom(TERM_BYTES);
            final int v = vars[i];
            if (v < 0)
            {
                buffer[buffered] = 'I';
                putLong(buffer, buffered + 1, -1L - v);
                inputs.set(-1 - v);
            }
            else
            {
                buffer[buffered] = 'A';
                putLong(buffer, buffered + 1, v);
                aux.set(v);
            }
            final int at = buffered + 1 + Long.BYTES;
            switch (kinds[i])
            {
                case LinearCombination.KIND_ONE -> System.arraycopy(ONE_BYTES, 0, buffer, at, Fr.BYTES);
                case LinearCombination.KIND_MINUS_ONE -> System.arraycopy(MINUS_ONE_BYTES, 0, buffer, at, Fr.BYTES);
                default ->
                {
                    Fr.FIELD.toCanonical(canonical, 0, coefficients, i * Fr.LIMBS);
                    for (int limb = 0; limb < Fr.LIMBS; limb++)
                    {
                        putLong(buffer, at + Long.BYTES * (Fr.LIMBS - 1 - limb), canonical[limb]);
                    }
                }
            }
            buffered += TERM_BYTES;
        }
        return n;
    }

    private void ensureRoom(final int bytes)
    {
        if (buffered + bytes > BUFFER_BYTES)
        {
            flush();
        }
    }

    private void flush()
    {
        blake.update(buffer, 0, buffered);
        buffered = 0;
    }

    private long[] compute(final WitnessFunction fn)
    {
        if (!needsWitness())
        {
            return null;
        }
        fn.compute(value, 0);
        return value;
    }

    private String name(final String annotation)
    {
        if (path.isEmpty())
        {
            return annotation;
        }
        return String.join("/", path) + "/" + annotation;
    }

    private static byte[] bigEndian(final long[] element)
    {
        final byte[] le = new byte[Fr.BYTES];
        Fr.toBytes(element, 0, le, 0);
        final byte[] be = new byte[Fr.BYTES];
        for (int i = 0; i < Fr.BYTES; i++)
        {
            be[i] = le[Fr.BYTES - 1 - i];
        }
        return be;
    }

    private static void putLong(final byte[] out, final int at, final long x)
    {
        for (int i = 0; i < Long.BYTES; i++)
        {
            out[at + i] = (byte)(x >>> (56 - 8 * i));
        }
    }
}
