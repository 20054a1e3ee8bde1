package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import com.google.protobuf.Descriptors.FileDescriptor;

import org.junit.jupiter.api.Test;

import io.jprove.engine.daemon.cuzk.CuzkProvingProto;

/**
 * jprove's cuzk.v1 API and cuzk's own file (the reference copy in src/test/proto/curio, compiled by the same protoc)
 * describe the same wire format: the same package and syntax, the same services and methods with the same request
 * and response types, the same messages with the same fields (name, number, type, label, type name, json name,
 * oneof), the same nested types, and the same enums with the same values. Only the file's name and options (Java's)
 * may differ; with those cleared the two descriptors are the same bytes.
 */
class CuzkProtoTest
{
    private static final FileDescriptor JPROVE = CuzkProvingProto.getDescriptor();
    private static final FileDescriptor CUZK = cuzk.v1.Proving.getDescriptor();

    @Test
    void shouldDescribeTheSameWireFormatWhenComparedFieldByField()
    {
        final FileDescriptorProto ours = JPROVE.toProto();
        final FileDescriptorProto theirs = CUZK.toProto();
        final List<String> differences = differences(ours, theirs);
        assertTrue(differences.isEmpty(), String.join("\n", differences));
        // the field-by-field walk found nothing; the whole descriptors, less the file's name and options, agree
        assertArrayEquals(wire(theirs), wire(ours));
    }

    @Test
    void shouldNameTheFieldWhenAFieldNumberOrTypeDiffers()
    {
        final FileDescriptorProto.Builder changed = CUZK.toProto().toBuilder();
        final DescriptorProto.Builder submit = changed.getMessageTypeBuilderList().stream()
            .filter(m -> m.getName().equals("SubmitProofRequest")).findFirst().orElseThrow();
        submit.getFieldBuilderList().stream().filter(f -> f.getName().equals("vanilla_proof")).findFirst()
            .orElseThrow().setNumber(12);
        submit.getFieldBuilderList().stream().filter(f -> f.getName().equals("sector_size")).findFirst()
            .orElseThrow().setType(FieldDescriptorProto.Type.TYPE_INT64);
        assertEquals(List.of("cuzk.v1.SubmitProofRequest.sector_size type: jprove has TYPE_UINT64, cuzk TYPE_INT64",
            "cuzk.v1.SubmitProofRequest.vanilla_proof number: jprove has 10, cuzk 12"),
            differences(JPROVE.toProto(), changed.build()));
    }

    /** @return every way the two files differ on the wire, one line each; empty when they agree. */
    private static List<String> differences(final FileDescriptorProto ours, final FileDescriptorProto theirs)
    {
        final List<String> differences = new ArrayList<>();
        same(differences, "package", ours.getPackage(), theirs.getPackage());
        same(differences, "syntax", ours.getSyntax(), theirs.getSyntax());
        same(differences, "imports", ours.getDependencyList(), theirs.getDependencyList());
        same(differences, "services", ours.getServiceCount(), theirs.getServiceCount());
        for (int i = 0; i < Math.min(ours.getServiceCount(), theirs.getServiceCount()); i++)
        {
            service(differences, ours.getService(i), theirs.getService(i));
        }
        messages(differences, ours.getPackage(), ours.getMessageTypeList(), theirs.getMessageTypeList());
        enums(differences, ours.getPackage(), ours.getEnumTypeList(), theirs.getEnumTypeList());
        return differences;
    }

    @Test
    void shouldHaveCuzksServiceAndMessagesWhenLookedUpByName()
    {
        // what Curio's generated client calls: /cuzk.v1.ProvingEngine/Prove and the seven others
        assertEquals("cuzk.v1.ProvingEngine", JPROVE.findServiceByName("ProvingEngine").getFullName());
        assertEquals(List.of("SubmitProof", "AwaitProof", "Prove", "CancelProof", "GetStatus", "GetMetrics",
            "PreloadSRS", "EvictSRS"), JPROVE.findServiceByName("ProvingEngine").getMethods().stream()
            .map(m -> m.getName()).toList());
        assertEquals(10, JPROVE.findMessageTypeByName("SubmitProofRequest").findFieldByName("vanilla_proof")
            .getNumber());
    }

