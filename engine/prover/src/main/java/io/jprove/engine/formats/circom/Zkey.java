package io.jprove.engine.formats.circom;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.stream.LongStream;

import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.KeyLoading;
import io.jprove.engine.formats.KeyMemory;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.groth16.KeySizes;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.SnarkjsReduction;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.field.Fq;
import io.jprove.field.Fr;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;

/**
 * A snarkjs Groth16 proving key ({@code .zkey}, iden3 container "zkey" version 1) for BLS12-381, read memory-mapped
 * into jprove's layout and validated.
 * <pre>
 * 1 header:          u32 protocol (1 = Groth16)
 * 2 groth16 header:  u32 n8q, q, u32 n8r, r, u32 nVars, u32 nPublic, u32 domainSize, α₁ β₁ β₂ γ₂ δ₁ δ₂
 * 3 IC:              nPublic + 1 G1 points
 * 4 coefficients:    u32 n, then n × {u32 matrix (0 = A, 1 = B), u32 constraint, u32 signal, value·R² mod r}
 * 5 A, 6 B1, 7 B2:   nVars points each (G1, G1, G2; infinity for a signal absent from the matrix)
 * 8 C:               nVars − nPublic − 1 G1 points (private signals)
 * 9 H:               domainSize G1 points, for the quotient evaluated on the odd coset of the 2m-th roots
 * </pre>
 * Points are affine, coordinates in Montgomery form (R = 2^384), little-endian: jprove's own limbs, so no conversion
 * is needed; infinity is all-zero. A, B1 and B2 are kept without their points at infinity, with density bitmaps
 * (as bellperson's queries), so the MSMs skip the signals absent from a matrix. Every coordinate is checked to be below
 * q and every point on its curve; with {@code checked} also in its subgroup, on all cores, unless the file's SHA-256
 * is in the {@link CheckedKeys} record given, as it is once the same bytes have passed. C = A·B is implied (snarkjs
 * stores no C matrix).
 * <p>
 * {@link #provingKey()} is the same key as jprove's prover takes it: C is the l query, and the H points are
 * permuted once from snarkjs's order of the coset's points into jprove's ({@link SnarkjsReduction}).
 */
public final class Zkey implements AutoCloseable
{
    private static final String[] SECTIONS = {"", "header", "groth16 header", "IC", "coefficients", "A", "B1", "B2",
        "C", "H", "contributions"};
    private static final int HEADER = 1;
    private static final int GROTH_HEADER = 2;
    private static final int IC = 3;
    private static final int COEFFICIENTS = 4;
    private static final int A = 5;
    private static final int B1 = 6;
    private static final int B2 = 7;
    private static final int C = 8;
    private static final int H = 9;
    private static final int G1_BYTES = 2 * Fq.BYTES;
    private static final int G2_BYTES = 4 * Fq.BYTES;
    private static final int COEFFICIENT_BYTES = 12 + Fr.BYTES;
    private static final int CHUNK = 1 << 12;
    private static final ValueLayout.OfLong LIMB = BinaryContainer.U64;
    /** The {@link CheckedKeys} kind of a zkey whose points passed {@link PointChecks#ALL}. */
    static final String CHECKED_KIND = "zkey-points-v1";

    private final int nVars;
    private final int nPublic;
    private final int domainSize;
    private final VerifyingKey vk;
    private final int[] matrix;
    private final int[] constraint;
    private final int[] signal;
    private final long[] values;
    private final G1AffineVector a;
    private final G1AffineVector b1;
    private final G2AffineVector b2;
    private final BitSet aDensity;
    private final BitSet bDensity;
    private final G1AffineVector c;
    private final G1AffineVector h;
    private final ProvingKey provingKey;
    private final Arena arena;
    private final Path file;
    private final PointChecks checks;

