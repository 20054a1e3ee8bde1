/**
 * Filecoin PoRep (stacked DRG, "SDR") pieces: the labelling function ({@link io.jprove.engine.porep.SdrLabel}) and
 * its circuit ({@link io.jprove.engine.porep.LabelGadget}), and the partition circuit ({@link
 * io.jprove.engine.porep.PorepCircuit}) of rust-fil-proofs' {@code StackedCircuit}, parameterised by a {@link
 * io.jprove.engine.porep.SectorShape} (presets tiny, 2KiB, 512MiB, 32GiB, 64GiB) over a random, satisfying {@link
 * io.jprove.engine.porep.PorepWitness} that never materialises a sector. The 32 GiB preset has rust-fil-proofs'
 * published 130,278,541 constraints and 328 public inputs. {@link io.jprove.engine.porep.RegisteredSealProof} lists
 * Filecoin's twenty seal proofs and {@link io.jprove.engine.porep.PorepParameterFiles} names their published
 * parameter files; the sector itself (graph, labels, ids, challenges) is in {@code io.jprove.engine.porep.sdr}.
 */
package io.jprove.engine.porep;
