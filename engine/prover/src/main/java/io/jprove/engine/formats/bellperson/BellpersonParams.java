package io.jprove.engine.formats.bellperson;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.LongStream;

import io.jprove.engine.formats.CheckedKeys;
import io.jprove.engine.formats.InputFile;
import io.jprove.engine.formats.KeyLoading;
import io.jprove.engine.formats.KeyMemory;
import io.jprove.engine.formats.PointChecks;
import io.jprove.engine.groth16.BellpersonReduction;
import io.jprove.engine.groth16.KeySizes;
import io.jprove.engine.groth16.ProvingKey;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.engine.r1cs.MalformedFileException;
import io.jprove.field.G1;
import io.jprove.field.G1AffineVector;
import io.jprove.field.G1Encoding;
import io.jprove.field.G2;
import io.jprove.field.G2AffineVector;
import io.jprove.field.G2Encoding;
import io.jprove.field.InvalidEncodingException;

/**
 * bellperson's {@code .vk} and {@code .params} files.
 * <pre>
 * vk:     α₁ β₁ β₂ γ₂ δ₁ δ₂ (uncompressed: 96/192 bytes each, 864 in all) ‖ u32 BE n ‖ n × ic (G1, 96 B)
 * params: vk ‖ five sections, each u32 BE count ‖ uncompressed points: h (G1), l (G1), a (G1), b_g1 (G1), b_g2 (G2)
 * </pre>
 * Reading maps the file and validates every point (canonical coordinates, on the curve, in the subgroup) on several
 * threads; {@code checked = false} skips the subgroup test for trusted files. As bellperson, points at infinity are
 * refused in h, a, b_g1 and b_g2, where a well-formed setup never puts one. Errors name file, section and offset.
 */
public final class BellpersonParams
{
    private static final int G1_BYTES = G1Encoding.UNCOMPRESSED_BYTES;
    private static final int G2_BYTES = G2Encoding.UNCOMPRESSED_BYTES;
    /** Bytes of the six fixed verifying-key points. */
    public static final int VK_FIXED_BYTES = 3 * G1_BYTES + 3 * G2_BYTES;
    private static final ValueLayout.OfInt U32_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int CHUNK_POINTS = 1 << 12;
    /** The {@link CheckedKeys} kind of a {@code .params} file whose points passed every check. */
    private static final String CHECKED_KIND = "params-points-v1";

    private BellpersonParams()
    {
    }

    // ---------------------------------------------------------------- writing