    private Zkey(final BinaryContainer f, final PointChecks checks, final KeyLoading loading)
    {
        this.checks = checks;
        loading.checks(checks);
        file = f.file();
        final Layout layout = layout(f);
        nVars = layout.nVars();
        nPublic = layout.nPublic();
        domainSize = layout.domainSize();
        final long at = layout.pointsAt();
        final long[] alpha = g1Point(f, GROTH_HEADER, at, checks, "alpha_1");
        final long[] beta1 = g1Point(f, GROTH_HEADER, at + G1_BYTES, checks, "beta_1");
        final long[] beta2 = g2Point(f, GROTH_HEADER, at + 2 * G1_BYTES, checks, "beta_2");
        final long[] gamma2 = g2Point(f, GROTH_HEADER, at + 2 * G1_BYTES + G2_BYTES, checks, "gamma_2");
        final long[] delta1 = g1Point(f, GROTH_HEADER, at + 2 * G1_BYTES + 2 * G2_BYTES, checks, "delta_1");
        final long[] delta2 = g2Point(f, GROTH_HEADER, at + 3 * G1_BYTES + 2 * G2_BYTES, checks, "delta_2");
        final long[] ic = new long[(nPublic + 1) * G1.AFFINE_LIMBS];
        final long icAt = f.section(IC);
        requireSize(f, IC, (long)(nPublic + 1) * G1_BYTES);
        for (int i = 0; i <= nPublic; i++)
        {
            System.arraycopy(g1Point(f, IC, icAt + (long)i * G1_BYTES, checks, "IC point " + i), 0, ic,
                i * G1.AFFINE_LIMBS, G1.AFFINE_LIMBS);
        }
        vk = new VerifyingKey(alpha, beta1, beta2, gamma2, delta1, delta2, ic);

        final long cAt = f.section(COEFFICIENTS);
        final int count = Math.toIntExact(layout.coefficients());
        matrix = new int[count];
        constraint = new int[count];
        signal = new int[count];
        values = new long[count * Fr.LIMBS];
        readCoefficients(f, cAt);

        arena = Arena.ofShared();
        try
        {
            final G1AffineVector allA = g1Section(f, A, nVars, checks, loading);
            final G1AffineVector allB1 = g1Section(f, B1, nVars, checks, loading);
            final G2AffineVector allB2 = g2Section(f, B2, nVars, checks, loading);
            // signals absent from A or B have points at infinity: keep the others, selected by a density bitmap
            aDensity = finite(allA.segment(), G1AffineVector.ELEMENT_BYTES, nVars);
            bDensity = finite(allB1.segment(), G1AffineVector.ELEMENT_BYTES, nVars);
            final BitSet b2Density = finite(allB2.segment(), G2AffineVector.ELEMENT_BYTES, nVars);
            if (!bDensity.equals(b2Density))
            {
                final BitSet diff = (BitSet)bDensity.clone();
                diff.xor(b2Density);
                throw f.error("B2", f.section(B2) + (long)diff.nextSetBit(0) * G2_BYTES, "point "
                    + diff.nextSetBit(0) + " is at infinity in exactly one of B1 and B2");
            }
            a = G1AffineVector.wrap(compact(allA.segment(), G1AffineVector.ELEMENT_BYTES, aDensity));
            b1 = G1AffineVector.wrap(compact(allB1.segment(), G1AffineVector.ELEMENT_BYTES, bDensity));
            b2 = G2AffineVector.wrap(compact(allB2.segment(), G2AffineVector.ELEMENT_BYTES, bDensity));
            c = g1Section(f, C, nVars - nPublic - 1, checks, loading);
            h = g1Section(f, H, domainSize, checks, loading);
            provingKey = new ProvingKey(vk, jproveOrder(h), c, a, b1, b2, SnarkjsReduction.INSTANCE, null);
        }
        catch (final RuntimeException | Error e)
        {
            arena.close();
            throw e;
        }
    }

    /**
     * The counts of the headers.
     *
     * @param pointsAt     where α₁ starts in the groth16 header.
     * @param coefficients the coefficient count.
     */
    private record Layout(int nVars, int nPublic, int domainSize, long pointsAt, long coefficients, long memory)
    {
    }

    /**
     * Reads only the sizes of a {@code .zkey} file: its headers' counts, with every section's size checked against
     * them and the memory the points take against the host's; no point is read or checked.
     *
     * @return the shape the key proves (nPublic + 1 inputs, nVars − nPublic − 1 aux, its domain) and its memory.
     * @throws io.jprove.engine.r1cs.MalformedFileException naming file, section and byte offset of what is wrong.
     */
    public static KeySizes sizes(final Path file)
    {
        try (BinaryContainer f = BinaryContainer.open(file, "zkey", 1, SECTIONS))
        {
            final Layout l = layout(f);
            return new KeySizes(l.nPublic() + 1, l.nVars() - l.nPublic() - 1L, l.domainSize(), l.memory());
        }
    }

