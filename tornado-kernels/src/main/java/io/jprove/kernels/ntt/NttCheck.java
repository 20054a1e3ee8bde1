package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.ntt.NttDirection;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Independent checks of large transforms by direct evaluation on the CPU, in O(m) per point instead of a transform:
 * a transform's output k is the input polynomial evaluated at (g·)ω^(±k) (Horner), and the H step's result must
 * satisfy H(τ)·(τ^m − 1) = A(τ)·B(τ) − C(τ) at a random τ (bellperson; this holds when c = a·b on the domain, as for
 * a satisfied witness, since then A·B − C is divisible by τ^m − 1), or equal A·B − C at chosen points of the odd coset
 * (snarkjs, for any a, b, c), with A, B, C interpolated from their values by the barycentric formula. By
 * Schwartz–Zippel a wrong h passes a random-point check with probability about 2m/r (below 2^−220). Vectors are
 * natural order; the work is spread over a fixed number of threads.
 */
public final class NttCheck implements AutoCloseable
{
    private static final int L = Fr.LIMBS;

    private final ExecutorService pool;
    private final int threads;

    /**
     * @param threads worker threads.
     */
    public NttCheck(final int threads)
    {
        this.threads = threads;
        this.pool = Executors.newFixedThreadPool(threads);
    }

    /**
     * @param input     the transform's input, natural order, m elements.
     * @param logSize   log₂ m.
     * @param roots     the roots of unity used.
     * @param direction forward or inverse (with m⁻¹).
     * @param coset     whether on g·⟨ω⟩.
     * @param k         a natural output index.
     * @return the transform's output k.
     */
    public long[] output(final MemorySegment input, final int logSize, final NttRoots roots,
        final NttDirection direction, final boolean coset, final long k)
    {
        final long[] omega = roots.root(logSize);
        final long[] point = new long[L];
        if (direction == NttDirection.FORWARD)
        {
            Fr.pow(point, 0, omega, 0, BigInteger.valueOf(k));
            if (coset)
            {
                Fr.mul(point, 0, point, 0, roots.cosetGenerator(), 0);
            }
            return evaluate(input, 1L << logSize, point);
        }
        final long[] omegaInverse = new long[L];
        Fr.inverse(omegaInverse, 0, omega, 0);
        Fr.pow(point, 0, omegaInverse, 0, BigInteger.valueOf(k));
        final long[] value = evaluate(input, 1L << logSize, point);
        final long[] scale = GpuNtt.sizeInverse(logSize);
        if (coset)
        {
            final long[] g = new long[L];
            Fr.inverse(g, 0, roots.cosetGenerator(), 0);
            Fr.pow(g, 0, g, 0, BigInteger.valueOf(k));
            Fr.mul(scale, 0, scale, 0, g, 0);
        }
        Fr.mul(value, 0, value, 0, scale, 0);
        return value;
    }

    /**
     * @return Σ c_j·x^j over the m coefficients of {@code coefficients}, by Horner on each thread's range.
     */
    public long[] evaluate(final MemorySegment coefficients, final long m, final long[] x)
    {
        final List<long[]> parts = parallel(m, (from, to) ->
        {
            final long[] acc = new long[L];
            final long[] c = new long[L];
            for (long j = to - 1; j >= from; j--)
            {
                Fr.mul(acc, 0, acc, 0, x, 0);
                read(coefficients, j, c);
                Fr.add(acc, 0, acc, 0, c, 0);
            }
            final long[] offset = new long[L];
            Fr.pow(offset, 0, x, 0, BigInteger.valueOf(from));
            Fr.mul(acc, 0, acc, 0, offset, 0);
            return acc;
        });
        return sum(parts);
    }

    /**
     * Whether bellperson's h (m coefficients, natural order) satisfies H(τ)·(τ^m − 1) = A(τ)·B(τ) − C(τ) at τ, where
     * A, B, C take the values a, b, c on ⟨ω⟩ and c = a·b there (otherwise the identity holds only on the coset).
     */
    public boolean bellpersonHolds(final MemorySegment a, final MemorySegment b, final MemorySegment c,
        final MemorySegment h, final int logSize, final long[] tau)
    {
        final long m = 1L << logSize;
        final long[][] abc = interpolate(new MemorySegment[] {a, b, c}, logSize, NttRoots.JPROVE, tau);
        final long[] left = evaluate(h, m, tau);
        final long[] vanishing = new long[L];
        Fr.pow(vanishing, 0, tau, 0, BigInteger.valueOf(m));
        Fr.sub(vanishing, vanishing, Fr.one());
        Fr.mul(left, 0, left, 0, vanishing, 0);
        final long[] right = new long[L];
        Fr.mul(right, 0, abc[0], 0, abc[1], 0);
        Fr.sub(right, 0, right, 0, abc[2], 0);
        return Fr.equal(left, 0, right, 0);
    }