    /** @return the descriptor's bytes without what does not reach the wire: its file name, options, comments. */
    private static byte[] wire(final FileDescriptorProto file)
    {
        return file.toBuilder().clearName().clearOptions().clearSourceCodeInfo().build().toByteArray();
    }

    private static void service(final List<String> out, final ServiceDescriptorProto ours,
        final ServiceDescriptorProto theirs)
    {
        final String at = "service " + theirs.getName();
        same(out, at + " name", ours.getName(), theirs.getName());
        same(out, at + " methods", ours.getMethodCount(), theirs.getMethodCount());
        for (int i = 0; i < Math.min(ours.getMethodCount(), theirs.getMethodCount()); i++)
        {
            final MethodDescriptorProto a = ours.getMethod(i);
            final MethodDescriptorProto b = theirs.getMethod(i);
            final String m = at + "." + b.getName();
            same(out, m + " name", a.getName(), b.getName());
            same(out, m + " input", a.getInputType(), b.getInputType());
            same(out, m + " output", a.getOutputType(), b.getOutputType());
            same(out, m + " client streaming", a.getClientStreaming(), b.getClientStreaming());
            same(out, m + " server streaming", a.getServerStreaming(), b.getServerStreaming());
        }
    }

    private static void messages(final List<String> out, final String scope, final List<DescriptorProto> ours,
        final List<DescriptorProto> theirs)
    {
        same(out, scope + " messages", ours.stream().map(DescriptorProto::getName).toList(),
            theirs.stream().map(DescriptorProto::getName).toList());
        for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++)
        {
            final DescriptorProto a = ours.get(i);
            final DescriptorProto b = theirs.get(i);
            final String at = scope + "." + b.getName();
            same(out, at + " fields", a.getFieldCount(), b.getFieldCount());
            for (int f = 0; f < Math.min(a.getFieldCount(), b.getFieldCount()); f++)
            {
                field(out, at, a.getField(f), b.getField(f));
            }
            same(out, at + " oneofs", a.getOneofDeclCount(), b.getOneofDeclCount());
            same(out, at + " reserved ranges", a.getReservedRangeList(), b.getReservedRangeList());
            messages(out, at, a.getNestedTypeList(), b.getNestedTypeList());
            enums(out, at, a.getEnumTypeList(), b.getEnumTypeList());
        }
    }

    private static void field(final List<String> out, final String message, final FieldDescriptorProto a,
        final FieldDescriptorProto b)
    {
        final String at = message + "." + b.getName();
        same(out, at + " name", a.getName(), b.getName());
        same(out, at + " number", a.getNumber(), b.getNumber());
        same(out, at + " type", a.getType(), b.getType());
        same(out, at + " label", a.getLabel(), b.getLabel());
        same(out, at + " type name", a.getTypeName(), b.getTypeName());
        same(out, at + " json name", a.getJsonName(), b.getJsonName());
        same(out, at + " oneof", a.hasOneofIndex() ? a.getOneofIndex() : -1, b.hasOneofIndex() ? b.getOneofIndex()
            : -1);
        same(out, at + " proto3 optional", a.getProto3Optional(), b.getProto3Optional());
        same(out, at + " packed", a.getOptions().getPacked(), b.getOptions().getPacked());
    }

    private static void enums(final List<String> out, final String scope, final List<EnumDescriptorProto> ours,
        final List<EnumDescriptorProto> theirs)
    {
        same(out, scope + " enums", ours.stream().map(EnumDescriptorProto::getName).toList(),
            theirs.stream().map(EnumDescriptorProto::getName).toList());
        for (int i = 0; i < Math.min(ours.size(), theirs.size()); i++)
        {
            final String at = scope + "." + theirs.get(i).getName();
            same(out, at + " values", ours.get(i).getValueList().stream().map(CuzkProtoTest::value).toList(),
                theirs.get(i).getValueList().stream().map(CuzkProtoTest::value).toList());
        }
    }

    private static String value(final EnumValueDescriptorProto v)
    {
        return v.getName() + " = " + v.getNumber();
    }

    private static void same(final List<String> out, final String what, final Object ours, final Object theirs)
    {
        if (!ours.equals(theirs))
        {
            out.add(what + ": jprove has " + ours + ", cuzk " + theirs);
        }
    }
}
