package io.jprove.engine.porep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

import io.jprove.engine.groth16.VerifyingKey;

/**
 * Filecoin's parameter cache as C2 reads it: the folder of the {@code .params} and {@code .vk} files under their v28
 * names ({@link PorepParameterFiles}), by default {@code $FIL_PROOFS_PARAMETER_CACHE}, else
 * {@code /var/tmp/filecoin-proof-parameters} (rust-fil-proofs' {@code parameter_cache.rs}).
 * <p>
 * Files of two origins share those names. Filecoin's published ones are authenticated by their digests in
 * parameters.json ({@link #checkDigest}). Parameters that {@code jprove setup --porep} made for the exact circuit,
 * where the published ones are not at hand, carry a marker file beside them ({@link #markerName}), which says they
 * are NOT Filecoin's: proofs made with them verify against their own {@code .vk} only, never on chain; they have no
 * published digest.
 */
public final class PorepParameterCache
{
    /** The environment variable rust-fil-proofs reads the cache folder from. */
    public static final String ENVIRONMENT = "FIL_PROOFS_PARAMETER_CACHE";
    /** rust-fil-proofs' default folder. */
    public static final Path DEFAULT_DIRECTORY = Path.of("/var/tmp/filecoin-proof-parameters");
    private static final String MARKER = ".jprove-setup";

    /**
     * A seal proof's files in a cache.
     *
     * @param params     the Groth16 parameters
     * @param vk         the verifying key
     * @param jproveMade whether {@code jprove setup} made them (the marker is there): not Filecoin's
     */
    public record Located(Path params, Path vk, boolean jproveMade)
    {
    }

    private PorepParameterCache()
    {
    }

    /** @return the folder rust-fil-proofs would read: the environment variable's, else the default. */
    public static Path defaultDirectory()
    {
        final String env = System.getenv(ENVIRONMENT);
        return env == null || env.isBlank() ? DEFAULT_DIRECTORY : Path.of(env);
    }

    /** @return the marker's name beside a seal proof's files: {@code <stem>.jprove-setup}. */
    public static String markerName(final RegisteredSealProof proof)
    {
        return markerName(PorepParameterFiles.set(proof));
    }

    /** @return the marker's name beside a circuit's files: {@code <stem>.jprove-setup}. */
    public static String markerName(final ParameterSet set)
    {
        return set.stem() + MARKER;
    }

    /**
     * @return the seal proof's files in {@code directory}
     * @throws IllegalArgumentException naming a file that is missing, and how to get it
     */
    public static Located locate(final Path directory, final RegisteredSealProof proof)
    {
        return locate(directory, PorepParameterFiles.set(proof));
    }

    /**
     * @return a circuit's files in {@code directory}
     * @throws IllegalArgumentException naming a file that is missing, and how to get it
     */
    public static Located locate(final Path directory, final ParameterSet set)
    {
        final Path params = directory.resolve(set.paramsName());
        final Path vk = directory.resolve(set.vkName());
        for (final Path p : new Path[] {vk, params})
        {
            if (!Files.isRegularFile(p))
            {
                throw new IllegalArgumentException("no " + p.getFileName() + " in " + directory + " (the "
                    + set.label() + " parameters): fetch Filecoin's published files into it (paramfetch), "
                    + "or make parameters for the circuit with 'jprove setup " + set.setupOptions()
                    + " --params-dir " + directory + "' (not Filecoin's: their proofs do not verify on chain)");
            }
        }
        return new Located(params, vk, Files.isRegularFile(directory.resolve(markerName(set))));
    }

    /**
     * Checks a file's digest (the first 16 bytes of its BLAKE2b-512) against parameters.json's.
     *
     * @throws IllegalArgumentException when it differs, or the file has no published digest
     * @throws IOException              when it cannot be read
     */
    public static void checkDigest(final Path file) throws IOException
    {
        checkDigest(file, PorepParameterFiles.publishedDigest(file.getFileName().toString()));
    }

    /**
     * Checks a file's digest against its published one.
     *
     * @param published its digest in parameters.json, empty when it has none
     * @throws IllegalArgumentException when it differs, or the file has no published digest
     * @throws IOException              when it cannot be read
     */
    public static void checkDigest(final Path file, final Optional<String> published) throws IOException
    {
        if (published.isEmpty())
        {
            throw new IllegalArgumentException(file + " is not one of Filecoin's published parameter files");
        }
        final String actual = PorepParameterFiles.digest(file);
        if (!actual.equals(published.get()))
        {
            throw new IllegalArgumentException(file + ": digest " + actual + ", but parameters.json publishes "
                + published.get() + ": not Filecoin's file (damaged, or another's under its name)");
        }
    }

    /**
     * Writes the marker that says the files beside it are jprove's own.
     *
     * @param note what made them and when, in words
     */
    public static void writeMarker(final Path directory, final RegisteredSealProof proof, final String note)
        throws IOException
    {
        writeMarker(directory, PorepParameterFiles.set(proof), note);
    }

    /**
     * Writes the marker that says a circuit's files beside it are jprove's own.
     *
     * @param note what made them and when, in words
     */
    public static void writeMarker(final Path directory, final ParameterSet set, final String note)
        throws IOException
    {
        Files.writeString(directory.resolve(markerName(set)), "These " + set.label()
            + " parameters (" + set.stem() + ".params and .vk) were made by jprove setup "
            + "from fresh randomness for the exact circuit. They are NOT Filecoin's published parameters: proofs "
            + "made with them verify against this .vk only, never on chain.\n" + note + "\n", StandardCharsets.UTF_8);
    }

    /**
     * Checks that the {@code .params} and the {@code .vk} are one key's: proofs are verified against the {@code .vk}
     * file, whose digest is the published one, so the verifying key inside the parameters must be the same.
     *
     * @param inParams the verifying key inside the {@code .params}
     * @param file     the {@code .vk} file's
     * @param files    the two files, for the message
     * @throws IllegalArgumentException naming both files when they differ
     */
    public static void requirePair(final VerifyingKey inParams, final VerifyingKey file, final Located files)
    {
        final boolean same = Arrays.equals(inParams.alphaG1(), file.alphaG1())
            && Arrays.equals(inParams.betaG1(), file.betaG1()) && Arrays.equals(inParams.betaG2(), file.betaG2())
            && Arrays.equals(inParams.gammaG2(), file.gammaG2()) && Arrays.equals(inParams.deltaG1(), file.deltaG1())
            && Arrays.equals(inParams.deltaG2(), file.deltaG2()) && Arrays.equals(inParams.ic(), file.ic());
        if (!same)
        {
            throw new IllegalArgumentException(files.params() + " and " + files.vk() + " are not one key's: the "
                + "verifying key inside the parameters differs from the .vk file");
        }
    }
}
