/**
 * Filecoin's proofs of spacetime: the fallback PoSt circuit ({@link io.jprove.engine.post.PostCircuit}) that both
 * WindowPoSt and WinningPoSt prove, exactly as rust-fil-proofs' {@code FallbackPoStCircuit} (its R1CS fingerprint,
 * {@code TestConstraintSystem::hash()} included, equals Filecoin's), parameterised by a {@link
 * io.jprove.engine.post.PostShape} (the sector size's tree, sectors per partition, challenges per sector) over the
 * sectors' openings ({@link io.jprove.engine.post.PostSector}).
 */
package io.jprove.engine.post;
