package io.jprove.engine.porep.c1;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.jprove.engine.porep.tree.MerkleProof;
import io.jprove.engine.porep.tree.PathElement;
import io.jprove.engine.porep.vanilla.ChallengeProof;
import io.jprove.engine.porep.vanilla.ColumnProof;

/**
 * Writes a {@code SealCommitPhase1Output} byte for byte as serde_json's {@code to_vec} does: compact (no
 * whitespace), fields in the Rust structs' declaration order, enums externally tagged, 32-byte values as arrays of
 * decimal numbers, a column's {@code PhantomData} as {@code "_h":null} (the labelling and encoding proofs skip
 * theirs). Reading a file serde wrote and writing it again gives the same bytes.
 */
public final class C1JsonWriter
{
    private static final byte[][] DECIMAL = new byte[256][];

    static
    {
        for (int i = 0; i < 256; i++)
        {
            DECIMAL[i] = Integer.toString(i).getBytes(StandardCharsets.US_ASCII);
        }
    }

    private byte[] buf = new byte[1 << 16];
    private int len;

    private C1JsonWriter()
    {
    }

    /** @return the JSON bytes of {@code c1}. */
    public static byte[] write(final C1Output c1)
    {
        final C1JsonWriter w = new C1JsonWriter();
        w.output(c1);
        return Arrays.copyOf(w.buf, w.len);
    }

    private void output(final C1Output c1)
    {
        raw("{\"registered_proof\":\"");
        raw(c1.registeredProof().name());
        raw("\",\"vanilla_proofs\":{\"");
        raw(c1.variant());
        raw("\":[");
        for (int k = 0; k < c1.vanillaProofs().size(); k++)
        {
            comma(k);
            raw("[");
            final List<ChallengeProof> partition = c1.vanillaProofs().get(k);
            for (int i = 0; i < partition.size(); i++)
            {
                comma(i);
                challenge(partition.get(i));
            }
            raw("]");
        }
        raw("]},\"comm_r\":");
        bytes(c1.commR());
        raw(",\"comm_d\":");
        bytes(c1.commD());
        raw(",\"replica_id\":");
        bytes(c1.replicaId());
        raw(",\"seed\":");
        bytes(c1.seed());
        raw(",\"ticket\":");
        bytes(c1.ticket());
        raw("}");
    }

    private void challenge(final ChallengeProof p)
    {
        raw("{\"comm_d_proofs\":");
        merkleProof(p.commDProofs());
        raw(",\"comm_r_last_proof\":");
        merkleProof(p.commRLastProof());
        raw(",\"replica_column_proofs\":{\"c_x\":");
        columnProof(p.replicaColumnProofs().cx());
        raw(",\"drg_parents\":");
        columnProofs(p.replicaColumnProofs().drgParents());
        raw(",\"exp_parents\":");
        columnProofs(p.replicaColumnProofs().expParents());
        raw("},\"labeling_proofs\":[");
        for (int l = 0; l < p.labelingProofs().size(); l++)
        {
            comma(l);
            final var lp = p.labelingProofs().get(l);
            labelInputs(lp.parents(), lp.layerIndex(), lp.node());
        }
        raw("],\"encoding_proof\":");
        labelInputs(p.encodingProof().parents(), p.encodingProof().layerIndex(), p.encodingProof().node());
        raw("}");
    }

    private void labelInputs(final byte[][] parents, final long layer, final long node)
    {
        raw("{\"parents\":");
        byteArrays(parents);
        raw(",\"layer_index\":");
        number(layer);
        raw(",\"node\":");
        number(node);
        raw("}");
    }

    private void columnProofs(final List<ColumnProof> proofs)
    {
        raw("[");
        for (int i = 0; i < proofs.size(); i++)
        {
            comma(i);
            columnProof(proofs.get(i));
        }
        raw("]");
    }

    private void columnProof(final ColumnProof p)
    {
        raw("{\"column\":{\"index\":");
        number(p.column().index());
        raw(",\"rows\":");
        byteArrays(p.column().rows());
        raw(",\"_h\":null},\"inclusion_proof\":");
        merkleProof(p.inclusionProof());
        raw("}");
    }

    private void merkleProof(final MerkleProof p)
    {
        raw("{\"data\":{\"");
        raw(p.form().json());
        raw("\":{");
        switch (p.form())
        {
            case SINGLE ->
            {
                rootAndLeaf(p);
                raw(",\"path\":");
                inclusionPath(p.base());
            }
            case SUB ->
            {
                raw("\"base_proof\":");
                inclusionPath(p.base());
                raw(",\"sub_proof\":");
                inclusionPath(p.sub());
                raw(",");
                rootAndLeaf(p);
            }
            case TOP ->
            {
                raw("\"base_proof\":");
                inclusionPath(p.base());
                raw(",\"sub_proof\":");
                inclusionPath(p.sub());
                raw(",\"top_proof\":");
                inclusionPath(p.top());
                raw(",");
                rootAndLeaf(p);
            }
        }
        raw("}}}");
    }

    private void rootAndLeaf(final MerkleProof p)
    {
        raw("\"root\":");
        bytes(p.root());
        raw(",\"leaf\":");
        bytes(p.leaf());
    }

    private void inclusionPath(final List<PathElement> path)
    {
        raw("{\"path\":[");
        for (int i = 0; i < path.size(); i++)
        {
            comma(i);
            raw("{\"hashes\":");
            byteArrays(path.get(i).hashes());
            raw(",\"index\":");
            number(path.get(i).index());
            raw("}");
        }
        raw("]}");
    }

    private void byteArrays(final byte[][] values)
    {
        raw("[");
        for (int i = 0; i < values.length; i++)
        {
            comma(i);
            bytes(values[i]);
        }
        raw("]");
    }

    private void bytes(final byte[] value)
    {
        ensure(value.length * 4 + 2);
        buf[len++] = '[';
        for (int i = 0; i < value.length; i++)
        {
            if (i > 0)
            {
                buf[len++] = ',';
            }
            final byte[] d = DECIMAL[value[i] & 0xff];
            System.arraycopy(d, 0, buf, len, d.length);
            len += d.length;
        }
        buf[len++] = ']';
    }

    private void number(final long unsigned)
    {
        raw(Long.toUnsignedString(unsigned));
    }

    private void comma(final int index)
    {
        if (index > 0)
        {
            ensure(1);
            buf[len++] = ',';
        }
    }

    private void raw(final String ascii)
    {
        ensure(ascii.length());
        for (int i = 0; i < ascii.length(); i++)
        {
            buf[len++] = (byte)ascii.charAt(i);
        }
    }

    private void ensure(final int more)
    {
        if (len + more > buf.length)
        {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
        }
    }
}
