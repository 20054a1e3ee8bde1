package io.jprove.engine.device;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.IdentityHashMap;
import java.util.Map;

import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.KeyLoading;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.groth16.BellpersonReduction;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.QapReduction;
import io.jprove.engine.groth16.SnarkjsReduction;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;

/**
 * A proving key as a device process reads it: the key's vectors, as they are in memory (no encoding), in a file of
 * shared memory that every device process of this host maps read-only, so a key loaded and checked by the daemon is
 * prepared on each device without being read or checked again. One image per key: either the key itself, read
 * straight into its image ({@link #readParams}: one copy of the key on the host, the image deleted when the key
 * closes), or a copy of a key loaded elsewhere, written when the first device prepares the key and deleted when the
 * last one lets it go.
 * <pre>
 * u64 magic "JPKIMG01" | u64 reduction (0 bellperson, 1 snarkjs) | u64 IC points n | u64 counts of h, l, a, b_g1, b_g2
 * | verifying key: α₁ β₁ β₂ γ₂ δ₁ δ₂ then n IC points, affine limbs | each vector's points at a page boundary
 * </pre>
 */
public final class KeyImage
{
    private static final long MAGIC = 0x4a504b494d473031L;
    private static final long PAGE = 4096;
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED;

    /** The images written, by key identity; guarded by the class. */
    private static final Map<ProvingKey, Written> WRITTEN = new IdentityHashMap<>();

    /** An image, the devices using it, and whether it is the key's own memory (then it goes with the key). */
    private record Written(Path file, int[] users, boolean owned)
    {
    }

    private KeyImage()
    {
    }

    /**
     * @return the key's image in {@code directory}, written now unless it exists; each call is matched by a
     *         {@link #release}.
     */
    static synchronized Path acquire(final ProvingKey key, final Path directory)
    {
        final Written known = WRITTEN.get(key);
        if (known != null)
        {
            known.users()[0]++;
            return known.file();
        }
        final Path file = SharedMemory.freshFile(directory, "key");
        write(key, file);
        WRITTEN.put(key, new Written(file, new int[] {1}, false));
        return file;
    }

    /**
     * Reads a bellperson {@code .params} file straight into a fresh image in {@code directory}, as
     * {@link BellpersonParams#read(Path, boolean, int, CheckedKeys, KeyLoading)} reads it: the key returned is the
     * image's memory, so the host holds one copy of it for the caller and every device process, not one in the
     * caller's memory and another in shared memory (for a 32 GiB sector's key, 44 GiB instead of 88). Closing the key
     * deletes its image.
     *
     * @param directory a folder of shared memory, the device processes' ({@link SharedMemory#defaultDirectory()}).
     * @throws java.util.concurrent.CancellationException when {@code loading} was cancelled; nothing is left.
     */
    public static ProvingKey readParams(final Path params, final boolean checked, final int threads,
        final CheckedKeys remembered, final KeyLoading loading, final Path directory)
    {
        try
        {
            Files.createDirectories(directory);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot make the shared-memory folder " + directory, e);
        }
        final Path file = SharedMemory.freshFile(directory, "key");
        final ImageArena[] made = new ImageArena[1];
        final ProvingKey key = BellpersonParams.read(params, checked, threads, remembered, loading,
            (inputs, counts) ->
            {
                made[0] = ImageArena.create(file, inputs, counts);
                return made[0].vectors(counts);
            });
        try
        {
            made[0].writeHeader(key);
            synchronized (KeyImage.class)
            {
                WRITTEN.put(key, new Written(file, new int[] {0}, true));
            }
            made[0].key = key;
            return key;
        }
        catch (final RuntimeException | Error e)
        {
            key.close();
            throw e;
        }
    }

    /** Lets go of an image; the last user deletes its file. */
    static synchronized void release(final ProvingKey key)
    {
        final Written known = WRITTEN.get(key);
        if (known != null && --known.users()[0] == 0 && !known.owned())
        {
            WRITTEN.remove(key);
            SharedMemory.deleteQuietly(known.file());
        }
    }

