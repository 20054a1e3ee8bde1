package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.util.Arrays;
import java.util.BitSet;
import java.util.concurrent.ForkJoinPool;
import java.util.random.RandomGenerator;

import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.engine.r1cs.DensityBitmap;
import io.jprove.engine.r1cs.SparseMatrix;
import io.jprove.field.Fr;
import io.jprove.field.FrVector;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;
import io.jprove.field.ntt.EvaluationDomain;
import io.jprove.field.ntt.Ntt;

/**
 * Groth16 parameters for a circuit from fresh toxic waste α, β, γ, δ, τ, as bellperson's generator computes them:
 * <ul>
 *   <li>m = 2^⌈log₂(constraints + inputs)⌉ (one {@code input × 0 = 0} row per input, ONE included);</li>
 *   <li>the Lagrange basis at τ, Lₖ(τ), by an inverse NTT of the powers of τ; each variable's uᵢ(τ), vᵢ(τ), wᵢ(τ)
 *       from the recorded matrices;</li>
 *   <li>h = [τⁱ·(τᵐ − 1)/δ]₁ for i &lt; m − 1; ic and l = [(β·uᵢ + α·vᵢ + wᵢ)/γ or /δ]₁ for inputs and aux;
 *       a = [uᵢ]₁, b_g1 = [vᵢ]₁, b_g2 = [vᵢ]₂ keeping the non-zero points only (bellperson filters the points at
 *       infinity, so its prover's density must select exactly those: checked here);</li>
 *   <li>every product by multi-threaded fixed-base multiplication ({@link FixedBaseTable}).</li>
 * </ul>
 * Every pass over the domain or the variables runs on all {@code threads}: the powers of τ in chunks (each from its
 * own τ^start), the matrices' evaluation at τ by column ranges, the query scalars in chunks.
 * The toxic waste lives only in local arrays, which are zeroed before returning.
 */
public final class Groth16Setup
{
    private Groth16Setup()
    {
    }

