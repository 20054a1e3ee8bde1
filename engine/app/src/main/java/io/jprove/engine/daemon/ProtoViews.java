package io.jprove.engine.daemon;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.List;

import com.google.protobuf.ByteString;

import io.jprove.engine.daemon.rpc.ClusterStatus;
import io.jprove.engine.daemon.rpc.DeviceStatus;
import io.jprove.engine.daemon.rpc.HostStatus;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyStatus;
import io.jprove.engine.daemon.rpc.MemoryStatus;
import io.jprove.engine.daemon.rpc.PartitionState;
import io.jprove.engine.daemon.rpc.PreparedKeyStatus;
import io.jprove.engine.daemon.rpc.WorkerStatus;
import io.jprove.engine.pipeline.DeviceView;
import io.jprove.engine.pipeline.WorkerView;
import io.jprove.field.Fr;

/** The daemon's state as API messages: what both the gRPC service and HTTP's /status (as JSON) show. */
final class ProtoViews
{
    private ProtoViews()
    {
    }

    /** @param withResult whether to include the proof and public inputs (a single job's status does). */
    static JobStatus job(final Job job, final boolean withResult)
    {
        return job(job, withResult, "");
    }

    /**
     * @param withResult whether to include the proof and public inputs (a single job's status does).
     * @param activity   what it waits for or does besides proving ("loading key K (x %)"), or "".
     */
    static JobStatus job(final Job job, final boolean withResult, final String activity)
    {
        final JobState state = job.state();
        final JobStatus.Builder b = JobStatus.newBuilder().setJobId(job.id()).setRequestId(job.requestId())
            .setState(io.jprove.engine.daemon.rpc.JobState.valueOf(state.name())).setPriority(job.priority())
            .setCircuit(job.spec().kind()).setError(job.error()).setSubmittedUnixMs(job.submittedMs())
            .setFinishedUnixMs(state.isFinished() ? job.finishedMs() : 0).setActivity(activity);
        for (final Job.PartitionState p : job.partitionStates())
        {
            b.addPartitions(PartitionState.valueOf("PARTITION_" + p.name()));
        }
        if (withResult && state == JobState.SUCCEEDED)
        {
            b.setProof(ByteString.copyFrom(job.proof()));
            final String[] json = job.resultJson();
            b.setProofJson(json[0]).setPublicJson(json[1]);
            final byte[] inputs = job.publicInputs();
            for (int at = 0; at < inputs.length; at += Fr.BYTES)
            {
                b.addPublicInputs(ByteString.copyFrom(inputs, at, Fr.BYTES));
            }
        }
        return b.build();
    }

    /** @param index the worker's number among all the daemon's device workers. */
    static WorkerStatus worker(final int index, final WorkerView w)
    {
        return WorkerStatus.newBuilder().setWorker(index).setDevice(w.device()).setJobId(w.job())
            .setPartition(w.partition()).setActivity(w.job() == 0 ? "idle" : w.discarding() ? "discarding"
                : "proving").build();
    }

    /** @param keys which resident key each prepared one is (a key evicted meanwhile is left out). */
    static DeviceStatus device(final DeviceView d, final KeyCache keys)
    {
        final String unusable = d.unusable();
        final DeviceStatus.Builder b = DeviceStatus.newBuilder().setName(d.name()).setDescription(d.description())
            .setWorkers(d.workers()).setUsable(unusable == null).setUnusableReason(unusable == null ? "" : unusable)
            .setPreparations(d.preparations()).setRestarts(d.restarts());
        for (final DeviceView.Prepared p : d.prepared())
        {
            final KeyRef ref = keys.ref(p.key());
            if (ref != null)
            {
                b.addPreparedKeys(PreparedKeyStatus.newBuilder().setPath(ref.path().toString())
                    .setKind(ref.kindName()).setDeviceBytes(p.deviceBytes()).setPrepareMs(p.prepareMs())
                    .setPreparation(p.preparation()));
            }
        }
        return b.build();
    }

    static KeyStatus key(final KeyCache.KeyInfo k)
    {
        return KeyStatus.newBuilder().setPath(k.ref().path().toString()).setKind(k.ref().kindName())
            .setResident(k.resident()).setLoadMs(k.loadMs()).setLoading(k.loading()).setLoadedPercent(k.percent())
            .setPointChecks(k.checks() == null ? "" : k.checks().description()).build();
    }

    static ClusterStatus cluster(final String host, final ClusterClaims.View v)
    {
        final ClusterStatus.Builder b = ClusterStatus.newBuilder().setHost(host).setQueuedPartitions(v.queued())
            .setClaimedPartitions(v.claimed());
        for (final ClusterClaims.Host h : v.hosts())
        {
            b.addHosts(HostStatus.newBuilder().setName(h.name()).setAddress(h.address()).setWorkers(h.workers())
                .setMemoryBudgetBytes(h.memoryBudgetBytes()).setHeartbeatAgeMs(h.heartbeatAgeMs())
                .setClaimedPartitions(h.claimed()));
        }
        return b.build();
    }

    static MemoryStatus memory()
    {
        final MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long direct = 0;
        final List<BufferPoolMXBean> pools = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class);
        for (final BufferPoolMXBean pool : pools)
        {
            direct += Math.max(0, pool.getMemoryUsed());
        }
        return MemoryStatus.newBuilder().setHeapUsedBytes(heap.getUsed()).setHeapMaxBytes(heap.getMax())
            .setDirectBytes(direct).build();
    }
}
