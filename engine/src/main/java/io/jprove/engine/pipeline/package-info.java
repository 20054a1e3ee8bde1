/**
 * The proving pipeline of the design, for any number of devices.
 * <pre>
 *  submit ─► Scheduler (priority, then job, then partition)
 *              │ one partition at a time
 *              ▼
 *  SynthesisWorker × N ── pins the partition to a device, takes a PartitionBuffers set from the BufferPool (the
 *              │          host memory budget), synthesizes into it, checks every constraint
 *              │ a PartitionTask descriptor (no data), on the device worker's ManyToOneConcurrentArrayQueue
 *              ▼
 *  DeviceLane per device: DeviceWorker agents × W (AgentRunner + BackoffIdleStrategy)
 *              │ backend: H chain, 0/1 split, five MSMs (inside GPU_START..GPU_END); buffers released
 *              ▼
 *  assembly + self-verification ─► the Job's result; the buffers went back through the pool's reverse queue
 * </pre>
 * {@link io.jprove.engine.pipeline.Pipeline} is the entry point: {@code submit} a
 * {@link io.jprove.engine.pipeline.JobSpec} (key, {@link io.jprove.engine.pipeline.CircuitShape}, partition count and
 * {@link io.jprove.engine.pipeline.PartitionSource}), get a {@link io.jprove.engine.pipeline.Job} whose result is a
 * {@link io.jprove.engine.pipeline.JobResult} (the multi-partition proof) or a
 * {@link io.jprove.engine.pipeline.PartitionFailedException} naming the partition; {@code cancel} works at partition
 * boundaries. Buffers come from a {@link io.jprove.engine.backend.BufferPool}: plain off-heap memory
 * ({@link io.jprove.engine.backend.OffHeapBufferPool}) or a device driver's page-locked pool.
 * <p>
 * Who owns what, and when:
 * <table>
 *   <caption>Ownership along the pipeline</caption>
 *   <tr><th>stage</th><th>holds the partition's buffers</th><th>hands over by</th></tr>
 *   <tr><td>synthesis worker</td><td>from {@code acquire} to the offer</td>
 *       <td>the device worker's inbound queue (a descriptor)</td></tr>
 *   <tr><td>device worker</td><td>from its poll until the backend's sums are back</td>
 *       <td>{@code BufferPool.release}: the pool's reverse queue</td></tr>
 *   <tr><td>pool</td><td>idle, until the next {@code acquire} of that shape</td><td>—</td></tr>
 * </table>
 * Every stage boundary writes a timeline event; the device workers' backends add the KERNEL and COPY events through
 * {@link io.jprove.engine.backend.TimelineListener}.
 */
package io.jprove.engine.pipeline;
