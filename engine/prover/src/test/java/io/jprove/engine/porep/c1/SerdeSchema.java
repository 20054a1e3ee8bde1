package io.jprove.engine.porep.c1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape serde_json gives rust-filecoin-proofs-api's {@code SealCommitPhase1Output}, restated from the Rust
 * structs' declarations (field order, enum tagging, PhantomData fields) and checked against a document parsed by a
 * small order-keeping JSON parser of its own: an independent statement of the format the writer must follow.
 */
final class SerdeSchema
{
    private final String text;
    private int at;

    private SerdeSchema(final String text)
    {
        this.text = text;
    }

    /** Checks a whole C1 output, compact as serde_json writes it. */
    static void check(final String json, final String variant)
    {
        final SerdeSchema p = new SerdeSchema(json);
        final Object doc = p.value();
        assertEquals(json.length(), p.at, "one compact document");
        final Map<String, Object> top = object(doc, "registered_proof", "vanilla_proofs", "comm_r", "comm_d",
            "replica_id", "seed", "ticket");
        assertTrue(top.get("registered_proof") instanceof String);
        final Map<String, Object> proofs = object(top.get("vanilla_proofs"), variant);
        for (final Object partition : list(proofs.get(variant)))
        {
            for (final Object proof : list(partition))
            {
                challenge(proof);
            }
        }
        for (final String k : new String[] {"comm_r", "comm_d", "replica_id", "seed", "ticket"})
        {
            domain(top.get(k));
        }
    }

    private static void challenge(final Object proof)
    {
        final Map<String, Object> p = object(proof, "comm_d_proofs", "comm_r_last_proof", "replica_column_proofs",
            "labeling_proofs", "encoding_proof");
        merkle(p.get("comm_d_proofs"));
        merkle(p.get("comm_r_last_proof"));
        final Map<String, Object> columns = object(p.get("replica_column_proofs"), "c_x", "drg_parents",
            "exp_parents");
        column(columns.get("c_x"));
        list(columns.get("drg_parents")).forEach(SerdeSchema::column);
        list(columns.get("exp_parents")).forEach(SerdeSchema::column);
        list(p.get("labeling_proofs")).forEach(SerdeSchema::labeling);
        labeling(p.get("encoding_proof"));
    }

    private static void labeling(final Object value)
    {
        final Map<String, Object> l = object(value, "parents", "layer_index", "node");
        list(l.get("parents")).forEach(SerdeSchema::domain);
        assertTrue(l.get("layer_index") instanceof Long && l.get("node") instanceof Long);
    }

    private static void column(final Object value)
    {
        final Map<String, Object> cp = object(value, "column", "inclusion_proof");
        final Map<String, Object> c = object(cp.get("column"), "index", "rows", "_h");
        assertTrue(c.get("index") instanceof Long);
        list(c.get("rows")).forEach(SerdeSchema::domain);
        assertNull(c.get("_h"));
        merkle(cp.get("inclusion_proof"));
    }

    private static void merkle(final Object value)
    {
        final Map<String, Object> data = object(object(value, "data").get("data"));
        assertEquals(1, data.size());
        final String form = data.keySet().iterator().next();
        final Map<String, Object> d = switch (form)
        {
            case "Single" -> object(data.get(form), "root", "leaf", "path");
            case "Sub" -> object(data.get(form), "base_proof", "sub_proof", "root", "leaf");
            default -> object(data.get(form), "base_proof", "sub_proof", "top_proof", "root", "leaf");
        };
        domain(d.get("root"));
        domain(d.get("leaf"));
        for (final String k : new String[] {"path", "base_proof", "sub_proof", "top_proof"})
        {
            if (d.containsKey(k))
            {
                for (final Object e : list(object(d.get(k), "path").get("path")))
                {
                    final Map<String, Object> element = object(e, "hashes", "index");
                    list(element.get("hashes")).forEach(SerdeSchema::domain);
                    assertTrue(element.get("index") instanceof Long);
                }
            }
        }
    }

    private static void domain(final Object value)
    {
        final List<Object> bytes = list(value);
        assertEquals(32, bytes.size());
        for (final Object b : bytes)
        {
            assertTrue(b instanceof Long v && v >= 0 && v <= 255);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(final Object value, final String... keys)
    {
        assertTrue(value instanceof Map, "an object");
        final Map<String, Object> m = (Map<String, Object>)value;
        if (keys.length > 0)
        {
            assertEquals(List.of(keys), new ArrayList<>(m.keySet()));
        }
        return m;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(final Object value)
    {
        assertTrue(value instanceof List, "an array");
        return (List<Object>)value;
    }

    private Object value()
    {
        final char c = text.charAt(at);
        if (c == '{')
        {
            final Map<String, Object> m = new LinkedHashMap<>();
            at++;
            while (text.charAt(at) != '}')
            {
                if (!m.isEmpty())
                {
                    expect(',');
                }
                final String key = (String)value();
                expect(':');
                assertNull(m.put(key, value()), "duplicate key " + key);
            }
            at++;
            return m;
        }
        if (c == '[')
        {
            final List<Object> l = new ArrayList<>();
            at++;
            while (text.charAt(at) != ']')
            {
                if (!l.isEmpty())
                {
                    expect(',');
                }
                l.add(value());
            }
            at++;
            return l;
        }
        if (c == '"')
        {
            final int end = text.indexOf('"', at + 1);
            final String s = text.substring(at + 1, end);
            at = end + 1;
            return s;
        }
        if (text.startsWith("null", at))
        {
            at += 4;
            return null;
        }
        final int start = at;
        while (at < text.length() && Character.isDigit(text.charAt(at)))
        {
            at++;
        }
        assertTrue(at > start && (at - start == 1 || text.charAt(start) != '0'), "a plain integer at " + start);
        return Long.parseUnsignedLong(text.substring(start, at));
    }

    private void expect(final char c)
    {
        assertEquals(c, text.charAt(at), "at " + at);
        at++;
    }
}