    /**
     * Reads the headers' counts and checks every section's size against them, and the memory their points take
     * against the host's, before anything is hashed, allocated or checked point by point.
     */
    private static Layout layout(final BinaryContainer f)
    {
        final long hAt = f.section(HEADER);
        f.require(HEADER, hAt, 4, "protocol");
        final int protocol = f.u32(hAt);
        if (protocol != 1)
        {
            throw f.error("header", hAt, "protocol " + Integer.toUnsignedString(protocol) + " is not Groth16 (1)");
        }
        long at = f.section(GROTH_HEADER);
        at = requireBaseField(f, at);
        at = f.requireScalarField(GROTH_HEADER, at);
        f.require(GROTH_HEADER, at, 12 + 3 * G1_BYTES + 3 * G2_BYTES, "counts and the key points");
        final int nVars = f.u32(at);
        final int nPublic = f.u32(at + 4);
        final int domainSize = f.u32(at + 8);
        if (nVars < 1 || nPublic < 0 || nPublic >= nVars)
        {
            throw f.error("groth16 header", at, "nVars " + Integer.toUnsignedString(nVars) + " and nPublic "
                + Integer.toUnsignedString(nPublic) + " are inconsistent");
        }
        if (domainSize < 2 || Integer.bitCount(domainSize) != 1 || domainSize > 1 << 28)
        {
            throw f.error("groth16 header", at + 8, "domain size " + Integer.toUnsignedString(domainSize)
                + " is not a power of two in [2, 2^28]");
        }
        requireSize(f, IC, (long)(nPublic + 1) * G1_BYTES);
        final long cAt = f.section(COEFFICIENTS);
        f.require(COEFFICIENTS, cAt, 4, "coefficient count");
        final long n = Integer.toUnsignedLong(f.u32(cAt));
        requireSize(f, COEFFICIENTS, 4 + n * COEFFICIENT_BYTES);
        requireSize(f, A, (long)nVars * G1_BYTES);
        requireSize(f, B1, (long)nVars * G1_BYTES);
        requireSize(f, B2, (long)nVars * G2_BYTES);
        requireSize(f, C, (long)(nVars - nPublic - 1) * G1_BYTES);
        requireSize(f, H, (long)domainSize * G1_BYTES);
        // A, B1 and B2 read and then kept compacted, H read and kept in jproveOrder, C, and the coefficients
        final long points = 2 * ((long)nVars * (2 * G1_BYTES + G2_BYTES)) + (long)(nVars - nPublic - 1) * G1_BYTES
            + 2L * domainSize * G1_BYTES + n * (12 + Fr.BYTES);
        final int largest = (long)domainSize * 2 > 3L * nVars ? H : B2;
        KeyMemory.requireFits(f.file(), SECTIONS[largest], f.section(largest), points);
        return new Layout(nVars, nPublic, domainSize, at + 12, n, points);
    }

    private void readCoefficients(final BinaryContainer f, final long cAt)
    {
        final int count = matrix.length;
        for (int i = 0; i < count; i++)
        {
            final long e = cAt + 4 + (long)i * COEFFICIENT_BYTES;
            matrix[i] = f.u32(e);
            constraint[i] = f.u32(e + 4);
            signal[i] = f.u32(e + 8);
            if (matrix[i] != 0 && matrix[i] != 1)
            {
                throw f.error("coefficients", e, "matrix " + Integer.toUnsignedString(matrix[i]) + " is not A (0) "
                    + "or B (1)");
            }
            if (constraint[i] < 0 || constraint[i] >= domainSize)
            {
                throw f.error("coefficients", e + 4, "constraint " + Integer.toUnsignedString(constraint[i])
                    + " is outside the domain of " + domainSize);
            }
            if (signal[i] < 0 || signal[i] >= nVars)
            {
                throw f.error("coefficients", e + 8, "signal " + Integer.toUnsignedString(signal[i])
                    + " is outside the " + nVars + " signals");
            }
            f.readElement(COEFFICIENTS, e + 12, values, i * Fr.LIMBS, "coefficient " + i);
            // stored as v·R² mod r: one Montgomery reduction leaves v·R, jprove's form of v
            Fr.FIELD.toCanonical(values, i * Fr.LIMBS, values, i * Fr.LIMBS);
        }
    }

