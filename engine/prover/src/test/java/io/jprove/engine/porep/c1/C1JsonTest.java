package io.jprove.engine.porep.c1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.porep.vanilla.LabelingProof;
import io.jprove.engine.porep.vanilla.ReplicaColumnProof;

/**
 * The C1 JSON as serde_json writes rust-filecoin-proofs-api's {@code SealCommitPhase1Output} (field order from the
 * Rust structs' declarations, read from their sources), byte-identical round trips, and one named error for each
 * way a file can be malformed.
 */
class C1JsonTest
{
    @Test
    void shouldWriteSerdesShapeForEveryTreeForm()
    {
        final String single = text(C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1)));
        SerdeSchema.check(single, "StackedDrg2KiBV1");
        assertTrue(single.startsWith("{\"registered_proof\":\"StackedDrg2KiBV1_1\",\"vanilla_proofs\":{"
            + "\"StackedDrg2KiBV1\":[[{\"comm_d_proofs\":{\"data\":{\"Single\":{\"root\":["));
        assertTrue(single.contains("],\"_h\":null},\"inclusion_proof\":{\"data\":{\"Single\":{\"root\":["));
        final String sub = text(C1JsonWriter.write(C1Fixtures.randomShaped(RegisteredSealProof.StackedDrg32GiBV1_1,
            1)));
        SerdeSchema.check(sub, "StackedDrg32GiBV1");
        assertTrue(sub.contains("\"comm_r_last_proof\":{\"data\":{\"Sub\":{\"base_proof\":{\"path\":[{"));
        final String top = text(C1JsonWriter.write(C1Fixtures.randomShaped(RegisteredSealProof.StackedDrg64GiBV1,
            2)));
        SerdeSchema.check(top, "StackedDrg64GiBV1");
        assertTrue(top.contains("]},\"top_proof\":{\"path\":[{\"hashes\":[["));
    }

    @Test
    void shouldRoundTripByteForByte()
    {
        final List<C1Output> outputs = new ArrayList<>();
        outputs.add(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1));
        for (final RegisteredSealProof p : RegisteredSealProof.values())
        {
            outputs.add(C1Fixtures.randomShaped(p, p.id()));
        }
        for (final C1Output c1 : outputs)
        {
            final byte[] json = C1JsonWriter.write(c1);
            assertArrayEquals(json, C1JsonWriter.write(C1JsonReader.read(json)), c1.registeredProof().toString());
        }
    }

    @Test
    void shouldReadWhitespaceAndAnyFieldOrder()
    {
        final byte[] json = C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1));
        final String compact = text(json);
        final String pretty = "\n " + compact.replace(",", ",\n\t ").replace(":", " : ").replace("[", "[ ")
            .replace("}", "\r\n}") + " \n";
        assertArrayEquals(json, C1JsonWriter.write(C1JsonReader.read(bytes(pretty))));
        final int seed = compact.indexOf(",\"seed\":");
        final int ticket = compact.indexOf(",\"ticket\":");
        final String seedField = compact.substring(seed + 1, ticket);
        final String reordered = "{" + seedField + "," + compact.substring(1, seed) + compact.substring(ticket);
        assertArrayEquals(json, C1JsonWriter.write(C1JsonReader.read(bytes(reordered))));
    }

    @Test
    void shouldNameTheFieldOfEachMalformedValue()
    {
        final String json = text(C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1)));
        final String first = "$.vanilla_proofs.StackedDrg2KiBV1[0][0]";
        assertInvalid(json.replaceFirst("\"Single\"", "\"Singel\""), first + ".comm_d_proofs.data.Singel",
            "unknown variant 'Singel'");
        assertInvalid(json.replace("StackedDrg2KiBV1_1", "StackedDrg2KiBV9"), "$.registered_proof",
            "unknown variant 'StackedDrg2KiBV9'");
        assertInvalid(json.replace("\"StackedDrg2KiBV1_1\"", "\"StackedDrg8MiBV1_1\""),
            "$.vanilla_proofs.StackedDrg2KiBV1", "registered_proof StackedDrg8MiBV1_1 is 8MiB");
        assertInvalid(json.replace("\"StackedDrg2KiBV1\"", "\"StackedDrg8MiBV1\""),
            "$.vanilla_proofs.StackedDrg8MiBV1[0][0].comm_d_proofs.data.Single.path.path",
            "the base path of tree D of a 8MiB sector has 18");
        assertInvalid(json.replace("\"StackedDrg2KiBV1\"", "\"StackedDrg2MiBV1\""), "$.vanilla_proofs.StackedDrg2MiBV1",
            "unknown variant 'StackedDrg2MiBV1' of VanillaSealProof");
        final int rows = json.indexOf("\"rows\":[[") + 9;
        assertInvalid(json.substring(0, rows) + "255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,"
            + "255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255" + json.substring(json.indexOf(']',
            rows)), first + ".replica_column_proofs.c_x.column.rows[0]", "not a canonical field element");
        final int seed = json.indexOf("\"seed\":[") + 8;
        assertInvalid(json.substring(0, seed) + "256" + json.substring(json.indexOf(',', seed)), "$.seed[0]",
            "256 is out of range (at most 255)");
        assertInvalid(json.replace("\"comm_r\":[", "\"comm_r\":[1,"), "$.comm_r", "expected 32 bytes, found more");
        final int commR = json.indexOf("\"comm_r\":[") + 10;
        assertInvalid(json.substring(0, commR) + json.substring(json.indexOf(',', commR) + 1), "$.comm_r",
            "expected 32 bytes, found 31");
        assertInvalid(json.replaceFirst("\"_h\":null", "\"_h\":0"), first + ".replica_column_proofs.c_x.column._h",
            "expected null, found '0");
        assertInvalid(json.replaceFirst(",\"_h\":null", ""), first + ".replica_column_proofs.c_x.column",
            "missing field '_h'");
        assertInvalid(json.replaceFirst("\"_h\":null", "\"_h\":null,\"_h\":null"),
            first + ".replica_column_proofs.c_x.column._h", "duplicate field '_h'");
        assertInvalid(json.replaceFirst("\"_h\":null", "\"_h\":null,\"x\":1"),
            first + ".replica_column_proofs.c_x.column.x", "unknown field 'x'");
        assertInvalid(json.replaceFirst("\"layer_index\":1", "\"layer_index\":1.0"),
            first + ".labeling_proofs[0].layer_index", "expected an unsigned integer, found 1.0");
        assertInvalid(json.replaceFirst("\"layer_index\":1", "\"layer_index\":-1"),
            first + ".labeling_proofs[0].layer_index", "found -1");
        assertInvalid(json.replaceFirst("\"layer_index\":1", "\"layer_index\":01"),
            first + ".labeling_proofs[0].layer_index", "leading zero");
        assertInvalid(json.replaceFirst("\"layer_index\":1", "\"layer_index\":1e0"),
            first + ".labeling_proofs[0].layer_index", "found 1e0");
        assertInvalid(json.replaceFirst("\"layer_index\":1", "\"layer_index\":4294967296"),
            first + ".labeling_proofs[0].layer_index", "out of range (at most 4294967295)");
        assertInvalid(json.replaceFirst("\"layer_index\":1", "\"layer_index\":\"1\""),
            first + ".labeling_proofs[0].layer_index", "expected an unsigned integer");
        assertInvalid(json.replaceFirst("\"index\":([01])}", "\"index\":2}"),
            first + ".comm_d_proofs.data.Single.path.path[0].index", "out of range (at most 1)");
        assertInvalid(json + "x", "$", "trailing characters");
        assertInvalid("[]", "$", "expected an object");
        assertInvalid("", "$", "truncated");
        assertInvalid(json.replace("]]},\"comm_r\"", "]],\"StackedDrg8MiBV1\":[]},\"comm_r\""),
            "$.vanilla_proofs.StackedDrg8MiBV1", "found a second key");
        assertInvalid(json.replace("\"registered_proof\":\"StackedDrg2KiBV1_1\",", ""), "$",
            "missing field 'registered_proof'");
    }

    @Test
    void shouldSayATruncatedFileIsTruncated()
    {
        final String json = text(C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1)));
        for (final int cut : new int[] {1, 2, 20, 22, 1000, 1001, json.length() / 2, json.length() - 1})
        {
            final InvalidC1Exception e = assertThrows(InvalidC1Exception.class,
                () -> C1JsonReader.read(bytes(json.substring(0, cut))));
            assertTrue(e.getMessage().contains("truncated") || e.getMessage().contains("unterminated"),
                e.getMessage());
        }
    }

    @Test
    void shouldRefuseWrongCountsAndFormsNamingThem()
    {
        final C1Output c1 = C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1);
        final ChallengeProof p = c1.vanillaProofs().getFirst().getFirst();
        final String first = "$.vanilla_proofs.StackedDrg2KiBV1[0][0]";
        final ReplicaColumnProof cols = p.replicaColumnProofs();
        assertInvalid(with(c1, new ChallengeProof(p.commDProofs(), p.commRLastProof(), new ReplicaColumnProof(
            cols.cx(), cols.drgParents().subList(0, 5), cols.expParents()), p.labelingProofs(), p.encodingProof())),
            first + ".replica_column_proofs.drg_parents", "5 columns; a node has 6 DRG parents");
        assertInvalid(with(c1, new ChallengeProof(p.commDProofs(), p.commRLastProof(), cols,
            p.labelingProofs().subList(0, 1), p.encodingProof())), first + ".labeling_proofs",
            "1 labeling proofs; a 2KiB sector has 2 layers");
        final LabelingProof l0 = p.labelingProofs().getFirst();
        assertInvalid(with(c1, new ChallengeProof(p.commDProofs(), p.commRLastProof(), cols, List.of(
            new LabelingProof(java.util.Arrays.copyOf(l0.parents(), 36), 1, l0.node()), p.labelingProofs().get(1)),
            p.encodingProof())), first + ".labeling_proofs[0].parents", "expected 37 parents");
        final MerkleProof d = p.commDProofs();
        final List<PathElement> longer = new ArrayList<>(d.base());
        longer.add(d.base().getFirst());
        assertInvalid(with(c1, new ChallengeProof(new MerkleProof(d.form(), d.root(), d.leaf(), longer, List.of(),
            List.of()), p.commRLastProof(), cols, p.labelingProofs(), p.encodingProof())),
            first + ".comm_d_proofs.data.Single.path.path[6]", "has 6 levels; found more");
        final MerkleProof r = p.commRLastProof();
        assertInvalid(with(c1, new ChallengeProof(d, new MerkleProof(MerkleProof.Form.SUB, r.root(), r.leaf(),
            r.base(), r.base().subList(0, 1), List.of()), cols, p.labelingProofs(), p.encodingProof())),
            first + ".comm_r_last_proof.data.Sub", "is Single, found Sub");
    }

    private static String with(final C1Output c1, final ChallengeProof first)
    {
        final List<ChallengeProof> proofs = new ArrayList<>(c1.vanillaProofs().getFirst());
        proofs.set(0, first);
        return text(C1JsonWriter.write(new C1Output(c1.registeredProof(), List.of(proofs), c1.commR(), c1.commD(),
            c1.replicaId(), c1.seed(), c1.ticket())));
    }

    static void assertInvalid(final String json, final String path, final String fragment)
    {
        final InvalidC1Exception e = assertThrows(InvalidC1Exception.class, () -> C1JsonReader.read(bytes(json)));
        assertEquals(path, e.jsonPath(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), "expected \"" + fragment + "\" in: " + e.getMessage());
    }

    static String text(final byte[] json)
    {
        return new String(json, StandardCharsets.UTF_8);
    }

    static byte[] bytes(final String json)
    {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
