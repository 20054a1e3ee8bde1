/**
 * Filecoin's own sector, exact for every published PoRep version: the SDR graph ({@link
 * io.jprove.engine.porep.sdr.StackedGraph}: bucket-sampled DRG parents and Feistel expander parents), its parent
 * cache in rust-fil-proofs' file format and name ({@link io.jprove.engine.porep.sdr.ParentCache}), the labelling of
 * a whole sector layer by layer ({@link io.jprove.engine.porep.sdr.SdrLabeler}), the sector's ids ({@link
 * io.jprove.engine.porep.sdr.ProverId}, {@link io.jprove.engine.porep.sdr.ReplicaId}) and the nodes a proof must
 * open ({@link io.jprove.engine.porep.sdr.PorepChallenges}, {@link io.jprove.engine.porep.sdr.SyntheticChallenges}).
 */
package io.jprove.engine.porep.sdr;
