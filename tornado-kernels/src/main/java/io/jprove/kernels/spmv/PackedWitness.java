package io.jprove.kernels.spmv;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicReference;

import io.jprove.field.Fr;

/**
 * A witness packed for its upload, most of its values being bits (PoRep: 98 % at 2 KiB): per element a 2-bit kind
 * ({@link #ZERO}, {@link #ONE} in Montgomery form, {@link #OTHER}), 32 to a long; per 32 elements the count of
 * others before them (u32); then the others' values in order, four limbs each. So n elements take n·3/8 bytes and 32
 * per other instead of 32 each; {@link SpmvKernels#unpackWitness} writes the witness back on the device.
 * <p>
 * Laid out in one host segment: the kinds ({@link #kindsBytes}), the offsets ({@link #offsetsBytes}), the others;
 * {@link #pack} writes it.
 *
 * @param elements the witness's elements
 * @param others   how many are neither zero nor one
 * @param memory   the packed form, {@link #bytes()} of it (the caller's memory)
 */
public record PackedWitness(long elements, long others, MemorySegment memory)
{
    /** The kind of zero. */
    public static final long ZERO = 0;
    /** The kind of one (Montgomery form). */
    public static final long ONE = 1;
    /** The kind of any other value, stored whole. */
    public static final long OTHER = 2;
    /** Elements per kinds word and per offset. */
    static final int BLOCK = 32;

    private static final ValueLayout.OfLong LIMB = ValueLayout.JAVA_LONG;
    private static final long[] MONT_ONE = Fr.one();

    /** @return bytes of the kinds: a long per 32 elements (at least one), padded to 16 bytes. */
    public long kindsBytes()
    {
        return (Math.max(1, blocks(elements)) * Long.BYTES + 15) & ~15L;
    }

    /** @return bytes of the offsets: an int per 32 elements, padded to 16 bytes. */
    public long offsetsBytes()
    {
        return (Math.max(1, blocks(elements)) * Integer.BYTES + 15) & ~15L;
    }

    /** @return bytes of the others' values. */
    public long othersBytes()
    {
        return others * Fr.BYTES;
    }

    /** @return the packed form's bytes: kinds, offsets, others. */
    public long bytes()
    {
        return kindsBytes() + offsetsBytes() + othersBytes();
    }

    /** @return the kinds and offsets, which go to the device together. */
    public MemorySegment head()
    {
        return memory.asSlice(0, kindsBytes() + offsetsBytes());
    }

    /** @return the others' values. */
    public MemorySegment otherValues()
    {
        return memory.asSlice(kindsBytes() + offsetsBytes(), othersBytes());
    }

    private static long blocks(final long elements)
    {
        return (elements + BLOCK - 1) / BLOCK;
    }

    /**
     * Packs {@code elements} Fr elements of {@code z} into {@code out}, on {@code threads} threads (the caller's one
     * of them).
     *
     * @param z     the witness, Montgomery form, four limbs per element
     * @param kinds per element its kind ({@link #ZERO}, {@link #ONE}, {@link #OTHER}) when the caller knows them
     *              (then only the others are read from z), or null
     * @param out   where the packed form goes, 16-byte aligned; at most all of it is used
     * @return the packed witness, or null when it would not fit {@code out} (nothing is then usable there)
     */
    public static PackedWitness pack(final MemorySegment z, final long elements, final byte[] kinds,
        final MemorySegment out, final int threads)
    {
        final long blocks = blocks(elements);
        final int chunks = (int)Math.min(Math.max(1, blocks), Math.max(1, threads) * 8L);
        final long perChunk = (blocks + chunks - 1) / chunks;
        // pass 1: each chunk's kinds and its others' count
        final long[] counts = new long[chunks];
        if (out.byteSize() < new PackedWitness(elements, 0, out).kindsBytes())
        {
            return null;
        }
        final MemorySegment words = out.asSlice(0, Math.max(1, blocks) * Long.BYTES);
        parallel(chunks, threads, c ->
        {
            long count = 0;
            for (long blk = c * perChunk; blk < Math.min(blocks, (c + 1) * perChunk); blk++)
            {
                long word = 0;
                for (int j = 0; j < BLOCK; j++)
                {
                    final long i = blk * BLOCK + j;
                    if (i >= elements)
                    {
                        break;
                    }
                    final long kind = kinds != null ? kinds[(int)i] : kind(z, i);
                    word |= kind << (2 * j);
                    count += kind == OTHER ? 1 : 0;
                }
                words.setAtIndex(LIMB, blk, word);
            }
            counts[c] = count;
        });
        long total = 0;
        final long[] firsts = new long[chunks];
        for (int c = 0; c < chunks; c++)
        {
            firsts[c] = total;
            total += counts[c];
        }
        final PackedWitness sized = new PackedWitness(elements, total, out);
        if (sized.bytes() > out.byteSize() || total >= 1L << 32)
        {
            return null;
        }
        final PackedWitness packed = new PackedWitness(elements, total, out.asSlice(0, sized.bytes()));
        final MemorySegment offsets = out.asSlice(packed.kindsBytes(), packed.offsetsBytes());
        final MemorySegment values = out.asSlice(packed.kindsBytes() + packed.offsetsBytes(), packed.othersBytes());
        // pass 2: offsets and the others' values, each chunk from its first other on
        parallel(chunks, threads, c ->
        {
            long next = firsts[c];
            for (long blk = c * perChunk; blk < Math.min(blocks, (c + 1) * perChunk); blk++)
            {
                offsets.setAtIndex(ValueLayout.JAVA_INT, blk, (int)next);
                final long word = words.getAtIndex(LIMB, blk);
                for (int j = 0; j < BLOCK; j++)
                {
                    if ((word >>> (2 * j) & 3) == OTHER)
                    {
                        MemorySegment.copy(z, (blk * BLOCK + j) * Fr.BYTES, values, next * Fr.BYTES, Fr.BYTES);
                        next++;
                    }
                }
            }
        });
        return packed;
    }

    private static long kind(final MemorySegment z, final long i)
    {
        final long at = i * Fr.BYTES;
        final long v0 = z.get(LIMB, at);
        final long v1 = z.get(LIMB, at + 8);
        final long v2 = z.get(LIMB, at + 16);
        final long v3 = z.get(LIMB, at + 24);
        if ((v0 | v1 | v2 | v3) == 0)
        {
            return ZERO;
        }
        return v0 == MONT_ONE[0] && v1 == MONT_ONE[1] && v2 == MONT_ONE[2] && v3 == MONT_ONE[3] ? ONE : OTHER;
    }

    /** Runs {@code task} for chunks 0 to {@code chunks − 1} on up to {@code threads} threads, the caller's included. */
    private static void parallel(final int chunks, final int threads, final java.util.function.IntConsumer task)
    {
        final java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Runnable worker = () ->
        {
            try
            {
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement())
                {
                    task.accept(c);
                }
            }
            catch (final RuntimeException | Error e)
            {
                failure.compareAndSet(null, e);
            }
        };
        final Thread[] pool = new Thread[Math.max(0, Math.min(threads, chunks) - 1)];
        for (int t = 0; t < pool.length; t++)
        {
            pool[t] = Thread.ofPlatform().name("jprove-pack-" + t).start(worker);
        }
        worker.run();
        for (final Thread t : pool)
        {
            try
            {
                t.join();
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while packing a witness", e);
            }
        }
        if (failure.get() instanceof final RuntimeException re)
        {
            throw re;
        }
        if (failure.get() instanceof final Error error)
        {
            throw error;
        }
    }
}
