package io.jprove.kernels.msm;

/**
 * The shape of a device MSM over n fixed bases: window width c, windows W = ⌈256 / c⌉, precomputed copies F of the
 * bases (copy j holds 2^(c·j)·P, so windows j, j + F, j + 2F, … read copy j), and rounds T = ⌈W / F⌉, each with its
 * own B = 2^(c−1) buckets; T − 1 times the rounds are joined by c·F doublings on one work-item.
 * <p>
 * {@link #choose} minimizes a cost in units of one bucket addition (an XYZZ mixed addition, the accumulation's step),
 * over the shapes whose table and scratch fit the memory given:
 * <ul>
 * <li>W·n additions, plus {@value #SORT_COST} each for their digit, sort and load (two atomics, an index and a point
 * read);</li>
 * <li>T·B·{@value #REDUCE_COST} for the running sums (two full additions of 12M + 2S per bucket, against 8M + 2S);</li>
 * <li>c·F·(T − 1)·{@value #SERIAL_DOUBLING_COST} for the joining doublings, which run on one item: one doubling takes
 * about 20 µs of latency there, in which the device does about 45,000 bucket additions (2.25 G/s on an H200);</li>
 * <li>{@value #LAUNCH_COST} per launch-bound phase that does not scale with n.</li>
 * </ul>
 * With memory for F = W the rounds collapse to one and all windows share one bucket set (the ZPrize 2023 design),
 * and c grows to 22 at n = 2^24 (12 windows).
 *
 * @param bases   n.
 * @param c       window width, 1 to {@value #MAX_WINDOW_BITS}.
 * @param windows W.
 * @param copies  F, 1 to W.
 * @param rounds  T.
 */
public record MsmPlan(long bases, int c, int windows, int copies, int rounds)
{
    /** The widest window: 2^23 buckets per round, and digits far from the int limit. */
    public static final int MAX_WINDOW_BITS = 24;
    /** How much narrower than its plan's window an MSM over a table of the bases alone may go. */
    public static final int NARROWER_WINDOW_BITS = 6;
    /** Sorting, indexing and loading one pair, in bucket additions. */
    static final double SORT_COST = 0.05;
    /** Reducing one bucket, in bucket additions. */
    static final double REDUCE_COST = 2.8;
    /** One doubling on a single work-item, in bucket additions of the whole device. */
    static final double SERIAL_DOUBLING_COST = 45_000;
    /** The fixed latency of the sort, the reduction and the sums, in bucket additions. */
    static final double LAUNCH_COST = 200_000;

    /**
     * @throws IllegalArgumentException when the shape is not one this MSM runs.
     */
    public MsmPlan
    {
        if (c < 1 || c > MAX_WINDOW_BITS || windows != ScalarDigits.windows(c) || copies < 1 || copies > windows
            || rounds != (windows + copies - 1) / copies || bases < 0)
        {
            throw new IllegalArgumentException("bad MSM plan: c=" + c + " windows=" + windows + " copies=" + copies
                + " rounds=" + rounds + " bases=" + bases);
        }
        if (copies * bases >= 1L << 31)
        {
            throw new IllegalArgumentException(copies + " copies of " + bases + " bases exceed the 2^31 points a "
                + "sorted pair can name");
        }
        if (windows * bases >= 1L << 31)
        {
            throw new IllegalArgumentException(windows + " windows of " + bases + " scalars make more than the 2^31 "
                + "pairs the sort counts");
        }
    }

    /**
     * @param bases  n.
     * @param c      window width.
     * @param copies precomputed copies, 1 to ⌈256 / c⌉.
     * @return that plan.
     */
    public static MsmPlan of(final long bases, final int c, final int copies)
    {
        final int windows = ScalarDigits.windows(c);
        return new MsmPlan(bases, c, windows, copies, (windows + copies - 1) / copies);
    }

    /**
     * @param bases       n.
     * @param curve       the group.
     * @param budgetBytes     device memory for the table of copies and the MSM's scratch.
     * @param multiprocessors the device's ({@link io.jprove.kernels.Accelerator#multiprocessorCount()}).
     * @return the cheapest plan that fits (F = 1 at least; its table is the bases themselves).
     * @throws IllegalArgumentException when not even one copy fits.
     */
    public static MsmPlan choose(final long bases, final MsmCurve curve, final long budgetBytes,
        final int multiprocessors)
    {
        MsmPlan best = null;
        double bestCost = Double.MAX_VALUE;
        for (int c = 1; c <= MAX_WINDOW_BITS; c++)
        {
            final int windows = ScalarDigits.windows(c);
            for (int rounds = 1; rounds <= windows; rounds++)
            {
                final int copies = (windows + rounds - 1) / rounds;
                if ((windows + copies - 1) / copies != rounds || copies * bases >= 1L << 31
                    || windows * bases >= 1L << 31)
                {
                    continue;
                }
                final MsmPlan plan = of(bases, c, copies);
                if (plan.tableBytes(curve) + plan.scratchBytes(curve, multiprocessors) > budgetBytes)
                {
                    continue;
                }
                final double cost = plan.cost();
                if (cost < bestCost)
                {
                    bestCost = cost;
                    best = plan;
                }
            }
        }
        if (best == null)
        {
            throw new IllegalArgumentException(ScalarDigits.windows(MAX_WINDOW_BITS) * bases >= 1L << 31
                ? "an MSM over " + bases + " bases makes more than the 2^31 pairs the sort counts"
                : "an MSM over " + bases + " " + curve + " bases needs more than the " + budgetBytes
                + " bytes of device memory available");
        }
        return best;
    }

