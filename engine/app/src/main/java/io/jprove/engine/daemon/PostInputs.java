package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;

import io.jprove.engine.daemon.cuzk.SubmitProofRequest;
import io.jprove.engine.post.PostPartition;
import io.jprove.engine.post.RegisteredPostProof;

/**
 * A PoSt job's inputs as the daemon spools and journals them: the cuzk request's {@code randomness},
 * {@code partition_index} and {@code vanilla_proofs}, kept as a SubmitProofRequest of those fields alone (the
 * registered proof is the job's), and read back into the partition to prove, checked again as it was on acceptance.
 */
final class PostInputs
{
    private PostInputs()
    {
    }

    /** @return the request's PoSt inputs, serialized. */
    static byte[] of(final SubmitProofRequest request)
    {
        return SubmitProofRequest.newBuilder().setRandomness(request.getRandomness())
            .setPartitionIndex(request.getPartitionIndex()).addAllVanillaProofs(request.getVanillaProofsList()).build()
            .toByteArray();
    }

    /**
     * @param proof the job's registered PoSt proof
     * @param bytes what {@link #of} wrote
     * @return the partition, its vanilla proofs verified and its challenges checked
     * @throws IllegalArgumentException naming the request field (vanilla_proofs[i], randomness) that is wrong
     */
    static PostPartition partition(final RegisteredPostProof proof, final byte[] bytes)
    {
        final SubmitProofRequest r;
        try
        {
            r = SubmitProofRequest.parseFrom(bytes);
        }
        catch (final InvalidProtocolBufferException e)
        {
            throw new IllegalArgumentException("a PoSt job's inputs do not parse: " + e.getMessage(), e);
        }
        final List<byte[]> vanilla = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (final ByteString v : r.getVanillaProofsList())
        {
            names.add("vanilla_proofs[" + vanilla.size() + "]");
            vanilla.add(v.toByteArray());
        }
        try
        {
            PostPartition.checkRandomness(r.getRandomness().toByteArray());
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("randomness: " + e.getMessage(), e);
        }
        return PostPartition.of(proof, r.getRandomness().toByteArray(), vanilla, names, r.getPartitionIndex());
    }
}