    /**
     * @param cs       the circuit's matrices (from {@link io.jprove.engine.r1cs.RecordingAssignment}).
     * @param rng      the source of the toxic waste: a {@link java.security.SecureRandom} for real parameters.
     * @param threads  worker threads, at least 1.
     * @param progress told of the fixed-base products as they finish.
     * @return the parameters; the caller closes them.
     * @throws IllegalArgumentException if an aux variable is unconstrained, or a variable appears in A or B with
     *                                  coefficients that cancel at τ (bellperson refuses or cannot represent both).
     */
    public static ProvingKey generate(final ConstraintMatrices cs, final RandomGenerator rng, final int threads,
        final SetupProgress progress)
    {
        final int numInputs = cs.numInputs();
        final int numAux = cs.numAux();
        final int numVars = numInputs + numAux;
        if (numVars > 1 << 26)
        {
            throw new IllegalArgumentException(numVars + " variables are beyond this CPU setup (2^26 at most)");
        }
        final EvaluationDomain domain = EvaluationDomain.atLeast(cs.numConstraints() + numInputs);
        final int m = Math.toIntExact(domain.size());
        final long[] tau = nonZero(rng);
        final long[] alpha = nonZero(rng);
        final long[] beta = nonZero(rng);
        final long[] gamma = nonZero(rng);
        final long[] delta = nonZero(rng);
        final long[] gammaInv = new long[Fr.LIMBS];
        Fr.inverse(gammaInv, 0, gamma, 0);
        final long[] deltaInv = new long[Fr.LIMBS];
        Fr.inverse(deltaInv, 0, delta, 0);
        final Arena arena = Arena.ofShared();
        try (ForkJoinPool pool = new ForkJoinPool(threads); Arena scratch = Arena.ofShared())
        {
            // powers of τ, then the Lagrange basis at τ
            final FrVector powers = FrVector.allocate(scratch, m);
            ParallelChunks.run(pool, m, (from, to) ->
            {
                final long[] p = new long[Fr.LIMBS];
                Fr.pow(p, 0, tau, 0, java.math.BigInteger.valueOf(from));
                for (long i = from; i < to; i++)
                {
                    powers.set(i, p, 0);
                    Fr.mul(p, 0, p, 0, tau, 0);
                }
            });
            final long[] vanishing = new long[Fr.LIMBS]; // t(τ) = τ^m − 1
            Fr.pow(vanishing, 0, tau, 0, java.math.BigInteger.valueOf(m));
            Fr.sub(vanishing, 0, vanishing, 0, Fr.one(), 0);
            final FrVector lagrange = FrVector.allocate(scratch, m);
            lagrange.segment().copyFrom(powers.segment());
            try (Ntt ntt = new Ntt(threads))
            {
                ntt.inverse(lagrange);
            }
            final long[] at = new long[numVars * Fr.LIMBS];
            final long[] bt = new long[numVars * Fr.LIMBS];
            final long[] ct = new long[numVars * Fr.LIMBS];
            evaluate(cs, cs.a(), lagrange, at, pool);
            evaluate(cs, cs.b(), lagrange, bt, pool);
            evaluate(cs, cs.c(), lagrange, ct, pool);
            final long[] l = new long[Fr.LIMBS];
            for (int i = 0; i < numInputs; i++)
            {
                lagrange.get(cs.numConstraints() + i, l, 0);
                Fr.add(at, i * Fr.LIMBS, at, i * Fr.LIMBS, l, 0);
            }

            // scalars of every query
            final BitSet aDensity = densityOf(at, numVars);
            final BitSet bDensity = densityOf(bt, numVars);
            checkDensity(cs, aDensity, bDensity);
            final FrVector aScalars = compact(at, aDensity, scratch);
            final FrVector bScalars = compact(bt, bDensity, scratch);
            final FrVector icScalars = FrVector.allocate(scratch, numInputs);
            final FrVector lScalars = FrVector.allocate(scratch, numAux);
            extScalars(at, bt, ct, alpha, beta, gammaInv, deltaInv, icScalars, lScalars, pool);
            final FrVector hScalars = FrVector.allocate(scratch, m - 1);
            final long[] coeff = new long[Fr.LIMBS];
            Fr.mul(coeff, 0, vanishing, 0, deltaInv, 0);
            ParallelChunks.run(pool, m - 1, (from, to) ->
            {
                final long[] e = new long[Fr.LIMBS];
                for (long i = from; i < to; i++)
                {
                    powers.get(i, e, 0);
                    Fr.mul(e, 0, e, 0, coeff, 0);
                    hScalars.set(i, e, 0);
                }
            });
            Arrays.fill(at, 0L);
            Arrays.fill(bt, 0L);
            Arrays.fill(ct, 0L);

            final long[][] fixed = {g1Times(alpha), g1Times(beta), g2Times(beta), g2Times(gamma), g1Times(delta),
                g2Times(delta)};
            return products(fixed, hScalars, lScalars, aScalars, bScalars, icScalars, arena, pool, progress);
        }
        catch (final RuntimeException | Error ex)
        {
            arena.close();
            throw ex;
        }
        finally
        {
            for (final long[] secret : new long[][] {tau, alpha, beta, gamma, delta, gammaInv, deltaInv})
            {
                Arrays.fill(secret, 0L);
            }
        }
    }

