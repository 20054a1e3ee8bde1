package io.jprove.kernels.spmv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

import io.jprove.field.Fr;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;

/**
 * The SpMV suite: random matrices with every coefficient code (±1, two, table coefficients up to the last 16-bit
 * code), empty, short and long rows, and witnesses of mostly bits, multiplied on the device, against the sums
 * computed with {@link BigInteger} and turned into Montgomery form; then c = a∘b, the input rows and the padding.
 */
final class SpmvConformance
{
    private static final long SEED = Long.getLong("jprove.test.seed", System.nanoTime());

    private SpmvConformance()
    {
    }

    static Stream<DynamicTest> tests(final Supplier<Accelerator> accelerators)
    {
        final List<DynamicTest> tests = new ArrayList<>();
        // rows of up to maxLen entries (one of ten times that): short and long rows (SpmvKernels.LONG_ROW) side by
        // side, and long ones of every length around the warp's multiples
        final int[][] shapes = {{1, 1, 1, 2}, {5, 3, 2, 16}, {300, 40, 5, 512}, {1000, 9, 3, 2048},
            {400, 70, 2, 512}};
        for (final int[] s : shapes)
        {
            tests.add(DynamicTest.dynamicTest("shouldMatchBigIntegerSumsWhenMultiplyingOnTheDevice " + s[0] + " rows",
                () -> compare(accelerators, s[0], s[1], s[2], s[3])));
        }
        for (final int n : new int[] {1, 31, 33, 1000, 4097})
        {
            tests.add(DynamicTest.dynamicTest("shouldRestoreTheWitnessWhenUnpackingItOnTheDevice " + n + " elements",
                () -> unpack(accelerators, n)));
        }
        return tests.stream();
    }

    /** A witness of zeros, ones and others packed on the host, unpacked on the device: the same bytes. */
    static void unpack(final Supplier<Accelerator> accelerators, final int n)
    {
        final long seed = SEED + n;
        final SplittableRandom rnd = new SplittableRandom(seed);
        try (Accelerator acc = accelerators.get(); Arena arena = Arena.ofShared();
             SpmvMatrix empty = build(java.util.Collections.singletonList(new int[][] {{0}, {0}}));
             GpuSpmv spmv = GpuSpmv.upload(acc, empty, empty, new long[0], 1);
             DeviceMemory z = acc.allocate((long)n * Fr.BYTES))
        {
            final MemorySegment host = arena.allocate((long)n * Fr.BYTES, 16);
            final byte[] kinds = new byte[n];
            for (int i = 0; i < n; i++)
            {
                final int kind = rnd.nextInt(8);
                kinds[i] = (byte)(kind < 3 ? PackedWitness.ZERO : kind < 7 ? PackedWitness.ONE : PackedWitness.OTHER);
                final long[] v = kind < 3 ? Fr.zero() : kind < 7 ? Fr.one()
                    : Fr.of(new BigInteger(250, new java.util.Random(rnd.nextLong())));
                MemorySegment.copy(v, 0, host, ValueLayout.JAVA_LONG, (long)i * Fr.BYTES, Fr.LIMBS);
            }
            final MemorySegment out = arena.allocate((long)n * Fr.BYTES + 4096, 16);
            // the kinds read from the values, or given (as synthesis knows them) for odd sizes
            final PackedWitness packed = PackedWitness.pack(host, n, n % 2 == 1 ? kinds : null, out, 3);
            assertEquals(n, packed.elements());
            try (DeviceMemory head = acc.allocate(packed.head().byteSize());
                 DeviceMemory others = acc.allocate(Math.max(16, packed.othersBytes())))
            {
                head.copyFrom(packed.head(), null);
                if (packed.others() > 0)
                {
                    others.copyFrom(packed.otherValues(), null);
                }
                z.fill((byte)0x6b, null);
                spmv.queueUnpack(packed, head, others, z, null);
            }
            final MemorySegment got = arena.allocate((long)n * Fr.BYTES, 16);
            z.copyTo(got, null);
            final long at = host.mismatch(got);
            assertEquals(-1, at, "first different element " + at / Fr.BYTES + " of " + n + " (seed " + seed + ", "
                + packed.others() + " others)");
        }
    }

