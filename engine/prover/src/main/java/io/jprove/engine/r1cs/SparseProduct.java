package io.jprove.engine.r1cs;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

import io.jprove.field.Fr;

/**
 * One thread's evaluation of matrix rows against a witness, out[k] = Σ_e coefficient(e)·z[column(e)], built for
 * witnesses that are ~99 % zeros and ones (bits) and coefficients that are mostly small integers or powers of two.
 * Each entry is classed by its value and its coefficient, so that most need no field multiplication:
 * <table>
 *   <caption>entry classes</caption>
 *   <tr><th>value</th><th>coefficient</th><th>work</th></tr>
 *   <tr><td>0</td><td>any</td><td>none</td></tr>
 *   <tr><td>1</td><td>small integer (|c| &lt; 2^10)</td><td>add c to a signed 64-bit sum</td></tr>
 *   <tr><td>1</td><td>power of two 2^k</td><td>add 2^k to a 320-bit integer</td></tr>
 *   <tr><td>1</td><td>other</td><td>add the coefficient (a field addition)</td></tr>
 *   <tr><td>other</td><td>±1</td><td>a field addition or subtraction</td></tr>
 *   <tr><td>other</td><td>other</td><td>a field multiplication and addition</td></tr>
 * </table>
 * The two integer sums are turned into field elements once per row (a table for small sums, else one Montgomery
 * multiplication), so that a row of 254 bits weighted by powers of two (packing, MultiEq) costs additions of machine
 * words and one multiplication. The result is the same field element, bit for bit, as summing every term in Fr.
 */
final class SparseProduct
{
    private static final byte ZERO = Witness.KIND_ZERO;
    private static final byte ONE = Witness.KIND_ONE;
    private static final byte OTHER = Witness.KIND_OTHER;
    /** Coefficient classes. */
    private static final byte SMALL = 0;
    private static final byte POWER = 1;
    private static final byte GENERAL = 2;
    /**
     * Largest |c| of a small coefficient; larger powers of two are summed as such (a row's sum of small terms then
     * mostly falls in the table).
     */
    private static final long SMALL_LIMIT = 1L << 10;
    /** Small sums converted by table: [−TABLE, TABLE]. */
    private static final int TABLE = 1 << 10;
    private static final long[] SMALL_SUMS = smallSums();
    private static final long[] R_SQUARED = Fr.of(BigInteger.ONE.shiftLeft(256).mod(Fr.MODULUS));
    private static final long[] MODULUS = limbs(Fr.MODULUS);
    private static final long[] MONT_ONE = Fr.one();
    private static final long ONE0 = MONT_ONE[0];
    private static final long ONE1 = MONT_ONE[1];
    private static final long ONE2 = MONT_ONE[2];
    private static final long ONE3 = MONT_ONE[3];

    private final long[] table;
    private final byte[] classOf;
    private final long[] smallOf;
    private final int[] exponentOf;
    private final long[] acc = new long[Fr.LIMBS];
    private final long[] t = new long[Fr.LIMBS];
    private final long[] wide = new long[5];
    /**
     * The row's sum of powers of two times bits, as 32-bit digits each in a long (so that 2^31 terms add without a
     * carry between digits).
     */
    private final long[] digits = new long[8];
    /** The chunk being evaluated: row starts, entries' columns and coefficient ids, results. */
    private long[] starts = new long[0];
    private int[] cols = new int[0];
    private int[] coefficientIds = new int[0];
    private long[] results = new long[0];

    /**
     * @param classes the coefficient classes of a matrices' table ({@link #classify})
     * @param table   the coefficients, Montgomery limbs by id
     */
    SparseProduct(final Classes classes, final long[] table)
    {
        this.table = table;
        this.classOf = classes.kind;
        this.smallOf = classes.small;
        this.exponentOf = classes.exponent;
    }

    /** A coefficient table's classes: per id, small integer, power of two or general. */
    record Classes(byte[] kind, long[] small, int[] exponent)
    {
    }

    /** @return the classes of every coefficient of {@code table} (Montgomery limbs by id). */
    static Classes classify(final long[] table)
    {
        final int n = table.length / Fr.LIMBS;
        final byte[] kind = new byte[n];
        final long[] small = new long[n];
        final int[] exponent = new int[n];
        final BigInteger half = Fr.MODULUS.shiftRight(1);
        for (int id = 0; id < n; id++)
        {
            final BigInteger v = Fr.toBigInteger(table, id * Fr.LIMBS);
            final BigInteger signed = v.compareTo(half) > 0 ? v.subtract(Fr.MODULUS) : v;
            if (signed.abs().compareTo(BigInteger.valueOf(SMALL_LIMIT)) < 0)
            {
                kind[id] = SMALL;
                small[id] = signed.longValueExact();
            }
            else if (v.bitCount() == 1)
            {
                kind[id] = POWER;
                exponent[id] = v.getLowestSetBit();
            }
            else
            {
                kind[id] = GENERAL;
            }
        }
        return new Classes(kind, small, exponent);
    }

