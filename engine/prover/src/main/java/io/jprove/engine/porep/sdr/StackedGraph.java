package io.jprove.engine.porep.sdr;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;

/**
 * The SDR graph of one sector: rust-fil-proofs' {@code StackedBucketGraph} (storage-proofs-porep
 * {@code stacked/vanilla/graph.rs}), exact for every published PoRep version.
 * <p>
 * Every node has {@value #DEGREE} parents, as u32 node indices: first the {@value #BASE_DEGREE} DRG parents of
 * {@link BucketGraph} (labels of the same layer), then the {@value #EXPANSION_DEGREE} expander parents (labels of
 * the previous layer): parent {@code i} of node {@code v} is {@code permute(8v + i) / 8} under the {@link Feistel}
 * permutation of {@code [0, 8·nodes)}. API 1.0 truncated the permuted index to u32 before dividing (which matters
 * only above 2^29 nodes); later versions divide first.
 * <p>
 * Parents are computed on demand; a {@link ParentCache} holds them all. Instances are immutable and thread-safe.
 */
public final class StackedGraph
{
    /** DRG parents per node. */
    public static final int BASE_DEGREE = BucketGraph.DEGREE;
    /** Expander parents per node. */
    public static final int EXPANSION_DEGREE = 8;
    /** All parents per node: DRG then expander. */
    public static final int DEGREE = BASE_DEGREE + EXPANSION_DEGREE;
    /** The hasher rust-fil-proofs names in the graph's identifier: the replica trees' hasher. */
    static final String HASHER_NAME = "poseidon_hasher";

    private final long nodes;
    private final byte[] porepId;
    private final ApiVersion version;
    private final BucketGraph base;
    private final Feistel feistel;

    private StackedGraph(final long nodes, final byte[] porepId, final ApiVersion version)
    {
        this.nodes = nodes;
        this.porepId = porepId.clone();
        this.version = version;
        this.base = new BucketGraph(porepId, version);
        this.feistel = new Feistel(porepId, nodes * EXPANSION_DEGREE);
    }

    /** @return the graph of that seal proof's sectors: its nodes, porep id and API version */
    public static StackedGraph of(final RegisteredSealProof proof)
    {
        return of(proof.nodes(), proof.porepId(), proof.version());
    }

    /**
     * @param nodes   nodes in the sector, 2 to 2^32 − 1
     * @param porepId 32 bytes (any, not only a registered seal proof's)
     * @param version the API version
     * @return the graph
     */
    public static StackedGraph of(final long nodes, final byte[] porepId, final ApiVersion version)
    {
        if (nodes < 2 || nodes > 0xffffffffL)
        {
            throw new IllegalArgumentException("an SDR graph has 2 to 2^32 - 1 nodes, got " + nodes);
        }
        if (porepId.length != 32)
        {
            throw new IllegalArgumentException("a porep id is 32 bytes, got " + porepId.length);
        }
        return new StackedGraph(nodes, porepId, version);
    }

    /** @return the number of nodes */
    public long nodes()
    {
        return nodes;
    }

    /** @return the porep id (a copy) */
    public byte[] porepId()
    {
        return porepId.clone();
    }

    /** @return the API version */
    public ApiVersion version()
    {
        return version;
    }

    /** @return the four Feistel keys (u64 words; the fourth is unused by the permutation but names the cache) */
    public long[] feistelKeys()
    {
        return feistel.keys();
    }

    /**
     * @return rust-fil-proofs' {@code ParameterSetMetadata::identifier()} of the graph, which names parameter files
     *     and parent caches; it names neither the porep id nor the API version
     */
    public String identifier()
    {
        return identifier(nodes);
    }

    /** @return the {@link #identifier()} of any graph of that many nodes */
    public static String identifier(final long nodes)
    {
        return "stacked_graph::StackedGraph{expansion_degree: " + EXPANSION_DEGREE
            + " base_graph: drgraph::BucketGraph{size: " + nodes + "; degree: " + BASE_DEGREE + "; hasher: "
            + HASHER_NAME + "} }";
    }

    /**
     * Writes the {@value #DEGREE} parents of {@code node}: {@code out[0..6)} DRG, {@code out[6..14)} expander.
     *
     * @param node a node index
     * @param out  at least 14 entries; each an u32 node index
     */
    public void parents(final long node, final int[] out)
    {
        check(node, out, DEGREE);
        base.parents(node, out, 0);
        expanderParents(node, out, BASE_DEGREE);
    }

    /**
     * Writes the {@value #BASE_DEGREE} DRG parents of {@code node}.
     *
     * @param node a node index
     * @param out6 at least 6 entries
     */
    public void baseParents(final long node, final int[] out6)
    {
        check(node, out6, BASE_DEGREE);
        base.parents(node, out6, 0);
    }

    /**
     * Writes the {@value #EXPANSION_DEGREE} expander parents of {@code node}.
     *
     * @param node a node index
     * @param out8 at least 8 entries
     */
    public void expanderParents(final long node, final int[] out8)
    {
        check(node, out8, EXPANSION_DEGREE);
        expanderParents(node, out8, 0);
    }

    private void expanderParents(final long node, final int[] out, final int offset)
    {
        for (int i = 0; i < EXPANSION_DEGREE; i++)
        {
            final long transformed = feistel.permute(node * EXPANSION_DEGREE + i);
            out[offset + i] = version == ApiVersion.V1_0_0
                ? (int)((transformed & 0xffffffffL) / EXPANSION_DEGREE)
                : (int)(transformed / EXPANSION_DEGREE);
        }
    }

    private void check(final long node, final int[] out, final int needed)
    {
        if (node < 0 || node >= nodes)
        {
            throw new IndexOutOfBoundsException("node " + node + " outside [0, " + nodes + ")");
        }
        if (out.length < needed)
        {
            throw new IllegalArgumentException("need room for " + needed + " parents, got " + out.length);
        }
    }

    @Override
    public String toString()
    {
        return "StackedGraph{nodes " + nodes + ", API " + version.semver() + "}";
    }
}
