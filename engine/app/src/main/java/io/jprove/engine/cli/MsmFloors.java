package io.jprove.engine.cli;

import io.jprove.kernels.msm.MsmCurve;

/**
 * The H200 floors of the device MSM and batch-add, from the project's reference model: Pippenger's additions at an
 * Fq-multiplication ceiling of 25.9 G/s, an XYZZ mixed addition being 10 Fq multiplications over Fq (G1) and 28 over
 * Fq2 (G2). The MSM floors are the reference's figures at 2^20, 2^24 and 2^26 (G1), interpolated log-linearly between
 * them and extended by the nearest slope; G2's are G1's times the reference's G2/G1 ratio at 2^24 (234 / 83 ms). A
 * batch-add's floor is its additions at the same ceiling, or its points' bytes at 4.3 TB/s if that is more.
 */
final class MsmFloors
{
    /** Fq multiplications per second on an H200, the reference's ceiling. */
    static final double FQ_MULS_PER_SECOND = 25.9e9;
    /** HBM bytes per second on an H200, measured by a copy. */
    static final double BYTES_PER_SECOND = 4.3e12;
    /** log2 sizes of the reference's G1 MSM floors. */
    private static final int[] LOGS = {20, 24, 26};
    /** The reference's G1 MSM floors at those sizes, in milliseconds. */
    private static final double[] G1_MS = {6.4, 83, 308};
    /** The reference's G2 MSM floor at 2^24, in milliseconds. */
    private static final double G2_AT_24_MS = 234;

    private MsmFloors()
    {
    }

    /** @return the MSM floor of 2^log points, in milliseconds. */
    static double msmMillis(final MsmCurve curve, final int log)
    {
        int segment = 0;
        while (segment < LOGS.length - 2 && log > LOGS[segment + 1])
        {
            segment++;
        }
        final double slope = Math.log(G1_MS[segment + 1] / G1_MS[segment]) / (LOGS[segment + 1] - LOGS[segment]);
        final double g1 = G1_MS[segment] * Math.exp(slope * (log - LOGS[segment]));
        return curve == MsmCurve.G1 ? g1 : g1 * G2_AT_24_MS / G1_MS[1];
    }

    /** @return the batch-add floor of {@code selected} points, in milliseconds. */
    static double batchAddMillis(final MsmCurve curve, final long selected)
    {
        final double muls = curve == MsmCurve.G1 ? 10 : 28;
        final double compute = selected * muls / FQ_MULS_PER_SECOND;
        final double memory = selected * (double)curve.affineBytes() / BYTES_PER_SECOND;
        return Math.max(compute, memory) * 1e3;
    }
}
