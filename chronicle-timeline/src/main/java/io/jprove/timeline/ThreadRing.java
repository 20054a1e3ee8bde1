package io.jprove.timeline;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * One appending thread's ring buffer: a single-producer, single-consumer Agrona {@link OneToOneRingBuffer}. The
 * producer is the owning thread (it claims, fills and commits records, with no compare-and-swap and no lock); the
 * consumer is the {@link TimelineDrainer}, which copies records into the queue and then publishes
 * {@link #durablePosition}, the ring position below which every record is in a closed queue document. Nothing is
 * handed back: a record's space is reused once the drainer has consumed it.
 */
final class ThreadRing
{
    final Thread owner;
    final OneToOneRingBuffer ring;
    final AtomicBuffer buffer;
    final AtomicLong durablePosition = new AtomicLong();

    ThreadRing(final Thread owner, final int capacityBytes)
    {
        this.owner = owner;
        this.buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(capacityBytes + RingBufferDescriptor.TRAILER_LENGTH));
        this.ring = new OneToOneRingBuffer(buffer);
    }

    /**
     * @return true once the owner has died and the drainer has consumed everything it wrote.
     */
    boolean isRetired()
    {
        return !owner.isAlive() && ring.consumerPosition() == ring.producerPosition();
    }
}
