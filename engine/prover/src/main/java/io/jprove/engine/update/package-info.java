/**
 * Filecoin's SnapDeals proof: the {@code EmptySectorUpdate} partition circuit ({@link
 * io.jprove.engine.update.UpdateCircuit}) exactly as storage-proofs-update's {@code EmptySectorUpdateCircuit} (its R1CS
 * fingerprint, {@code TestConstraintSystem::hash()} included, equals Filecoin's), parameterised by an {@link
 * io.jprove.engine.update.UpdateShape} (storage-proofs-update's {@code PublicParams} of a sector size), with the
 * gadgets particular to it in {@link io.jprove.engine.update.UpdateGadgets}.
 */
package io.jprove.engine.update;
