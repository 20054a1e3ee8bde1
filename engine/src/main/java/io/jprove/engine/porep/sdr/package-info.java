/**
 * Filecoin's own sector graph and labels, exact for every published PoRep version: the SDR graph ({@link
 * io.jprove.engine.porep.sdr.StackedGraph}: bucket-sampled DRG parents and Feistel expander parents), its parent
 * cache in rust-fil-proofs' file format and name ({@link io.jprove.engine.porep.sdr.ParentCache}), and the labelling
 * of a whole sector layer by layer ({@link io.jprove.engine.porep.sdr.SdrLabeler}).
 */
package io.jprove.engine.porep.sdr;