    /**
     * @return the cheapest plan for n bases on the accelerator, within its free memory less
     *         {@link #reserveBytes} (left for the prover's other buffers).
     */
    public static MsmPlan forDevice(final io.jprove.kernels.Accelerator accelerator, final long bases,
        final MsmCurve curve)
    {
        final long[] memory = accelerator.memoryInfo();
        return choose(bases, curve, memory[0] - reserveBytes(memory[1]), accelerator.multiprocessorCount());
    }

    /** @return device memory {@link #forDevice} leaves free: 1 GiB, or 1/32 of the device if that is more. */
    public static long reserveBytes(final long totalBytes)
    {
        return Math.max(1L << 30, totalBytes / 32);
    }

    /** @return the model's cost, in bucket additions (see the type's description). */
    public double cost()
    {
        return windows * (double)bases * (1 + SORT_COST) + rounds * (double)buckets() * REDUCE_COST
            + (double)c * copies * (rounds - 1) * SERIAL_DOUBLING_COST + LAUNCH_COST;
    }

    /**
     * @return rounds the scratch of an MSM over this plan's bases is sized for: its own T, or, for a table of the bases
     *         alone (F = 1), those of a window up to {@value #NARROWER_WINDOW_BITS} bits narrower, which an MSM of
     *         far fewer scalars than bases may take ({@link #narrowedFor}).
     */
    public int scratchRounds()
    {
        return copies == 1 ? ScalarDigits.windows(Math.max(1, c - NARROWER_WINDOW_BITS)) : rounds;
    }

    /**
     * The plan for an MSM of {@code scalars} of these bases, no more than that: with precomputed copies (F &gt; 1)
     * the table fixes the window, so this plan; over the bases alone, the cheapest window from this one down to
     * {@value #NARROWER_WINDOW_BITS} bits narrower. A 0/1 split leaves a PoRep partition's tail MSMs a few percent of
     * their bases: sized for all of them, a 2^22-bucket window spends more on reducing its buckets than on the pairs
     * (78 of 191 ms for a 32GiB partition's L tail on the H200).
     *
     * @param scalars how many scalars the MSM has, at most {@link #bases()}.
     * @return a plan over the same bases (the kernels index the table with them) whose window suits the count.
     */
    public MsmPlan narrowedFor(final long scalars)
    {
        if (copies != 1 || scalars >= bases)
        {
            return this;
        }
        MsmPlan best = this;
        double bestCost = costOf(c, scalars);
        for (int narrower = Math.max(1, c - NARROWER_WINDOW_BITS); narrower < c; narrower++)
        {
            // a plan over all the bases keeps their pairs below 2^31 (its constructor checks); fewer scalars pair fewer
            if (ScalarDigits.windows(narrower) * bases >= 1L << 31)
            {
                continue;
            }
            final double cost = costOf(narrower, scalars);
            if (cost < bestCost)
            {
                bestCost = cost;
                best = of(bases, narrower, 1);
            }
        }
        return best;
    }

    /** The model's cost of an F = 1 MSM of {@code scalars} with window {@code width}. */
    private static double costOf(final int width, final long scalars)
    {
        return of(Math.max(1, scalars), width, 1).cost();
    }

    /** @return buckets per round, B = 2^(c−1). */
    public int buckets()
    {
        return 1 << (c - 1);
    }

    /** @return keys of the sort, T·B. */
    public int keys()
    {
        return rounds * buckets();
    }

    /** @return the most (bucket, point) pairs an MSM of n scalars makes, W·n. */
    public long maxPairs()
    {
        return windows * bases;
    }

    /** @return bytes of the table of F copies. */
    public long tableBytes(final MsmCurve curve)
    {
        return copies * bases * curve.affineBytes();
    }

    /**
     * @param multiprocessors the device's, which sets how finely the work is cut.
     * @return bytes of the MSM's scratch ({@link GpuMsm}).
     */
    public long scratchBytes(final MsmCurve curve, final int multiprocessors)
    {
        return MsmShape.of(this, multiprocessors).scratchBytes(curve);
    }
}
