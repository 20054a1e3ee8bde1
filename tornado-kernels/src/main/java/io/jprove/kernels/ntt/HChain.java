package io.jprove.kernels.ntt;

import io.jprove.field.Fr;
import io.jprove.field.ntt.NttDirection;
import io.jprove.field.ntt.NttOrder;
import io.jprove.kernels.Accelerator;
import io.jprove.kernels.DeviceMemory;
import io.jprove.kernels.DeviceStream;
import io.jprove.kernels.KernelHandle;
import io.jprove.kernels.Launch;

import java.math.BigInteger;

/**
 * The Groth16 H step as one device-resident sequence: a, b, c (m = 2^n evaluations each, in device memory, natural
 * order) in, the h scalars (natural order) out in a's memory, b and c used as scratch; no host round trip. Two
 * reductions, each as its prover defines it:
 * <ul>
 *   <li>{@link #bellperson}: each of a, b, c interpolated and evaluated on the coset g·⟨ω⟩ (g = 7); a ← (a·b −
 *       c)·(g^m − 1)⁻¹; a interpolated back from the coset: the m coefficients of h (the last is zero when the
 *       witness satisfies the constraints). Seven NTTs.</li>
 *   <li>{@link #snarkjs}: with snarkjs's roots, each interpolated and evaluated on the odd coset ω_2m·⟨ω_m⟩; a ← a·b −
 *       c there: the m values snarkjs's H query pairs with. Six NTTs.</li>
 * </ul>
 * The transforms skip every bit reversal but one: inverse transforms run natural to bit-reversed (with the coset
 * factor and m⁻¹ folded into their last pass) and forward ones bit-reversed to natural. On a {@code JvmAccelerator}
 * the same sequence runs as Java, so the CPU can prove along this path too.
 */
public final class HChain implements AutoCloseable
{
    private static final int LOCAL_SIZE = 256;

    private final GpuNtt ntt;
    private final KernelHandle combine;
    private final boolean divide;

    private HChain(final GpuNtt ntt, final boolean divide)
    {
        this.ntt = ntt;
        this.divide = divide;
        this.combine = ntt.accelerator().kernel(HChainKernels.class, "combine");
    }

    /**
     * @param accelerator where it runs.
     * @return bellperson's H (jprove's roots, coset g = 7, division by the vanishing polynomial).
     */
    public static HChain bellperson(final Accelerator accelerator)
    {
        return new HChain(new GpuNtt(accelerator, NttRoots.JPROVE), true);
    }

    /**
     * @param accelerator where it runs.
     * @return snarkjs's H (its roots, the odd coset, no division).
     */
    public static HChain snarkjs(final Accelerator accelerator)
    {
        return new HChain(new GpuNtt(accelerator, NttRoots.SNARKJS), false);
    }

    /**
     * @param ntt     the transforms (their roots must be the reduction's).
     * @param divide  bellperson's division by the vanishing polynomial.
     * @return a chain on an existing transform object (which it then owns).
     */
    static HChain of(final GpuNtt ntt, final boolean divide)
    {
        return new HChain(ntt, divide);
    }

    /** @return the transforms this chain runs (for tuning and benchmarks). */
    public GpuNtt ntt()
    {
        return ntt;
    }

    /**
     * Computes h into {@code a}, with this chain's reduction.
     *
     * @param a       m evaluations of A·w; h on return.
     * @param b       m evaluations of B·w; scratch.
     * @param c       m evaluations of C·w; scratch.
     * @param logSize n, with m = 2^n.
     * @param stream  where to queue the work, or null to run it now.
     */
    public void compute(final DeviceMemory a, final DeviceMemory b, final DeviceMemory c, final int logSize,
        final DeviceStream stream)
    {
        final long[] shift = divide ? ntt.roots().cosetGenerator() : ntt.roots().root(logSize + 1);
        final long[] factor = divide ? vanishingInverseOnCoset(logSize, shift) : Fr.one();
        compute(a, b, c, logSize, shift, factor, divide, stream);
    }

    /**
     * The general H step over this chain's roots: each of a, b, c interpolated (iNTT) and evaluated on the coset
     * g·⟨ω⟩; a ← (a·b − c)·f; and, for coefficients, a interpolated back from the coset. Both reductions are this with
     * their own g, f and output.
     *
     * @param a            m values on ⟨ω⟩ in natural order; the result on return (natural order).
     * @param b            scratch.
     * @param c            scratch.
     * @param logSize      n, with m = 2^n.
     * @param shift        g, Montgomery limbs; not in ⟨ω⟩.
     * @param factor       f, Montgomery limbs (one is skipped).
     * @param coefficients whether to return the coefficients (bellperson) rather than the coset evaluations.
     * @param stream       where to queue the work, or null to run it now.
     */
    public void compute(final DeviceMemory a, final DeviceMemory b, final DeviceMemory c, final int logSize,
        final long[] shift, final long[] factor, final boolean coefficients, final DeviceStream stream)
    {
        final long[] sizeInverse = GpuNtt.sizeInverse(logSize);
        final NttScale toCoset = ntt.scale(sizeInverse, shift, logSize);
        for (final DeviceMemory v : new DeviceMemory[] {a, b, c})
        {
            ntt.transform(v, logSize, NttDirection.INVERSE, NttOrder.NR, ntt.none(), toCoset, stream);
            ntt.transform(v, logSize, NttDirection.FORWARD, NttOrder.RN, ntt.none(), ntt.none(), stream);
        }
        final long m = 1L << logSize;
        final boolean scaled = !Fr.equal(factor, 0, Fr.one(), 0);
        combine.launch(Launch.of((int)((m + LOCAL_SIZE - 1) / LOCAL_SIZE), LOCAL_SIZE).on(stream), a, b, c, m,
            scaled ? 1 : 0, factor[0], factor[1], factor[2], factor[3]);
        if (coefficients)
        {
            final long[] shiftInverse = new long[Fr.LIMBS];
            Fr.inverse(shiftInverse, 0, shift, 0);
            ntt.transform(a, logSize, NttDirection.INVERSE, NttOrder.NR, ntt.none(),
                ntt.scale(sizeInverse, shiftInverse, logSize), stream);
            ntt.bitReverse(a, logSize, stream);
        }
    }

    /**
     * @param accelerator where it runs.
     * @return a chain over jprove's roots for any coset and factor, through the general {@link #compute(DeviceMemory,
     *         DeviceMemory, DeviceMemory, int, long[], long[], boolean, DeviceStream)}.
     */
    public static HChain general(final Accelerator accelerator)
    {
        return new HChain(new GpuNtt(accelerator, NttRoots.JPROVE), true);
    }

    /** (g^m − 1)⁻¹: the vanishing polynomial X^m − 1 is that constant on the whole coset g·⟨ω⟩. */
    private static long[] vanishingInverseOnCoset(final int logSize, final long[] g)
    {
        final long[] z = new long[Fr.LIMBS];
        Fr.pow(z, 0, g, 0, BigInteger.ONE.shiftLeft(logSize));
        Fr.sub(z, z, Fr.one());
        Fr.inverse(z, 0, z, 0);
        return z;
    }

    /** Frees the transforms' tables. */
    @Override
    public void close()
    {
        ntt.close();
    }
}
