package io.jprove.engine.porep.c1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import io.jprove.engine.porep.RegisteredSealProof;

/** The lotus-bench/cuzk wrapper: Go's bytes, strict reading, errors inside the C1 named under Phase1Out. */
class Commit2InputJsonTest
{
    private static final byte[] RAW = C1JsonWriter.write(C1Fixtures.sealed(RegisteredSealProof.StackedDrg2KiBV1_1));

    @Test
    void shouldWriteGosFormAndReadItBack()
    {
        final byte[] json = Commit2InputJson.write(new Commit2Input(12, RAW, 2048));
        assertEquals("{\"SectorNum\":12,\"Phase1Out\":\"" + Base64.getEncoder().encodeToString(RAW)
            + "\",\"SectorSize\":2048}", new String(json, StandardCharsets.US_ASCII));
        final C1File file = C1File.parse(json);
        assertTrue(file.wrapped());
        assertEquals(12, file.wrapper().sectorNum());
        assertArrayEquals(RAW, C1JsonWriter.write(file.output()));
        assertArrayEquals(json, Commit2InputJson.write(file.wrapper()));
        assertTrue(Commit2InputJson.isWrapper(" {\"SectorSize\":1}".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(false, C1File.parse(RAW).wrapped());
    }

    @Test
    void shouldNameWhatIsWrong()
    {
        final String b64 = Base64.getEncoder().encodeToString(RAW);
        assertInvalid("{\"SectorNum\":1,\"Phase1Out\":\"" + b64 + "\",\"SectorSize\":4096}", "$.SectorSize",
            "4096 bytes, but the C1 output is of StackedDrg2KiBV1_1");
        assertInvalid("{\"SectorNum\":1,\"Phase1Out\":\"" + b64.substring(1) + "\",\"SectorSize\":2048}",
            "$.Phase1Out", "not a multiple of 4");
        assertInvalid("{\"SectorNum\":1,\"Phase1Out\":\"*" + b64.substring(1) + "\",\"SectorSize\":2048}",
            "$.Phase1Out", "not base64");
        assertInvalid("{\"SectorNum\":1,\"Phase1Out\":\"" + b64 + "\"}", "$", "missing field 'SectorSize'");
        assertInvalid("{\"SectorNum\":1,\"sectorSize\":2}", "$.sectorSize", "unknown field 'sectorSize'");
        assertInvalid("{\"SectorNum\":-1}", "$.SectorNum", "expected an unsigned integer");
        final String bad = new String(RAW, StandardCharsets.UTF_8).replace("\"ticket\"", "\"tickets\"");
        assertInvalid("{\"SectorNum\":1,\"Phase1Out\":\"" + Base64.getEncoder().encodeToString(bad.getBytes(
            StandardCharsets.UTF_8)) + "\",\"SectorSize\":2048}", "$.Phase1Out→$.tickets", "unknown field 'tickets'");
    }

    private static void assertInvalid(final String json, final String path, final String fragment)
    {
        final InvalidC1Exception e = assertThrows(InvalidC1Exception.class,
            () -> C1File.parse(json.getBytes(StandardCharsets.UTF_8)));
        assertEquals(path, e.jsonPath(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), "expected \"" + fragment + "\" in: " + e.getMessage());
    }
}