    /**
     * @param rows    constraints
     * @param maxLen  the longest ordinary row (one row is ten times as long)
     * @param inputs  public inputs, ONE included
     * @param m       the domain size
     */
    static void compare(final Supplier<Accelerator> accelerators, final int rows, final int maxLen, final int inputs,
        final long m)
    {
        final long seed = SEED + rows;
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int columns = inputs + 2 * rows + 3;
        final BigInteger[] z = new BigInteger[columns];
        z[0] = BigInteger.ONE;
        for (int i = 1; i < columns; i++)
        {
            final int kind = rnd.nextInt(4);
            z[i] = kind < 2 ? BigInteger.valueOf(kind) : kind == 2 ? Fr.MODULUS.subtract(BigInteger.ONE)
                : new BigInteger(260, new java.util.Random(rnd.nextLong())).mod(Fr.MODULUS);
        }
        // the table: codes 0..2 are not read; the last 16-bit code is used so its index is exercised
        final int general = 20;
        final int[] codeOf = new int[SpmvKernels.FIRST_GENERAL + general];
        final BigInteger[] coefficient = new BigInteger[SpmvKernels.CODES];
        coefficient[SpmvKernels.ONE] = BigInteger.ONE;
        coefficient[SpmvKernels.MINUS_ONE] = Fr.MODULUS.subtract(BigInteger.ONE);
        coefficient[SpmvKernels.TWO] = BigInteger.TWO;
        for (int i = 0; i < codeOf.length; i++)
        {
            codeOf[i] = i < SpmvKernels.FIRST_GENERAL ? i : i == codeOf.length - 1 ? SpmvKernels.CODES - 1
                : SpmvKernels.FIRST_GENERAL + rnd.nextInt(1000);
            if (coefficient[codeOf[i]] == null)
            {
                coefficient[codeOf[i]] = i % 2 == 0 ? BigInteger.ONE.shiftLeft(rnd.nextInt(255))
                    : new BigInteger(255, new java.util.Random(rnd.nextLong())).mod(Fr.MODULUS);
            }
        }
        final long[] table = new long[SpmvKernels.CODES * Fr.LIMBS];
        for (int code = SpmvKernels.FIRST_GENERAL; code < SpmvKernels.CODES; code++)
        {
            if (coefficient[code] != null)
            {
                System.arraycopy(Fr.of(coefficient[code]), 0, table, code * Fr.LIMBS, Fr.LIMBS);
            }
        }
        final List<int[][]> matrixA = randomRows(rnd, rows, maxLen, columns, codeOf);
        final List<int[][]> matrixB = randomRows(rnd, rows, maxLen, columns, codeOf);
        try (Accelerator acc = accelerators.get(); Arena arena = Arena.ofShared();
             SpmvMatrix hostA = build(matrixA); SpmvMatrix hostB = build(matrixB);
             GpuSpmv spmv = GpuSpmv.upload(acc, hostA, hostB, table, columns);
             DeviceMemory dz = acc.allocate((long)columns * Fr.BYTES);
             DeviceMemory da = acc.allocate(m * Fr.BYTES); DeviceMemory db = acc.allocate(m * Fr.BYTES);
             DeviceMemory dc = acc.allocate(m * Fr.BYTES))
        {
            final MemorySegment zHost = arena.allocate((long)columns * Fr.BYTES, 16);
            for (int i = 0; i < columns; i++)
            {
                MemorySegment.copy(Fr.of(z[i]), 0, zHost, ValueLayout.JAVA_LONG, (long)i * Fr.BYTES, Fr.LIMBS);
            }
            dz.copyFrom(zHost, null);
            // what the last partition left there
            da.fill((byte)0x5a, null);
            db.fill((byte)0x5a, null);
            dc.fill((byte)0x5a, null);
            spmv.queue(dz, inputs, da, db, dc, m, null);
            final MemorySegment[] got = {arena.allocate(m * Fr.BYTES, 16), arena.allocate(m * Fr.BYTES, 16),
                arena.allocate(m * Fr.BYTES, 16)};
            da.copyTo(got[0], null);
            db.copyTo(got[1], null);
            dc.copyTo(got[2], null);
            for (int row = 0; row < m; row++)
            {
                final BigInteger a;
                final BigInteger b;
                if (row < rows)
                {
                    a = sum(matrixA.get(row), coefficient, z);
                    b = sum(matrixB.get(row), coefficient, z);
                }
                else
                {
                    a = row < rows + inputs ? z[row - rows] : BigInteger.ZERO;
                    b = BigInteger.ZERO;
                }
                final BigInteger c = a.multiply(b).mod(Fr.MODULUS);
                final String where = " of row " + row + " of " + rows + " (seed " + seed + ")";
                assertElement(a, got[0], row, "a" + where);
                assertElement(b, got[1], row, "b" + where);
                assertElement(c, got[2], row, "c" + where);
            }
        }
    }

    private static void assertElement(final BigInteger expected, final MemorySegment got, final int row,
        final String what)
    {
        final long[] limbs = new long[Fr.LIMBS];
        MemorySegment.copy(got, ValueLayout.JAVA_LONG, (long)row * Fr.BYTES, limbs, 0, Fr.LIMBS);
        assertEquals(java.util.Arrays.toString(Fr.of(expected)), java.util.Arrays.toString(limbs), what);
    }

    private static BigInteger sum(final int[][] row, final BigInteger[] coefficient, final BigInteger[] z)
    {
        BigInteger s = BigInteger.ZERO;
        for (int e = 0; e < row[0].length; e++)
        {
            s = s.add(coefficient[row[1][e]].multiply(z[row[0][e]]));
        }
        return s.mod(Fr.MODULUS);
    }

    /** Rows as {columns, codes}; row 0 is empty when there are several, one row is ten times the longest. */
    private static List<int[][]> randomRows(final SplittableRandom rnd, final int rows, final int maxLen,
        final int columns, final int[] codeOf)
    {
        final List<int[][]> out = new ArrayList<>();
        final int longRow = rows / 2;
        for (int r = 0; r < rows; r++)
        {
            final int len = rows > 1 && r == 0 ? 0 : r == longRow ? 10 * maxLen : 1 + rnd.nextInt(maxLen);
            final int[] cols = rnd.ints(len, 0, columns).sorted().toArray();
            final int[] codes = new int[len];
            for (int e = 0; e < len; e++)
            {
                // mostly ±1 and two, as in a circuit
                codes[e] = codeOf[rnd.nextInt(4) < 3 ? rnd.nextInt(SpmvKernels.FIRST_GENERAL)
                    : rnd.nextInt(codeOf.length)];
            }
            out.add(new int[][] {cols, codes});
        }
        return out;
    }

    private static SpmvMatrix build(final List<int[][]> rows)
    {
        final long entries = rows.stream().mapToLong(r -> r[0].length).sum();
        final SpmvMatrix.Builder builder = SpmvMatrix.builder(rows.size(), entries);
        for (final int[][] r : rows)
        {
            for (int e = 0; e < r[0].length; e++)
            {
                builder.entry(r[0][e], r[1][e]);
            }
            builder.endRow();
        }
        return builder.build();
    }
}