    /**
     * Whether snarkjs's h_i = A(p)·B(p) − C(p) at p = ω_2m·ω^i, ω snarkjs's root, A, B, C taking the values a, b, c
     * on ⟨ω⟩.
     */
    public boolean snarkjsHolds(final MemorySegment a, final MemorySegment b, final MemorySegment c,
        final MemorySegment h, final int logSize, final long i)
    {
        final long[] p = new long[L];
        Fr.pow(p, 0, NttRoots.SNARKJS.root(logSize), 0, BigInteger.valueOf(i));
        Fr.mul(p, 0, p, 0, NttRoots.SNARKJS.root(logSize + 1), 0);
        final long[][] abc = interpolate(new MemorySegment[] {a, b, c}, logSize, NttRoots.SNARKJS, p);
        final long[] right = new long[L];
        Fr.mul(right, 0, abc[0], 0, abc[1], 0);
        Fr.sub(right, 0, right, 0, abc[2], 0);
        final long[] hi = new long[L];
        read(h, i, hi);
        return Fr.equal(hi, 0, right, 0);
    }

    /**
     * The polynomials with the given values on ⟨ω⟩, at τ (not a domain point): the barycentric formula
     * P(τ) = (τ^m − 1)/m · Σ_i p_i·ω^i/(τ − ω^i), the weights ω^i/(τ − ω^i) shared and inverted in batches.
     */
    long[][] interpolate(final MemorySegment[] values, final int logSize, final NttRoots roots, final long[] tau)
    {
        final long m = 1L << logSize;
        final long[] omega = roots.root(logSize);
        final List<long[]> parts = parallel(m, (from, to) ->
        {
            final int n = (int)(to - from);
            final long[] weights = new long[n * L];
            final long[] prefix = new long[n * L];
            final long[] w = new long[L];
            Fr.pow(w, 0, omega, 0, BigInteger.valueOf(from));
            final long[] running = Fr.one();
            final long[] d = new long[L];
            for (int i = 0; i < n; i++)
            {
                Fr.copy(weights, i * L, w, 0);
                Fr.sub(d, 0, tau, 0, w, 0);
                Fr.copy(prefix, i * L, running, 0);
                Fr.mul(running, 0, running, 0, d, 0);
                Fr.mul(w, 0, w, 0, omega, 0);
            }
            final long[] inverse = new long[L];
            Fr.inverse(inverse, 0, running, 0);
            final long[] acc = new long[values.length * L];
            final long[] x = new long[L];
            for (int i = n - 1; i >= 0; i--)
            {
                // inverse = 1/∏_{j ≤ i} d_j here; times the prefix ∏_{j < i} d_j it is 1/d_i
                final long[] invD = new long[L];
                Fr.mul(invD, 0, inverse, 0, prefix, i * L);
                Fr.sub(d, 0, tau, 0, weights, i * L);
                Fr.mul(inverse, 0, inverse, 0, d, 0);
                Fr.mul(invD, 0, invD, 0, weights, i * L);
                for (int v = 0; v < values.length; v++)
                {
                    read(values[v], from + i, x);
                    Fr.mul(x, 0, x, 0, invD, 0);
                    Fr.add(acc, v * L, acc, v * L, x, 0);
                }
            }
            return acc;
        });
        final long[] factor = new long[L];
        Fr.pow(factor, 0, tau, 0, BigInteger.valueOf(m));
        Fr.sub(factor, factor, Fr.one());
        Fr.mul(factor, 0, factor, 0, GpuNtt.sizeInverse(logSize), 0);
        final long[][] out = new long[values.length][L];
        for (final long[] part : parts)
        {
            for (int v = 0; v < values.length; v++)
            {
                Fr.add(out[v], 0, out[v], 0, part, v * L);
            }
        }
        for (final long[] o : out)
        {
            Fr.mul(o, 0, o, 0, factor, 0);
        }
        return out;
    }

    /** A range [from, to) of indices, run by one thread. */
    @FunctionalInterface
    private interface Range
    {
        long[] run(long from, long to);
    }

    private List<long[]> parallel(final long count, final Range range)
    {
        final int chunks = (int)Math.min(count, threads * 4L);
        final List<Future<long[]>> futures = new ArrayList<>(chunks);
        for (int t = 0; t < chunks; t++)
        {
            final long from = count * t / chunks;
            final long to = count * (t + 1) / chunks;
            futures.add(pool.submit(() -> range.run(from, to)));
        }
        final List<long[]> out = new ArrayList<>(chunks);
        for (final Future<long[]> f : futures)
        {
            try
            {
                out.add(f.get());
            }
            catch (final ExecutionException ex)
            {
                throw new IllegalStateException("check worker failed", ex.getCause());
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", ex);
            }
        }
        return out;
    }

    private static long[] sum(final List<long[]> parts)
    {
        final long[] s = new long[L];
        for (final long[] p : parts)
        {
            Fr.add(s, 0, s, 0, p, 0);
        }
        return s;
    }

    private static void read(final MemorySegment v, final long i, final long[] out)
    {
        MemorySegment.copy(v, ValueLayout.JAVA_LONG, i * Fr.BYTES, out, 0, L);
    }

    @Override
    public void close()
    {
        pool.shutdownNow();
    }
}
