package io.jprove.engine.porep;

import java.util.Optional;

/**
 * One circuit's pair of files in Filecoin's parameter cache ({@link PorepParameterCache}): {@code <stem>.params} and
 * {@code <stem>.vk} under rust-fil-proofs' v28 name, what they are in words, how {@code jprove setup} makes them, and
 * their published digests when Filecoin publishes the pair (parameters.json).
 *
 * @param stem         the files' common stem, e.g. {@code v28-proof-of-spacetime-fallback-...-<hex>}
 * @param label        what they prove, e.g. "2KiB PoRep" or "32GiB WindowPoSt"
 * @param setupOptions the {@code jprove setup} options that make them, e.g. {@code --porep 2KiB}
 * @param paramsDigest the {@code .params} digest in parameters.json, or null when unpublished
 * @param vkDigest     the {@code .vk} digest in parameters.json, or null when unpublished
 */
public record ParameterSet(String stem, String label, String setupOptions, String paramsDigest, String vkDigest)
{
    /** @return the parameters' file name */
    public String paramsName()
    {
        return stem + ".params";
    }

    /** @return the verifying key's file name */
    public String vkName()
    {
        return stem + ".vk";
    }

    /**
     * @param fileName one of the pair's file names
     * @return its published digest, when there is one
     */
    public Optional<String> publishedDigest(final String fileName)
    {
        return Optional.ofNullable(fileName.equals(paramsName()) ? paramsDigest : fileName.equals(vkName())
            ? vkDigest : null);
    }
}
