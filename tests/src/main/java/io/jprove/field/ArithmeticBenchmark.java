package io.jprove.field;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import supranational.blst.P1;
import supranational.blst.P1_Affine;
import supranational.blst.P2;
import supranational.blst.P2_Affine;
import supranational.blst.PT;
import supranational.blst.Scalar;

/**
 * BLS12-381 arithmetic on the CPU, jprove against blst (through jblst) where blst exposes the same operation.
 * Methods {@code x} and {@code xBlst} measure the same operation on equivalent inputs; {@link VersusBlst} prints
 * their ratio. Field multiplications and inversions have no blst counterpart in jblst's API.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ArithmeticBenchmark
{
    /** Distinct inputs the inversions cycle through: their running time depends on the input (a power of two). */
    private static final int INVERSE_INPUTS = 1024;

    private final long[] fqA = new long[Fq.LIMBS];
    private final long[] fqB = new long[Fq.LIMBS];
    private final long[] fqR = new long[Fq.LIMBS];
    private final long[] frA = new long[Fr.LIMBS];
    private final long[] frB = new long[Fr.LIMBS];
    private final long[] frR = new long[Fr.LIMBS];
    private final long[] wide = new long[FqWide.LIMBS];
    private final long[] fqInverseInputs = new long[INVERSE_INPUTS * Fq.LIMBS];
    private final long[] frInverseInputs = new long[INVERSE_INPUTS * Fr.LIMBS];
    private int nextInverseInput;

    // the same points and scalar on both sides: P = [a]G1, Q = [b]G2, k random
    private final long[] g1Affine = new long[G1.AFFINE_LIMBS];
    private final long[] g2Affine = new long[G2.AFFINE_LIMBS];
    private final long[] g1Jacobian = new long[G1.JACOBIAN_LIMBS];
    private final long[] g1Result = new long[G1.JACOBIAN_LIMBS];
    private final long[] g2Result = new long[G2.JACOBIAN_LIMBS];
    private final long[] g1Scratch = G1.newScratch();
    private final long[] scalar = new long[Fr.LIMBS];
    private final long[] gt = new long[Fq12.LIMBS];
    private final long[] miller = new long[Fq12.LIMBS];
    private final long[] g1Decoded = new long[G1.AFFINE_LIMBS];
    private final long[] g2Decoded = new long[G2.AFFINE_LIMBS];
    private byte[] g1Compressed;
    private byte[] g2Compressed;

    private P1 blstP1;
    private P1_Affine blstP1Affine;
    private P2_Affine blstP2Affine;
    private P2 blstP2;
    private Scalar blstScalar;
    private PT blstMiller;

    @Setup
    public void setUp()
    {
        final SplittableRandom rng = new SplittableRandom(42);
        Fq.FIELD.random(rng, fqA, 0);
        Fq.FIELD.random(rng, fqB, 0);
        Fr.FIELD.random(rng, frA, 0);
        Fr.FIELD.random(rng, frB, 0);
        final SplittableRandom inverseRng = new SplittableRandom(43);
        for (int i = 0; i < INVERSE_INPUTS; i++)
        {
            Fq.FIELD.random(inverseRng, fqInverseInputs, i * Fq.LIMBS);
            Fr.FIELD.random(inverseRng, frInverseInputs, i * Fr.LIMBS);
        }

        final BigInteger a = Fr.toBigInteger(Fr.random(rng));
        final BigInteger b = Fr.toBigInteger(Fr.random(rng));
        Fr.FIELD.random(rng, scalar, 0);
        final BigInteger k = Fr.toBigInteger(scalar);

        blstP1 = P1.generator().mult(a);
        blstP1Affine = blstP1.to_affine();
        blstP2 = P2.generator().mult(b);
        blstP2Affine = blstP2.to_affine();
        blstScalar = new Scalar().from_bendian(toBigEndian32(k));
        blstMiller = new PT(blstP1Affine, blstP2Affine);

        g1Compressed = blstP1.compress();
        g2Compressed = blstP2.compress();
        G1Encoding.decompress(g1Compressed, 0, g1Affine, 0);
        G2Encoding.decompress(g2Compressed, 0, g2Affine, 0);
        G1.toJacobian(g1Jacobian, 0, g1Affine, 0);
        Pairing.millerLoop(miller, 0, g1Affine, 0, g2Affine, 0, 1);
    }

    private static byte[] toBigEndian32(final BigInteger k)
    {
        final byte[] raw = k.toByteArray();
        final byte[] out = new byte[32];
        final int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, out, 32 - n, n);
        return out;
    }

    @Benchmark
    public long[] fqMul()
    {
        Fq.mul(fqR, 0, fqA, 0, fqB, 0);
        return fqR;
    }

    /** The product-scanning alternative on 55-bit digits (no carry detection), against {@link #fqMul}. */
    @Benchmark
    public long[] fqMulSplit55()
    {
        FqMontgomery.mulSplit55(fqR, 0, fqA, 0, fqB, 0);
        return fqR;
    }

    /** Product scanning on 64-bit limbs (FIPS), against {@link #fqMul}'s CIOS. */
    @Benchmark
    public long[] fqMulProductScanning()
    {
        FqMontgomery.mulProductScanning(fqR, 0, fqA, 0, fqB, 0);
        return fqR;
    }

    @Benchmark
    public long[] fqSquare()
    {
        Fq.square(fqR, 0, fqA, 0);
        return fqR;
    }

    /** The double-width product and its Montgomery reduction, the two halves of the tower's lazy reduction. */
    @Benchmark
    public long[] fqWideMulReduce()
    {
        FqWide.mul(wide, 0, fqA, 0, fqB, 0);
        FqWide.reduce(fqR, 0, wide, 0);
        return fqR;
    }

    @Benchmark
    public long[] frMul()
    {
        Fr.mul(frR, 0, frA, 0, frB, 0);
        return frR;
    }

    /** The product-scanning alternative on 55-bit digits (no carry detection), against {@link #frMul}. */
    @Benchmark
    public long[] frMulSplit55()
    {
        FrMontgomery.mulSplit55(frR, 0, frA, 0, frB, 0);
        return frR;
    }

    /** Product scanning on 64-bit limbs (FIPS), against {@link #frMul}'s CIOS. */
    @Benchmark
    public long[] frMulProductScanning()
    {
        FrMontgomery.mulProductScanning(frR, 0, frA, 0, frB, 0);
        return frR;
    }

    @Benchmark
    public long[] frSquare()
    {
        Fr.square(frR, 0, frA, 0);
        return frR;
    }

    /** Inversion of a random element (a new one each call, so branch prediction cannot learn one input's path). */
    @Benchmark
    public long[] fqInverse()
    {
        final int i = nextInverseInput++ & (INVERSE_INPUTS - 1);
        Fq.inverse(fqR, 0, fqInverseInputs, i * Fq.LIMBS);
        return fqR;
    }

    @Benchmark
    public long[] frInverse()
    {
        final int i = nextInverseInput++ & (INVERSE_INPUTS - 1);
        Fr.inverse(frR, 0, frInverseInputs, i * Fr.LIMBS);
        return frR;
    }

    @Benchmark
    public long[] g1AddMixed()
    {
        G1.addMixed(g1Jacobian, 0, g1Jacobian, 0, g1Affine, 0, g1Scratch);
        return g1Jacobian;
    }

    @Benchmark
    public P1 g1AddMixedBlst()
    {
        return blstP1.add(blstP1Affine);
    }

    @Benchmark
    public long[] g1Mul()
    {
        G1.mul(g1Result, 0, g1Affine, 0, scalar, 0);
        return g1Result;
    }

    @Benchmark
    public P1 g1MulBlst()
    {
        return blstP1.mult(blstScalar);
    }

    @Benchmark
    public long[] g2Mul()
    {
        G2.mul(g2Result, 0, g2Affine, 0, scalar, 0);
        return g2Result;
    }

    @Benchmark
    public P2 g2MulBlst()
    {
        return blstP2.mult(blstScalar);
    }

    /** Decompression with the on-curve check, as blst's deserializer does; no subgroup check on either side. */
    @Benchmark
    public long[] g1Decompress()
    {
        G1Encoding.decompressUnchecked(g1Compressed, 0, g1Decoded, 0);
        return g1Decoded;
    }

    @Benchmark
    public P1_Affine g1DecompressBlst()
    {
        return new P1_Affine(g1Compressed);
    }

    /** Decompression plus the subgroup check. */
    @Benchmark
    public long[] g1DecompressChecked()
    {
        G1Encoding.decompress(g1Compressed, 0, g1Decoded, 0);
        return g1Decoded;
    }

    @Benchmark
    public boolean g1DecompressCheckedBlst()
    {
        return new P1_Affine(g1Compressed).in_group();
    }

    @Benchmark
    public long[] g2Decompress()
    {
        G2Encoding.decompressUnchecked(g2Compressed, 0, g2Decoded, 0);
        return g2Decoded;
    }

    @Benchmark
    public P2_Affine g2DecompressBlst()
    {
        return new P2_Affine(g2Compressed);
    }

    @Benchmark
    public long[] pairing()
    {
        Pairing.pair(gt, 0, g1Affine, 0, g2Affine, 0);
        return gt;
    }

    @Benchmark
    public PT pairingBlst()
    {
        return new PT(blstP1Affine, blstP2Affine).final_exp();
    }

    @Benchmark
    public long[] millerLoop()
    {
        Pairing.millerLoop(gt, 0, g1Affine, 0, g2Affine, 0, 1);
        return gt;
    }

    @Benchmark
    public PT millerLoopBlst()
    {
        return new PT(blstP1Affine, blstP2Affine);
    }

    @Benchmark
    public long[] finalExponentiation()
    {
        Pairing.finalExponentiation(gt, 0, miller, 0);
        return gt;
    }

    @Benchmark
    public PT finalExponentiationBlst()
    {
        return blstMiller.dup().final_exp();
    }
}