    /**
     * out[k] for rows k in [from, to) of {@code m}.
     *
     * @param kinds     per column (inputs first, then aux) whether its value is zero, one or other ({@link #kinds})
     * @param numInputs columns below it are inputs, the rest aux
     */
    void rows(final SparseMatrix m, final byte[] kinds, final MemorySegment inputs, final MemorySegment aux,
        final int numInputs, final long from, final long to, final MemorySegment out)
    {
        // the chunk's entries and results go through heap arrays, copied in and out in bulk: the loop then reads
        // plain arrays, not segments
        final int rows = (int)(to - from);
        final long first = m.rowStart(from);
        final int entries = (int)(m.rowStart(to) - first);
        if (starts.length < rows + 1)
        {
            starts = new long[rows + 1];
            results = new long[rows * Fr.LIMBS];
        }
        if (cols.length < entries)
        {
            cols = new int[entries + entries / 4];
            coefficientIds = new int[cols.length];
        }
        MemorySegment.copy(m.rowPointerSegment(), SparseMatrix.U64, from * Long.BYTES, starts, 0, rows + 1);
        MemorySegment.copy(m.columnSegment(), SparseMatrix.U32, first * Integer.BYTES, cols, 0, entries);
        MemorySegment.copy(m.coefficientIdSegment(), SparseMatrix.U32, first * Integer.BYTES, coefficientIds, 0,
            entries);
        final int[] columns = cols;
        final int[] ids = coefficientIds;
        final long[] res = results;
        int e = 0;
        for (int r = 0; r < rows; r++)
        {
            final int end = (int)(starts[r + 1] - first);
            long small = 0;
            boolean anyWide = false;
            boolean anyField = false;
            for (; e < end; e++)
            {
                final int col = columns[e];
                final int id = ids[e];
                final byte value = kinds[col];
                final byte kind = classOf[id];
                if (value <= ONE)
                {
                    // most entries: a bit times a small integer or a power of two, summed without a branch on the
                    // (unpredictable) bit
                    if (kind == SMALL)
                    {
                        small += smallOf[id] * value;
                    }
                    else if (kind == POWER)
                    {
                        final int x = exponentOf[id];
                        digits[x >>> 5] += (long)value << (x & 31);
                        anyWide = true;
                    }
                    else if (value == ONE)
                    {
                        anyField = field(anyField, table, id * Fr.LIMBS);
                    }
                    continue;
                }
                final MemorySegment z = col < numInputs ? inputs : aux;
                final long at = (col < numInputs ? col : col - numInputs) * Witness.ELEMENT_BYTES;
                Witness.load(z, at, t, 0);
                if (id == CoefficientTable.ID_MINUS_ONE)
                {
                    Fr.neg(t, 0, t, 0);
                }
                else if (id != CoefficientTable.ID_ONE)
                {
                    Fr.mul(t, 0, t, 0, table, id * Fr.LIMBS);
                }
                anyField = field(anyField, t, 0);
            }
            store(res, r * Fr.LIMBS, small, anyWide, anyField);
        }
        MemorySegment.copy(res, 0, out, Witness.LIMB, from * Witness.ELEMENT_BYTES, rows * Fr.LIMBS);
    }

    /** Writes a row's result: its small sum, powers of two and field terms, in the fewest field operations. */
    private void store(final long[] res, final int at, final long smallSum, final boolean anyWide,
        final boolean anyField)
    {
        long small = smallSum;
        if (!anyField && !anyWide && small >= -TABLE && small <= TABLE)
        {
            // the common row: bits with small coefficients
            final int sum = (int)(small + TABLE) * Fr.LIMBS;
            res[at] = SMALL_SUMS[sum];
            res[at + 1] = SMALL_SUMS[sum + 1];
            res[at + 2] = SMALL_SUMS[sum + 2];
            res[at + 3] = SMALL_SUMS[sum + 3];
            return;
        }
        boolean wideTerms = anyWide;
        if (small > TABLE)
        {
            // e.g. the low bits of an unpacking: with the powers of two, one multiplication
            digits[0] += small & 0xffffffffL;
            digits[1] += small >>> 32;
            wideTerms = true;
            small = 0;
        }
        if (!anyField)
        {
            acc[0] = 0;
            acc[1] = 0;
            acc[2] = 0;
            acc[3] = 0;
        }
        if (small != 0)
        {
            addSmall(small);
        }
        if (wideTerms)
        {
            addWide();
        }
        System.arraycopy(acc, 0, res, at, Fr.LIMBS);
    }

