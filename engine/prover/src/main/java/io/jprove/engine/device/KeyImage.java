package io.jprove.engine.device;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.IdentityHashMap;
import java.util.Map;

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
 * A proving key as a device process reads it: the key's vectors copied once, as they are in memory (no encoding),
 * into a file of shared memory that every device process of this host maps read-only, so a key loaded and checked by
 * the daemon is prepared on each device without being read or checked again. One image per key, written when the
 * first device prepares the key and deleted when the last one lets it go.
 * <pre>
 * u64 magic "JPKIMG01" | u64 reduction (0 bellperson, 1 snarkjs) | u64 IC points n | u64 counts of h, l, a, b_g1, b_g2
 * | verifying key: α₁ β₁ β₂ γ₂ δ₁ δ₂ then n IC points, affine limbs | each vector's points at a page boundary
 * </pre>
 */
final class KeyImage
{
    private static final long MAGIC = 0x4a504b494d473031L;
    private static final long PAGE = 4096;
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED;

    /** The images written, by key identity; guarded by the class. */
    private static final Map<ProvingKey, Written> WRITTEN = new IdentityHashMap<>();

    private record Written(Path file, int[] users)
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
        WRITTEN.put(key, new Written(file, new int[] {1}));
        return file;
    }

    /** Lets go of an image; the last user deletes its file. */
    static synchronized void release(final ProvingKey key)
    {
        final Written known = WRITTEN.get(key);
        if (known != null && --known.users()[0] == 0)
        {
            WRITTEN.remove(key);
            SharedMemory.deleteQuietly(known.file());
        }
    }

    private static void write(final ProvingKey key, final Path file)
    {
        final VerifyingKey vk = key.vk();
        final long[][] fixed = {vk.alphaG1(), vk.betaG1(), vk.betaG2(), vk.gammaG2(), vk.deltaG1(), vk.deltaG2(),
            vk.ic()};
        final long g1 = G1AffineVector.ELEMENT_BYTES;
        final MemorySegment[] vectors = {key.h().segment().asSlice(0, key.h().size() * g1),
            key.l().segment().asSlice(0, key.l().size() * g1), key.a().segment().asSlice(0, key.a().size() * g1),
            key.bG1().segment().asSlice(0, key.bG1().size() * g1),
            key.bG2().segment().asSlice(0, key.bG2().size() * G2AffineVector.ELEMENT_BYTES)};
        long header = 8L * 8;
        for (final long[] f : fixed)
        {
            header += 8L * f.length;
        }
        long size = align(header);
        for (final MemorySegment v : vectors)
        {
            size = align(size + v.byteSize());
        }
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.READ, StandardOpenOption.WRITE))
        {
            final MemorySegment out = ch.map(FileChannel.MapMode.READ_WRITE, 0, Math.max(PAGE, size), arena);
            long at = 0;
            out.set(U64, at, MAGIC);
            out.set(U64, at + 8, key.reduction() == SnarkjsReduction.INSTANCE ? 1 : 0);
            out.set(U64, at + 16, vk.numInputs());
            final long[] counts = {key.h().size(), key.l().size(), key.a().size(), key.bG1().size(),
                key.bG2().size()};
            for (int i = 0; i < counts.length; i++)
            {
                out.set(U64, at + 24 + 8L * i, counts[i]);
            }
            at = 64;
            for (final long[] f : fixed)
            {
                MemorySegment.copy(f, 0, out, U64, at, f.length);
                at += 8L * f.length;
            }
            at = align(at);
            for (final MemorySegment v : vectors)
            {
                MemorySegment.copy(v, 0, out, at, v.byteSize());
                at = align(at + v.byteSize());
            }
        }
        catch (final IOException e)
        {
            SharedMemory.deleteQuietly(file);
            throw new UncheckedIOException("cannot write the key's image for the device process to " + file, e);
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
            at = align(at);
            final G1AffineVector[] g1s = new G1AffineVector[4];
            for (int i = 0; i < 4; i++)
            {
                final long bytes = counts[i] * G1AffineVector.ELEMENT_BYTES;
                g1s[i] = G1AffineVector.wrap(in.asSlice(at, bytes));
                at = align(at + bytes);
            }
            final G2AffineVector b2 = G2AffineVector.wrap(in.asSlice(at, counts[4] * G2AffineVector.ELEMENT_BYTES));
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
