/**
 * Key and circuit file formats, converted at the edge into jprove's layout: snarkjs and circom files in
 * {@code circom}, bellperson's in {@code bellperson}. Here: what both share, the record of key files whose points have
 * passed their checks ({@link io.jprove.engine.formats.CheckedKeys}) and what a run checked
 * ({@link io.jprove.engine.formats.PointChecks}).
 */
package io.jprove.engine.formats;
