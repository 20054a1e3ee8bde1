package io.jprove.engine.daemon;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import com.google.protobuf.ByteString;

import cuzk.v1.Proving.Priority;
import cuzk.v1.Proving.ProofKind;
import cuzk.v1.Proving.SubmitProofRequest;

import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.porep.c1.C1Fixtures;
import io.jprove.engine.porep.c1.C1JsonWriter;
import io.jprove.engine.porep.c1.Commit2Input;
import io.jprove.engine.porep.c1.Commit2InputJson;

/**
 * C1 outputs and requests for the cuzk API's tests: a really sealed 2 KiB sector's C1 output (miner
 * {@link C1Fixtures#MINER}, sector {@link C1Fixtures#SECTOR}), bare and in the wrapper Curio sends, and the request
 * Curio's {@code PoRepSnarkCuzk} makes of it.
 */
final class CuzkFixtures
{
    /** The seal proof of the fixtures: 2 KiB, API 1.1. */
    static final RegisteredSealProof PROOF = RegisteredSealProof.StackedDrg2KiBV1_1;

    private CuzkFixtures()
    {
    }

    /** @return the C1 output's serde JSON. */
    static byte[] bare()
    {
        return C1JsonWriter.write(C1Fixtures.sealed(PROOF));
    }

    /** @return the C1 output as Curio wraps it: {SectorNum, Phase1Out (base64), SectorSize}. */
    static byte[] wrapped()
    {
        return Commit2InputJson.write(new Commit2Input(C1Fixtures.SECTOR, bare(), PROOF.sectorBytes()));
    }

    /** @return the C1 output with one character inserted after the first {@code key}'s colon. */
    static byte[] changed(final String key, final String insert)
    {
        final String text = new String(bare(), StandardCharsets.UTF_8);
        final int at = text.indexOf("\"" + key + "\":") + key.length() + 3;
        return (text.substring(0, at) + insert + text.substring(at)).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Writes a {@code .params} file that is only a key's header: the 2 KiB PoRep key's 40 public inputs and 64
     * points per section, every point zero. Admission reads no more of a key than its header; a test whose jobs are
     * never proved needs no more.
     */
    static void keyHeader(final Path file) throws IOException
    {
        final int g1 = 96;
        final int g2 = 192;
        final int few = 64;
        final ByteBuffer b = ByteBuffer.allocate(BellpersonParams.VK_FIXED_BYTES + 6 * Integer.BYTES + 40 * g1
            + 4 * few * g1 + few * g2);
        b.position(BellpersonParams.VK_FIXED_BYTES);
        b.putInt(40).position(b.position() + 40 * g1);
        // h holds one point fewer than the NTT domain (of 64 here)
        b.putInt(few - 1).position(b.position() + (few - 1) * g1);
        for (int section = 0; section < 3; section++)
        {
            b.putInt(few).position(b.position() + few * g1);
        }
        b.putInt(few).position(b.position() + few * g2);
        Files.write(file, Arrays.copyOf(b.array(), b.position()));
    }

    /** @return the request Curio makes: POREP_SEAL_COMMIT of the wrapped C1 output, NORMAL priority. */
    static SubmitProofRequest.Builder porep(final String requestId, final byte[] c1)
    {
        return SubmitProofRequest.newBuilder().setRequestId(requestId).setProofKind(ProofKind.POREP_SEAL_COMMIT)
            .setSectorSize(PROOF.sectorBytes()).setRegisteredProof(PROOF.id()).setPriority(Priority.NORMAL)
            .setVanillaProof(ByteString.copyFrom(c1)).setSectorNumber(C1Fixtures.SECTOR)
            .setMinerId(C1Fixtures.MINER);
    }
}
