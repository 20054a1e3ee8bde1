package io.jprove.engine.cli;

import java.io.IOException;
import java.nio.file.Path;

import io.jprove.engine.daemon.rpc.JobState;
import io.jprove.engine.daemon.rpc.JobStatus;

/**
 * Writes a daemon job's result as the in-process {@code jprove prove} writes it: snarkjs's {@code proof.json} for a
 * zkey job (or with {@code --json}), else bellperson's proof bytes (192 per partition, concatenated); public inputs as
 * snarkjs's {@code public.json} (every partition's, in order). A job that did not succeed writes nothing and is an
 * error naming the job and why. The daemon verified the proof and renders the JSON, so the files are written as
 * sent, with no curve arithmetic in this (cold) process.
 */
final class DaemonResult
{
    private DaemonResult()
    {
    }

    /**
     * @param outputs   the command's checked outputs (proofOut and publicOut among them): written and renamed into
     *                  place together, or not at all.
     * @param publicOut null to skip public.json.
     */
    static void write(final JobStatus s, final OutputFiles outputs, final Path proofOut, final Path publicOut,
        final boolean json) throws IOException
    {
        if (s.getState() != JobState.SUCCEEDED)
        {
            throw new IllegalStateException("job " + s.getJobId() + " " + s.getState().name().toLowerCase()
                + (s.getError().isEmpty() ? "" : ": " + s.getError()) + "; nothing written");
        }
        if (json || s.getCircuit().equals("zkey"))
        {
            if (s.getProofJson().isEmpty())
            {
                throw new IllegalArgumentException("job " + s.getJobId() + " has " + s.getPartitionsCount()
                    + " partitions; snarkjs's proof.json holds one proof: leave out --json");
            }
            outputs.text(proofOut, s.getProofJson());
        }
        else
        {
            outputs.bytes(proofOut, s.getProof().toByteArray());
        }
        if (publicOut != null)
        {
            outputs.text(publicOut, s.getPublicJson());
        }
        outputs.commit();
    }
}
