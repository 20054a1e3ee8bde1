package io.jprove.engine.cli;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

import io.jprove.engine.backend.DeviceSelection;
import io.jprove.engine.circuits.NamedCircuit;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.CpuFixedBaseMultiplier;
import io.jprove.engine.groth16.FixedBaseMultiplier;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.r1cs.ConstraintMatrices;
import io.jprove.field.ntt.EvaluationDomain;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jprove bench setup}: the Groth16 setup of a built-in circuit (a PoRep preset) on the chosen device, every
 * phase timed, and with {@code --vs-cpu} the same setup (the same randomness) on the host's threads after it: the
 * fixed-base products' times as a ratio, and the two keys compared by digest. The matrices come from the cache
 * {@code demo} and {@code bench engine} keep (recorded now if missing); the parameters are discarded. Ends with the
 * process's peak resident memory.
 */
@Command(name = "setup", mixinStandardHelpOptions = true,
    description = "Groth16 setup of a PoRep preset on the device, each phase timed; --vs-cpu: the products against "
        + "the CPU's.")
final class BenchSetupCommand implements Callable<Integer>
{
    @ArgGroup(exclusive = true, multiplicity = "1")
    private CircuitChoice circuitOption;

    @Option(names = "--vs-cpu", description = "Then set up again with the products on the host's threads, from the "
        + "same randomness: the products' times as a ratio, the keys compared.")
    private boolean vsCpu;

    @Option(names = "--cache", description = "Folder of the cached matrices (default ./.jprove/params).")
    private Path cache = Path.of(".jprove", "params");

    @Option(names = "--threads", description = "Worker threads (default: all processors).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Mixin
    private DeviceOption deviceOption;

    @Override
    public Integer call()
    {
        return CliSupport.run("bench setup", verbose, () ->
        {
            if (threads < 1)
            {
                throw new IllegalArgumentException("--threads must be at least 1");
            }
            final NamedCircuit circuit = circuitOption.circuit();
            final DeviceSelection selection = deviceOption.select();
            if (vsCpu && !io.jprove.kernels.DeviceName.CUDA.equals(selection.kind()))
            {
                throw new IllegalArgumentException("--vs-cpu compares a GPU's setup with the CPU's: it needs "
                    + "--device cuda (this run sets up on " + String.join(", ", selection.devices()) + ")");
            }
            final long t0 = System.nanoTime();
            final boolean recorded = !Files.exists(cache.resolve(circuit.name() + ".matrices"));
            try (ConstraintMatrices cs = circuit.matrices(cache))
            {
                System.out.printf(Locale.ROOT, "bench setup: %s, %d constraints, %d inputs, %d aux, domain 2^%d; "
                    + "matrices %s %s in %.1f s%n", circuit.name(), cs.numConstraints(), cs.numInputs(), cs.numAux(),
                    EvaluationDomain.atLeast(cs.numConstraints() + cs.numInputs()).logSize(),
                    recorded ? "recorded and cached in" : "read from", cache, (System.nanoTime() - t0) / 1e9);
                final long seed = new SecureRandom().nextLong();
                final SetupRun.Result first = SetupRun.run(cs, selection, threads, new SplittableRandom(seed));
                final VerifyingKey vk = first.key().vk();
                final byte[] digest;
                try (ProvingKey key = first.key())
                {
                    System.out.printf(Locale.ROOT, "  key         %d G1 + %d G2 points, a %s parameters file%n",
                        key.h().size() + key.l().size() + key.a().size() + key.bG1().size() + vk.numInputs(),
                        key.bG2().size(), size(BellpersonParams.fileBytes(key)));
                    print(first);
                    digest = vsCpu ? digest(key) : null;
                }
                if (vsCpu)
                {
                    try (FixedBaseMultiplier cpu = new CpuFixedBaseMultiplier(threads))
                    {
                        final SetupRun.Result second = SetupRun.run(cs, cpu, threads, new SplittableRandom(seed));
                        try (ProvingKey key = second.key())
                        {
                            print(second);
                            final boolean same = vk.equals(key.vk()) && MessageDigest.isEqual(digest, digest(key));
                            System.out.printf(Locale.ROOT, "  products    %s %.2f s against %s %.2f s: %.1f× (the "
                                + "fixed-base tables and products of G1 and G2 from the same scalars)%n",
                                first.device(), first.phases().productNanos() / 1e9, second.device(),
                                second.phases().productNanos() / 1e9, (double)second.phases().productNanos()
                                / first.phases().productNanos());
                            System.out.println("  keys        " + (same ? "identical" : "DIFFERENT") + " (the "
                                + "verifying keys, and SHA-256 over every query's bytes)");
                            if (!same)
                            {
                                return CliSupport.INVALID;
                            }
                        }
                    }
                }
            }
            System.out.println("  memory      peak resident " + size(CliSupport.peakResidentBytes()) + " (the "
                + "matrices, the key and the setup's vectors)");
            return CliSupport.OK;
        });
    }

    /** @return bytes in GB, or MB below a gigabyte. */
    private static String size(final long bytes)
    {
        return bytes >= 1e9 ? String.format(Locale.ROOT, "%.1f GB", bytes / 1e9)
            : String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    private static void print(final SetupRun.Result result)
    {
        System.out.println("  " + result.line());
        System.out.printf(Locale.ROOT, "  %-11s products %.2f s (tables and products of both groups), the rest "
            + "%.2f s%n", "", result.phases().productNanos() / 1e9, (result.phases().totalNanos()
            - result.phases().productNanos()) / 1e9);
    }

    /** @return SHA-256 of the five queries' bytes, each hashed in 64 MiB pieces on all cores, then together. */
    private static byte[] digest(final ProvingKey key)
    {
        final MessageDigest all = sha256();
        for (final MemorySegment segment : new MemorySegment[] {key.h().segment(), key.l().segment(),
            key.a().segment(), key.bG1().segment(), key.bG2().segment()})
        {
            final long piece = 64L << 20;
            final int pieces = (int)((segment.byteSize() + piece - 1) / piece);
            final byte[][] parts = new byte[pieces][];
            IntStream.range(0, pieces).parallel().forEach(p ->
            {
                final MessageDigest d = sha256();
                d.update(segment.asSlice(p * piece, Math.min(piece, segment.byteSize() - p * piece)).asByteBuffer());
                parts[p] = d.digest();
            });
            for (final byte[] part : parts)
            {
                all.update(part);
            }
        }
        return all.digest();
    }

    private static MessageDigest sha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("no SHA-256 in this JDK", e);
        }
    }
}
