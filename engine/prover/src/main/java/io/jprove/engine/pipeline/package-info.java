/**
 * The proving pipeline of the design, the one runtime: every proof ({@code prove}, {@code demo}, {@code bench
 * engine}, the daemon, a cluster's claims) goes through it, for any number of devices.
 * <pre>
 *  PartitionFeed (JobQueue: jobs submitted here, in the Scheduler's order; or a daemon's job store)
 *              │ one partition at a time, while the pipeline has room (device workers + lookahead)
 *              ▼
 *  SynthesisWorker × N ── pins the partition to a device, takes a PartitionBuffers set from the BufferPool (the
 *              │          host memory budget), has its ProofJob synthesize into it and check every constraint
 *              │ a PartitionTask descriptor (no data), on the device worker's ManyToOneConcurrentArrayQueue
 *              ▼
 *  DeviceLane per device: DeviceWorker agents × W (AgentRunner + BackoffIdleStrategy); the job's key, prepared
 *              │ there as the job arrived; backend: H chain, 0/1 split, five MSMs (inside GPU_START..GPU_END,
 *              │ kernels and copies on the timeline); buffers released
 *              ▼
 *  assembly + self-verification ─► the feed's outcome hooks (a daemon journals the proof before it counts)
 * </pre>
 * {@link io.jprove.engine.pipeline.Pipeline} is the entry point. Its own jobs: {@code submit} a
 * {@link io.jprove.engine.pipeline.JobSpec} (key, {@link io.jprove.engine.pipeline.Synthesis}: a
 * {@link io.jprove.engine.pipeline.CircuitSynthesis}, {@link io.jprove.engine.pipeline.CircomSynthesis},
 * {@link io.jprove.engine.pipeline.ZkeySynthesis} or, for a C1 output's PoRep partitions, the native
 * {@link io.jprove.engine.pipeline.PorepSynthesis}; partition count), get a {@link io.jprove.engine.pipeline.Job}
 * whose result is a {@link io.jprove.engine.pipeline.JobResult} (the multi-partition proof) or a
 * {@link io.jprove.engine.pipeline.PartitionFailedException} naming the partition; {@code cancel} drops a job's
 * partitions at their next step boundary: end of synthesis, pickup, once the key is prepared, and the backend's
 * boundaries (before the upload, the H chain and the MSMs: {@code BackendListener.boundary}). The same boundaries
 * are the preemption points: a partition of a job of priority {@link io.jprove.engine.pipeline.Pipeline#PREEMPTING}
 * or more (a WindowPoSt's, a WinningPoSt's) is synthesized by an urgent synthesis worker beyond the partitions in
 * flight, queued on its device's urgent queue, and proved at the next boundary of a lower job's partition there, on
 * that worker's thread and inside its backend call, which then resumes. A caller with a job
 * store of its own gives the pipeline a
 * {@link io.jprove.engine.pipeline.PartitionFeed} instead, handing out {@link io.jprove.engine.pipeline.Partition}s
 * of its {@link io.jprove.engine.pipeline.ProofJob}s. Buffers come from a {@link io.jprove.engine.backend.BufferPool}:
 * plain off-heap memory ({@link io.jprove.engine.backend.OffHeapBufferPool}) or a device driver's page-locked pool.
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
 * <p>
 * A device that faults ({@code DeviceUnusableException}) is restarted, not abandoned, when its backend can be had
 * again ({@code ProverBackend.restartable()}: the JVM executor's, or a GPU in a device process of its own,
 * {@link io.jprove.engine.device}): its lane waits for its workers' calls to end, closes it, opens a fresh one in its
 * place, prepares its keys there again, and its partitions go on; meanwhile partitions wait for it rather than fail.
 */
package io.jprove.engine.pipeline;