    /**
     * Maps and validates a {@code .zkey} file, remembering nothing.
     *
     * @param checked whether to test every point for subgroup membership (false only for trusted files).
     * @throws io.jprove.engine.r1cs.MalformedFileException naming file, section and byte offset of what is wrong.
     */
    public static Zkey open(final Path file, final boolean checked)
    {
        return open(file, checked, CheckedKeys.none());
    }

    /**
     * Maps and validates a {@code .zkey} file. With {@code checked}, a file whose SHA-256 is in {@code remembered}
     * has its points taken as they are ({@link PointChecks#REMEMBERED}); any other is checked in full and, once it
     * has passed, added there. The structure (sections, sizes, counts, coefficients) is checked every time.
     *
     * @param checked    whether to test every point for subgroup membership (false only for trusted files).
     * @param remembered the keys that passed before ({@link CheckedKeys#none()} for none).
     * @throws io.jprove.engine.r1cs.MalformedFileException naming file, section and byte offset of what is wrong.
     */
    public static Zkey open(final Path file, final boolean checked, final CheckedKeys remembered)
    {
        return open(file, checked, remembered, KeyLoading.unwatched());
    }

    /**
     * As {@link #open(Path, boolean, CheckedKeys)}, reporting its progress to {@code loading} (the hash, then the
     * points section by section) and stopping at the next chunk once it is cancelled.
     *
     * @throws java.util.concurrent.CancellationException when {@code loading} was cancelled; nothing stays allocated.
     */
    public static Zkey open(final Path file, final boolean checked, final CheckedKeys remembered,
        final KeyLoading loading)
    {
        try (BinaryContainer f = BinaryContainer.open(file, "zkey", 1, SECTIONS))
        {
            // the sizes first: a file that promises more than it holds or the host has is refused before it is hashed
            final Layout layout = layout(f);
            loading.expect((long)layout.nVars() * (2 * G1_BYTES + G2_BYTES)
                + (long)(layout.nVars() - layout.nPublic() - 1) * G1_BYTES + (long)layout.domainSize() * G1_BYTES);
            if (!checked)
            {
                return new Zkey(f, PointChecks.ON_CURVE, loading);
            }
            if (remembered.file() != null)
            {
                loading.expect(f.data().byteSize());
            }
            final String digest = remembered.file() == null ? null : CheckedKeys.sha256(f.data(), loading);
            if (digest != null && remembered.contains(CHECKED_KIND, digest))
            {
                return new Zkey(f, PointChecks.REMEMBERED, loading);
            }
            final Zkey zkey = new Zkey(f, PointChecks.ALL, loading);
            if (digest != null)
            {
                remembered.add(CHECKED_KIND, digest);
            }
            return zkey;
        }
    }

    /** @return what was checked of the points when the file was opened. */
    public PointChecks pointChecks()
    {
        return checks;
    }


    private static long requireBaseField(final BinaryContainer f, final long at)
    {
        f.require(GROTH_HEADER, at, 4, "base field size");
        final int n8q = f.u32(at);
        if (n8q != Fq.BYTES)
        {
            throw f.error("groth16 header", at, "base field of " + Integer.toUnsignedString(n8q) + " bytes; "
                + "BLS12-381's q has " + Fq.BYTES + " (is the key for bn128? jprove proves over BLS12-381)");
        }
        f.require(GROTH_HEADER, at + 4, n8q, "the base field prime");
        final byte[] be = new byte[n8q + 1];
        for (int i = 0; i < n8q; i++)
        {
            be[n8q - i] = f.data().get(ValueLayout.JAVA_BYTE, at + 4 + i);
        }
        final BigInteger q = new BigInteger(be);
        if (!q.equals(Fq.MODULUS))
        {
            throw f.error("groth16 header", at + 4, "base field prime 0x" + q.toString(16) + " is not BLS12-381's q");
        }
        return at + 4 + n8q;
    }

    private static void requireSize(final BinaryContainer f, final int type, final long bytes)
    {
        final long size = f.sectionSize(type);
        if (size != bytes)
        {
            throw f.error(SECTIONS[type], f.section(type), "section holds " + size + " bytes, expected " + bytes
                + (size < bytes ? " (truncated)" : ""));
        }
    }

    private static void readLimbs(final BinaryContainer f, final long at, final long[] out, final int offset,
        final int count)
    {
        MemorySegment.copy(f.data(), LIMB, at, out, offset, count);
    }

