/**
 * The C1 output, seal commit phase 1's hand-over to phase 2 ({@link io.jprove.engine.porep.c1.C1Output}), read and
 * written byte for byte as rust-filecoin-proofs-api's serde JSON ({@link io.jprove.engine.porep.c1.C1JsonReader},
 * {@link io.jprove.engine.porep.c1.C1JsonWriter}) and in the wrapper lotus-bench writes and cuzk reads ({@link
 * io.jprove.engine.porep.c1.Commit2InputJson}); what is wrong with a file is one {@link
 * io.jprove.engine.porep.c1.InvalidC1Exception} naming the JSON path. {@link io.jprove.engine.porep.c1.C1Partitions}
 * turns a verified C1 output into what C2 proves: one {@link io.jprove.engine.porep.PartitionWitness} per partition.
 */
package io.jprove.engine.porep.c1;
