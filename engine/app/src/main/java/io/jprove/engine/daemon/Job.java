package io.jprove.engine.daemon;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;

import io.jprove.engine.formats.circom.SnarkjsJson;
import io.jprove.engine.groth16.Groth16Verifier;
import io.jprove.engine.groth16.Proof;

/**
 * One job's state, guarded by the job itself: its partitions (which are queued, running, done), their proofs, and
 * the listeners waiting for it to finish. The daemon changes it only after journaling the change, so that a replay
 * of the journal rebuilds it; workers read the spec without the lock (it never changes).
 */
final class Job
{
    /** Where one partition is. */
    enum PartitionState
    {
        QUEUED, RUNNING, DONE, DROPPED
    }

    private final long id;
    private final String requestId;
    private final byte[] digest;
    private final int priority;
    private final long submittedMs;
    private final JobSpec spec;
    private final PartitionState[] partitions;
    private final byte[][] proofs;
    private final byte[][] publicInputs;
    private final List<Consumer<Job>> listeners = new ArrayList<>();
    private final JobTimings timings = new JobTimings();
    private JobState state = JobState.QUEUED;
    private String error = "";
    private long finishedMs;
    private int running;
    private String[] json;
    /** Unclean stops of a daemon while it proved this job (journaled in its Started entries). */
    private int stops;
    /** Whether this daemon's run has handed out a partition of it (and journaled that). */
    private boolean startedHere;

    Job(final long id, final String requestId, final byte[] digest, final int priority, final long submittedMs,
        final JobSpec spec)
    {
        this.id = id;
        this.requestId = requestId;
        this.digest = digest.clone();
        this.priority = priority;
        this.submittedMs = submittedMs;
        this.spec = spec;
        this.partitions = new PartitionState[spec.partitions()];
        Arrays.fill(partitions, PartitionState.QUEUED);
        this.proofs = new byte[partitions.length][];
        this.publicInputs = new byte[partitions.length][];
    }

    long id()
    {
        return id;
    }

    String requestId()
    {
        return requestId;
    }

    boolean sameDigest(final byte[] other)
    {
        return Arrays.equals(digest, other);
    }

    byte[] digest()
    {
        return digest.clone();
    }

    int priority()
    {
        return priority;
    }

    long submittedMs()
    {
        return submittedMs;
    }

    JobSpec spec()
    {
        return spec;
    }

    /** @return where its time went on this host (not journaled). */
    JobTimings timings()
    {
        return timings;
    }

    synchronized JobState state()
    {
        return state;
    }

    synchronized String error()
    {
        return error;
    }

    synchronized long finishedMs()
    {
        return finishedMs;
    }

    synchronized PartitionState[] partitionStates()
    {
        return partitions.clone();
    }

    synchronized int partitionsDone()
    {
        int n = 0;
        for (final PartitionState p : partitions)
        {
            n += p == PartitionState.DONE ? 1 : 0;
        }
        return n;
    }

    /** @return the partitions' proofs concatenated (192 bytes each), or null unless SUCCEEDED. */
    synchronized byte[] proof()
    {
        return state == JobState.SUCCEEDED ? concat(proofs) : null;
    }

    /** @return every partition's public inputs, in partition order, or null unless SUCCEEDED. */
    synchronized byte[] publicInputs()
    {
        return state == JobState.SUCCEEDED ? concat(publicInputs) : null;
    }

    /**
     * @return snarkjs's proof.json (empty for several partitions) and public.json of a SUCCEEDED job, rendered once.
     */
    synchronized String[] resultJson()
    {
        if (state != JobState.SUCCEEDED)
        {
            return null;
        }
        if (json == null)
        {
            final String proofJson = proofs.length == 1 ? SnarkjsJson.proofJson(Proof.fromBytes(proofs[0], 0)) : "";
            json = new String[] {proofJson, SnarkjsJson.publicJson(Groth16Verifier.inputsFromCanonical(
                concat(publicInputs)))};
        }
        return json.clone();
    }

    /** @return a partition's proof and inputs, or null when it is not done (for compaction). */
    synchronized JournalRecord.PartitionDone doneRecord(final int partition)
    {
        return partitions[partition] == PartitionState.DONE
            ? new JournalRecord.PartitionDone(id, partition, proofs[partition], publicInputs[partition]) : null;
    }