    private static long[] g1Point(final BinaryContainer f, final int type, final long at, final PointChecks checks,
        final String what)
    {
        f.require(type, at, G1_BYTES, what);
        final long[] p = new long[G1.AFFINE_LIMBS];
        readLimbs(f, at, p, 0, G1.AFFINE_LIMBS);
        validateG1(f, type, at, p, 0, checks, what);
        return p;
    }

    private static long[] g2Point(final BinaryContainer f, final int type, final long at, final PointChecks checks,
        final String what)
    {
        f.require(type, at, G2_BYTES, what);
        final long[] p = new long[G2.AFFINE_LIMBS];
        readLimbs(f, at, p, 0, G2.AFFINE_LIMBS);
        validateG2(f, type, at, p, 0, checks, what);
        return p;
    }

    private static void validateG1(final BinaryContainer f, final int type, final long at, final long[] p,
        final int o, final PointChecks checks, final String what)
    {
        if (checks == PointChecks.REMEMBERED)
        {
            return;
        }
        requireCanonical(f, type, at, p, o, 2, what);
        if (!G1.isOnCurve(p, o))
        {
            throw f.error(SECTIONS[type], at, what + ": G1 point is not on the curve");
        }
        if (checks == PointChecks.ALL && !G1.isInSubgroup(p, o))
        {
            throw f.error(SECTIONS[type], at, what + ": G1 point is not in the prime-order subgroup");
        }
    }

    private static void validateG2(final BinaryContainer f, final int type, final long at, final long[] p,
        final int o, final PointChecks checks, final String what)
    {
        if (checks == PointChecks.REMEMBERED)
        {
            return;
        }
        requireCanonical(f, type, at, p, o, 4, what);
        if (!G2.isOnCurve(p, o))
        {
            throw f.error(SECTIONS[type], at, what + ": G2 point is not on the curve");
        }
        if (checks == PointChecks.ALL && !G2.isInSubgroup(p, o))
        {
            throw f.error(SECTIONS[type], at, what + ": G2 point is not in the prime-order subgroup");
        }
    }

    private static void requireCanonical(final BinaryContainer f, final int type, final long at, final long[] p,
        final int o, final int coordinates, final String what)
    {
        for (int k = 0; k < coordinates; k++)
        {
            if (!Fq.FIELD.isCanonical(p, o + k * Fq.LIMBS))
            {
                throw f.error(SECTIONS[type], at + (long)k * Fq.BYTES, what + ": coordinate " + k
                    + " is not below q (non-canonical Montgomery form)");
            }
        }
    }

    private G1AffineVector g1Section(final BinaryContainer f, final int type, final int n, final PointChecks checks,
        final KeyLoading loading)
    {
        final long start = f.section(type);
        requireSize(f, type, (long)n * G1_BYTES);
        final G1AffineVector v = KeyMemory.allocate(f.file(), SECTIONS[type], start, n, (long)n * G1_BYTES,
            () -> G1AffineVector.allocate(arena, n));
        MemorySegment.copy(f.data(), start, v.segment(), 0, (long)n * G1_BYTES);
        if (checks == PointChecks.REMEMBERED)
        {
            loading.advance((long)n * G1_BYTES);
            return v;
        }
        LongStream.range(0, (n + CHUNK - 1) / CHUNK).parallel().forEach(k ->
        {
            final long[] p = new long[G1.AFFINE_LIMBS];
            final long to = Math.min(n, (k + 1) * CHUNK);
            for (long i = k * CHUNK; i < to; i++)
            {
                v.get(i, p, 0);
                validateG1(f, type, start + i * G1_BYTES, p, 0, checks, "point " + i);
            }
            loading.advance((to - k * CHUNK) * G1_BYTES);
        });
        return v;
    }

    private G2AffineVector g2Section(final BinaryContainer f, final int type, final int n, final PointChecks checks,
        final KeyLoading loading)
    {
        final long start = f.section(type);
        requireSize(f, type, (long)n * G2_BYTES);
        final G2AffineVector v = KeyMemory.allocate(f.file(), SECTIONS[type], start, n, (long)n * G2_BYTES,
            () -> G2AffineVector.allocate(arena, n));
        MemorySegment.copy(f.data(), start, v.segment(), 0, (long)n * G2_BYTES);
        if (checks == PointChecks.REMEMBERED)
        {
            loading.advance((long)n * G2_BYTES);
            return v;
        }
        LongStream.range(0, (n + CHUNK - 1) / CHUNK).parallel().forEach(k ->
        {
            final long[] p = new long[G2.AFFINE_LIMBS];
            final long to = Math.min(n, (k + 1) * CHUNK);
            for (long i = k * CHUNK; i < to; i++)
            {
                v.get(i, p, 0);
                validateG2(f, type, start + i * G2_BYTES, p, 0, checks, "point " + i);
            }
            loading.advance((to - k * CHUNK) * G2_BYTES);
        });
        return v;
    }

