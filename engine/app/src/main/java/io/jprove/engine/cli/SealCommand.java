package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1JsonWriter;
import io.jprove.engine.porep.c1.C1Output;
import io.jprove.engine.porep.c1.Commit2Input;
import io.jprove.engine.porep.c1.Commit2InputJson;
import io.jprove.engine.porep.sdr.ProverId;
import io.jprove.engine.porep.seal.SealedSector;
import io.jprove.engine.porep.seal.SectorSealer;
import io.jprove.engine.porep.seal.SparseSector;
import io.jprove.engine.porep.tree.CommitmentCid;
import io.jprove.engine.porep.tree.Fr32Padding;
import io.jprove.engine.porep.vanilla.SectorOpenings;
import io.jprove.engine.porep.vanilla.VanillaProver;
import io.jprove.engine.porep.vanilla.VanillaVerifier;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove seal}: seals a test sector and writes its C1 output. Up to 512 MiB the sector is sealed whole
 * (labels, trees, replica, the cache files rust-fil-proofs names); with {@code --sparse}, any size, only what the
 * challenges open is made (a consistent sparse sector of zero data). The C1 output is checked by jprove's vanilla
 * verifier before it is written.
 */
@Command(name = "seal", mixinStandardHelpOptions = true,
    description = "Seal a test sector (2KiB, 8MiB, 512MiB whole; any size --sparse) and write its C1 output.")
final class SealCommand implements Callable<Integer>
{
    @Option(names = "--sector-size", description = "2KiB, 8MiB, 512MiB, 32GiB or 64GiB (or give --proof)")
    String sectorSize;

    @Option(names = "--proof", description = "the seal proof, e.g. StackedDrg2KiBV1_1 (default: the size's V1_1)")
    String proofName;

    @Option(names = "--data", description = "piece data to seal (unpadded, at most 127/128 of the sector; "
        + "zero-filled)")
    Path data;

    @Option(names = "--zeros", description = "seal zeros (the default)")
    boolean zeros;

    @Option(names = "--random", description = "seal random data from this seed")
    Long random;

    @Option(names = "--sparse", description = "make a consistent sparse sector (zero data; interactive seal "
        + "proofs only)")
    boolean sparse;

    @Option(names = "--miner-id", defaultValue = "1000", description = "the miner's actor id (default: 1000)")
    long minerId;

    @Option(names = "--sector", defaultValue = "1", description = "the sector number (default: 1)")
    long sector;

    @Option(names = "--ticket", description = "32 bytes of hex (default: 11 repeated)")
    String ticketHex;

    @Option(names = "--seed", description = "the interactive seed, 32 bytes of hex (default: 22 repeated)")
    String seedHex;

    @Option(names = "--wrapper", description = "also write commit2-input.json ({SectorNum, Phase1Out, SectorSize})")
    boolean wrapper;

    @Option(names = "--no-cache", description = "write only the C1 output, not the replica and cache files")
    boolean noCache;

    @Option(names = "--arbitrary-seed", defaultValue = "1",
        description = "the seed of a sparse sector's arbitrary labels and digests (default: 1)")
    long arbitrarySeed;

