package io.jprove.engine.porep.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;

import org.junit.jupiter.api.Test;

/** The SDR graph's parents: rust-fil-proofs' spot values and the rules of drgraph.rs and graph.rs. */
class StackedGraphTest
{
    @Test
    void shouldGiveTheParentsOf2KiBApi11Nodes2And3()
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        final int[] parents = new int[14];
        graph.parents(2, parents);
        assertArrayEquals(new int[] {1, 1, 1, 0, 1, 0, 30, 28, 55, 63, 63, 36, 37, 36}, parents);
        graph.parents(3, parents);
        assertArrayEquals(new int[] {2, 1, 1, 2, 2, 2, 10, 46, 59, 7, 43, 29, 9, 16}, parents);
        final int[] base = new int[6];
        final int[] expander = new int[8];
        graph.baseParents(3, base);
        graph.expanderParents(3, expander);
        assertArrayEquals(Arrays.copyOf(parents, 6), base);
        assertArrayEquals(Arrays.copyOfRange(parents, 6, 14), expander);
    }

    @Test
    void shouldPutThePredecessorLastUnderApi10AndFirstAfter()
    {
        final byte[] porepId = new byte[32];
        final StackedGraph legacy = StackedGraph.of(2048, porepId, ApiVersion.V1_0_0);
        final StackedGraph current = StackedGraph.of(2048, porepId, ApiVersion.V1_1_0);
        final int[] a = new int[6];
        final int[] b = new int[6];
        for (int node = 0; node < 2; node++)
        {
            legacy.baseParents(node, a);
            assertArrayEquals(new int[6], a);
        }
        for (int node = 2; node < 2048; node++)
        {
            legacy.baseParents(node, a);
            current.baseParents(node, b);
            assertEquals(node - 1, a[5]);
            assertEquals(node - 1, b[0]);
            // The same draws, only the predecessor moved from last to first.
            assertArrayEquals(Arrays.copyOf(a, 5), Arrays.copyOfRange(b, 1, 6), "node " + node);
            for (final int p : a)
            {
                assertTrue(p >= 0 && p < node, "node " + node + " parent " + p);
            }
        }
    }

    @Test
    void shouldComputeTheBucketCountAsTheF64Ceiling()
    {
        for (int k = 1; k < 40; k++)
        {
            final long power = 1L << k;
            assertEquals(k, BucketGraph.bucketCount(power), "2^" + k);
            assertEquals(k + 1, BucketGraph.bucketCount(power + 1), "2^" + k + " + 1");
            if (k > 1)
            {
                assertEquals(k, BucketGraph.bucketCount(power - 1), "2^" + k + " - 1");
            }
        }
        assertEquals(4, BucketGraph.bucketCount(10));
    }

    @Test
    void shouldDrawExpanderParentsFromAPermutation()
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        final int[] hits = new int[64];
        final int[] expander = new int[8];
        for (int node = 0; node < 64; node++)
        {
            graph.expanderParents(node, expander);
            for (final int p : expander)
            {
                hits[p]++;
            }
        }
        // A permutation of [0, 512) divided by 8: every node is an expander parent exactly 8 times.
        final int[] eight = new int[64];
        Arrays.fill(eight, 8);
        assertArrayEquals(eight, hits);
    }

    @Test
    void shouldPermuteByTableAsByHashing()
    {
        final Feistel feistel = new Feistel(RegisteredSealProof.StackedDrg8MiBV1_1.porepId(), (1L << 18) * 8);
        final long[] keys = feistel.keys();
        final long mask = (1L << feistel.halfBits()) - 1;
        for (long index = 0; index < 4096; index += 37)
        {
            long u = index;
            do
            {
                long left = u >>> feistel.halfBits() & mask;
                long right = u & mask;
                for (int k = 0; k < Feistel.ROUNDS; k++)
                {
                    final long next = left ^ Feistel.roundFunction(right, keys[k], mask);
                    left = right;
                    right = next;
                }
                u = left << feistel.halfBits() | right;
            }
            while (u >= (1L << 18) * 8);
            assertEquals(u, feistel.permute(index), "index " + index);
        }
    }

    @Test
    void shouldNameItsIdentifierAsRustFilProofs()
    {
        assertEquals("stacked_graph::StackedGraph{expansion_degree: 8 base_graph: drgraph::BucketGraph{size: "
            + "1073741824; degree: 6; hasher: poseidon_hasher} }",
            StackedGraph.of(RegisteredSealProof.StackedDrg32GiBV1_1).identifier());
    }

    @Test
    void shouldRefuseBadArguments()
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        assertThrows(IndexOutOfBoundsException.class, () -> graph.parents(64, new int[14]));
        assertThrows(IndexOutOfBoundsException.class, () -> graph.parents(-1, new int[14]));
        assertThrows(IllegalArgumentException.class, () -> graph.parents(3, new int[13]));
        assertThrows(IllegalArgumentException.class, () -> StackedGraph.of(1, new byte[32], ApiVersion.V1_1_0));
        assertThrows(IllegalArgumentException.class,
            () -> StackedGraph.of(1L << 32, new byte[32], ApiVersion.V1_1_0));
        assertThrows(IllegalArgumentException.class, () -> StackedGraph.of(64, new byte[31], ApiVersion.V1_1_0));
    }
}
