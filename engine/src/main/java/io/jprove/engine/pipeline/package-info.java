/**
 * The proving pipeline of the design: partitions of many jobs flow from a scheduler through synthesis workers to
 * per-device worker agents, with pooled buffers, a host memory budget and a timeline event at every stage boundary.
 */
package io.jprove.engine.pipeline;
