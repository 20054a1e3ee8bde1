package io.jprove.engine.porep.sdr;

import java.nio.charset.StandardCharsets;

import io.jprove.engine.gadgets.hash.Sha256;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;

/**
 * The depth-robust graph of the SDR base layer: rust-fil-proofs' {@code BucketGraph} with degree 6
 * (storage-proofs-core {@code drgraph.rs}), Ben Fisch's bucket sampling over a metagraph of five nodes per node.
 * <p>
 * Node 0 and node 1 have six parents 0. For a node {@code v ≥ 2}, a ChaCha8 generator seeded with the first 28
 * bytes of SHA-256("Filecoin_DRSample" ‖ porep id) followed by {@code v} as u32 LE draws five parents: per parent a
 * bucket {@code b = (next_u64 mod n) + 1}, where {@code n = ceil(log2(5v))}, then a distance {@code d} uniformly in
 * {@code [max(2, min(5v, 2^b)/2), min(5v, 2^b)]} ({@code next_u64} modulo the count — rust-fil-proofs does not use
 * rand's unbiased range sampling here), and the parent {@code (5v − d) / 5}, or {@code v − 1} where that is
 * {@code v} itself. The sixth parent is the immediate predecessor {@code v − 1}: last under API 1.0, first (the
 * five drawn ones after it) from API 1.1 on.
 */
final class BucketGraph
{
    /** DRG parents per node. */
    static final int DEGREE = 6;
    /** Metagraph nodes per node: the degree less the predecessor. */
    private static final int M_PRIME = DEGREE - 1;
    private static final byte[] DOMAIN_TAG = "Filecoin_DRSample".getBytes(StandardCharsets.US_ASCII);

    private final byte[] seed = new byte[32];
    private final boolean predecessorLast;

    /**
     * @param porepId 32 bytes
     * @param version the API version, which fixes where the predecessor goes
     */
    BucketGraph(final byte[] porepId, final ApiVersion version)
    {
        final byte[] tagged = new byte[DOMAIN_TAG.length + porepId.length];
        System.arraycopy(DOMAIN_TAG, 0, tagged, 0, DOMAIN_TAG.length);
        System.arraycopy(porepId, 0, tagged, DOMAIN_TAG.length, porepId.length);
        System.arraycopy(Sha256.digest(tagged), 0, seed, 0, 28);
        this.predecessorLast = version.predecessorLast();
    }

    /**
     * Writes the six DRG parents of {@code node} into {@code out[offset..offset+6)}.
     *
     * @param node a node index below 2^32 (the caller checks it against the graph's size)
     */
    void parents(final long node, final int[] out, final int offset)
    {
        if (node < 2)
        {
            for (int i = 0; i < DEGREE; i++)
            {
                out[offset + i] = 0;
            }
            return;
        }
        final byte[] nodeSeed = seed.clone();
        nodeSeed[28] = (byte)node;
        nodeSeed[29] = (byte)(node >>> 8);
        nodeSeed[30] = (byte)(node >>> 16);
        nodeSeed[31] = (byte)(node >>> 24);
        final ChaCha8Rng rng = new ChaCha8Rng(nodeSeed);
        final long metagraphNode = node * M_PRIME;
        final long buckets = bucketCount(metagraphNode);
        final int first = predecessorLast ? offset : offset + 1;
        for (int i = 0; i < M_PRIME; i++)
        {
            final long bucket = Long.remainderUnsigned(rng.nextU64(), buckets) + 1;
            final long largest = Math.min(metagraphNode, 1L << bucket);
            final long smallest = Math.max(2, largest >>> 1);
            final long distance = smallest + Long.remainderUnsigned(rng.nextU64(), largest - smallest + 1);
            final long mapped = (metagraphNode - distance) / M_PRIME;
            out[first + i] = (int)(mapped == node ? node - 1 : mapped);
        }
        out[predecessorLast ? offset + M_PRIME : offset] = (int)(node - 1);
    }

    /**
     * The bucket count {@code ceil(log2(x))} that rust-fil-proofs computes in f64 as
     * {@code (x as f64).log2().ceil()}, computed exactly on integers.
     * <p>
     * Why this equals the f64 form bit for bit: {@code x = 5v < 5·2^32 < 2^35} is exact in f64; at a power of two
     * libm's {@code log2} returns the integer exactly; anywhere else {@code log2(x)} lies at least
     * {@code log2(1 + 2^-35) > 4·10^-11} from an integer, while the f64 spacing near any value below 64 is under
     * 1.5·10^-14 and libm's error under one unit in the last place, so rounding never reaches the integer and the
     * ceiling is the exact one. (A quotient of natural logarithms, by contrast, can give 3.0000000000000004 for 8.)
     *
     * @param x a metagraph node, at least 2
     * @return ceil(log2(x))
     */
    static long bucketCount(final long x)
    {
        if (x < 2 || x >= 1L << 54)
        {
            throw new IllegalArgumentException("metagraph node " + x + " outside [2, 2^54)");
        }
        return 64 - Long.numberOfLeadingZeros(x - 1);
    }
}
