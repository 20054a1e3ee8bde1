package io.jprove.engine.groth16;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;

import io.jprove.engine.r1cs.ConstraintMatrices;
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
 *       from the recorded matrices ({@link MatrixEvaluation});</li>
 *   <li>h = [τⁱ·(τᵐ − 1)/δ]₁ for i &lt; m − 1; ic and l = [(β·uᵢ + α·vᵢ + wᵢ)/γ or /δ]₁ for inputs and aux;
 *       a = [uᵢ]₁, b_g1 = [vᵢ]₁, b_g2 = [vᵢ]₂ keeping the non-zero points only (bellperson filters the points at
 *       infinity, so its prover's density must select exactly those: checked here);</li>
 *   <li>every product by fixed-base multiplication on a {@link FixedBaseMultiplier}: CPU threads by default, or a
 *       device; the bytes of the parameters depend on the toxic waste alone.</li>
 * </ul>
 * Every pass over the domain or the variables runs on all {@code threads}. Sized for a 32GiB PoRep partition
 * (130 M variables, m = 2^27): every vector is off-heap and indexed by {@code long}, and each intermediate vector is
 * freed ({@link ScratchVector}) as soon as its phase is over, so that at most about 22 GB of them are alive at once
 * and the 47 GB key grows into the room they leave. Each phase's time is reported to the progress
 * ({@link SetupProgress#phase}). The toxic waste lives only in local arrays, which are zeroed before returning, and
 * the intermediate vectors, which are zeroed before they are freed.
 */
public final class Groth16Setup
{
    private Groth16Setup()
    {
    }

    /**
     * As {@link #generate(ConstraintMatrices, RandomGenerator, int, SetupProgress, FixedBaseMultiplier)} with the
     * products on CPU threads.
     */
    public static ProvingKey generate(final ConstraintMatrices cs, final RandomGenerator rng, final int threads,
        final SetupProgress progress)
    {
        try (CpuFixedBaseMultiplier cpu = new CpuFixedBaseMultiplier(threads))
        {
            return generate(cs, rng, threads, progress, cpu);
        }
    }

    /**
     * @param cs         the circuit's matrices (from {@link io.jprove.engine.r1cs.RecordingAssignment}).
     * @param rng        the source of the toxic waste: a {@link java.security.SecureRandom} for real parameters.
     * @param threads    worker threads of the host's phases, at least 1.
     * @param progress   told of the fixed-base products as they finish, and of each phase's time.
     * @param multiplier computes the fixed-base products (and, where it can, the inverse NTT); the caller closes it.
     * @return the parameters; the caller closes them.
     * @throws IllegalArgumentException if an aux variable is unconstrained, or a variable appears in A or B with
     *                                  coefficients that cancel at τ (bellperson refuses or cannot represent both).
     */
    public static ProvingKey generate(final ConstraintMatrices cs, final RandomGenerator rng, final int threads,
        final SetupProgress progress, final FixedBaseMultiplier multiplier)
    {
        final int numInputs = cs.numInputs();
        final long numVars = (long)numInputs + cs.numAux();
        final EvaluationDomain domain = EvaluationDomain.atLeast(cs.numConstraints() + numInputs);
        final long m = domain.size();
        final long[] tau = nonZero(rng);
        final long[] alpha = nonZero(rng);
        final long[] beta = nonZero(rng);
        final long[] gamma = nonZero(rng);
        final long[] delta = nonZero(rng);
        final long[] gammaInv = new long[Fr.LIMBS];
        Fr.inverse(gammaInv, 0, gamma, 0);
        final long[] deltaInv = new long[Fr.LIMBS];
        Fr.inverse(deltaInv, 0, delta, 0);
        final long[] coeff = new long[Fr.LIMBS];
        final String host = "cpu (" + threads + " thread" + (threads == 1 ? ")" : "s)");
        final Arena arena = Arena.ofShared();
        final List<ScratchVector> scratch = new ArrayList<>();
        final ForkJoinPool pool = new ForkJoinPool(threads);
        try
        {
            // powers of τ (the Lagrange basis's input) and the h scalars τⁱ·t(τ)/δ, t(τ) = τ^m − 1, in one pass
            long t0 = System.nanoTime();
            Fr.pow(coeff, 0, tau, 0, BigInteger.valueOf(m));
            Fr.sub(coeff, 0, coeff, 0, Fr.one(), 0);
            Fr.mul(coeff, 0, coeff, 0, deltaInv, 0);
            final ScratchVector lagrange = keep(scratch, new ScratchVector(m, pool));
            final ScratchVector hScalars = keep(scratch, new ScratchVector(m - 1, pool));
            powers(tau, coeff, lagrange.vector(), hScalars.vector(), pool);
            t0 = phase(progress, "powers", t0, host);

            final boolean onDevice = multiplier.inverseNtt(lagrange.vector());
            if (!onDevice)
            {
                try (Ntt ntt = new Ntt(threads))
                {
                    ntt.inverse(lagrange.vector());
                }
            }
            t0 = phase(progress, "lagrange", t0, onDevice ? multiplier.device() : host);

            final ScratchVector at = keep(scratch, new ScratchVector(numVars, pool));
            final ScratchVector bt = keep(scratch, new ScratchVector(numVars, pool));
            final ScratchVector ct = keep(scratch, new ScratchVector(numVars, pool));
            final MatrixEvaluation evaluation = new MatrixEvaluation(cs);
            evaluation.evaluate(cs.a(), lagrange.vector(), at.vector(), pool);
            evaluation.evaluate(cs.b(), lagrange.vector(), bt.vector(), pool);
            evaluation.evaluate(cs.c(), lagrange.vector(), ct.vector(), pool);
            final long[] l = new long[Fr.LIMBS];
            final long[] u = new long[Fr.LIMBS];
            for (int i = 0; i < numInputs; i++)
            {
                lagrange.vector().get(cs.numConstraints() + i, l, 0);
                at.vector().get(i, u, 0);
                Fr.add(u, 0, u, 0, l, 0);
                at.vector().set(i, u, 0);
            }
            lagrange.close();
            t0 = phase(progress, "matrices", t0, host);

            // scalars of every query: l in place of w (the aux part of ct), then u and v are compacted and freed
            final long[] aDensity = density(at.vector(), pool);
            final long[] bDensity = density(bt.vector(), pool);
            checkDensity(cs, aDensity, bDensity);
            final ScratchVector aScalars = compact(at.vector(), aDensity, pool, scratch);
            final ScratchVector bScalars = compact(bt.vector(), bDensity, pool, scratch);
            final ScratchVector icScalars = keep(scratch, new ScratchVector(numInputs, pool));
            final FrVector lScalars = FrVector.wrap(ct.vector().segment().asSlice(numInputs * FrVector.ELEMENT_BYTES));
            extScalars(at.vector(), bt.vector(), ct.vector(), alpha, beta, gammaInv, deltaInv, icScalars.vector(),
                pool);
            at.close();
            bt.close();
            t0 = phase(progress, "scalars", t0, host);

            final long[][] fixed = {g1Times(alpha), g1Times(beta), g2Times(beta), g2Times(gamma), g1Times(delta),
                g2Times(delta)};
            return products(fixed, hScalars, ct, lScalars, aScalars, bScalars, icScalars, arena, multiplier, progress,
                t0);
        }
        catch (final RuntimeException | Error ex)
        {
            arena.close();
            throw ex;
        }
        finally
        {
            for (final ScratchVector s : scratch)
            {
                s.close();
            }
            pool.close();
            for (final long[] secret : new long[][] {tau, alpha, beta, gamma, delta, gammaInv, deltaInv, coeff})
            {
                Arrays.fill(secret, 0L);
            }
        }
    }

    /**
     * Every query by fixed-base multiplication, each scalar vector freed once its points are made; {@code fixed}
     * holds α₁ β₁ β₂ γ₂ δ₁ δ₂ for the verifying key, {@code ct} the l scalars (its aux part, {@code lScalars}).
     */
    private static ProvingKey products(final long[][] fixed, final ScratchVector hScalars, final ScratchVector ct,
        final FrVector lScalars, final ScratchVector aScalars, final ScratchVector bScalars,
        final ScratchVector icScalars, final Arena arena, final FixedBaseMultiplier multiplier,
        final SetupProgress progress, final long startNs)
    {
        long t0 = startNs;
        final int numInputs = Math.toIntExact(icScalars.vector().size());
        final long g1Count = hScalars.vector().size() + lScalars.size() + aScalars.vector().size()
            + bScalars.vector().size() + numInputs;
        progress.start(g1Count + bScalars.vector().size());
        final G1AffineVector h;
        final G1AffineVector lPoints;
        final G1AffineVector a;
        final G1AffineVector bG1;
        final G1AffineVector ic;
        try (FixedBaseMultiplier.Products g1 = multiplier.products(GroupOps.G1_OPS, G1.generator(), g1Count))
        {
            t0 = phase(progress, "g1 table", t0, multiplier.device() + ", c=" + g1.window());
            h = g1Vector(g1, hScalars, hScalars.vector(), arena, progress);
            lPoints = g1Vector(g1, ct, lScalars, arena, progress);
            a = g1Vector(g1, aScalars, aScalars.vector(), arena, progress);
            bG1 = g1Vector(g1, null, bScalars.vector(), arena, progress);
            ic = g1Vector(g1, icScalars, icScalars.vector(), arena, progress);
        }
        t0 = phase(progress, "g1 products", t0, multiplier.device());
        final G2AffineVector bG2;
        try (FixedBaseMultiplier.Products g2 = multiplier.products(GroupOps.G2_OPS, G2.generator(),
            bScalars.vector().size()))
        {
            t0 = phase(progress, "g2 table", t0, multiplier.device() + ", c=" + g2.window());
            bG2 = G2AffineVector.wrap(AnonymousMemory.allocate(arena, bScalars.vector().size()
                * G2AffineVector.ELEMENT_BYTES));
            g2.multiply(bScalars.vector(), bG2.segment(), progress::advance);
            bScalars.close();
        }
        phase(progress, "g2 products", t0, multiplier.device());
        progress.finish();
        final long[] icLimbs = new long[numInputs * G1.AFFINE_LIMBS];
        for (int i = 0; i < numInputs; i++)
        {
            ic.get(i, icLimbs, i * G1.AFFINE_LIMBS);
        }
        final VerifyingKey vk = new VerifyingKey(fixed[0], fixed[1], fixed[2], fixed[3], fixed[4], fixed[5],
            icLimbs);
        return new ProvingKey(vk, h, lPoints, a, bG1, bG2, arena);
    }

    private static ScratchVector keep(final List<ScratchVector> scratch, final ScratchVector vector)
    {
        scratch.add(vector);
        return vector;
    }

    /** Reports a phase that began at {@code startNs}; returns now, the next phase's start. */
    private static long phase(final SetupProgress progress, final String name, final long startNs,
        final String where)
    {
        final long now = System.nanoTime();
        progress.phase(name, now - startNs, where);
        return now;
    }

    /** {@code powers[i] = τⁱ}, {@code h[i] = τⁱ·coeff} (h one shorter), each chunk from its own τ^start. */
    private static void powers(final long[] tau, final long[] coeff, final FrVector powers, final FrVector h,
        final ForkJoinPool pool)
    {
        final long hSize = h.size();
        ParallelChunks.run(pool, powers.size(), (from, to) ->
        {
            final long[] p = new long[Fr.LIMBS];
            final long[] e = new long[Fr.LIMBS];
            Fr.pow(p, 0, tau, 0, BigInteger.valueOf(from));
            for (long i = from; i < to; i++)
            {
                powers.set(i, p, 0);
                if (i < hSize)
                {
                    Fr.mul(e, 0, p, 0, coeff, 0);
                    h.set(i, e, 0);
                }
                Fr.mul(p, 0, p, 0, tau, 0);
            }
            Arrays.fill(p, 0L);
            Arrays.fill(e, 0L);
        });
    }

    /**
     * ic = (β·u + α·v + w)/γ for the inputs, into {@code ic}; l = (β·u + α·v + w)/δ for the aux variables, in place of
     * their w; in parallel.
     */
    private static void extScalars(final FrVector at, final FrVector bt, final FrVector ct, final long[] alpha,
        final long[] beta, final long[] gammaInv, final long[] deltaInv, final FrVector ic, final ForkJoinPool pool)
    {
        final long numInputs = ic.size();
        final AtomicLong unconstrained = new AtomicLong(Long.MAX_VALUE);
        ParallelChunks.run(pool, at.size(), (from, to) ->
        {
            final long[] e = new long[Fr.LIMBS];
            final long[] t = new long[Fr.LIMBS];
            for (long v = from; v < to; v++)
            {
                at.get(v, e, 0);
                Fr.mul(e, 0, e, 0, beta, 0);
                bt.get(v, t, 0);
                Fr.mul(t, 0, t, 0, alpha, 0);
                Fr.add(e, 0, e, 0, t, 0);
                ct.get(v, t, 0);
                Fr.add(e, 0, e, 0, t, 0);
                if (v < numInputs)
                {
                    Fr.mul(e, 0, e, 0, gammaInv, 0);
                    ic.set(v, e, 0);
                }
                else
                {
                    if (Fr.isZero(e, 0))
                    {
                        unconstrained.accumulateAndGet(v - numInputs, Math::min);
                    }
                    Fr.mul(e, 0, e, 0, deltaInv, 0);
                    ct.set(v, e, 0);
                }
            }
            Arrays.fill(e, 0L);
            Arrays.fill(t, 0L);
        });
        if (unconstrained.get() != Long.MAX_VALUE)
        {
            // as bellperson: the L query must be fully dense
            throw new IllegalArgumentException("aux variable " + unconstrained.get() + " is unconstrained (it "
                + "appears in no constraint): its l point would be at infinity, which bellperson refuses");
        }
    }

    /** @return one bit per element, set where it is not zero; chunks of whole words, in parallel. */
    private static long[] density(final FrVector values, final ForkJoinPool pool)
    {
        final long n = values.size();
        final long[] words = new long[Math.toIntExact((n + 63) >>> 6)];
        ParallelChunks.run(pool, words.length, (from, to) ->
        {
            final long[] e = new long[Fr.LIMBS];
            for (long w = from; w < to; w++)
            {
                long bits = 0;
                final long last = Math.min(n, (w + 1) << 6);
                for (long i = w << 6; i < last; i++)
                {
                    values.get(i, e, 0);
                    if (!Fr.isZero(e, 0))
                    {
                        bits |= 1L << i;
                    }
                }
                words[(int)w] = bits;
            }
        });
        return words;
    }

    /** The prover selects by the matrices' densities; the parameters keep non-zero points. They must agree. */
    private static void checkDensity(final ConstraintMatrices cs, final long[] a, final long[] b)
    {
        final int n = cs.numInputs();
        final long[] bInputs = cs.bInputDensity().toWords();
        for (int i = 0; i < n; i++)
        {
            if (!bit(a, i))
            {
                throw new IllegalArgumentException("input " + i + " has u(τ) = 0; the setup must be retried");
            }
            if (bit(b, i) != bit(bInputs, i))
            {
                throw mismatch("input " + i, "B");
            }
        }
        checkAux(a, cs.aAuxDensity().toWords(), n, cs.numAux(), "A");
        checkAux(b, cs.bAuxDensity().toWords(), n, cs.numAux(), "B");
    }

    /** The bits of {@code values} from {@code n} on must be the matrix's aux density, word for word. */
    private static void checkAux(final long[] values, final long[] aux, final int n, final int numAux,
        final String matrix)
    {
        final int shift = n & 63;
        for (int w = 0; w < aux.length; w++)
        {
            final long first = n + 64L * w;
            final int at = (int)(first >>> 6);
            long word = values[at] >>> shift;
            if (shift != 0 && at + 1 < values.length)
            {
                word |= values[at + 1] << (64 - shift);
            }
            final int valid = Math.min(64, numAux - 64 * w);
            if (valid < 64)
            {
                word &= (1L << valid) - 1;
            }
            if (word != aux[w])
            {
                throw mismatch("aux variable " + (64L * w + Long.numberOfTrailingZeros(word ^ aux[w])), matrix);
            }
        }
    }

    private static boolean bit(final long[] words, final long i)
    {
        return (words[(int)(i >>> 6)] & 1L << i) != 0;
    }

    private static IllegalArgumentException mismatch(final String variable, final String matrix)
    {
        return new IllegalArgumentException(variable + " appears in " + matrix + " but its coefficients cancel at "
            + "τ (or it does not appear and its polynomial is not zero); bellperson's parameters cannot represent it");
    }

    /** @return the elements whose bit is set, in order; chunks of whole words counted, then copied, in parallel. */
    private static ScratchVector compact(final FrVector values, final long[] keep, final ForkJoinPool pool,
        final List<ScratchVector> scratch)
    {
        final long wordsPerChunk = ParallelChunks.CHUNK >>> 6;
        final int chunks = (int)((keep.length + wordsPerChunk - 1) / wordsPerChunk);
        final long[] offsets = new long[chunks + 1];
        for (int c = 0; c < chunks; c++)
        {
            long count = 0;
            for (long w = c * wordsPerChunk; w < Math.min(keep.length, (c + 1) * wordsPerChunk); w++)
            {
                count += Long.bitCount(keep[(int)w]);
            }
            offsets[c + 1] = offsets[c] + count;
        }
        final ScratchVector out = keep(scratch, new ScratchVector(offsets[chunks], pool));
        final FrVector o = out.vector();
        ParallelChunks.submit(pool, () -> LongStream.range(0, chunks).parallel().forEach(c ->
        {
            final long[] e = new long[Fr.LIMBS];
            long k = offsets[(int)c];
            for (long w = c * wordsPerChunk; w < Math.min(keep.length, (c + 1) * wordsPerChunk); w++)
            {
                for (long bits = keep[(int)w]; bits != 0; bits &= bits - 1)
                {
                    values.get((w << 6) + Long.numberOfTrailingZeros(bits), e, 0);
                    o.set(k++, e, 0);
                }
            }
        }));
        return out;
    }

    /** The products of {@code scalars} into a new vector of the key; {@code owner}, if given, is freed after. */
    private static G1AffineVector g1Vector(final FixedBaseMultiplier.Products table, final ScratchVector owner,
        final FrVector scalars, final Arena arena, final SetupProgress progress)
    {
        final G1AffineVector out = G1AffineVector.wrap(AnonymousMemory.allocate(arena, scalars.size()
            * G1AffineVector.ELEMENT_BYTES));
        table.multiply(scalars, out.segment(), progress::advance);
        if (owner != null)
        {
            owner.close();
        }
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
