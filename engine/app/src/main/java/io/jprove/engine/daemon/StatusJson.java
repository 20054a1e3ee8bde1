package io.jprove.engine.daemon;

import java.util.Locale;

import io.jprove.engine.daemon.rpc.ClusterStatus;
import io.jprove.engine.daemon.rpc.DeviceStatus;
import io.jprove.engine.daemon.rpc.HostStatus;
import io.jprove.engine.daemon.rpc.JobStatus;
import io.jprove.engine.daemon.rpc.KeyStatus;
import io.jprove.engine.daemon.rpc.PartitionState;
import io.jprove.engine.daemon.rpc.PreparedKeyStatus;
import io.jprove.engine.daemon.rpc.StatusReply;
import io.jprove.engine.daemon.rpc.WorkerStatus;

/**
 * HTTP's {@code GET /status}: the gRPC StatusReply as JSON, field names as in the .proto, enum values in lower case
 * ({@code "state": "running"}, partitions as a list of states).
 * <pre>
 * {"queue_capacity": 64,
 *  "jobs": [{"job_id": 3, "request_id": "r1", "state": "running", "priority": 0, "circuit": "builtin",
 *            "partitions": ["done", "running", "queued"], "error": "", "submitted_unix_ms": ..., ...,
 *            "activity": "loading key /keys/x.params (37 %)"}],
 *  "workers": [{"worker": 0, "device": "cuda:0", "job_id": 3, "partition": 1, "activity": "proving"}],
 *  "devices": [{"name": "cuda:0", "description": "NVIDIA H200", "workers": 2, "usable": true, "unusable_reason": "",
 *               "preparations": 1, "restarts": 0,
 *               "prepared_keys": [{"path": "...", "kind": "zkey", "device_bytes": 1310720000,
 *                                                     "prepare_ms": 7400, "preparation": "7.4 s on cuda:0: ..."}]}],
 *  "keys": [{"path": "...", "kind": "params", "resident": true, "load_ms": 12, "loading": false,
 *            "loaded_percent": 100, "point_checks": "on the curve and in the subgroup"}],
 *  "memory": {"heap_used_bytes": ..., "heap_max_bytes": ..., "direct_bytes": ...},
 *  "cluster": {"host": "gpu-a", "queued_partitions": 12, "claimed_partitions": 3,
 *              "hosts": [{"name": "gpu-a", "address": "10.0.0.5:7420", "workers": 2, "memory_budget_bytes": 0,
 *                         "heartbeat_age_ms": 1200, "claimed_partitions": 2}, ...]}}
 * </pre>
 * The {@code cluster} member is there only for a daemon of a cluster.
 */
final class StatusJson
{
    private StatusJson()
    {
    }

    static String of(final StatusReply s)
    {
        final StringBuilder out = new StringBuilder(1024);
        out.append("{\"queue_capacity\": ").append(s.getQueueCapacity()).append(",\n \"jobs\": [");
        for (int i = 0; i < s.getJobsCount(); i++)
        {
            out.append(i == 0 ? "\n  " : ",\n  ");
            job(out, s.getJobs(i));
        }
        out.append("],\n \"workers\": [");
        for (int i = 0; i < s.getWorkersCount(); i++)
        {
            final WorkerStatus w = s.getWorkers(i);
            out.append(i == 0 ? "\n  " : ",\n  ").append("{\"worker\": ").append(w.getWorker())
                .append(", \"device\": ");
            string(out, w.getDevice());
            out.append(", \"job_id\": ").append(w.getJobId()).append(", \"partition\": ").append(w.getPartition())
                .append(", \"activity\": ");
            string(out, w.getActivity());
            out.append('}');
        }
        out.append("],\n \"devices\": [");
        for (int i = 0; i < s.getDevicesCount(); i++)
        {
            out.append(i == 0 ? "\n  " : ",\n  ");
            device(out, s.getDevices(i));
        }
        out.append("],\n \"keys\": [");
        for (int i = 0; i < s.getKeysCount(); i++)
        {
            final KeyStatus k = s.getKeys(i);
            out.append(i == 0 ? "\n  " : ",\n  ").append("{\"path\": ");
            string(out, k.getPath());
            out.append(", \"kind\": ");
            string(out, k.getKind());
            out.append(", \"resident\": ").append(k.getResident()).append(", \"load_ms\": ").append(k.getLoadMs())
                .append(", \"loading\": ").append(k.getLoading()).append(", \"loaded_percent\": ")
                .append(k.getLoadedPercent()).append(", \"point_checks\": ");
            string(out, k.getPointChecks());
            out.append('}');
        }
        out.append("],\n \"memory\": {\"heap_used_bytes\": ").append(s.getMemory().getHeapUsedBytes())
            .append(", \"heap_max_bytes\": ").append(s.getMemory().getHeapMaxBytes()).append(", \"direct_bytes\": ")
            .append(s.getMemory().getDirectBytes()).append('}');
        if (s.hasCluster())
        {
            cluster(out, s.getCluster());
        }
        return out.append("}\n").toString();
    }