    /** acc += x (acc = x for the row's first field term). @return true */
    private boolean field(final boolean any, final long[] x, final int offset)
    {
        if (any)
        {
            Fr.add(acc, 0, acc, 0, x, offset);
        }
        else
        {
            System.arraycopy(x, offset, acc, 0, Fr.LIMBS);
        }
        return true;
    }

    /**
     * Classes the values of columns {@code [from, to)} of a witness (inputs first, then aux) into {@code kinds}:
     * zero, one (Montgomery) or other.
     */
    static void kinds(final MemorySegment inputs, final MemorySegment aux, final int numInputs, final long from,
        final long to, final byte[] kinds)
    {
        for (long col = from; col < Math.min(to, numInputs); col++)
        {
            kinds[(int)col] = kind(inputs, col * Witness.ELEMENT_BYTES);
        }
        for (long col = Math.max(from, numInputs); col < to; col++)
        {
            kinds[(int)col] = kind(aux, (col - numInputs) * Witness.ELEMENT_BYTES);
        }
    }

    private static byte kind(final MemorySegment z, final long at)
    {
        final long v0 = z.get(Witness.LIMB, at);
        final long v1 = z.get(Witness.LIMB, at + 8);
        final long v2 = z.get(Witness.LIMB, at + 16);
        final long v3 = z.get(Witness.LIMB, at + 24);
        return (v0 | v1 | v2 | v3) == 0 ? ZERO : v0 == ONE0 && v1 == ONE1 && v2 == ONE2 && v3 == ONE3 ? ONE : OTHER;
    }

    /** acc += small, through the table or one multiplication. */
    private void addSmall(final long small)
    {
        if (small >= -TABLE && small <= TABLE)
        {
            Fr.add(acc, 0, acc, 0, SMALL_SUMS, (int)(small + TABLE) * Fr.LIMBS);
            return;
        }
        t[0] = Math.abs(small);
        t[1] = 0;
        t[2] = 0;
        t[3] = 0;
        Fr.mul(t, 0, t, 0, R_SQUARED, 0);
        if (small < 0)
        {
            Fr.sub(acc, 0, acc, 0, t, 0);
        }
        else
        {
            Fr.add(acc, 0, acc, 0, t, 0);
        }
    }

    /**
     * acc += the digits' sum mod r (the digits then cleared): carried into 64-bit limbs, reduced below r, then into
     * Montgomery form by one multiplication.
     */
    private void addWide()
    {
        long carry = 0;
        for (int i = 0; i < 4; i++)
        {
            final long lo = digits[2 * i] + carry;
            final long hi = digits[2 * i + 1] + (lo >>> 32);
            wide[i] = lo & 0xffffffffL | hi << 32;
            carry = hi >>> 32;
            digits[2 * i] = 0;
            digits[2 * i + 1] = 0;
        }
        wide[4] = carry;
        while (wide[4] != 0 || !below(wide, MODULUS))
        {
            subtractModulus(wide);
        }
        System.arraycopy(wide, 0, t, 0, Fr.LIMBS);
        java.util.Arrays.fill(wide, 0L);
        Fr.mul(t, 0, t, 0, R_SQUARED, 0);
        Fr.add(acc, 0, acc, 0, t, 0);
    }

    /** @return whether the low four limbs of {@code x} are below {@code y}. */
    private static boolean below(final long[] x, final long[] y)
    {
        for (int i = 3; i >= 0; i--)
        {
            if (x[i] != y[i])
            {
                return Long.compareUnsigned(x[i], y[i]) < 0;
            }
        }
        return false;
    }

    private static void subtractModulus(final long[] x)
    {
        long borrow = 0;
        for (int i = 0; i < 4; i++)
        {
            final long d = x[i] - MODULUS[i] - borrow;
            borrow = Long.compareUnsigned(x[i], MODULUS[i]) < 0 || x[i] == MODULUS[i] && borrow != 0 ? 1 : 0;
            x[i] = d;
        }
        x[4] -= borrow;
    }

    private static long[] limbs(final BigInteger v)
    {
        final long[] out = new long[Fr.LIMBS];
        for (int i = 0; i < Fr.LIMBS; i++)
        {
            out[i] = v.shiftRight(64 * i).longValue();
        }
        return out;
    }

    private static long[] smallSums()
    {
        final long[] out = new long[(2 * TABLE + 1) * Fr.LIMBS];
        for (int s = -TABLE; s <= TABLE; s++)
        {
            final long[] v = Fr.of(BigInteger.valueOf(s).mod(Fr.MODULUS));
            System.arraycopy(v, 0, out, (s + TABLE) * Fr.LIMBS, Fr.LIMBS);
        }
        return out;
    }
}
