/**
 * Filecoin PoRep (stacked DRG, "SDR") pieces: the labelling function ({@link io.jprove.engine.porep.SdrLabel}) and
 * its circuit ({@link io.jprove.engine.porep.LabelGadget}), Filecoin's registered seal proofs ({@link
 * io.jprove.engine.porep.RegisteredSealProof}), and the partition circuit ({@link io.jprove.engine.porep.PorepCircuit})
 * exactly as rust-fil-proofs' {@code StackedCircuit} (its R1CS equals Filecoin's), parameterised by a {@link
 * io.jprove.engine.porep.SectorShape} (presets tiny, 2KiB, 512MiB, 32GiB, 64GiB) over a {@link
 * io.jprove.engine.porep.PartitionWitness}: what C2 consumes of a C1 output, or a random, satisfying one ({@link
 * io.jprove.engine.porep.PorepWitness}) that never materialises a sector. Its public inputs are {@code
 * StackedCompound::generate_public_inputs}'. The 32 GiB preset has rust-fil-proofs' published 130,278,541
 * constraints and 328 public inputs. {@link io.jprove.engine.porep.PorepParameterFiles} names the published
 * parameter files; the sector itself (graph, labels, ids, challenges) is in {@code io.jprove.engine.porep.sdr}, its
 * trees, vanilla proofs and C1 files in {@code porep.tree}, {@code porep.vanilla}, {@code porep.c1} and
 * {@code porep.seal}.
 */
package io.jprove.engine.porep;
