package io.jprove.kernels.ptx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Cubins that {@code ptxas} assembled ahead of time from this compiler's PTX, found on the class path, so a device of
 * that architecture loads its kernels without the driver's JIT (about a minute for the prover's kernels on a host
 * whose JIT cache is empty, against milliseconds for an image).
 * <p>
 * An image is named by the SHA-256 of the PTX it was assembled from, under its architecture:
 * {@code io/jprove/kernels/images/sm_90/<sha-256>.cubin}. A kernel whose PTX has changed since the images were built
 * has another digest, finds none, and is JIT-compiled from its PTX as before: an image can be missing, never stale.
 * {@link KernelImageBuilder} writes them; the GPU-host bundle carries them as a jar. {@code -Djprove.cuda.images=false}
 * ignores them (to compare the JIT's code with ptxas').
 */
public final class KernelImages
{
    /** Resource folder of the images; one sub-folder per architecture. */
    public static final String ROOT = "io/jprove/kernels/images/";

    private KernelImages()
    {
    }

    /** @return whether images are looked for ({@code jprove.cuda.images} is not {@code false}). */
    public static boolean enabled()
    {
        return !"false".equalsIgnoreCase(System.getProperty("jprove.cuda.images"));
    }

    /**
     * @param major compute capability, major.
     * @param minor compute capability, minor.
     * @return the {@code ptxas -arch} name, e.g. {@code sm_90}.
     */
    public static String architecture(final int major, final int minor)
    {
        return "sm_" + major + minor;
    }

    /**
     * @param ptx          the kernel's PTX.
     * @param architecture e.g. {@code sm_90}.
     * @return the resource name of its image.
     */
    public static String resourceName(final String ptx, final String architecture)
    {
        return ROOT + architecture + "/" + digest(ptx) + ".cubin";
    }

    /**
     * @param ptx          the kernel's PTX.
     * @param architecture the device's, e.g. {@code sm_90}.
     * @return the image assembled from exactly this PTX for that architecture, or null when there is none (or images
     *         are disabled).
     */
    public static byte[] find(final String ptx, final String architecture)
    {
        return enabled() ? find(ptx, architecture, KernelImages.class.getClassLoader()) : null;
    }

    /**
     * @param ptx          the kernel's PTX.
     * @param architecture e.g. {@code sm_90}.
     * @param loader       where to look.
     * @return the image assembled from exactly this PTX for that architecture, or null.
     */
    public static byte[] find(final String ptx, final String architecture, final ClassLoader loader)
    {
        final String name = resourceName(ptx, architecture);
        try (InputStream in = loader.getResourceAsStream(name))
        {
            return in == null ? null : in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("reading the kernel image " + name, ex);
        }
    }

    /**
     * @param ptx PTX text.
     * @return the lower-case hex SHA-256 of its UTF-8 bytes.
     */
    public static String digest(final String ptx)
    {
        try
        {
            final MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(ptx.getBytes(StandardCharsets.UTF_8)));
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", ex);
        }
    }
}
