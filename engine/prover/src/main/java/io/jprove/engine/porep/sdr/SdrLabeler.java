package io.jprove.engine.porep.sdr;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.jprove.engine.porep.SdrLabel;

/**
 * Labels a whole sector, layer by layer, as rust-fil-proofs' {@code create_labels_for_encoding} does
 * (storage-proofs-porep {@code stacked/vanilla/create_label/single.rs}); the label of one node from given parent
 * labels is {@link SdrLabel#label}, and this class computes the same bytes.
 * <p>
 * Layer {@code l}, node {@code v}: SHA-256 of the 64-byte header (replica id, {@code l} u32 BE, {@code v} u64 BE,
 * zeros) and, for {@code v > 0}, 37 parent labels: on layer 1 the six DRG parents' labels (this layer) six times
 * over and the first once more; on later layers the six DRG parents' labels (this layer) and the eight expander
 * parents' labels (previous layer), twice over, then the first nine again. The digest's top two bits are cleared.
 * Node 0 hashes the header alone. Nodes are labelled in order on one thread (each node's first parent is its
 * predecessor); parents come from a {@link ParentCache}.
 * <p>
 * Memory: two layers of nodes × 32 bytes off the heap (a 32 GiB sector needs 64 GiB), plus the cache.
 */
public final class SdrLabeler
{
    private static final int NODE = SdrLabel.NODE_BYTES;
    private static final int HEADER = SdrLabel.HEADER_BYTES;
    private static final int INPUT_BYTES = HEADER + SdrLabel.TOTAL_PARENTS * NODE;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final ValueLayout.OfInt U32_LE =
        ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private SdrLabeler()
    {
    }

    /**
     * Labels every layer, computing the graph's parent cache in memory first.
     *
     * @param replicaId 32 bytes
     * @param graph     the sector's graph
     * @param layers    the number of layers, at least 1
     * @param sink      receives each layer as it is finished
     * @throws IOException what the sink threw
     */
    public static void labelLayers(final byte[] replicaId, final StackedGraph graph, final int layers,
        final LayerSink sink) throws IOException
    {
        try (ParentCache cache = ParentCache.build(graph))
        {
            labelLayers(replicaId, cache, layers, sink);
        }
    }

    /**
     * Labels every layer with the parents of a cache (in memory or mapped from its file).
     *
     * @param replicaId 32 bytes
     * @param parents   the sector graph's parent cache
     * @param layers    the number of layers, at least 1
     * @param sink      receives each layer as it is finished
     * @throws IOException what the sink threw
     */
    public static void labelLayers(final byte[] replicaId, final ParentCache parents, final int layers,
        final LayerSink sink) throws IOException
    {
        if (replicaId.length != NODE)
        {
            throw new IllegalArgumentException("a replica id is 32 bytes, got " + replicaId.length);
        }
        if (layers < 1)
        {
            throw new IllegalArgumentException("at least one layer, got " + layers);
        }
        final long layerBytes = parents.graph().nodes() * NODE;
        // Shared, so that a sink may hand the layer to other threads (to hash columns in parallel) during its call.
        try (Arena arena = Arena.ofShared())
        {
            MemorySegment current = arena.allocate(layerBytes, 64);
            MemorySegment previous = arena.allocate(layerBytes, 64);
            for (int layer = 1; layer <= layers; layer++)
            {
                labelLayer(replicaId, parents, layer, current, previous);
                sink.accept(layer, current.asReadOnly());
                final MemorySegment done = current;
                current = previous;
                previous = done;
            }
        }
    }

    /**
     * Labels one layer into {@code current}.
     *
     * @param previous the previous layer's labels (read from layer 2 on)
     */
    private static void labelLayer(final byte[] replicaId, final ParentCache parents, final int layer,
        final MemorySegment current, final MemorySegment previous)
    {
        final MessageDigest sha = sha256();
        final MemorySegment cache = parents.segment();
        final long nodes = parents.graph().nodes();
        final byte[] input = new byte[INPUT_BYTES];
        final byte[] label = new byte[NODE];
        System.arraycopy(replicaId, 0, input, 0, NODE);
        input[32] = (byte)(layer >>> 24);
        input[33] = (byte)(layer >>> 16);
        input[34] = (byte)(layer >>> 8);
        input[35] = (byte)layer;
        final boolean expander = layer > 1;
        for (long node = 0; node < nodes; node++)
        {
            for (int i = 0; i < 8; i++)
            {
                input[36 + i] = (byte)(node >>> 56 - 8 * i);
            }
            if (node == 0)
            {
                sha.update(input, 0, HEADER);
            }
            else
            {
                final long entry = node * ParentCache.ENTRY_BYTES;
                for (int p = 0; p < StackedGraph.BASE_DEGREE; p++)
                {
                    copyLabel(current, cache.get(U32_LE, entry + 4L * p), input, HEADER + NODE * p);
                }
                if (expander)
                {
                    for (int p = StackedGraph.BASE_DEGREE; p < StackedGraph.DEGREE; p++)
                    {
                        copyLabel(previous, cache.get(U32_LE, entry + 4L * p), input, HEADER + NODE * p);
                    }
                }
                repeatParents(input, expander ? StackedGraph.DEGREE : StackedGraph.BASE_DEGREE);
                sha.update(input, 0, INPUT_BYTES);
            }
            finish(sha, label);
            MemorySegment.copy(label, 0, current, ValueLayout.JAVA_BYTE, node * NODE, NODE);
        }
    }

    /** Fills the 37 parent slots by repeating the first {@code distinct} ones in order. */
    private static void repeatParents(final byte[] input, final int distinct)
    {
        final int run = distinct * NODE;
        for (int at = HEADER + run; at < INPUT_BYTES; at += run)
        {
            System.arraycopy(input, HEADER, input, at, Math.min(run, INPUT_BYTES - at));
        }
    }

    private static void copyLabel(final MemorySegment layer, final int node, final byte[] input, final int at)
    {
        // Four word moves: cheaper than a bulk copy's checks and call for 32 bytes.
        final long from = Integer.toUnsignedLong(node) * NODE;
        WORDS.set(input, at, layer.get(WORD, from));
        WORDS.set(input, at + 8, layer.get(WORD, from + 8));
        WORDS.set(input, at + 16, layer.get(WORD, from + 16));
        WORDS.set(input, at + 24, layer.get(WORD, from + 24));
    }

    private static void finish(final MessageDigest sha, final byte[] label)
    {
        try
        {
            sha.digest(label, 0, NODE);
        }
        catch (final DigestException e)
        {
            throw new IllegalStateException("a SHA-256 digest is 32 bytes", e);
        }
        label[NODE - 1] &= 0x3f;
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
