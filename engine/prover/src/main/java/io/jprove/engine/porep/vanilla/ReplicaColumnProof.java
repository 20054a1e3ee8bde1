package io.jprove.engine.porep.vanilla;

import java.util.List;

/**
 * The columns a challenge opens (rust-fil-proofs' {@code ReplicaColumnProof}): the challenged node's own, then its
 * 6 DRG parents' and its 8 expander parents' in the graph's order.
 *
 * @param cx         the challenged node's column
 * @param drgParents the DRG parents' columns
 * @param expParents the expander parents' columns
 */
public record ReplicaColumnProof(ColumnProof cx, List<ColumnProof> drgParents, List<ColumnProof> expParents)
{
}
