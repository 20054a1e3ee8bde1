package io.jprove.engine.daemon;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import io.jprove.engine.porep.RegisteredSealProof;
import io.jprove.engine.post.RegisteredPostProof;
import io.jprove.engine.update.UpdateShape;

/**
 * One entry of the daemon's journal, and its bytes: the payload of one checksummed frame of a {@link JournalFile}
 * (and, in the journal's format 1, of one Chronicle Queue document; the entry's bytes are the same in both):
 * <pre>
 *   u8 format (1) | u8 type | fields, big-endian (DataOutput): strings as modified UTF-8, byte arrays as
 *   i32 length then bytes
 * </pre>
 * A job's life in the journal is one {@link Submitted}, at most one {@link PartitionDone} per partition, then at most
 * one {@link Finished}, then at most one {@link Pruned}; replaying the entries in order rebuilds every job. Between
 * them, a {@link Started} each time a daemon hands the job's first partition to its pipeline, and a {@link CleanStop}
 * when a daemon closes: a job started and not followed by a clean stop was running when its daemon died, which is
 * how a job that kills the process is recognized and retried only a bounded number of times.
 */
public sealed interface JournalRecord
{
    /** The format byte that opens every entry (of an entry's bytes, not of the journal file around it). */
    int FORMAT = 1;

    /** @return the entry's bytes. */
    byte[] encode();

