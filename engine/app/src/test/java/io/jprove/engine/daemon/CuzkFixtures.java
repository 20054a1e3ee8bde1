package io.jprove.engine.daemon;

import java.nio.charset.StandardCharsets;

import com.google.protobuf.ByteString;

import cuzk.v1.Proving.Priority;
import cuzk.v1.Proving.ProofKind;
import cuzk.v1.Proving.SubmitProofRequest;

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

    /** @return the request Curio makes: POREP_SEAL_COMMIT of the wrapped C1 output, NORMAL priority. */
    static SubmitProofRequest.Builder porep(final String requestId, final byte[] c1)
    {
        return SubmitProofRequest.newBuilder().setRequestId(requestId).setProofKind(ProofKind.POREP_SEAL_COMMIT)
            .setSectorSize(PROOF.sectorBytes()).setRegisteredProof(PROOF.id()).setPriority(Priority.NORMAL)
            .setVanillaProof(ByteString.copyFrom(c1)).setSectorNumber(C1Fixtures.SECTOR)
            .setMinerId(C1Fixtures.MINER);
    }
}