    /** Every query by fixed-base multiplication; {@code fixed} holds α₁ β₁ β₂ γ₂ δ₁ δ₂ for the verifying key. */
    private static ProvingKey products(final long[][] fixed, final FrVector hScalars, final FrVector lScalars,
        final FrVector aScalars, final FrVector bScalars, final FrVector icScalars, final Arena arena,
        final ForkJoinPool pool, final SetupProgress progress)
    {
        final long g1Count = hScalars.size() + lScalars.size() + aScalars.size() + bScalars.size() + icScalars.size();
        progress.start(g1Count + bScalars.size());
        final FixedBaseTable g1 = FixedBaseTable.build(GroupOps.G1_OPS, G1.generator(), g1Count, pool);
        final G1AffineVector h = g1Vector(g1, hScalars, arena, pool, progress);
        final G1AffineVector l = g1Vector(g1, lScalars, arena, pool, progress);
        final G1AffineVector a = g1Vector(g1, aScalars, arena, pool, progress);
        final G1AffineVector bG1 = g1Vector(g1, bScalars, arena, pool, progress);
        final G1AffineVector ic = g1Vector(g1, icScalars, arena, pool, progress);
        final FixedBaseTable g2 = FixedBaseTable.build(GroupOps.G2_OPS, G2.generator(), bScalars.size(), pool);
        final G2AffineVector bG2 = G2AffineVector.allocate(arena, bScalars.size());
        g2.mulAll(bScalars, 0, bScalars.size(), bG2.segment(), pool, progress::advance);
        progress.finish();
        final int numInputs = Math.toIntExact(icScalars.size());
        final long[] icLimbs = new long[numInputs * G1.AFFINE_LIMBS];
        for (int i = 0; i < numInputs; i++)
        {
            ic.get(i, icLimbs, i * G1.AFFINE_LIMBS);
        }
        final VerifyingKey vk = new VerifyingKey(fixed[0], fixed[1], fixed[2], fixed[3], fixed[4], fixed[5], icLimbs);
        return new ProvingKey(vk, h, l, a, bG1, bG2, arena);
    }

    /** ic = (β·u + α·v + w)/γ for the inputs, l = (β·u + α·v + w)/δ for the aux variables; in parallel. */
    private static void extScalars(final long[] at, final long[] bt, final long[] ct, final long[] alpha,
        final long[] beta, final long[] gammaInv, final long[] deltaInv, final FrVector ic, final FrVector l,
        final ForkJoinPool pool)
    {
        final long numInputs = ic.size();
        final long numVars = numInputs + l.size();
        final java.util.concurrent.atomic.AtomicLong unconstrained = new java.util.concurrent.atomic.AtomicLong(-1);
        ParallelChunks.run(pool, numVars, (from, to) ->
        {
            final long[] e = new long[Fr.LIMBS];
            final long[] t = new long[Fr.LIMBS];
            for (long v = from; v < to; v++)
            {
                final int o = Math.toIntExact(v * Fr.LIMBS);
                Fr.mul(e, 0, beta, 0, at, o);
                Fr.mul(t, 0, alpha, 0, bt, o);
                Fr.add(e, 0, e, 0, t, 0);
                Fr.add(e, 0, e, 0, ct, o);
                if (v < numInputs)
                {
                    Fr.mul(e, 0, e, 0, gammaInv, 0);
                    ic.set(v, e, 0);
                }
                else if (Fr.isZero(e, 0))
                {
                    unconstrained.compareAndSet(-1, v - numInputs);
                }
                else
                {
                    Fr.mul(e, 0, e, 0, deltaInv, 0);
                    l.set(v - numInputs, e, 0);
                }
            }
        });
        if (unconstrained.get() >= 0)
        {
            // as bellperson: the L query must be fully dense
            throw new IllegalArgumentException("aux variable " + unconstrained.get() + " is unconstrained (it "
                + "appears in no constraint): its l point would be at infinity, which bellperson refuses");
        }
    }

    /**
     * acc[column] += coefficient·Lₖ(τ) over every entry of every row k. Parallel over column ranges: each task scans
     * every row but adds only into its own columns, so no two threads write one accumulator and no per-thread copy
     * of the accumulators is needed.
     */
    private static void evaluate(final ConstraintMatrices cs, final SparseMatrix matrix, final FrVector lagrange,
        final long[] acc, final ForkJoinPool pool)
    {
        final int columns = acc.length / Fr.LIMBS;
        final int tasks = Math.max(1, Math.min(columns, pool.getParallelism()));
        ParallelChunks.submit(pool, () -> java.util.stream.IntStream.range(0, tasks).parallel().forEach(task ->
        {
            final int lo = (int)((long)columns * task / tasks);
            final int hi = (int)((long)columns * (task + 1) / tasks);
            final long[] lk = new long[Fr.LIMBS];
            final long[] coefficient = new long[Fr.LIMBS];
            final long rows = matrix.rows();
            for (long k = 0; k < rows; k++)
            {
                final long end = matrix.rowStart(k + 1);
                boolean loaded = false;
                for (long entry = matrix.rowStart(k); entry < end; entry++)
                {
                    final int column = matrix.column(entry);
                    if (column < lo || column >= hi)
                    {
                        continue;
                    }
                    if (!loaded)
                    {
                        lagrange.get(k, lk, 0);
                        loaded = true;
                    }
                    cs.coefficient(matrix.coefficientId(entry), coefficient, 0);
                    Fr.mul(coefficient, 0, coefficient, 0, lk, 0);
                    final int o = column * Fr.LIMBS;
                    Fr.add(acc, o, acc, o, coefficient, 0);
                }
            }
        }));
    }

