/**
 * Test sectors: sealed whole in memory up to 512 MiB ({@link io.jprove.engine.porep.seal.SectorSealer}, giving a
 * {@link io.jprove.engine.porep.seal.SealedSector} with rust-fil-proofs' cache files), or made sparse at any size
 * ({@link io.jprove.engine.porep.seal.SparseSector}: zero data, only the challenged columns and their paths real),
 * either of which opens challenges for {@link io.jprove.engine.porep.vanilla.VanillaProver}.
 */
package io.jprove.engine.porep.seal;