    private static BitSet finite(final MemorySegment points, final long stride, final int n)
    {
        final BitSet bits = new BitSet(n);
        for (int i = 0; i < n; i++)
        {
            final MemorySegment p = points.asSlice(i * stride, stride);
            if (p.mismatch(MemorySegment.ofArray(new byte[(int)stride])) >= 0)
            {
                bits.set(i);
            }
        }
        return bits;
    }

    private MemorySegment compact(final MemorySegment points, final long stride, final BitSet keep)
    {
        final MemorySegment out = arena.allocate(Math.max(1, keep.cardinality() * stride), 64)
            .asSlice(0, keep.cardinality() * stride);
        long k = 0;
        for (int i = keep.nextSetBit(0); i >= 0; i = keep.nextSetBit(i + 1))
        {
            MemorySegment.copy(points, i * stride, out, k++ * stride, stride);
        }
        return out;
    }

    /** @return the signals whose A point is not at infinity: {@link #a()} holds exactly their points, in order. */
    public BitSet aDensity()
    {
        return (BitSet)aDensity.clone();
    }

    /** @return the signals whose B points are not at infinity: {@link #b1()} and {@link #b2()} hold theirs. */
    public BitSet bDensity()
    {
        return (BitSet)bDensity.clone();
    }

    /** @return signals, the constant 1 included (circom wires). */
    public int nVars()
    {
        return nVars;
    }

    /** @return public signals: outputs then public inputs, without the constant. */
    public int nPublic()
    {
        return nPublic;
    }

    /** @return the NTT domain size m. */
    public int domainSize()
    {
        return domainSize;
    }

    /** @return the verifying key (its ic is the zkey's IC). */
    public VerifyingKey vk()
    {
        return vk;
    }

    /** @return the number of A and B coefficients. */
    public int numCoefficients()
    {
        return matrix.length;
    }

    /** @return 0 for A, 1 for B. */
    public int matrix(final int i)
    {
        return matrix[i];
    }

    /** @return the coefficient's constraint (row). */
    public int constraint(final int i)
    {
        return constraint[i];
    }

    /** @return the coefficient's signal (column). */
    public int signal(final int i)
    {
        return signal[i];
    }

    /** @return the coefficients' values, Montgomery form, {@link Fr#LIMBS} limbs each (shared, do not modify). */
    long[] values()
    {
        return values;
    }

    /** @return the A query: the finite points, one per signal of {@link #aDensity()}. */
    public G1AffineVector a()
    {
        return a;
    }

    /** @return the B query in G1: the finite points, one per signal of {@link #bDensity()}. */
    public G1AffineVector b1()
    {
        return b1;
    }

    /** @return the B query in G2. */
    public G2AffineVector b2()
    {
        return b2;
    }

    /** @return the C query (private signals). */
    public G1AffineVector c()
    {
        return c;
    }

    /** @return the H query (domainSize points). */
    public G1AffineVector h()
    {
        return h;
    }

    /**
     * @return the key for {@link io.jprove.engine.groth16.Groth16Prover}, over this zkey's memory (valid until it is
     *         closed; closing the key frees nothing).
     */
    public ProvingKey provingKey()
    {
        return provingKey;
    }

    /** @return H with snarkjs's point i at jprove's index k·i mod m, so it pairs with jprove's H chain output. */
    private G1AffineVector jproveOrder(final G1AffineVector snarkjsOrder)
    {
        final long m = snarkjsOrder.size();
        final G1AffineVector out = G1AffineVector.wrap(arena.allocate(m * G1AffineVector.ELEMENT_BYTES, 64));
        final long bytes = G1AffineVector.ELEMENT_BYTES;
        for (long i = 0; i < m; i++)
        {
            MemorySegment.copy(snarkjsOrder.segment(), i * bytes, out.segment(),
                SnarkjsReduction.jproveIndex(i, m) * bytes, bytes);
        }
        return out;
    }

    /** @return the file read. */
    public Path file()
    {
        return file;
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