    private static BitSet densityOf(final long[] values, final int count)
    {
        final BitSet bits = new BitSet(count);
        for (int i = 0; i < count; i++)
        {
            if (!Fr.isZero(values, i * Fr.LIMBS))
            {
                bits.set(i);
            }
        }
        return bits;
    }

    /** The prover selects by the matrices' densities; the parameters keep non-zero points. They must agree. */
    private static void checkDensity(final ConstraintMatrices cs, final BitSet a, final BitSet b)
    {
        // the matrices hand out copies of their bitmaps: take each once, not once per variable
        final DensityBitmap bInputs = cs.bInputDensity();
        final DensityBitmap aAux = cs.aAuxDensity();
        final DensityBitmap bAux = cs.bAuxDensity();
        final int n = cs.numInputs();
        for (int i = 0; i < n; i++)
        {
            if (!a.get(i))
            {
                throw new IllegalArgumentException("input " + i + " has u(τ) = 0; the setup must be retried");
            }
            if (b.get(i) != bInputs.get(i))
            {
                throw mismatch("input " + i, "B");
            }
        }
        for (int j = 0; j < cs.numAux(); j++)
        {
            if (a.get(n + j) != aAux.get(j))
            {
                throw mismatch("aux variable " + j, "A");
            }
            if (b.get(n + j) != bAux.get(j))
            {
                throw mismatch("aux variable " + j, "B");
            }
        }
    }

    private static IllegalArgumentException mismatch(final String variable, final String matrix)
    {
        return new IllegalArgumentException(variable + " appears in " + matrix + " but its coefficients cancel at "
            + "τ (or it does not appear and its polynomial is not zero); bellperson's parameters cannot represent it");
    }

    private static FrVector compact(final long[] values, final BitSet keep, final Arena arena)
    {
        final FrVector out = FrVector.allocate(arena, keep.cardinality());
        long k = 0;
        for (int i = keep.nextSetBit(0); i >= 0; i = keep.nextSetBit(i + 1))
        {
            out.set(k++, values, i * Fr.LIMBS);
        }
        return out;
    }

    private static G1AffineVector g1Vector(final FixedBaseTable table, final FrVector scalars, final Arena arena,
        final ForkJoinPool pool, final SetupProgress progress)
    {
        final G1AffineVector out = G1AffineVector.allocate(arena, scalars.size());
        table.mulAll(scalars, 0, scalars.size(), out.segment(), pool, progress::advance);
        return out;
    }

    private static long[] nonZero(final RandomGenerator rng)
    {
        long[] x;
        do
        {
            x = Fr.random(rng);
        }
        while (Fr.isZero(x, 0));
        return x;
    }

    private static long[] g1Times(final long[] k)
    {
        final long[] j = new long[G1.JACOBIAN_LIMBS];
        G1.mul(j, 0, G1.generator(), 0, k, 0);
        final long[] a = new long[G1.AFFINE_LIMBS];
        G1.toAffine(a, 0, j, 0);
        return a;
    }

    private static long[] g2Times(final long[] k)
    {
        final long[] j = new long[G2.JACOBIAN_LIMBS];
        G2.mul(j, 0, G2.generator(), 0, k, 0);
        final long[] a = new long[G2.AFFINE_LIMBS];
        G2.toAffine(a, 0, j, 0);
        return a;
    }
}