    @Option(names = "--out", required = true, description = "the output folder")
    Path out;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("seal", verbose, () ->
        {
            final RegisteredSealProof proof = proof();
            final byte[] ticket = hex32(ticketHex, "--ticket", (byte)0x11);
            final byte[] seed = hex32(seedHex, "--seed", (byte)0x22);
            final byte[] proverId = ProverId.ofMiner(minerId);
            final long t0 = System.nanoTime();
            final SectorOpenings sectorOpenings;
            final byte[] replicaId;
            final byte[] commD;
            final byte[] commR;
            SealedSector whole = null;
            if (sparse)
            {
                if (data != null || random != null)
                {
                    throw new IllegalArgumentException("a sparse sector's data is zeros: drop --data and --random");
                }
                final SparseSector s = SparseSector.make(proof, proverId, sector, ticket, seed,
                    new SplittableRandom(arbitrarySeed));
                System.out.printf("seal: sparse %s: %,d columns made in %.1f s%n", proof, s.columnCount(),
                    (System.nanoTime() - t0) / 1e9);
                sectorOpenings = s;
                replicaId = s.replicaId();
                commD = s.commD();
                commR = s.commR();
            }
            else
            {
                if (proof.sectorBytes() > 512L << 20)
                {
                    throw new IllegalArgumentException(proof.sizeName() + " is sealed whole only up to 512MiB here "
                        + "(in memory); use --sparse");
                }
                whole = SectorSealer.seal(proof, sectorData(proof), proverId, sector, ticket);
                System.out.printf("seal: %s sealed in %.1f s (labels, trees, replica)%n", proof,
                    (System.nanoTime() - t0) / 1e9);
                sectorOpenings = whole;
                replicaId = whole.replicaId();
                commD = whole.commD();
                commR = whole.commR();
            }
            final long t1 = System.nanoTime();
            final C1Output c1 = VanillaProver.commitPhase1(proof, sectorOpenings, replicaId, commD, commR, seed,
                ticket);
            final long t2 = System.nanoTime();
            VanillaVerifier.verify(c1, new VanillaVerifier.Identity(proverId, sector));
            final long t3 = System.nanoTime();
            final byte[] json = C1JsonWriter.write(c1);
            Files.createDirectories(out);
            if (whole != null && !noCache)
            {
                whole.write(out);
            }
            C1Command.writeAtomically(out.resolve("c1.json"), json);
            if (wrapper)
            {
                C1Command.writeAtomically(out.resolve("commit2-input.json"), Commit2InputJson.write(
                    new Commit2Input(sector, json, proof.sectorBytes())));
            }
            System.out.printf("seal: C1 output: %d partitions × %d challenges, proved in %.1f s, verified in %.1f s, "
                + "%,d bytes -> %s%n", c1.vanillaProofs().size(), c1.vanillaProofs().getFirst().size(),
                (t2 - t1) / 1e9, (t3 - t2) / 1e9, json.length, out.resolve("c1.json"));
            System.out.println("seal: comm_d " + CommitmentCid.UNSEALED.encode(commD) + ", comm_r "
                + CommitmentCid.SEALED.encode(commR) + ", miner " + minerId + ", sector " + sector);
            System.out.printf("seal: total %.1f s%n", (System.nanoTime() - t0) / 1e9);
            return CliSupport.OK;
        });
    }

    private RegisteredSealProof proof()
    {
        if (proofName != null)
        {
            final RegisteredSealProof p = RegisteredSealProof.ofName(proofName);
            if (sectorSize != null && RegisteredSealProof.parseSectorSize(sectorSize) != p.sectorBytes())
            {
                throw new IllegalArgumentException("--proof " + p + " is a " + p.sizeName() + " seal proof, not "
                    + sectorSize);
            }
            return p;
        }
        if (sectorSize == null)
        {
            throw new IllegalArgumentException("give --sector-size or --proof");
        }
        return RegisteredSealProof.of(RegisteredSealProof.parseSectorSize(sectorSize),
            RegisteredSealProof.ApiVersion.V1_1_0, RegisteredSealProof.Feature.NONE);
    }

    private byte[] sectorData(final RegisteredSealProof proof) throws java.io.IOException
    {
        if ((data != null ? 1 : 0) + (random != null ? 1 : 0) + (zeros ? 1 : 0) > 1)
        {
            throw new IllegalArgumentException("give one of --data, --zeros, --random");
        }
        final byte[] unpadded = new byte[Math.toIntExact(Fr32Padding.unpaddedSize(proof.sectorBytes()))];
        if (data != null)
        {
            final long size = Files.size(data);
            if (size > unpadded.length)
            {
                throw new IllegalArgumentException(data + ": " + size + " bytes; a " + proof.sizeName() + " sector "
                    + "holds " + unpadded.length + " bytes of data");
            }
            final byte[] bytes = Files.readAllBytes(data);
            System.arraycopy(bytes, 0, unpadded, 0, bytes.length);
        }
        else if (random != null)
        {
            new SplittableRandom(random).nextBytes(unpadded);
        }
        return Fr32Padding.pad(unpadded);
    }

    private static byte[] hex32(final String text, final String option, final byte fill)
    {
        if (text == null)
        {
            final byte[] b = new byte[32];
            java.util.Arrays.fill(b, fill);
            return b;
        }
        final byte[] b;
        try
        {
            b = HexFormat.of().parseHex(text.startsWith("0x") ? text.substring(2) : text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(option + " is not hex: " + text, e);
        }
        if (b.length != 32)
        {
            throw new IllegalArgumentException(option + " must be 32 bytes (64 hex digits), got " + b.length);
        }
        return b;
    }
}
