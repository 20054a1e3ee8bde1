package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;

import io.jprove.engine.daemon.cuzk.SubmitProofRequest;
import io.jprove.engine.update.UpdatePartitions;
import io.jprove.engine.update.UpdateShape;

/**
 * A SnapDeals job's inputs as the daemon spools and journals them: the cuzk request's {@code vanilla_proofs} (one per
 * partition), {@code comm_r_old}, {@code comm_d_new} and {@code comm_r_new}, kept as a SubmitProofRequest of those
 * fields alone, and read back into the partitions to prove, checked again as on acceptance (Filecoin's
 * {@code h_default}).
 */
final class SnapInputs
{
    private SnapInputs()
    {
    }

    /** @return the request's SnapDeals inputs, serialized. */
    static byte[] of(final SubmitProofRequest request)
    {
        return SubmitProofRequest.newBuilder().addAllVanillaProofs(request.getVanillaProofsList())
            .setCommROld(request.getCommROld()).setCommDNew(request.getCommDNew()).setCommRNew(request.getCommRNew())
            .build().toByteArray();
    }

    /**
     * @param shape the job's sector size
     * @param bytes what {@link #of} wrote
     * @return the partitions, their vanilla proofs verified
     * @throws IllegalArgumentException naming the request field that is wrong
     */
    static UpdatePartitions partitions(final UpdateShape shape, final byte[] bytes)
    {
        final SubmitProofRequest r;
        try
        {
            r = SubmitProofRequest.parseFrom(bytes);
        }
        catch (final InvalidProtocolBufferException e)
        {
            throw new IllegalArgumentException("a SnapDeals job's inputs do not parse: " + e.getMessage(), e);
        }
        final List<byte[]> vanilla = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        for (final ByteString v : r.getVanillaProofsList())
        {
            names.add("vanilla_proofs[" + vanilla.size() + "]");
            vanilla.add(v.toByteArray());
        }
        return UpdatePartitions.of(shape, UpdatePartitions.defaultH(shape), commitment(r.getCommROld(), "comm_r_old"),
            commitment(r.getCommDNew(), "comm_d_new"), commitment(r.getCommRNew(), "comm_r_new"), vanilla, names);
    }

    private static byte[] commitment(final ByteString b, final String field)
    {
        if (b.size() != 32)
        {
            throw new IllegalArgumentException(field + " has " + b.size() + " bytes, 32 expected (the raw "
                + "commitment, not its CID)");
        }
        return b.toByteArray();
    }
}
