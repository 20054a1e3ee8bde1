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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Number-theoretic transforms over Fr on an {@link Accelerator}, in place on device memory of 2^logSize elements
 * (32 bytes each, Montgomery limbs), 2 to 2^28 points, any of the four orders of the CPU {@code Ntt} and with the same
 * results bit for bit (both produce canonical elements, so any correct algorithm agrees). Direction, coset and order
 * work as there: the inverse includes m⁻¹, the coset is g·⟨ω⟩ with the roots' g.
 * <p>
 * Twiddles: one table per direction of ω_N^e, e &lt; N/2, for the largest size N transformed so far (at least 2^20),
 * computed on the device by {@link NttKernels#powers} and kept; 2 × 2 GiB at N = 2^27. Coset and m⁻¹ scalings are
 * small tables, cached per size. Work is queued on the given stream (null: the default stream, waited for).
 * One thread at a time.
 */
public final class GpuNtt implements AutoCloseable
{
    /** The smallest twiddle table built: later transforms up to this size reuse it. */
    static final int MIN_TABLE_LOG_SIZE = 20;
    private static final int POWERS_CHUNK = 64;
    private static final int LOCAL_SIZE = 256;

    private final Accelerator accelerator;
    private final NttRoots roots;
    private KernelHandle dif;
    private KernelHandle dit;
    private final KernelHandle stage;
    private final KernelHandle scaleAll;
    private final KernelHandle bitReverse;
    private final KernelHandle powers;
    private final Map<String, NttScale> scales = new HashMap<>();
    private final NttScale none;
    private final int minTableLogSize;
    private NttVariant variant;
    private int tableLogSize;
    private DeviceMemory forwardTwiddles;
    private DeviceMemory inverseTwiddles;

    /**
     * @param accelerator runs the kernels and holds the tables.
     * @param roots       which roots of unity (jprove's, or snarkjs's for zkey proofs).
     */
    public GpuNtt(final Accelerator accelerator, final NttRoots roots)
    {
        this(accelerator, roots, MIN_TABLE_LOG_SIZE);
    }

    /**
     * @param accelerator     runs the kernels and holds the tables.
     * @param roots           which roots of unity.
     * @param minTableLogSize the smallest twiddle table to build (a small one for slow executors, such as an
     *                        interpreter).
     */
    public GpuNtt(final Accelerator accelerator, final NttRoots roots, final int minTableLogSize)
    {
        this.minTableLogSize = minTableLogSize;
        this.accelerator = accelerator;
        this.roots = roots;
        variant(NttVariant.defaultFor(accelerator));
        this.stage = accelerator.kernel(NttKernels.class, "stage");
        this.scaleAll = accelerator.kernel(NttKernels.class, "scaleAll");
        this.bitReverse = accelerator.kernel(NttKernels.class, "bitReverse");
        this.powers = accelerator.kernel(NttKernels.class, "powers");
        this.none = NttScale.none(accelerator);
    }

    /** @return the accelerator the transforms run on. */
    public Accelerator accelerator()
    {
        return accelerator;
    }

    /** @return the roots of unity. */
    public NttRoots roots()
    {
        return roots;
    }

    /**
     * Chooses how passes spread their work ({@link NttVariant#DEFAULT} unless changed), for tuning.
     *
     * @param v the variant.
     */
    public void variant(final NttVariant v)
    {
        dif = accelerator.kernel(NttKernels.class, v.difKernel());
        dit = accelerator.kernel(NttKernels.class, v.ditKernel());
        variant = v;
    }

    /**
     * The transform of the CPU {@code Ntt} with the same arguments.
     *
     * @param data      2^logSize elements, transformed in place.
     * @param logSize   1 to 28.
     * @param direction forward or inverse (with m⁻¹).
     * @param coset     whether on g·⟨ω⟩.
     * @param order     input and output order.
     * @param stream    where to queue it, or null to run it now.
     */
    public void transform(final DeviceMemory data, final int logSize, final NttDirection direction,
        final boolean coset, final NttOrder order, final DeviceStream stream)
    {
        final boolean inverse = direction == NttDirection.INVERSE;
        final NttScale pre = coset && !inverse ? scale(Fr.one(), roots.cosetGenerator(), logSize) : none;
        final NttScale post;
        if (!inverse)
        {
            post = none;
        }
        else if (coset)
        {
            final long[] gInverse = new long[Fr.LIMBS];
            Fr.inverse(gInverse, 0, roots.cosetGenerator(), 0);
            post = scale(sizeInverse(logSize), gInverse, logSize);
        }
        else
        {
            post = constant(sizeInverse(logSize));
        }
        transform(data, logSize, direction, order, pre, post, stream);
    }

    /**
     * The general transform: x_i ← pre_i·x_i on the way in, out_i ← post_i·out_i on the way out (i the natural
     * index), no m⁻¹ of its own.
     *
     * @param data      2^logSize elements.
     * @param logSize   1 to 28.
     * @param direction forward (ω) or inverse (ω⁻¹, unscaled).
     * @param order     input and output order.
     * @param pre       factors on the input ({@link #none()} for none).
     * @param post      factors on the output.
     * @param stream    where to queue it, or null to run it now.
     */
    public void transform(final DeviceMemory data, final int logSize, final NttDirection direction,
        final NttOrder order, final NttScale pre, final NttScale post, final DeviceStream stream)
    {
        if (logSize < 1 || logSize > 28)
        {
            throw new IllegalArgumentException("GPU NTT of 2^" + logSize + " points: supported are 2^1 to 2^28");
        }
        final long bytes = (1L << logSize) * Fr.BYTES;
        if (data.byteSize() != bytes)
        {
            throw new IllegalArgumentException("GPU NTT of 2^" + logSize + " points needs exactly " + bytes
                + " bytes of device memory, got " + data.byteSize());
        }
        ensureTables(logSize);
        final DeviceMemory twiddles = direction == NttDirection.INVERSE ? inverseTwiddles : forwardTwiddles;
        final int shift = tableLogSize - logSize;
        switch (order)
        {
            case NR -> run(data, logSize, false, twiddles, shift, pre, 0, post, NttKernels.SCALE_BIT_REVERSED,
                stream);
            case RN -> run(data, logSize, true, twiddles, shift, pre, NttKernels.SCALE_BIT_REVERSED, post, 0, stream);
            case NN ->
            {
                run(data, logSize, false, twiddles, shift, pre, 0, post, NttKernels.SCALE_BIT_REVERSED, stream);
                bitReverse(data, logSize, stream);
            }
            case RR ->
            {
                bitReverse(data, logSize, stream);
                run(data, logSize, false, twiddles, shift, pre, 0, post, NttKernels.SCALE_BIT_REVERSED, stream);
            }
        }
    }

    /**
     * Permutes 2^logSize elements into bit-reversed order (an involution).
     *
     * @param data    the elements.
     * @param logSize 0 to 28.
     * @param stream  where to queue it, or null to run it now.
     */
    public void bitReverse(final DeviceMemory data, final int logSize, final DeviceStream stream)
    {
        final long count = 1L << logSize;
        bitReverse.launch(Launch.of(groups(count), LOCAL_SIZE).on(stream), data, logSize);
    }

    /** @return the no-op scaling. */
    public NttScale none()
    {
        return none;
    }

    /**
     * @param c       the constant.
     * @param b       the base.
     * @param logSize the transform size it is for.
     * @return the cached scaling by c·b^i for this size.
     */
    public NttScale scale(final long[] c, final long[] b, final int logSize)
    {
        final String key = "p" + logSize + ":" + java.util.Arrays.toString(c) + java.util.Arrays.toString(b);
        return scales.computeIfAbsent(key, k -> NttScale.powers(accelerator, c, b, logSize));
    }

    /**
     * @param c the constant.
     * @return the cached scaling by c.
     */
    public NttScale constant(final long[] c)
    {
        return scales.computeIfAbsent("c:" + java.util.Arrays.toString(c), k -> NttScale.constant(accelerator, c));
    }

    /**
     * @param logSize log₂ m.
     * @return m⁻¹.
     */
    public static long[] sizeInverse(final int logSize)
    {
        return Fr.of(BigInteger.ONE.shiftLeft(logSize).modInverse(Fr.MODULUS));
    }

    private void run(final DeviceMemory data, final int logSize, final boolean backwards, final DeviceMemory twiddles,
        final int shift, final NttScale pre, final int preFlags, final NttScale post, final int postFlags,
        final DeviceStream stream)
    {
        if (logSize < Math.max(3, variant.bits()))
        {
            small(data, logSize, backwards, twiddles, shift, pre, preFlags, post, postFlags, stream);
            return;
        }
        final List<NttPlan.Pass> passes = NttPlan.of(logSize, variant).passes();
        final KernelHandle kernel = backwards ? dit : dif;
        for (int i = 0; i < passes.size(); i++)
        {
            final NttPlan.Pass pass = passes.get(backwards ? passes.size() - 1 - i : i);
            final boolean first = i == 0;
            final boolean last = i == passes.size() - 1;
            NttScale s = none;
            int flags = 0;
            if (first && pre.mode() != 0)
            {
                s = pre;
                flags = preFlags;
            }
            if (last && post.mode() != 0)
            {
                if (s != none)
                {
                    // One pass with both scalings: the input's goes first, on its own.
                    scaleAll(data, logSize, s, flags, stream);
                }
                s = post;
                flags = postFlags | NttKernels.SCALE_ON_STORE;
            }
            kernel.launch(Launch.of(pass.groups(), pass.localSize()).withSharedBytes(pass.sharedBytes()).on(stream),
                data, twiddles, logSize, pass.firstStage(), pass.stages(), shift, pass.logColumns(), s.low(),
                s.high(), s.mode(), s.logLow(), flags);
        }
    }

    /** 2 and 4 points: a launch per stage and separate scaling launches. */
    private void small(final DeviceMemory data, final int logSize, final boolean backwards,
        final DeviceMemory twiddles, final int shift, final NttScale pre, final int preFlags, final NttScale post,
        final int postFlags, final DeviceStream stream)
    {
        if (pre.mode() != 0)
        {
            scaleAll(data, logSize, pre, preFlags, stream);
        }
        for (int s = 0; s < logSize; s++)
        {
            final int st = backwards ? logSize - 1 - s : s;
            stage.launch(Launch.of(1, 32).on(stream), data, twiddles, logSize, st, shift, backwards ? 1 : 0);
        }
        if (post.mode() != 0)
        {
            scaleAll(data, logSize, post, postFlags, stream);
        }
    }

    private void scaleAll(final DeviceMemory data, final int logSize, final NttScale s, final int flags,
        final DeviceStream stream)
    {
        scaleAll.launch(Launch.of(groups(1L << logSize), LOCAL_SIZE).on(stream), data, logSize, s.low(), s.high(),
            s.mode(), s.logLow(), flags);
    }

    private static int groups(final long items)
    {
        return (int)((items + LOCAL_SIZE - 1) / LOCAL_SIZE);
    }

    /** Builds the twiddle tables for 2^logSize points if the current ones are smaller. */
    private void ensureTables(final int logSize)
    {
        if (logSize <= tableLogSize)
        {
            return;
        }
        final int log = Math.max(logSize, minTableLogSize);
        freeTables();
        final long count = 1L << (log - 1);
        final long[] root = roots.root(log);
        final long[] rootInverse = new long[Fr.LIMBS];
        Fr.inverse(rootInverse, 0, root, 0);
        forwardTwiddles = accelerator.allocate(count * Fr.BYTES);
        inverseTwiddles = accelerator.allocate(count * Fr.BYTES);
        fillPowers(forwardTwiddles, count, root);
        fillPowers(inverseTwiddles, count, rootInverse);
        tableLogSize = log;
    }

    private void fillPowers(final DeviceMemory table, final long count, final long[] root)
    {
        final long items = (count + POWERS_CHUNK - 1) / POWERS_CHUNK;
        powers.launch(Launch.of(groups(items), LOCAL_SIZE), table, count, POWERS_CHUNK, root[0], root[1], root[2],
            root[3]);
    }

    private void freeTables()
    {
        if (forwardTwiddles != null)
        {
            forwardTwiddles.close();
            inverseTwiddles.close();
        }
        forwardTwiddles = null;
        inverseTwiddles = null;
        tableLogSize = 0;
    }

    /** Frees the twiddle and scaling tables. */
    @Override
    public void close()
    {
        freeTables();
        for (final NttScale s : scales.values())
        {
            s.close();
        }
        scales.clear();
        none.close();
    }
}
