package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;

import io.jprove.engine.porep.c1.C1File;
import io.jprove.engine.porep.c1.C1JsonWriter;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.Commit2Input;
import io.jprove.engine.porep.c1.Commit2InputJson;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.tree.CommitmentCid;
import io.jprove.engine.porep.vanilla.VanillaVerifier;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jprove c1}: C1 outputs (seal commit phase 1's {@code SealCommitPhase1Output}, bare serde JSON or in the
 * lotus-bench/cuzk wrapper): check one with jprove's vanilla verifier, summarise it, or rewrite it in either form.
 * A malformed or inconsistent file is one error naming the JSON path, exit 2.
 */
@Command(name = "c1", mixinStandardHelpOptions = true,
    description = "C1 outputs (SealCommitPhase1Output JSON, bare or wrapped): verify, info, convert.",
    subcommands = {C1Command.Verify.class, C1Command.Info.class, C1Command.Convert.class})
final class C1Command
{
    /** {@code jprove c1 verify FILE}: the vanilla verifier; exit 0 valid, 2 anything wrong (named). */
    @Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check a C1 output's vanilla proofs as rust-fil-proofs does, and the shape C2 needs "
            + "(exit 0 valid, 2 malformed or invalid, the JSON path named).")
    static final class Verify implements Callable<Integer>
    {
        @Parameters(index = "0", description = "the C1 output (bare or wrapped JSON)")
        Path file;

        @Option(names = "--miner-id", description = "the miner's actor id: also check the replica id (and so the "
            + "ticket), which needs the sector number too")
        Long minerId;

        @Option(names = "--sector", description = "the sector number (default: the wrapper's SectorNum)")
        Long sector;

        @Option(names = "--verbose", description = "Print stack traces with errors.")
        boolean verbose;

        @Override
        public Integer call()
        {
            return CliSupport.run("c1 verify", verbose, () ->
            {
                final long t0 = System.nanoTime();
                final C1File c1 = C1File.read(file);
                final long t1 = System.nanoTime();
                final Long sectorId = sector != null ? sector : c1.wrapped() ? c1.wrapper().sectorNum() : null;
                if (minerId != null && sectorId == null)
                {
                    throw new IllegalArgumentException("--miner-id needs --sector (a bare C1 output has no sector "
                        + "number)");
                }
                final VanillaVerifier.Identity identity = minerId == null ? null
                    : new VanillaVerifier.Identity(ProverId.ofMiner(minerId), sectorId);
                try
                {
                    VanillaVerifier.verify(c1.output(), identity);
                }
                catch (final IllegalArgumentException e)
                {
                    throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
                }
                final C1Output out = c1.output();
                System.out.printf("c1 verify: valid: %s, %d partitions × %d challenges, read in %.1f ms, verified in "
                    + "%.1f ms%s%n", out.registeredProof(), out.vanillaProofs().size(),
                    out.vanillaProofs().getFirst().size(), (t1 - t0) / 1e6, (System.nanoTime() - t1) / 1e6,
                    identity == null ? " (replica id not checked: give --miner-id and the sector)" : "");
                return CliSupport.OK;
            });
        }
    }

    /** {@code jprove c1 info FILE}: what a C1 output holds. */
    @Command(name = "info", mixinStandardHelpOptions = true,
        description = "Summarise a C1 output: seal proof, partitions, challenges, commitments (read strictly).")
    static final class Info implements Callable<Integer>
    {
        @Parameters(index = "0", description = "the C1 output (bare or wrapped JSON)")
        Path file;

        @Option(names = "--verbose", description = "Print stack traces with errors.")
        boolean verbose;

        @Override
        public Integer call()
        {
            return CliSupport.run("c1 info", verbose, () ->
            {
                final long t0 = System.nanoTime();
                final C1File c1 = C1File.read(file);
                final C1Output out = c1.output();
                final java.util.HexFormat hex = java.util.HexFormat.of();
                System.out.println("file            " + file + " (" + Files.size(file) + " bytes, "
                    + (c1.wrapped() ? "wrapped: SectorNum " + c1.wrapper().sectorNum() + ", SectorSize "
                    + c1.wrapper().sectorSize() : "bare") + ", read in " + CliSupport.ms(t0) + ")");
                System.out.println("seal proof      " + out.registeredProof() + " (" + out.variant() + ")");
                System.out.println("vanilla proofs  " + out.vanillaProofs().size() + " partitions × "
                    + out.vanillaProofs().getFirst().size() + " challenges");
                System.out.println("comm_d          " + CommitmentCid.UNSEALED.encode(out.commD()));
                System.out.println("comm_r          " + CommitmentCid.SEALED.encode(out.commR()));
                System.out.println("replica_id      " + hex.formatHex(out.replicaId()));
                System.out.println("seed            " + hex.formatHex(out.seed()));
                System.out.println("ticket          " + hex.formatHex(out.ticket()));
                return CliSupport.OK;
            });
        }
    }

    /** {@code jprove c1 convert IN --out OUT}: rewrite, bare or wrapped. */
    @Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Read a C1 output and write it again, bare (serde JSON) or wrapped ({SectorNum, Phase1Out, "
            + "SectorSize}); a file serde wrote comes out byte for byte the same.")
    static final class Convert implements Callable<Integer>
    {
        @Parameters(index = "0", description = "the C1 output (bare or wrapped JSON)")
        Path file;

        @Option(names = "--out", required = true, description = "where to write")
        Path out;

        @Option(names = "--to", description = "raw or wrapper (default: the input's form)")
        String to;

        @Option(names = "--sector", description = "the wrapper's SectorNum (default: the input wrapper's, else 0)")
        Long sector;

        @Option(names = "--verbose", description = "Print stack traces with errors.")
        boolean verbose;

        @Override
        public Integer call()
        {
            return CliSupport.run("c1 convert", verbose, () ->
            {
                final C1File c1 = C1File.read(file);
                final boolean wrap = to == null ? c1.wrapped() : switch (to)
                {
                    case "raw" -> false;
                    case "wrapper" -> true;
                    default -> throw new IllegalArgumentException("--to is raw or wrapper, got '" + to + "'");
                };
                final byte[] raw = C1JsonWriter.write(c1.output());
                final long num = sector != null ? sector : c1.wrapped() ? c1.wrapper().sectorNum() : 0;
                final byte[] bytes = wrap ? Commit2InputJson.write(new Commit2Input(num, raw,
                    c1.output().registeredProof().sectorBytes())) : raw;
                writeAtomically(out, bytes);
                System.out.println("c1 convert: wrote " + out + " (" + bytes.length + " bytes, "
                    + (wrap ? "wrapped" : "bare") + ")");
                return CliSupport.OK;
            });
        }
    }

    /** Writes a file whole or not at all: to a temporary file beside it, then renamed. */
    static void writeAtomically(final Path file, final byte[] bytes) throws java.io.IOException
    {
        CliSupport.createParent(file);
        final Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try
        {
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        finally
        {
            Files.deleteIfExists(tmp);
        }
    }
}
