/**
 * The proving daemon ({@code jprove daemon}): a gRPC service and an HTTP endpoint in front of a durable job table.
 * <ul>
 *   <li>{@link io.jprove.engine.daemon.Daemon} starts it from a {@link io.jprove.engine.daemon.DaemonConfig}, after
 *       locking its data directory (DataDirLock, an OS file lock holding the process id): a second daemon on the
 *       same directory exits naming the holder, before it touches the journal, the spool or the timeline;</li>
 *   <li>every accepted job, proved partition, end and prune is journaled (checksummed entries in a file, Journal)
 *       before it is acted on, so a daemon killed at any point resumes its unfinished jobs and proves each
 *       partition into the result once; a full disk refuses new work (DiskSpace) rather than half-writing an entry,
 *       and a torn or damaged entry is dropped or skipped at the next start, reported, never silently;</li>
 *   <li>requests name key and circuit files only under the key roots, regular files only (KeyRoots), so a client
 *       learns nothing about other files on the host;</li>
 *   <li>a job is admitted before it is acknowledged (Admission): its shape compared with its key file's header, its
 *       memory estimated; a job the daemon died while proving is resumed at most {@code job-retries} times (its
 *       starts and the daemon's clean stops are journaled), then failed with the reason;</li>
 *   <li>keys are checked once per host, in the CLI's record of checked keys, and loaded off the workers (a job's
 *       partitions go out once its key is here), their progress in /status, a load no job waits for stopped
 *       ({@link io.jprove.engine.daemon.KeyCache});</li>
 *   <li>it proves through the one runtime, the {@link io.jprove.engine.pipeline.Pipeline}, as its feed
 *       ({@link io.jprove.engine.daemon.DaemonFeed}): partitions in the scheduler's order, a journaled partition
 *       never proved again, cancel and priorities acting at partition boundaries, a proof kept only once journaled;
 *       each job ({@link io.jprove.engine.daemon.JobRun}) has its key loaded from the
 *       {@link io.jprove.engine.daemon.KeyCache} and prepared on every device as it is accepted, while its first
 *       partitions are synthesized, and the preparations are released when the key leaves the cache;</li>
 *   <li>the devices are the {@code device} setting's, with the pipeline's workers on each, each GPU in a device
 *       process of its own ({@link io.jprove.engine.device.DeviceProcess}): a faulted device fails the partition
 *       that met the fault, and the pipeline restarts it (a fresh process, a fresh CUDA context) while the other
 *       devices go on; a cluster host with no device that can prove claims nothing meanwhile;</li>
 *   <li>the timeline records only while its disk keeps the reserve free (TimelineGuard);</li>
 *   <li>with a cluster setting ({@link io.jprove.engine.daemon.ClusterConfig}) the journal gives way to a PostgreSQL
 *       database that many daemons share: jobs and partitions are rows (ClusterStore), each daemon claims partitions
 *       while its pipeline has an idle worker and room in its memory budget, heartbeats return a silent host's
 *       claims, and a completion is stored only under the claim it was made for (ClusterClaims);</li>
 *   <li>{@link io.jprove.engine.daemon.DaemonClient} is the client the CLI's {@code submit} and
 *       {@code prove --daemon} use;</li>
 *   <li>cuzk's API, which Curio's proving client speaks, is served beside jprove's own when a listener is set
 *       (CuzkListeners: a Unix socket, TCP): CuzkService maps its calls onto the same jobs, PoRep C2 of a C1 output
 *       (JobSpec.Porep), a PoSt partition (JobSpec.Post, PostInputs) or a SnapDeals update (JobSpec.Snap,
 *       SnapInputs) checked first (CuzkRequests), with cuzk's request ids, priorities, timings and circuit
 *       ids.</li>
 * </ul>
 * The APIs are {@code src/main/proto/jprove/daemon/v1/prover.proto} and {@code src/main/proto/cuzk/v1/proving.proto}
 * (wire-identical to cuzk's); their Java classes ({@code ...daemon.rpc}, {@code ...daemon.cuzk}) are generated at
 * build time.
 */
package io.jprove.engine.daemon;
