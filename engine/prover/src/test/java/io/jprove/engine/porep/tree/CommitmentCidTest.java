package io.jprove.engine.porep.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;

import org.junit.jupiter.api.Test;

/** Commitment CIDs against curio's and go-fil-commcid's strings. */
class CommitmentCidTest
{
    @Test
    void shouldRoundTripCurioCommDCids()
    {
        for (final String cid : new String[] {
            "baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi",
            "baga6ea4seaqcgqckrcapts6hea44xbqugwocqneekvyp5fizbo6u3e2biluckla",
            "baga6ea4seaqao7s73y24kcutaosvacpdjgfe5pw76ooefnyqw4ynr3d2y6x2mpq"})
        {
            assertEquals(cid, CommitmentCid.UNSEALED.encode(CommitmentCid.UNSEALED.decode(cid)));
        }
    }

    @Test
    void shouldDecodeTheCommROfCuriosGoldenSector()
    {
        final String cid = "bagboea4b5abcbx3jccdohrttzfneleehcpkmle4oltwuh4q3rcf5tpdodaoj6mtl";
        final byte[] commR = CommitmentCid.SEALED.decode(cid);
        assertEquals(cid, CommitmentCid.SEALED.encode(commR));
        // a Poseidon digest: a field element, below r
        assertTrue(NodeHash.isCanonical(commR));
    }

    @Test
    void shouldEncodeTheSealedPrefixAsFilecoinWritesIt()
    {
        assertEquals("bagboea4b5abca", CommitmentCid.SEALED.encode(new byte[32]).substring(0, 14));
        assertEquals("baga6ea4seaqa", CommitmentCid.UNSEALED.encode(new byte[32]).substring(0, 13));
        assertEquals(32, HexFormat.of().parseHex("00".repeat(32)).length);
    }

    @Test
    void shouldRefuseTheOtherKindAndBadText()
    {
        final String commD = "baga6ea4seaqovgk4kr4eoifujh6jfmdqvw3m6zrvyjqzu6s6abkketui6jjoydi";
        assertThrows(IllegalArgumentException.class, () -> CommitmentCid.SEALED.decode(commD));
        assertThrows(IllegalArgumentException.class, () -> CommitmentCid.UNSEALED.decode("z" + commD.substring(1)));
        assertThrows(IllegalArgumentException.class, () -> CommitmentCid.UNSEALED.decode(commD + "1"));
        assertThrows(IllegalArgumentException.class, () -> CommitmentCid.UNSEALED.decode(commD.substring(0, 40)));
    }
}
