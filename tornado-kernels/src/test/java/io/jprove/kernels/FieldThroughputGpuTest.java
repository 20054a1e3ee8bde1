package io.jprove.kernels;

import io.jprove.kernels.cuda.CudaDevice;
import io.jprove.kernels.cuda.CudaDriver;

import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Field-intrinsic throughput on the GPU: every work-item runs four independent chains of Montgomery multiplies; the
 * kernel time comes from CUDA events. Results of sampled items are checked against BigInteger before a figure is
 * printed, so a wrong kernel cannot report a speed. Also the host-side cost of a launch through the accelerator.
 */
@Tag("gpu")
final class FieldThroughputGpuTest
{
    private static final int ITERATIONS = 1000;
    private static final int LOCAL_SIZE = 256;
    private static final int TIMED_RUNS = 5;

    @Test
    void shouldReportFqAndFrMultiplyThroughput()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        final int groups = CudaDevice.get(0).multiprocessorCount() * 8;
        try (CudaAccelerator gpu = CudaAccelerator.open(0, FieldKernels.COMPILER))
        {
            measure(gpu, "Fq", "fqMulChains", MontgomeryReference.P_MODULUS, 6, groups, 25.9);
            measure(gpu, "Fr", "frMulChains", MontgomeryReference.R_MODULUS, 4, groups, 50.0);
        }
    }

    private static void measure(final CudaAccelerator gpu, final String field, final String kernel,
        final BigInteger modulus, final int limbs, final int groups, final double ceilingG)
    {
        try (Arena arena = Arena.ofShared())
        {
            final int items = groups * LOCAL_SIZE;
            final Random rnd = new Random(7);
            final LongArray seeds = LongArray.allocate(arena, 5L * limbs);
            final long[] tmp = new long[limbs];
            for (int s = 0; s < 5; s++)
            {
                // Top bits clear so that XOR-ing the item index into limb 0 keeps every start below the modulus.
                MontgomeryReference.fromBig(tmp, new BigInteger(modulus.bitLength() - 2, rnd));
                for (int k = 0; k < limbs; k++)
                {
                    seeds.set((long)s * limbs + k, tmp[k]);
                }
            }
            final LongArray out = LongArray.allocate(arena, (long)items * 4 * limbs);
            final KernelHandle handle = gpu.kernel(FieldKernels.class, kernel);
            handle.launch(groups, LOCAL_SIZE, seeds, out, ITERATIONS);
            for (final int item : new int[] {0, 1, items / 2 + 3, items - 1})
            {
                check(field, modulus, limbs, seeds, out, item);
            }
            // Kernel time as the device measured it, from the accelerator's activity reports (copies excluded).
            final double[] kernelMillis = {Double.MAX_VALUE};
            gpu.setListener(activity ->
            {
                if (activity.kind() == DeviceActivity.Kind.KERNEL)
                {
                    kernelMillis[0] = Math.min(kernelMillis[0], activity.durationNs() / 1e6);
                }
            });
            for (int run = 0; run < TIMED_RUNS; run++)
            {
                handle.launch(groups, LOCAL_SIZE, seeds, out, ITERATIONS);
            }
            gpu.setListener(null);
            final double best = kernelMillis[0];
            final double muls = (double)items * 4 * ITERATIONS;
            final double rateG = muls / (best / 1e3) / 1e9;
            System.out.printf("%s mul throughput: %.2f G/s (ceiling ≈ %.1f G/s, %.0f %%): %.3g muls in %.3f ms, "
                + "%d groups × %d items × 4 chains × %d%n", field, rateG, ceilingG, 100 * rateG / ceilingG, muls,
                best, groups, LOCAL_SIZE, ITERATIONS);
        }
    }

    private static void check(final String field, final BigInteger modulus, final int limbs, final LongArray seeds,
        final LongArray out, final int item)
    {
        final long[] y = new long[limbs];
        for (int k = 0; k < limbs; k++)
        {
            y[k] = seeds.get(k);
        }
        for (int chain = 0; chain < 4; chain++)
        {
            final long[] x = new long[limbs];
            for (int k = 0; k < limbs; k++)
            {
                x[k] = seeds.get((long)(chain + 1) * limbs + k) ^ (k == 0 ? item : 0);
            }
            final BigInteger rInv = BigInteger.ONE.shiftLeft(64 * limbs).modInverse(modulus);
            final BigInteger factor = MontgomeryReference.toBig(y).multiply(rInv).mod(modulus);
            final BigInteger expected = MontgomeryReference.toBig(x).multiply(factor.modPow(
                BigInteger.valueOf(ITERATIONS), modulus)).mod(modulus);
            final long[] got = new long[limbs];
            for (int k = 0; k < limbs; k++)
            {
                got[k] = out.get(((long)item * 4 + chain) * limbs + k);
            }
            assertEquals(expected, MontgomeryReference.toBig(got), field + " chain " + chain + " of item " + item
                + ": " + Arrays.toString(got));
        }
    }

    @Test
    void shouldReportLaunchOverheadThroughTheAccelerator()
    {
        assumeTrue(CudaDriver.isAvailable(), () -> "no CUDA driver: " + CudaDriver.unavailableReason());
        try (CudaAccelerator gpu = CudaAccelerator.open(0); Arena arena = Arena.ofShared())
        {
            final IntArray out = IntArray.allocate(arena, 6 * 32);
            final KernelHandle handle = gpu.kernel(ConformanceKernels.class, "indices");
            for (int i = 0; i < 200; i++)
            {
                handle.launch(1, 32, out);
            }
            final int n = 2000;
            final long[] ns = new long[n];
            for (int i = 0; i < n; i++)
            {
                final long t0 = System.nanoTime();
                handle.launch(1, 32, out);
                ns[i] = System.nanoTime() - t0;
            }
            Arrays.sort(ns);
            assertEquals(31, out.get(6 * 31));
            System.out.printf("kernel launch through CudaAccelerator (copy in, launch, wait, copy out, 768 B): "
                + "median %.1f µs, p99 %.1f µs over %d launches%n", ns[n / 2] / 1e3, ns[n * 99 / 100] / 1e3, n);
        }
    }
}
