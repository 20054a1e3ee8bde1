package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

import com.google.protobuf.ByteString;

import io.jprove.engine.daemon.rpc.BuiltinCircuit;
import io.jprove.engine.daemon.rpc.CircomParams;
import io.jprove.engine.daemon.rpc.CircomZkey;
import io.jprove.engine.daemon.rpc.ProofRequest;
import io.jprove.engine.formats.InputFile;

/**
 * Builds the daemon request of a CLI proof: key and circuit files by absolute path (the daemon opens them on its
 * host, so they must be where it can read them), the witness file's bytes inline.
 */
final class DaemonRequest
{
    private DaemonRequest()
    {
    }

    /** @return a fresh request id, when the user gives none. */
    static String freshId()
    {
        return "cli-" + UUID.randomUUID();
    }

    static ProofRequest zkey(final String requestId, final int priority, final Path zkey, final Path wtns)
        throws IOException
    {
        return ProofRequest.newBuilder().setRequestId(requestId).setPriority(priority).setZkey(CircomZkey.newBuilder()
            .setZkeyPath(absolute(zkey)).setWtns(witness(wtns))).build();
    }

    static ProofRequest circom(final String requestId, final int priority, final Path params, final Path r1cs,
        final Path wtns) throws IOException
    {
        return ProofRequest.newBuilder().setRequestId(requestId).setPriority(priority).setCircom(CircomParams
            .newBuilder().setParamsPath(absolute(params)).setR1CsPath(absolute(r1cs)).setWtns(witness(wtns)))
            .build();
    }

    static ProofRequest builtin(final String requestId, final int priority, final String name, final Path params,
        final int partitions, final long seed)
    {
        return ProofRequest.newBuilder().setRequestId(requestId).setPriority(priority).setBuiltin(BuiltinCircuit
            .newBuilder().setName(name).setParamsPath(absolute(params)).setPartitions(partitions).setSeed(seed))
            .build();
    }

    private static String absolute(final Path p)
    {
        return p.toAbsolutePath().normalize().toString();
    }

    private static ByteString witness(final Path wtns) throws IOException
    {
        InputFile.requireRegular(wtns);
        return ByteString.copyFrom(Files.readAllBytes(wtns));
    }
}