    /** Writes a {@code .vk} file. */
    public static void writeVerifyingKey(final VerifyingKey vk, final Path file)
    {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file)))
        {
            writeVerifyingKey(vk, out);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * @return the size of the {@code .params} file {@link #write} makes of the key (uncompressed points and their
     *         counts), without writing it: to see whether it fits.
     */
    public static long fileBytes(final ProvingKey pk)
    {
        final long g1 = pk.h().size() + pk.l().size() + pk.a().size() + pk.bG1().size();
        return VK_FIXED_BYTES + 4 + (long)pk.vk().numInputs() * G1_BYTES + 5 * 4 + g1 * G1_BYTES
            + pk.bG2().size() * G2_BYTES;
    }

    /** Writes a {@code .params} file, its points encoded on all processors. */
    public static void write(final ProvingKey pk, final Path file)
    {
        write(pk, file, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Writes a {@code .params} file, its points encoded on {@code threads} threads straight into the mapped file: a
     * 32 GiB sector's key is 470 million points, minutes on one thread.
     */
    public static void write(final ProvingKey pk, final Path file, final int threads)
    {
        final long size = fileBytes(pk);
        try (Arena arena = Arena.ofShared(); FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ, StandardOpenOption.WRITE);
             ForkJoinPool pool = new ForkJoinPool(threads))
        {
            final MemorySegment out = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            final java.io.ByteArrayOutputStream vk = new java.io.ByteArrayOutputStream();
            writeVerifyingKey(pk.vk(), vk);
            MemorySegment.copy(MemorySegment.ofArray(vk.toByteArray()), 0, out, 0, vk.size());
            long at = vk.size();
            for (final G1AffineVector v : new G1AffineVector[] {pk.h(), pk.l(), pk.a(), pk.bG1()})
            {
                at = putU32(out, at, v.size());
                final long start = at;
                parallelChunks(pool, v.size(), (from, to) -> v.writeUncompressed(from, (int)(to - from),
                    out.asSlice(start + from * G1_BYTES, (to - from) * G1_BYTES)));
                at += v.size() * G1_BYTES;
            }
            final G2AffineVector b2 = pk.bG2();
            at = putU32(out, at, b2.size());
            final long start = at;
            parallelChunks(pool, b2.size(), (from, to) -> b2.writeUncompressed(from, (int)(to - from),
                out.asSlice(start + from * G2_BYTES, (to - from) * G2_BYTES)));
            if (at + b2.size() * G2_BYTES != size)
            {
                throw new IllegalStateException("wrote " + (at + b2.size() * G2_BYTES) + " bytes of a " + size
                    + "-byte parameters file");
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static long putU32(final MemorySegment out, final long at, final long value)
    {
        if (value > 0xffffffffL)
        {
            throw new IllegalArgumentException(value + " points do not fit bellperson's u32 count");
        }
        out.set(U32_BE, at, (int)value);
        return at + 4;
    }

    private static void writeVerifyingKey(final VerifyingKey vk, final OutputStream out) throws IOException
    {
        out.write(G1Encoding.serialize(vk.alphaG1(), 0));
        out.write(G1Encoding.serialize(vk.betaG1(), 0));
        out.write(G2Encoding.serialize(vk.betaG2(), 0));
        out.write(G2Encoding.serialize(vk.gammaG2(), 0));
        out.write(G1Encoding.serialize(vk.deltaG1(), 0));
        out.write(G2Encoding.serialize(vk.deltaG2(), 0));
        final long[] ic = vk.ic();
        writeU32(out, vk.numInputs());
        for (int i = 0; i < vk.numInputs(); i++)
        {
            out.write(G1Encoding.serialize(ic, i * G1.AFFINE_LIMBS));
        }
    }

    private static void writeU32(final OutputStream out, final long value) throws IOException
    {
        if (value > 0xffffffffL)
        {
            throw new IllegalArgumentException(value + " points do not fit bellperson's u32 count");
        }
        out.write((int)(value >>> 24));
        out.write((int)(value >>> 16));
        out.write((int)(value >>> 8));
        out.write((int)value);
    }

    // ---------------------------------------------------------------- reading

    /**
     * Reads and validates a {@code .vk} file (every check; the file must hold nothing else).
     *
     * @throws MalformedFileException naming the file, the section and the byte offset of what is wrong.
     */
    public static VerifyingKey readVerifyingKey(final Path file)
    {
        try (Arena arena = Arena.ofConfined(); Reader r = new Reader(file, arena))
        {
            r.checked = true;
            final VerifyingKey vk = r.verifyingKey();
            r.requireEnd();
            return vk;
        }
    }

    /**
     * Reads and validates a {@code .params} file on {@code threads} threads.
     *
     * @param checked whether to test every point for subgroup membership (false only for trusted files).
     * @return the parameters; the caller closes them.
     * @throws MalformedFileException naming the file, the section and the byte offset of what is wrong.
     */
    public static ProvingKey read(final Path file, final boolean checked, final int threads)
    {
        return read(file, checked, threads, CheckedKeys.none());
    }

    /**
     * Reads and validates a {@code .params} file on {@code threads} threads; with {@code checked}, a file whose SHA-256
     * is in {@code remembered} skips the subgroup tests (decoding still puts every point on its curve), and any other
     * that passes them is added there.
     *
     * @param checked    whether to test every point for subgroup membership (false only for trusted files).
     * @param remembered the keys that passed before ({@link CheckedKeys#none()} for none).
     * @return the parameters; the caller closes them.
     * @throws MalformedFileException naming the file, the section and the byte offset of what is wrong.
     */
    public static ProvingKey read(final Path file, final boolean checked, final int threads,
        final CheckedKeys remembered)
    {
        return read(file, checked, threads, remembered, KeyLoading.unwatched());
    }

    /**
     * As {@link #read(Path, boolean, int, CheckedKeys)}, reporting its progress to {@code loading} (the hash, then
     * the points chunk by chunk) and stopping at the next chunk once it is cancelled.
     *
     * @throws java.util.concurrent.CancellationException when {@code loading} was cancelled; nothing stays allocated.
     */
    public static ProvingKey read(final Path file, final boolean checked, final int threads,
        final CheckedKeys remembered, final KeyLoading loading)
    {
        return read(file, checked, threads, remembered, loading, Destination.OFF_HEAP);
    }

    /**
     * As {@link #read(Path, boolean, int, CheckedKeys, KeyLoading)}, the points decoded straight into the memory
     * {@code destination} lays out once the file's counts are known.
     *
     * @throws java.util.concurrent.CancellationException when {@code loading} was cancelled; the destination's arena
     *                                                    is closed, so nothing stays allocated.
     */
    public static ProvingKey read(final Path file, final boolean checked, final int threads,
        final CheckedKeys remembered, final KeyLoading loading, final Destination destination)
    {
        Arena owner = null;
        try (Arena mapping = Arena.ofShared(); Reader r = new Reader(file, mapping);
             ForkJoinPool pool = new ForkJoinPool(threads))
        {
            // the sizes first: a file that promises more than it holds or the host has is refused before it is hashed
            final KeySizes sizes = r.prescan();
            r.loading = loading;
            final boolean hashed = checked && remembered.file() != null;
            loading.expect(hashed ? 2 * r.data.byteSize() : r.data.byteSize());
            final String digest = hashed ? CheckedKeys.sha256(r.data, loading) : null;
            r.checked = checked && (digest == null || !remembered.contains(CHECKED_KIND, digest));
            loading.checks(r.checked ? PointChecks.ALL : checked ? PointChecks.REMEMBERED : PointChecks.ON_CURVE);
            final VerifyingKey vk = r.verifyingKey();
            final long[] counts = r.counts.clone();
            final Destination.Vectors v = KeyMemory.allocate(file, "h to b_g2", r.at, LongStream.of(counts).sum(),
                sizes.hostBytes(), () -> destination.allocate(vk.numInputs(), counts));
            owner = v.owner();
            r.g1Section("h", v.h(), pool, false);
            r.g1Section("l", v.l(), pool, true);
            r.g1Section("a", v.a(), pool, false);
            r.g1Section("b_g1", v.bG1(), pool, false);
            r.g2Section("b_g2", v.bG2(), pool);
            r.requireEnd();
            if (v.bG1().size() != v.bG2().size())
            {
                throw new MalformedFileException(file, "b_g2", r.at, "b_g1 has " + v.bG1().size() + " points but b_g2 "
                    + v.bG2().size());
            }
            if (r.checked && digest != null)
            {
                remembered.add(CHECKED_KIND, digest);
            }
            return new ProvingKey(vk, v.h(), v.l(), v.a(), v.bG1(), v.bG2(), owner);
        }
        catch (final RuntimeException | Error e)
        {
            if (owner != null)
            {
                owner.close();
            }
            throw e;
        }
    }

    /**
     * Where a key's points go as they are read: off-heap memory of the key's own ({@link #OFF_HEAP}), or memory a
     * caller lays out itself, such as an image of shared memory that device processes map.
     */
    public interface Destination
    {
        /** Off-heap memory of the key's own: one shared arena, closed with the key. */
        Destination OFF_HEAP = (inputs, counts) ->
        {
            final Arena arena = Arena.ofShared();
            try
            {
                return new Vectors(G1AffineVector.allocate(arena, counts[0]), G1AffineVector.allocate(arena,
                    counts[1]), G1AffineVector.allocate(arena, counts[2]), G1AffineVector.allocate(arena, counts[3]),
                    G2AffineVector.allocate(arena, counts[4]), arena);
            }
            catch (final RuntimeException | Error e)
            {
                arena.close();
                throw e;
            }
        };

        /**
         * @param inputs the verifying key's IC points (public inputs, ONE included).
         * @param counts the points of h, l, a, b_g1 and b_g2, as the file's counts give them.
         * @return five vectors of those sizes to be filled, and the arena that owns their memory (the key closes it).
         * @throws OutOfMemoryError when the memory is not there.
         */
        Vectors allocate(int inputs, long[] counts);

        /**
         * A key's vectors before they are filled.
         *
         * @param owner closes their memory; the proving key made of them owns it.
         */
        record Vectors(G1AffineVector h, G1AffineVector l, G1AffineVector a, G1AffineVector bG1, G2AffineVector bG2,
            Arena owner)
        {
        }
    }

    /**
     * Reads only the sizes of a {@code .params} file: the sections' counts, checked against the file's length and
     * the host's memory; no point is read or checked, so this costs a few page reads whatever the file's size.
     *
     * @return the shape the key proves and the memory its points take once read.
     * @throws MalformedFileException naming the file, the section and the byte offset of what is wrong.
     */
    public static KeySizes sizes(final Path file)
    {
        try (Arena mapping = Arena.ofShared(); Reader r = new Reader(file, mapping))
        {
            return r.prescan();
        }
    }

    /** A cursor over a mapped file. */
    private static final class Reader implements AutoCloseable
    {
        private final Path file;
        private final MemorySegment data;
        private boolean checked;
        private KeyLoading loading = KeyLoading.unwatched();
        private long at;
        /** The sections' counts, once {@link #prescan()} has read them. */
        private long[] counts;

        Reader(final Path file, final Arena arena)
        {
            this.file = file;
            InputFile.requireRegular(file);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ))
            {
                data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }

        /**
         * Walks the sections' counts without reading a point: each section must fit the file, the file must end with
         * the last, and the points must fit the host's memory; the cursor is back at the start afterwards.
         *
         * @return the key's sizes as the counts give them.
         */
        KeySizes prescan()
        {
            at = VK_FIXED_BYTES;
            require("vk alpha_g1", VK_FIXED_BYTES, "the verifying key's points");
            final long ic = count("vk ic", G1_BYTES);
            at += ic * G1_BYTES;
            long memory = 0;
            long largest = -1;
            String largestName = "";
            long largestAt = 0;
            counts = new long[5];
            int k = 0;
            for (final String section : new String[] {"h", "l", "a", "b_g1", "b_g2"})
            {
                final int bytes = section.equals("b_g2") ? G2_BYTES : G1_BYTES;
                final long sectionAt = at;
                final long n = count(section, bytes);
                counts[k++] = n;
                final long inMemory = n * (section.equals("b_g2") ? G2AffineVector.ELEMENT_BYTES
                    : G1AffineVector.ELEMENT_BYTES);
                memory += inMemory;
                if (inMemory > largest)
                {
                    largest = inMemory;
                    largestName = section;
                    largestAt = sectionAt;
                }
                at += n * bytes;
            }
            requireEnd();
            KeyMemory.requireFits(file, largestName, largestAt, memory);
            at = 0;
            return new KeySizes(Math.toIntExact(ic), counts[1], BellpersonReduction.INSTANCE.domainSizeOf(counts[0]),
                memory);
        }

        VerifyingKey verifyingKey()
        {
            final long[] alpha = g1("vk alpha_g1", false);
            final long[] beta1 = g1("vk beta_g1", false);
            final long[] beta2 = g2("vk beta_g2");
            final long[] gamma2 = g2("vk gamma_g2");
            final long[] delta1 = g1("vk delta_g1", false);
            final long[] delta2 = g2("vk delta_g2");
            final long n = count("vk ic", G1_BYTES);
            if (n == 0)
            {
                throw error("vk ic", at - 4, "no ic points: a key has at least ONE's");
            }
            final long[] ic = new long[Math.toIntExact(n * G1.AFFINE_LIMBS)];
            final long[] p = new long[G1.AFFINE_LIMBS];
            for (int i = 0; i < n; i++)
            {
                decodeG1(bytes(at, G1_BYTES), 0, p, "vk ic", at, true);
                System.arraycopy(p, 0, ic, i * G1.AFFINE_LIMBS, G1.AFFINE_LIMBS);
                at += G1_BYTES;
            }
            return new VerifyingKey(alpha, beta1, beta2, gamma2, delta1, delta2, ic);
        }

        private long[] g1(final String section, final boolean infinityAllowed)
        {
            require(section, G1_BYTES, "a G1 point");
            final long[] p = new long[G1.AFFINE_LIMBS];
            decodeG1(bytes(at, G1_BYTES), 0, p, section, at, infinityAllowed);
            at += G1_BYTES;
            return p;
        }

        private long[] g2(final String section)
        {
            require(section, G2_BYTES, "a G2 point");
            final long[] p = new long[G2.AFFINE_LIMBS];
            decodeG2(bytes(at, G2_BYTES), 0, p, section, at);
            at += G2_BYTES;
            return p;
        }

        private long count(final String section, final int pointBytes)
        {
            require(section, 4, "the u32 point count");
            final long n = Integer.toUnsignedLong(data.get(U32_BE, at));
            at += 4;
            final long remaining = data.byteSize() - at;
            if (n * pointBytes > remaining)
            {
                throw error(section, at - 4, "truncated: " + n + " points need " + n * pointBytes + " bytes, "
                    + remaining + " remain in the file");
            }
            return n;
        }

        /** Decodes a G1 section into {@code v}, which has the section's size (from {@link #prescan()}). */
        void g1Section(final String section, final G1AffineVector v, final ForkJoinPool pool,
            final boolean infinityAllowed)
        {
            final long n = count(section, G1_BYTES);
            final long start = at;
            requireSize(section, v.size(), n);
            parallelChunks(pool, n, (from, to) ->
            {
                final byte[] chunk = bytes(start + from * G1_BYTES, (int)((to - from) * G1_BYTES));
                final long[] p = new long[G1.AFFINE_LIMBS];
                for (long i = from; i < to; i++)
                {
                    decodeG1(chunk, (int)((i - from) * G1_BYTES), p, section, start + i * G1_BYTES, infinityAllowed);
                    v.set(i, p, 0);
                }
                loading.advance((to - from) * G1_BYTES);
            });
            at = start + n * G1_BYTES;
        }

        /** Decodes the G2 section into {@code v}, which has the section's size. */
        void g2Section(final String section, final G2AffineVector v, final ForkJoinPool pool)
        {
            final long n = count(section, G2_BYTES);
            final long start = at;
            requireSize(section, v.size(), n);
            parallelChunks(pool, n, (from, to) ->
            {
                final byte[] chunk = bytes(start + from * G2_BYTES, (int)((to - from) * G2_BYTES));
                final long[] p = new long[G2.AFFINE_LIMBS];
                for (long i = from; i < to; i++)
                {
                    decodeG2(chunk, (int)((i - from) * G2_BYTES), p, section, start + i * G2_BYTES);
                    v.set(i, p, 0);
                }
                loading.advance((to - from) * G2_BYTES);
            });
            at = start + n * G2_BYTES;
        }

        private static void requireSize(final String section, final long given, final long n)
        {
            if (given != n)
            {
                // the counts were read twice from a mapped file that is read-only here: only a file changed under
                // the reader gets here
                throw new IllegalStateException(section + " holds " + n + " points but " + given + " were laid out"
                    + " for it: the file changed while it was read");
            }
        }

        private void decodeG1(final byte[] in, final int off, final long[] p, final String section, final long offset,
            final boolean infinityAllowed)
        {
            try
            {
                if (checked)
                {
                    G1Encoding.deserialize(in, off, p, 0);
                }
                else
                {
                    G1Encoding.deserializeUnchecked(in, off, p, 0);
                }
            }
            catch (final InvalidEncodingException e)
            {
                throw error(section, offset, "G1 point: " + e.getMessage());
            }
            if (!infinityAllowed && G1.isInfinity(p, 0))
            {
                throw error(section, offset, "G1 point at infinity");
            }
        }

        private void decodeG2(final byte[] in, final int off, final long[] p, final String section, final long offset)
        {
            try
            {
                if (checked)
                {
                    G2Encoding.deserialize(in, off, p, 0);
                }
                else
                {
                    G2Encoding.deserializeUnchecked(in, off, p, 0);
                }
            }
            catch (final InvalidEncodingException e)
            {
                throw error(section, offset, "G2 point: " + e.getMessage());
            }
            if (G2.isInfinity(p, 0))
            {
                throw error(section, offset, "G2 point at infinity");
            }
        }

        private void require(final String section, final long bytes, final String what)
        {
            if (at + bytes > data.byteSize())
            {
                throw error(section, at, "truncated: " + what + " needs " + bytes + " bytes, "
                    + (data.byteSize() - at) + " remain in the file");
            }
        }

        void requireEnd()
        {
            if (at != data.byteSize())
            {
                throw error("end of file", at, (data.byteSize() - at) + " bytes follow the last section");
            }
        }

        private byte[] bytes(final long offset, final int length)
        {
            final byte[] out = new byte[length];
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, offset, out, 0, length);
            return out;
        }

        private MalformedFileException error(final String section, final long offset, final String problem)
        {
            return new MalformedFileException(file, section, offset, problem);
        }

        @Override
        public void close()
        {
        }
    }

    /** Work on [from, to) of a range. */
    @FunctionalInterface
    private interface Range
    {
        void run(long from, long to);
    }

    private static void parallelChunks(final ForkJoinPool pool, final long n, final Range range)
    {
        final long chunks = (n + CHUNK_POINTS - 1) / CHUNK_POINTS;
        try
        {
            pool.submit(() -> LongStream.range(0, chunks).parallel()
                .forEach(c -> range.run(c * CHUNK_POINTS, Math.min(n, (c + 1) * CHUNK_POINTS)))).get();
        }
        catch (final ExecutionException e)
        {
            if (e.getCause() instanceof final RuntimeException re)
            {
                throw re;
            }
            throw new IllegalStateException("a parallel pass over the parameters failed", e.getCause());
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in a pass over the parameters", e);
        }
    }
}
