/**
 * The {@code jprove} command line interface (picocli).
 */
package io.jprove.engine.cli;
