package io.jprove.engine.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.jprove.engine.formats.InputFile;
import io.jprove.engine.formats.bellperson.BellpersonParams;
import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.PreparedVerifyingKey;
import io.jprove.engine.groth16.Proof;
import io.jprove.engine.groth16.VerifyingKey;
import io.jprove.field.Fr;
import io.jprove.field.InvalidEncodingException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jprove verify}: checks a Groth16 proof against a verifying key (bellperson {@code .vk} or snarkjs
 * {@code verification_key.json}) and public inputs (a JSON array of decimal strings, snarkjs's {@code public.json}).
 * The proof is bellperson's 192 bytes or snarkjs's {@code proof.json}. Exit 0: valid; 1: not valid; 2: bad input.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = "Verify a Groth16 proof (exit 0 valid, 1 invalid, 2 bad input).")
final class VerifyCommand implements Callable<Integer>
{
    @Option(names = "--vk", required = true, description = "bellperson .vk or snarkjs verification_key.json.")
    private Path vkFile;

    @Option(names = "--proof", required = true, description = "192-byte proof or snarkjs proof.json.")
    private Path proofFile;

    @Option(names = "--public", required = true, description = "Public inputs: JSON array of decimal strings.")
    private Path publicFile;

    @Option(names = "--verbose", description = "Print stack traces with errors.")
    private boolean verbose;

    @Override
    public Integer call()
    {
        return CliSupport.run("verify", verbose, () ->
        {
            final long t0 = System.nanoTime();
            final VerifyingKey vk = CliSupport.isJson(vkFile) ? SnarkjsJson.readVerificationKey(vkFile)
                : BellpersonParams.readVerifyingKey(vkFile);
            final Proof proof;
            if (CliSupport.isJson(proofFile))
            {
                proof = SnarkjsJson.readProof(proofFile);
            }
            else
            {
                final long size = Files.size(proofFile);
                if (size != Proof.BYTES)
                {
                    throw new IllegalArgumentException(proofFile + ": " + size + " bytes; a proof has "
                        + Proof.BYTES + (size % Proof.BYTES == 0 ? " (verify one partition at a time)" : ""));
                }
                final byte[] bytes = InputFile.readBounded(proofFile, Proof.BYTES, "a proof");
                if (bytes.length != Proof.BYTES)
                {
                    throw new IllegalArgumentException(proofFile + ": changed while it was read");
                }
                try
                {
                    proof = Proof.fromBytes(bytes, 0);
                }
                catch (final InvalidEncodingException e)
                {
                    throw new IllegalArgumentException(proofFile + ": " + e.getMessage(), e);
                }
            }
            final long[] inputs = SnarkjsJson.readPublic(publicFile);
            if (inputs.length / Fr.LIMBS != vk.numInputs() - 1)
            {
                throw new IllegalArgumentException(publicFile + ": " + inputs.length / Fr.LIMBS + " public inputs, "
                    + "but the verifying key " + vkFile + " takes " + (vk.numInputs() - 1));
            }
            final boolean valid = Groth16Verifier.verify(new PreparedVerifyingKey(vk), proof, inputs);
            System.out.println("verify: proof " + (valid ? "is valid" : "is NOT valid") + " (" + CliSupport.ms(t0)
                + ")");
            return valid ? CliSupport.OK : CliSupport.INVALID;
        });
    }
}
