package io.jprove.engine.porep.sdr;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.stream.LongStream;

import io.jprove.engine.r1cs.MalformedFileException;

/**
 * Every node's parents in rust-fil-proofs' parent-cache format (storage-proofs-porep {@code
 * stacked/vanilla/cache.rs}): per node, in node order, the {@value StackedGraph#DEGREE} parents of {@link
 * StackedGraph#parents} as u32 little-endian, {@value #ENTRY_BYTES} bytes a node, nothing else.
 * <p>
 * The file is named {@code v28-sdr-parent-<hex>.cache}, {@code <hex>} the SHA-256 of "poseidon_hasher", the graph's
 * {@link StackedGraph#identifier() identifier}, its four Feistel keys (u64 LE) and its node count (u32 LE); the name
 * without ".cache" keys the cache's SHA-256 in rust-fil-proofs' {@code parent_cache.json}. A cache lives in memory
 * ({@link #build}) or in such a file, memory-mapped ({@link #write}, {@link #open}). Reads are thread-safe; {@link
 * #close} releases the memory or the mapping.
 */
public final class ParentCache implements AutoCloseable
{
    /** Bytes per node: 14 u32. */
    public static final int ENTRY_BYTES = StackedGraph.DEGREE * Integer.BYTES;
    /** rust-fil-proofs' parameter-cache version, which prefixes cache and parameter file names. */
    public static final int VERSION = 28;

    private static final ValueLayout.OfInt U32_LE =
        ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long CHUNK_NODES = 1 << 14;

    private final StackedGraph graph;
    private final Arena arena;
    private final MemorySegment data;

    private ParentCache(final StackedGraph graph, final Arena arena, final MemorySegment data)
    {
        this.graph = graph;
        this.arena = arena;
        this.data = data.asReadOnly();
    }

    /** @return the cache's id: {@code v28-sdr-parent-<hex>}, the key of its digest in parent_cache.json */
    public static String id(final StackedGraph graph)
    {
        final MessageDigest sha = sha256();
        sha.update(StackedGraph.HASHER_NAME.getBytes(StandardCharsets.US_ASCII));
        sha.update(graph.identifier().getBytes(StandardCharsets.US_ASCII));
        final byte[] word = new byte[8];
        for (final long key : graph.feistelKeys())
        {
            for (int i = 0; i < 8; i++)
            {
                word[i] = (byte)(key >>> 8 * i);
            }
            sha.update(word);
        }
        final long entries = graph.nodes();
        sha.update(new byte[] {(byte)entries, (byte)(entries >>> 8), (byte)(entries >>> 16), (byte)(entries >>> 24)});
        return "v" + VERSION + "-sdr-parent-" + HexFormat.of().formatHex(sha.digest());
    }

    /** @return the cache's file name: its {@link #id} and ".cache" */
    public static String fileName(final StackedGraph graph)
    {
        return id(graph) + ".cache";
    }

    /** @return the bytes of the graph's cache: nodes × {@value #ENTRY_BYTES} */
    public static long byteSize(final StackedGraph graph)
    {
        return graph.nodes() * ENTRY_BYTES;
    }

    /** @return a cache of every node's parents in memory, computed on all cores */
    public static ParentCache build(final StackedGraph graph)
    {
        final Arena arena = Arena.ofShared();
        try
        {
            final MemorySegment data = arena.allocate(byteSize(graph), Long.BYTES);
            fill(graph, data);
            return new ParentCache(graph, arena, data);
        }
        catch (final RuntimeException | Error e)
        {
            arena.close();
            throw e;
        }
    }

    /**
     * Computes the graph's cache into {@code dir}/{@link #fileName} (through a temporary file, so that the name
     * never holds a partial cache) and opens it.
     *
     * @return the cache, mapped from its file
     */
    public static ParentCache write(final StackedGraph graph, final Path dir) throws IOException
    {
        Files.createDirectories(dir);
        final Path target = dir.resolve(fileName(graph));
        final Path temp = Files.createTempFile(dir, id(graph), ".partial");
        try
        {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.READ, StandardOpenOption.WRITE);
                Arena arena = Arena.ofShared())
            {
                final MemorySegment data = channel.map(FileChannel.MapMode.READ_WRITE, 0, byteSize(graph), arena);
                fill(graph, data);
                data.force();
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        finally
        {
            Files.deleteIfExists(temp);
        }
        return open(graph, target);
    }