    private static void device(final StringBuilder out, final DeviceStatus d)
    {
        out.append("{\"name\": ");
        string(out, d.getName());
        out.append(", \"description\": ");
        string(out, d.getDescription());
        out.append(", \"workers\": ").append(d.getWorkers()).append(", \"usable\": ").append(d.getUsable())
            .append(", \"unusable_reason\": ");
        string(out, d.getUnusableReason());
        out.append(", \"preparations\": ").append(d.getPreparations()).append(", \"restarts\": ")
            .append(d.getRestarts()).append(", \"prepared_keys\": [");
        for (int i = 0; i < d.getPreparedKeysCount(); i++)
        {
            final PreparedKeyStatus k = d.getPreparedKeys(i);
            out.append(i == 0 ? "{\"path\": " : ", {\"path\": ");
            string(out, k.getPath());
            out.append(", \"kind\": ");
            string(out, k.getKind());
            out.append(", \"device_bytes\": ").append(k.getDeviceBytes()).append(", \"prepare_ms\": ")
                .append(k.getPrepareMs()).append(", \"preparation\": ");
            string(out, k.getPreparation());
            out.append('}');
        }
        out.append("]}");
    }

    private static void cluster(final StringBuilder out, final ClusterStatus c)
    {
        out.append(",\n \"cluster\": {\"host\": ");
        string(out, c.getHost());
        out.append(", \"queued_partitions\": ").append(c.getQueuedPartitions()).append(", \"claimed_partitions\": ")
            .append(c.getClaimedPartitions()).append(", \"hosts\": [");
        for (int i = 0; i < c.getHostsCount(); i++)
        {
            final HostStatus h = c.getHosts(i);
            out.append(i == 0 ? "\n  " : ",\n  ").append("{\"name\": ");
            string(out, h.getName());
            out.append(", \"address\": ");
            string(out, h.getAddress());
            out.append(", \"workers\": ").append(h.getWorkers()).append(", \"memory_budget_bytes\": ")
                .append(h.getMemoryBudgetBytes()).append(", \"heartbeat_age_ms\": ").append(h.getHeartbeatAgeMs())
                .append(", \"claimed_partitions\": ").append(h.getClaimedPartitions()).append('}');
        }
        out.append("]}");
    }

    private static void job(final StringBuilder out, final JobStatus j)
    {
        out.append("{\"job_id\": ").append(j.getJobId()).append(", \"request_id\": ");
        string(out, j.getRequestId());
        out.append(", \"state\": \"").append(j.getState().name().toLowerCase(Locale.ROOT)).append("\", \"priority\": ")
            .append(j.getPriority()).append(", \"circuit\": \"").append(j.getCircuit()).append("\", \"partitions\": [");
        for (int i = 0; i < j.getPartitionsCount(); i++)
        {
            final PartitionState p = j.getPartitions(i);
            out.append(i == 0 ? "\"" : ", \"").append(p.name().substring("PARTITION_".length())
                .toLowerCase(Locale.ROOT)).append('"');
        }
        out.append("], \"error\": ");
        string(out, j.getError());
        out.append(", \"submitted_unix_ms\": ").append(j.getSubmittedUnixMs()).append(", \"finished_unix_ms\": ")
            .append(j.getFinishedUnixMs()).append(", \"activity\": ");
        string(out, j.getActivity());
        out.append('}');
    }

    /** Appends a JSON string literal. */
    static void string(final StringBuilder out, final String s)
    {
        out.append('"');
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            switch (c)
            {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        out.append(String.format("\\u%04x", (int)c));
                    }
                    else
                    {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
