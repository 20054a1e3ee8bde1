/**
 * Built-in circuits: small, self-contained statements for the demo, tests and benchmarks.
 */
package io.jprove.engine.circuits;
