/**
 * Filecoin PoRep (stacked DRG, "SDR") pieces: the labelling function, and the circuit parts that check it.
 */
package io.jprove.engine.porep;