    /**
     * The first entry of each journal generation.
     *
     * @param nextJobId the lowest job id never given out, so that a compaction that drops old jobs cannot make the
     *                  daemon reuse their ids.
     */
    record Generation(long nextJobId) implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(1, out -> out.writeLong(nextJobId));
        }
    }

    /**
     * A job was accepted.
     *
     * @param job         its id.
     * @param requestId   the client's request id.
     * @param digest      SHA-256 of the payload, to tell a retry from a conflicting reuse of the id.
     * @param priority    higher runs first.
     * @param submittedMs wall-clock time of acceptance.
     * @param spec        what to prove (its witness path is the spool file, not stored).
     * @param witness     the circom witness bytes, or a PoRep job's C1 output, or empty (built-in circuits, and
     *                    finished jobs after a compaction).
     */
    record Submitted(long job, String requestId, byte[] digest, int priority, long submittedMs, JobSpec spec,
        byte[] witness) implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(2, out ->
            {
                out.writeLong(job);
                out.writeUTF(requestId);
                bytes(out, digest);
                out.writeInt(priority);
                out.writeLong(submittedMs);
                out.writeUTF(spec.kind());
                switch (spec)
                {
                    case JobSpec.Builtin b ->
                    {
                        out.writeUTF(b.name());
                        out.writeUTF(b.params().toString());
                        out.writeInt(b.partitions());
                        out.writeLong(b.seed());
                    }
                    case JobSpec.Circom c ->
                    {
                        out.writeUTF(c.params().toString());
                        out.writeUTF(c.r1cs().toString());
                    }
                    case JobSpec.Zkey z -> out.writeUTF(z.zkey().toString());
                    case JobSpec.Porep r ->
                    {
                        out.writeUTF(r.proof().name());
                        out.writeUTF(r.params().toString());
                    }
                    case JobSpec.Post t ->
                    {
                        out.writeUTF(t.proof().name());
                        out.writeUTF(t.params().toString());
                    }
                    case JobSpec.Snap u ->
                    {
                        out.writeUTF(u.shape().name());
                        out.writeUTF(u.params().toString());
                    }
                }
                bytes(out, witness);
            });
        }
    }

    /**
     * A partition was proved and its proof verified.
     *
     * @param job          the job.
     * @param partition    the partition index.
     * @param proof        its 192 proof bytes.
     * @param publicInputs its public inputs, 32 bytes each (little-endian, canonical).
     */
    record PartitionDone(long job, int partition, byte[] proof, byte[] publicInputs) implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(3, out ->
            {
                out.writeLong(job);
                out.writeInt(partition);
                bytes(out, proof);
                bytes(out, publicInputs);
            });
        }
    }

    /**
     * A job ended.
     *
     * @param job        the job.
     * @param state      SUCCEEDED, FAILED or CANCELLED.
     * @param error      why it failed, or empty.
     * @param finishedMs wall-clock time.
     */
    record Finished(long job, JobState state, String error, long finishedMs) implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(4, out ->
            {
                out.writeLong(job);
                out.writeUTF(state.name());
                out.writeUTF(error);
                out.writeLong(finishedMs);
            });
        }
    }

    /**
     * A finished job's retention ran out; it is forgotten.
     *
     * @param job the job.
     */
    record Pruned(long job) implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(5, out -> out.writeLong(job));
        }
    }

    /**
     * A daemon handed the job's first partition to its pipeline (once per job per daemon run), before any of its
     * work started.
     *
     * @param job   the job.
     * @param stops how many times a daemon stopped uncleanly while proving it before this start.
     */
    record Started(long job, int stops) implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(6, out ->
            {
                out.writeLong(job);
                out.writeInt(stops);
            });
        }
    }

    /**
     * The daemon closed with its pipeline stopped: the jobs {@link Started} before this entry were not running when
     * the process ended.
     */
    record CleanStop() implements JournalRecord
    {
        @Override
        public byte[] encode()
        {
            return write(7, out ->
            {
            });
        }
    }

    /**
     * @param bytes    one entry.
     * @param spoolDir where a job's witness file lives ({@code JOB.wtns}).
     * @throws IllegalStateException naming the problem when the bytes are not an entry of this format.
     */
    static JournalRecord decode(final byte[] bytes, final Path spoolDir)
    {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes)))
        {
            final int format = in.readUnsignedByte();
            if (format != FORMAT)
            {
                throw new IllegalStateException("journal entry format " + format + " is not " + FORMAT);
            }
            final int type = in.readUnsignedByte();
            return switch (type)
            {
                case 1 -> new Generation(in.readLong());
                case 2 -> submitted(in, spoolDir);
                case 3 -> new PartitionDone(in.readLong(), in.readInt(), bytes(in), bytes(in));
                case 4 -> new Finished(in.readLong(), JobState.valueOf(in.readUTF()), in.readUTF(), in.readLong());
                case 5 -> new Pruned(in.readLong());
                case 6 -> new Started(in.readLong(), in.readInt());
                case 7 -> new CleanStop();
                default -> throw new IllegalStateException("unknown journal entry type " + type);
            };
        }
        catch (final IOException | IllegalArgumentException e)
        {
            throw new IllegalStateException("a journal entry of " + bytes.length + " bytes is truncated or corrupt: "
                + e, e);
        }
    }

    /** @return the spool file of a job's witness. */
    static Path witnessFile(final Path spoolDir, final long job)
    {
        return spoolDir.resolve(job + ".wtns");
    }

    /** @return the spool file of a PoRep job's C1 output. */
    static Path c1File(final Path spoolDir, final long job)
    {
        return spoolDir.resolve(job + ".c1.json");
    }

    /** @return the spool file of a SnapDeals job's inputs. */
    static Path snapFile(final Path spoolDir, final long job)
    {
        return spoolDir.resolve(job + ".snap");
    }

    /** @return the spool file of a PoSt job's inputs. */
    static Path postFile(final Path spoolDir, final long job)
    {
        return spoolDir.resolve(job + ".post");
    }

    private static Submitted submitted(final DataInputStream in, final Path spoolDir) throws IOException
    {
        final long job = in.readLong();
        final String requestId = in.readUTF();
        final byte[] digest = bytes(in);
        final int priority = in.readInt();
        final long submittedMs = in.readLong();
        final String kind = in.readUTF();
        final JobSpec spec = switch (kind)
        {
            case "builtin" -> new JobSpec.Builtin(in.readUTF(), Path.of(in.readUTF()), in.readInt(), in.readLong());
            case "circom" -> new JobSpec.Circom(Path.of(in.readUTF()), Path.of(in.readUTF()),
                witnessFile(spoolDir, job));
            case "zkey" -> new JobSpec.Zkey(Path.of(in.readUTF()), witnessFile(spoolDir, job));
            case "porep" -> new JobSpec.Porep(RegisteredSealProof.ofName(in.readUTF()), Path.of(in.readUTF()),
                c1File(spoolDir, job));
            case "post" -> new JobSpec.Post(RegisteredPostProof.valueOf(in.readUTF()), Path.of(in.readUTF()),
                postFile(spoolDir, job));
            case "snap" -> new JobSpec.Snap(UpdateShape.byName(in.readUTF()), Path.of(in.readUTF()),
                snapFile(spoolDir, job));
            default -> throw new IOException("unknown circuit kind " + kind);
        };
        return new Submitted(job, requestId, digest, priority, submittedMs, spec, bytes(in));
    }

    /** Writes fields after the format and type bytes. */
    @FunctionalInterface
    interface Fields
    {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] write(final int type, final Fields fields)
    {
        final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(buffer))
        {
            out.writeByte(FORMAT);
            out.writeByte(type);
            fields.write(out);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    private static void bytes(final DataOutputStream out, final byte[] b) throws IOException
    {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] bytes(final DataInputStream in) throws IOException
    {
        final int n = in.readInt();
        if (n < 0 || n > in.available())
        {
            throw new IOException("a byte array of " + n + " bytes runs past the entry's end");
        }
        return in.readNBytes(n);
    }
}
