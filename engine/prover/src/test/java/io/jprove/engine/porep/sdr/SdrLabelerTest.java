package io.jprove.engine.porep.sdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.RegisteredSealProof.ApiVersion;
import io.jprove.engine.porep.SdrLabel;

import org.junit.jupiter.api.Test;

/**
 * Whole-sector labelling against rust-fil-proofs' {@code test_stacked_porep_generate_labels}
 * (storage-proofs-porep/tests/stacked_vanilla.rs): replica id [9; 32], 11 layers, the last label of the last layer.
 */
class SdrLabelerTest
{
    private static final byte[] REPLICA_ID = filled(9);

    @Test
    void shouldGiveTheLastLabelOf64NodesApi10()
    {
        assertLastLabel(64, filled(0), ApiVersion.V1_0_0,
            "04ba0f9a6ba9fad35e4806d183a281eab3c25afa9a1bd5e3378da6f1f4f46204");
    }

    @Test
    void shouldGiveTheLastLabelOf128NodesApi10()
    {
        assertLastLabel(128, filled(0), ApiVersion.V1_0_0,
            "86daa8c4521e197e48c1fae6c9a1e85ab894a8883b9f23cebe531ddcd1004c23");
    }

    @Test
    void shouldGiveTheLastLabelOf64NodesApi11And12()
    {
        for (final ApiVersion version : new ApiVersion[] {ApiVersion.V1_1_0, ApiVersion.V1_2_0})
        {
            assertLastLabel(64, filled(123), version,
                "cfef0db78bf3b3ab9f1169774d2e7a77bc9054499d954834b51ca7c788110206");
        }
    }

    @Test
    void shouldGiveTheLastLabelOf128NodesApi11And12()
    {
        for (final ApiVersion version : new ApiVersion[] {ApiVersion.V1_1_0, ApiVersion.V1_2_0})
        {
            assertLastLabel(128, filled(123), version,
                "6d67c468cf81ab2289c1c9c72fa8777a232de4c1323dc0c6bd552ccc187c770f");
        }
    }

    @Test
    void shouldAgreeWithTheOneNodeLabelOnEveryNodeOfEveryLayer() throws IOException
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        final byte[] replicaId = filled(0x2a);
        replicaId[31] = 0x0f;
        final List<byte[]> layers = new ArrayList<>();
        SdrLabeler.labelLayers(replicaId, graph, 3, (layer, labels) ->
        {
            assertEquals(layers.size() + 1, layer);
            assertEquals(graph.nodes() * 32, labels.byteSize());
            layers.add(labels.toArray(ValueLayout.JAVA_BYTE));
        });
        final int[] parents = new int[14];
        for (int layer = 1; layer <= 3; layer++)
        {
            for (int node = 0; node < graph.nodes(); node++)
            {
                graph.parents(node, parents);
                final int count = layer == 1 ? 6 : 14;
                final byte[][] parentLabels = new byte[count][];
                for (int p = 0; p < count; p++)
                {
                    final byte[] source = layers.get(p < 6 ? layer - 1 : layer - 2);
                    parentLabels[p] = Arrays.copyOfRange(source, parents[p] * 32, parents[p] * 32 + 32);
                }
                assertArrayEquals(SdrLabel.label(replicaId, layer, node, parentLabels),
                    Arrays.copyOfRange(layers.get(layer - 1), node * 32, node * 32 + 32),
                    "layer " + layer + " node " + node);
            }
        }
    }

    @Test
    void shouldLetTheSinkReadTheLayerFromOtherThreads() throws Exception
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        final List<byte[]> direct = new ArrayList<>();
        final List<byte[]> elsewhere = new ArrayList<>();
        SdrLabeler.labelLayers(REPLICA_ID, graph, 2, (layer, labels) ->
        {
            direct.add(labels.toArray(ValueLayout.JAVA_BYTE));
            try
            {
                elsewhere.add(CompletableFuture.supplyAsync(() -> labels.toArray(ValueLayout.JAVA_BYTE)).get());
            }
            catch (final InterruptedException | ExecutionException e)
            {
                throw new IOException(e);
            }
        });
        assertArrayEquals(direct.get(0), elsewhere.get(0));
        assertArrayEquals(direct.get(1), elsewhere.get(1));
    }

    @Test
    void shouldHandTheSinkReadOnlyLayersAndPassOnItsFailure()
    {
        final StackedGraph graph = StackedGraph.of(RegisteredSealProof.StackedDrg2KiBV1_1);
        assertThrows(IllegalArgumentException.class, () -> SdrLabeler.labelLayers(REPLICA_ID, graph, 1,
            (layer, labels) -> labels.set(ValueLayout.JAVA_BYTE, 0, (byte)1)));
        final IOException failure = new IOException("disk full");
        final IOException thrown = assertThrows(IOException.class, () -> SdrLabeler.labelLayers(REPLICA_ID, graph, 2,
            (layer, labels) ->
            {
                throw failure;
            }));
        assertEquals(failure, thrown);
        assertThrows(IllegalArgumentException.class,
            () -> SdrLabeler.labelLayers(new byte[31], graph, 2, (layer, labels) -> { }));
        assertThrows(IllegalArgumentException.class,
            () -> SdrLabeler.labelLayers(REPLICA_ID, graph, 0, (layer, labels) -> { }));
    }

    private static void assertLastLabel(final int nodes, final byte[] porepId, final ApiVersion version,
        final String expected)
    {
        final StackedGraph graph = StackedGraph.of(nodes, porepId, version);
        final byte[][] last = new byte[1][];
        try
        {
            SdrLabeler.labelLayers(REPLICA_ID, graph, 11, (layer, labels) ->
            {
                if (layer == 11)
                {
                    last[0] = labels.asSlice((nodes - 1) * 32L, 32).toArray(ValueLayout.JAVA_BYTE);
                }
            });
        }
        catch (final IOException e)
        {
            throw new AssertionError(e);
        }
        assertEquals(expected, HexFormat.of().formatHex(last[0]), nodes + " nodes, API " + version.semver());
    }

    private static byte[] filled(final int value)
    {
        final byte[] b = new byte[32];
        Arrays.fill(b, (byte)value);
        return b;
    }

}