    private static void write(final ProvingKey key, final Path file)
    {
        final long g1 = G1AffineVector.ELEMENT_BYTES;
        final MemorySegment[] vectors = {key.h().segment().asSlice(0, key.h().size() * g1),
            key.l().segment().asSlice(0, key.l().size() * g1), key.a().segment().asSlice(0, key.a().size() * g1),
            key.bG1().segment().asSlice(0, key.bG1().size() * g1),
            key.bG2().segment().asSlice(0, key.bG2().size() * G2AffineVector.ELEMENT_BYTES)};
        final long[] at = layout(key.vk().numInputs(), counts(key));
        SharedMemory.requireRoom(file.getParent(), at[at.length - 1], "the key's image");
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final MemorySegment out = ch.map(FileChannel.MapMode.READ_WRITE, 0, at[at.length - 1], arena);
            writeHeader(out, key);
            for (int i = 0; i < vectors.length; i++)
            {
                MemorySegment.copy(vectors[i], 0, out, at[i], vectors[i].byteSize());
            }
        }
        catch (final IOException e)
        {
            SharedMemory.deleteQuietly(file);
            throw new UncheckedIOException("cannot write the key's image for the device process to " + file, e);
        }
    }

    private static long[] counts(final ProvingKey key)
    {
        return new long[] {key.h().size(), key.l().size(), key.a().size(), key.bG1().size(), key.bG2().size()};
    }

    /**
     * @param inputs the verifying key's IC points.
     * @param counts h, l, a, b_g1, b_g2.
     * @return where each vector starts in the image, then the image's size (at least a page)
     */
    private static long[] layout(final int inputs, final long[] counts)
    {
        final long header = 64 + 8L * (3L * G1.AFFINE_LIMBS + 3L * G2.AFFINE_LIMBS + (long)inputs * G1.AFFINE_LIMBS);
        final long[] at = new long[counts.length + 1];
        long next = align(header);
        for (int i = 0; i < counts.length; i++)
        {
            at[i] = next;
            next = align(next + counts[i] * (i == counts.length - 1 ? G2AffineVector.ELEMENT_BYTES
                : G1AffineVector.ELEMENT_BYTES));
        }
        at[counts.length] = Math.max(PAGE, next);
        return at;
    }

    /** Writes the header and the verifying key at the image's start. */
    private static void writeHeader(final MemorySegment out, final ProvingKey key)
    {
        final VerifyingKey vk = key.vk();
        out.set(U64, 0, MAGIC);
        out.set(U64, 8, key.reduction() == SnarkjsReduction.INSTANCE ? 1 : 0);
        out.set(U64, 16, vk.numInputs());
        final long[] counts = counts(key);
        for (int i = 0; i < counts.length; i++)
        {
            out.set(U64, 24 + 8L * i, counts[i]);
        }
        long at = 64;
        for (final long[] f : new long[][] {vk.alphaG1(), vk.betaG1(), vk.betaG2(), vk.gammaG2(), vk.deltaG1(),
            vk.deltaG2(), vk.ic()})
        {
            MemorySegment.copy(f, 0, out, U64, at, f.length);
            at += 8L * f.length;
        }
    }

    /**
     * The memory of a key read straight into its image: the image's file mapped read-write; closing it (the key
     * closes it) unmaps the file, forgets the image and deletes it.
     */
    private static final class ImageArena implements Arena
    {
        private final Arena mapping;
        private final Path file;
        private final MemorySegment image;
        private final long[] at;
        private volatile ProvingKey key;

        private ImageArena(final Arena mapping, final Path file, final MemorySegment image, final long[] at)
        {
            this.mapping = mapping;
            this.file = file;
            this.image = image;
            this.at = at;
        }

        /** Makes the image's file, sized for the key, and maps it. */
        static ImageArena create(final Path file, final int inputs, final long[] counts)
        {
            final long[] at = layout(inputs, counts);
            SharedMemory.requireRoom(file.getParent(), at[at.length - 1], "the key's image");
            final Arena mapping = Arena.ofShared();
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE))
            {
                // a sparse file of shared memory: its pages become memory as the points are written into them
                return new ImageArena(mapping, file, ch.map(FileChannel.MapMode.READ_WRITE, 0, at[at.length - 1],
                    mapping), at);
            }
            catch (final IOException e)
            {
                mapping.close();
                SharedMemory.deleteQuietly(file);
                final OutOfMemoryError oom = new OutOfMemoryError("cannot map the key's image " + file + ": " + e);
                oom.initCause(e);
                throw oom;
            }
        }

        /** @return the key's vectors over the image, owned by this. */
        BellpersonParams.Destination.Vectors vectors(final long[] counts)
        {
            final long g1 = G1AffineVector.ELEMENT_BYTES;
            return new BellpersonParams.Destination.Vectors(G1AffineVector.wrap(image.asSlice(at[0], counts[0] * g1)),
                G1AffineVector.wrap(image.asSlice(at[1], counts[1] * g1)),
                G1AffineVector.wrap(image.asSlice(at[2], counts[2] * g1)),
                G1AffineVector.wrap(image.asSlice(at[3], counts[3] * g1)),
                G2AffineVector.wrap(image.asSlice(at[4], counts[4] * G2AffineVector.ELEMENT_BYTES)), this);
        }

        void writeHeader(final ProvingKey read)
        {
            KeyImage.writeHeader(image, read);
        }

        @Override
        public MemorySegment allocate(final long byteSize, final long byteAlignment)
        {
            return mapping.allocate(byteSize, byteAlignment);
        }

        @Override
        public MemorySegment.Scope scope()
        {
            return mapping.scope();
        }

        @Override
        public void close()
        {
            mapping.close();
            synchronized (KeyImage.class)
            {
                final ProvingKey k = key;
                if (k != null)
                {
                    WRITTEN.remove(k);
                }
            }
            SharedMemory.deleteQuietly(file);
        }
    }

    /**
     * Maps an image read-only.
     *
     * @return the key over the mapped memory; closing it unmaps it.
     */
    static ProvingKey read(final Path file)
    {
        final Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ))
        {
            final MemorySegment in = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            if (in.byteSize() < 64 || in.get(U64, 0) != MAGIC)
            {
                throw new IllegalArgumentException(file + " is not a key image");
            }
            final QapReduction reduction = in.get(U64, 8) == 1 ? SnarkjsReduction.INSTANCE
                : BellpersonReduction.INSTANCE;
            final int inputs = Math.toIntExact(in.get(U64, 16));
            final long[] counts = new long[5];
            for (int i = 0; i < counts.length; i++)
            {
                counts[i] = in.get(U64, 24 + 8L * i);
            }
            final int g1 = G1.AFFINE_LIMBS;
            final int g2 = G2.AFFINE_LIMBS;
            final int[] lengths = {g1, g1, g2, g2, g1, g2, inputs * g1};
            final long[][] fixed = new long[lengths.length][];
            long at = 64;
            for (int i = 0; i < lengths.length; i++)
            {
                fixed[i] = new long[lengths[i]];
                MemorySegment.copy(in, U64, at, fixed[i], 0, lengths[i]);
                at += 8L * lengths[i];
            }
            final VerifyingKey vk = new VerifyingKey(fixed[0], fixed[1], fixed[2], fixed[3], fixed[4], fixed[5],
                fixed[6]);
            final long[] starts = layout(inputs, counts);
            final G1AffineVector[] g1s = new G1AffineVector[4];
            for (int i = 0; i < 4; i++)
            {
                g1s[i] = G1AffineVector.wrap(in.asSlice(starts[i], counts[i] * G1AffineVector.ELEMENT_BYTES));
            }
            final G2AffineVector b2 = G2AffineVector.wrap(in.asSlice(starts[4], counts[4]
                * G2AffineVector.ELEMENT_BYTES));
            return new ProvingKey(vk, g1s[0], g1s[1], g1s[2], g1s[3], b2, reduction, arena);
        }
        catch (final IOException e)
        {
            arena.close();
            throw new UncheckedIOException("cannot map the key image " + file, e);
        }
        catch (final RuntimeException e)
        {
            arena.close();
            throw e;
        }
    }

    private static long align(final long at)
    {
        return (at + PAGE - 1) / PAGE * PAGE;
    }
}