    /**
     * Maps an existing cache file of the graph, read-only.
     *
     * @throws MalformedFileException when its size is not nodes × {@value #ENTRY_BYTES} bytes
     */
    public static ParentCache open(final StackedGraph graph, final Path file) throws IOException
    {
        final long expected = byteSize(graph);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
        {
            final long actual = channel.size();
            if (actual != expected)
            {
                throw new MalformedFileException(file, "parent cache", Math.min(actual, expected),
                    "the file has " + actual + " bytes, but a parent cache of " + graph.nodes() + " nodes has "
                        + graph.nodes() + " x " + ENTRY_BYTES + " = " + expected + " bytes"
                        + (actual < expected ? " (truncated)" : ""));
            }
            final Arena arena = Arena.ofShared();
            try
            {
                return new ParentCache(graph, arena, channel.map(FileChannel.MapMode.READ_ONLY, 0, expected, arena));
            }
            catch (final IOException | RuntimeException e)
            {
                arena.close();
                throw e;
            }
        }
    }

    /**
     * Opens {@code dir}/{@link #fileName} when it exists, else writes it.
     *
     * @return the cache, mapped from its file
     */
    public static ParentCache openOrWrite(final StackedGraph graph, final Path dir) throws IOException
    {
        final Path file = dir.resolve(fileName(graph));
        return Files.exists(file) ? open(graph, file) : write(graph, dir);
    }

    /** @return the graph whose parents these are */
    public StackedGraph graph()
    {
        return graph;
    }

    /** @return the whole cache, read-only: nodes × 14 u32 LE */
    public MemorySegment segment()
    {
        return data;
    }

    /**
     * Reads the 14 parents of {@code node} (6 DRG, then 8 expander).
     *
     * @param out at least 14 entries
     */
    public void parents(final long node, final int[] out)
    {
        if (node < 0 || node >= graph.nodes())
        {
            throw new IndexOutOfBoundsException("node " + node + " outside [0, " + graph.nodes() + ")");
        }
        final long at = node * ENTRY_BYTES;
        for (int i = 0; i < StackedGraph.DEGREE; i++)
        {
            out[i] = data.get(U32_LE, at + (long)Integer.BYTES * i);
        }
    }

    /** @return SHA-256 of the whole cache, as parent_cache.json's {@code digest} gives it */
    public byte[] digest()
    {
        final MessageDigest sha = sha256();
        final long size = data.byteSize();
        final long slice = 1L << 30;
        for (long at = 0; at < size; at += slice)
        {
            sha.update(data.asSlice(at, Math.min(slice, size - at)).asByteBuffer());
        }
        return sha.digest();
    }

    /** @return {@link #digest} in lower-case hex */
    public String digestHex()
    {
        return HexFormat.of().formatHex(digest());
    }

    /** Releases the memory or the mapping; the segment must not be read afterwards. */
    @Override
    public void close()
    {
        arena.close();
    }

    private static void fill(final StackedGraph graph, final MemorySegment data)
    {
        final long nodes = graph.nodes();
        final long chunks = (nodes + CHUNK_NODES - 1) / CHUNK_NODES;
        LongStream.range(0, chunks).parallel().forEach(chunk ->
        {
            final int[] parents = new int[StackedGraph.DEGREE];
            final long end = Math.min(nodes, (chunk + 1) * CHUNK_NODES);
            for (long node = chunk * CHUNK_NODES; node < end; node++)
            {
                graph.parents(node, parents);
                final long at = node * ENTRY_BYTES;
                for (int i = 0; i < StackedGraph.DEGREE; i++)
                {
                    data.set(U32_LE, at + (long)Integer.BYTES * i, parents[i]);
                }
            }
        });
    }

    private static MessageDigest sha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
