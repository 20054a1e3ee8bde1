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
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
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
    /** The digests of storage-proofs-porep/parent_cache.json, by cache id (the API 1.0 and 1.1 graphs of each size). */
    private static final Map<String, String> PUBLISHED = Map.of(
        "v28-sdr-parent-3f0eef38bb48af1f48ad65e14eb85b4ebfc167cec18cd81764f6d998836c9899",
        "3da49221e2ed55371b86d0bf3d6526fcf128af61bed904f966428db1b531750d",
        "v28-sdr-parent-494d91dc80f2df5272c4b9e129bc7ade9405225993af9fe34e6542a39a47554b",
        "840057702eea7652cf97e04306c30fe57174714d90de156a25eddd6075c25b97",
        "v28-sdr-parent-dcdabb0fbe4364bf0ac28b6a18c66de246409fa1a9020a00f33fb3e3053da6dc",
        "a76604f2f59f2744c7151653bbb1d8596b6b57d295e6fa6c1f0c41d725b502ce",
        "v28-sdr-parent-5eed212119fd91aa6220a27f31a8966444a9381842bceb3a1ea61525bd47a5b5",
        "03cd13565ded97c240a5f52e54295ad127bd0461b57904cb3a4d79b097bbecab",
        "v28-sdr-parent-7ba215a1d2345774ab90b8cb1158d296e409d6068819d7b8c7baf0b25d63dc34",
        "b5877d1963793efebc261fd8fde4dd6bc59e6b5c7abf52617a4ee023b8dc173a",
        "v28-sdr-parent-2aa9c77c3e58259481351cc4be2079cc71e1c9af39700866545c043bfa30fb42",
        "3adcc092423aa76d6a7184016893406da44dd974b219a89cd3ece25e4e3018f5",
        "v28-sdr-parent-e1fa5d5b811ddbd118be3412c4a8c329156b8b8acc72632bca459455b5a05a13",
        "3c4f9841fcc75aed8c695800e58d08480629f25af3a2aefd81904181d75cc0b6",
        "v28-sdr-parent-21981246c370f9d76c7a77ab273d94bde0ceb4e938292334960bce05585dc117",
        "93deeac5e3052b6927467d4b2641bb782f05491de18d510147c93eeedd8672da",
        "v28-sdr-parent-8a99e8d6b6be7ab87a56b632e6739ff201c23ea14e99737c74690f0e265574d6",
        "2778a732ad46a7dc18e0564dfdf59fd321dcde74ab476fd6d3c4e6735d7cd89c",
        "v28-sdr-parent-4905486b7af19558ac3649bc6261411858b6add534438878c4ee3b29d8b9de0b",
        "2698b74eb2606b55b98d8b095e18b6320b47f46e00075956d48640ccd1641b03");

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

    /**
     * @return the SHA-256 (hex) that rust-fil-proofs' parent_cache.json publishes for the graph's cache: there is one
     *     for the API 1.0 and 1.1 graphs of the five sizes (the 1.2, synthetic and non-interactive graphs have their
     *     own porep ids and none)
     */
    public static Optional<String> publishedDigest(final StackedGraph graph)
    {
        return Optional.ofNullable(PUBLISHED.get(id(graph)));
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
            readableByAll(temp);
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

    /** A temporary file is private to its owner; the cache it becomes is not secret. */
    private static void readableByAll(final Path file) throws IOException
    {
        try
        {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
        catch (final UnsupportedOperationException e)
        {
            // Not a POSIX file system: its default permissions stand.
        }
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
