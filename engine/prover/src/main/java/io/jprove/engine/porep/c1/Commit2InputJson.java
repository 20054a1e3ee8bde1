package io.jprove.engine.porep.c1;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Reads and writes the {@link Commit2Input} wrapper as Go's {@code encoding/json} writes lotus-bench's
 * {@code Commit2In}: {@code {"SectorNum":n,"Phase1Out":"<standard base64, padded>","SectorSize":bytes}}, compact,
 * fields in that order. Reading is strict (exact field names, each once, canonical padded base64).
 */
public final class Commit2InputJson
{
    /** The path prefix of errors inside the wrapped C1 output. */
    static final String INNER = "$.Phase1Out→$";

    private Commit2InputJson()
    {
    }

    /** @return whether {@code json}'s first key is one of the wrapper's (else it is taken as a bare C1 output). */
    public static boolean isWrapper(final byte[] json)
    {
        final JsonCursor in = new JsonCursor(json, "$");
        in.beginObject();
        final String key = in.nextKey();
        return "SectorNum".equals(key) || "Phase1Out".equals(key) || "SectorSize".equals(key);
    }

    /**
     * @return the wrapper in {@code json}, its C1 output not yet parsed.
     * @throws InvalidC1Exception naming the JSON path of what is wrong.
     */
    public static Commit2Input read(final byte[] json)
    {
        final JsonCursor in = new JsonCursor(json, "$");
        in.beginObject();
        final boolean[] seen = new boolean[3];
        long sectorNum = 0;
        long sectorSize = 0;
        byte[] phase1 = null;
        for (String key = in.nextKey(); key != null; key = in.nextKey())
        {
            final int field = switch (key)
            {
                case "SectorNum" -> 0;
                case "Phase1Out" -> 1;
                case "SectorSize" -> 2;
                default -> throw in.error("unknown field '" + key + "', expected SectorNum, Phase1Out, SectorSize");
            };
            if (seen[field])
            {
                throw in.error("duplicate field '" + key + "'");
            }
            seen[field] = true;
            switch (field)
            {
                case 0 -> sectorNum = in.readUnsigned(-1L);
                case 2 -> sectorSize = in.readUnsigned(-1L);
                default ->
                {
                    final ByteBuffer text = in.readPlainString();
                    if (text.remaining() % 4 != 0)
                    {
                        throw in.error("base64 of " + text.remaining() + " characters: not a multiple of 4 (standard "
                            + "base64 is padded)");
                    }
                    try
                    {
                        final ByteBuffer bytes = Base64.getDecoder().decode(text);
                        phase1 = new byte[bytes.remaining()];
                        bytes.get(phase1);
                    }
                    catch (final IllegalArgumentException e)
                    {
                        throw in.error("not base64: " + e.getMessage());
                    }
                }
            }
        }
        final String[] names = {"SectorNum", "Phase1Out", "SectorSize"};
        for (int i = 0; i < 3; i++)
        {
            if (!seen[i])
            {
                throw new InvalidC1Exception("$", "missing field '" + names[i] + "'");
            }
        }
        in.end();
        return new Commit2Input(sectorNum, phase1, sectorSize);
    }

    /**
     * @return the C1 output the wrapper holds, checked against the wrapper's sector size.
     * @throws InvalidC1Exception naming the JSON path (inside the decoded bytes: under {@value #INNER}).
     */
    public static C1Output output(final Commit2Input wrapper)
    {
        final C1Output c1 = C1JsonReader.read(wrapper.phase1Out(), INNER);
        if (c1.registeredProof().sectorBytes() != wrapper.sectorSize())
        {
            throw new InvalidC1Exception("$.SectorSize", Long.toUnsignedString(wrapper.sectorSize())
                + " bytes, but the C1 output is of " + c1.registeredProof() + " ("
                + c1.registeredProof().sectorBytes() + " bytes)");
        }
        return c1;
    }

    /** @return the wrapper's JSON bytes, as Go writes them. */
    public static byte[] write(final Commit2Input wrapper)
    {
        final String json = "{\"SectorNum\":" + Long.toUnsignedString(wrapper.sectorNum()) + ",\"Phase1Out\":\""
            + Base64.getEncoder().encodeToString(wrapper.phase1Out()) + "\",\"SectorSize\":"
            + Long.toUnsignedString(wrapper.sectorSize()) + "}";
        return json.getBytes(StandardCharsets.US_ASCII);
    }
}
