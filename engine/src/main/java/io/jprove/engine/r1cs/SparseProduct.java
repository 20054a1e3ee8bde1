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
 *   <tr><td>1</td><td>small integer (|c| ≤ 2^40)</td><td>add c to a signed 64-bit sum</td></tr>
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
    private static final byte ZERO = 0;
    private static final byte ONE = 1;
    private static final byte OTHER = 2;
    /** Coefficient classes. */
    private static final byte SMALL = 0;
    private static final byte POWER = 1;
    private static final byte GENERAL = 2;
    /** Largest |c| of a small coefficient; sums of 2^20 such stay within a long. */
    private static final long SMALL_LIMIT = 1L << 40;
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
            if (signed.abs().compareTo(BigInteger.valueOf(SMALL_LIMIT)) <= 0)
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
     * @param numInputs columns below it are inputs, the rest aux
     */
    void rows(final SparseMatrix m, final MemorySegment inputs, final MemorySegment aux, final int numInputs,
        final long from, final long to, final MemorySegment out)
    {
        final MemorySegment columns = m.columnSegment();
        final MemorySegment ids = m.coefficientIdSegment();
        long e = m.rowStart(from);
        for (long k = from; k < to; k++)
        {
            final long end = m.rowStart(k + 1);
            acc[0] = 0;
            acc[1] = 0;
            acc[2] = 0;
            acc[3] = 0;
            long small = 0;
            boolean anyWide = false;
            for (; e < end; e++)
            {
                final int col = columns.get(SparseMatrix.U32, e * Integer.BYTES);
                final MemorySegment z = col < numInputs ? inputs : aux;
                final long at = (col < numInputs ? col : col - numInputs) * Witness.ELEMENT_BYTES;
                final long v0 = z.get(Witness.LIMB, at);
                final long v1 = z.get(Witness.LIMB, at + 8);
                final long v2 = z.get(Witness.LIMB, at + 16);
                final long v3 = z.get(Witness.LIMB, at + 24);
                final byte value = (v0 | v1 | v2 | v3) == 0 ? ZERO
                    : v0 == ONE0 && v1 == ONE1 && v2 == ONE2 && v3 == ONE3 ? ONE : OTHER;
                if (value == ZERO)
                {
                    continue;
                }
                final int id = ids.get(SparseMatrix.U32, e * Integer.BYTES);
                final byte kind = classOf[id];
                if (value == ONE)
                {
                    if (kind == SMALL)
                    {
                        small += smallOf[id];
                    }
                    else if (kind == POWER)
                    {
                        addPower(exponentOf[id]);
                        anyWide = true;
                    }
                    else
                    {
                        Fr.add(acc, 0, acc, 0, table, id * Fr.LIMBS);
                    }
                    continue;
                }
                t[0] = v0;
                t[1] = v1;
                t[2] = v2;
                t[3] = v3;
                if (id == CoefficientTable.ID_ONE)
                {
                    Fr.add(acc, 0, acc, 0, t, 0);
                }
                else if (id == CoefficientTable.ID_MINUS_ONE)
                {
                    Fr.sub(acc, 0, acc, 0, t, 0);
                }
                else
                {
                    Fr.mul(t, 0, t, 0, table, id * Fr.LIMBS);
                    Fr.add(acc, 0, acc, 0, t, 0);
                }
            }
            if (small != 0)
            {
                addSmall(small);
            }
            if (anyWide)
            {
                addWide();
            }
            Witness.store(out, k * Witness.ELEMENT_BYTES, acc);
        }
    }

    /** wide += 2^k. */
    private void addPower(final int k)
    {
        int limb = k >>> 6;
        final long bit = 1L << (k & 63);
        long before = wide[limb];
        wide[limb] = before + bit;
        if (Long.compareUnsigned(wide[limb], before) >= 0)
        {
            return;
        }
        while (++limb < wide.length)
        {
            before = wide[limb];
            wide[limb] = before + 1;
            if (wide[limb] != 0)
            {
                return;
            }
        }
        throw new IllegalStateException("a row's sum of powers of two exceeds 2^320");
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

    /** acc += wide mod r (wide then cleared): reduced below r, then into Montgomery form by one multiplication. */
    private void addWide()
    {
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