    private static byte[] concat(final byte[][] parts)
    {
        int n = 0;
        for (final byte[] p : parts)
        {
            n += p.length;
        }
        final byte[] out = new byte[n];
        int at = 0;
        for (final byte[] p : parts)
        {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /**
     * Marks a queued partition running, as it is handed to the pipeline.
     *
     * @return false when the job has ended or the partition is not queued (it must not be proved).
     */
    synchronized boolean startPartition(final int partition)
    {
        if (state.isFinished() || partitions[partition] != PartitionState.QUEUED)
        {
            return false;
        }
        partitions[partition] = PartitionState.RUNNING;
        running++;
        state = JobState.RUNNING;
        return true;
    }

    /** @return the partitions still queued, in order (none once the job has ended). */
    synchronized int[] queuedPartitions()
    {
        if (state.isFinished())
        {
            return new int[0];
        }
        return IntStream.range(0, partitions.length)
            .filter(i -> partitions[i] == PartitionState.QUEUED).toArray();
    }

    /** Records a proved partition (journaled already, or replayed). */
    synchronized void partitionDone(final int partition, final byte[] proof, final byte[] inputs)
    {
        if (partitions[partition] == PartitionState.RUNNING)
        {
            running--;
        }
        partitions[partition] = PartitionState.DONE;
        proofs[partition] = proof;
        publicInputs[partition] = inputs;
        if (!state.isFinished())
        {
            state = JobState.RUNNING;
        }
    }

    /**
     * Shows the partition states that the cluster store holds now (their proofs are read once the job has ended).
     */
    synchronized void observe(final PartitionState[] states)
    {
        if (state.isFinished())
        {
            return;
        }
        running = 0;
        boolean started = false;
        for (int i = 0; i < partitions.length; i++)
        {
            partitions[i] = states[i];
            running += states[i] == PartitionState.RUNNING ? 1 : 0;
            started |= states[i] != PartitionState.QUEUED;
        }
        state = started ? JobState.RUNNING : JobState.QUEUED;
    }

    /** A running partition ended without a proof to keep (the job failed or was cancelled meanwhile). */
    synchronized void partitionDropped(final int partition)
    {
        if (partitions[partition] == PartitionState.RUNNING)
        {
            running--;
            partitions[partition] = PartitionState.DROPPED;
        }
    }

    /** A running partition whose proof could not be journaled goes back to the queue, to be proved again. */
    synchronized void requeue(final int partition)
    {
        if (partitions[partition] == PartitionState.RUNNING)
        {
            running--;
            partitions[partition] = PartitionState.QUEUED;
        }
    }

    /** @return how many times a daemon stopped uncleanly while proving it. */
    synchronized int stops()
    {
        return stops;
    }

    /** Sets the unclean stops counted so far (replayed from its last Started entry). */
    synchronized void stops(final int count)
    {
        stops = count;
    }

    /** @return whether this daemon has started it (handed a partition of it to its pipeline). */
    synchronized boolean startedHere()
    {
        return startedHere;
    }

    /**
     * Marks it started by this daemon.
     *
     * @return false when it was already.
     */
    synchronized boolean startHere()
    {
        if (startedHere)
        {
            return false;
        }
        startedHere = true;
        return true;
    }

    /** @return whether every partition is done. */
    synchronized boolean allDone()
    {
        for (final PartitionState p : partitions)
        {
            if (p != PartitionState.DONE)
            {
                return false;
            }
        }
        return true;
    }

    /** @return partitions being proved now. */
    synchronized int running()
    {
        return running;
    }

    /**
     * Ends the job (journaled already, or replayed); unfinished partitions are dropped and listeners told.
     *
     * @return false when it had ended already (so a second end is never journaled).
     */
    boolean finish(final JobState end, final String why, final long atMs)
    {
        final List<Consumer<Job>> toTell;
        synchronized (this)
        {
            if (state.isFinished())
            {
                return false;
            }
            state = end;
            error = why;
            finishedMs = atMs;
            for (int i = 0; i < partitions.length; i++)
            {
                if (partitions[i] != PartitionState.DONE)
                {
                    partitions[i] = PartitionState.DROPPED;
                }
            }
            toTell = new ArrayList<>(listeners);
            listeners.clear();
        }
        toTell.forEach(l -> l.accept(this));
        return true;
    }

    /** Calls {@code listener} once the job has finished: now, if it has. */
    void whenFinished(final Consumer<Job> listener)
    {
        synchronized (this)
        {
            if (!state.isFinished())
            {
                listeners.add(listener);
                return;
            }
        }
        listener.accept(this);
    }

    /** Forgets a listener (its caller went away). */
    synchronized void removeListener(final Consumer<Job> listener)
    {
        listeners.remove(listener);
    }
}
