package io.jprove.kernels.ptx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The abstract machine state at one point of compilation: the call frames (inlined static calls) and the contents of
 * the local arrays that live in registers.
 */
final class State
{
    final List<Frame> frames;
    final TreeMap<Integer, Val[]> heap;

    State(final List<Frame> frames, final TreeMap<Integer, Val[]> heap)
    {
        this.frames = frames;
        this.heap = heap;
    }

    State copy()
    {
        final List<Frame> copies = new ArrayList<>(frames.size());
        for (final Frame frame : frames)
        {
            copies.add(frame.copy());
        }
        final TreeMap<Integer, Val[]> heapCopy = new TreeMap<>();
        for (final Map.Entry<Integer, Val[]> entry : heap.entrySet())
        {
            heapCopy.put(entry.getKey(), entry.getValue().clone());
        }
        return new State(copies, heapCopy);
    }

    Frame top()
    {
        return frames.get(frames.size() - 1);
    }

    /** One activation: locals, operand stack and the loop instances it is inside. */
    static final class Frame
    {
        final MethodCode code;
        final int returnPc;
        final Val[] locals;
        final ArrayList<Val> stack;
        final ArrayList<LoopEntry> loops;
        int pc;
        int fromPc;

        Frame(final MethodCode code, final int returnPc, final Val[] locals, final ArrayList<Val> stack,
            final ArrayList<LoopEntry> loops)
        {
            this.code = code;
            this.returnPc = returnPc;
            this.locals = locals;
            this.stack = stack;
            this.loops = loops;
        }

        Frame copy()
        {
            final Frame frame = new Frame(code, returnPc, locals.clone(), new ArrayList<>(stack),
                new ArrayList<>(loops));
            frame.pc = pc;
            frame.fromPc = fromPc;
            return frame;
        }

        Val pop()
        {
            return stack.remove(stack.size() - 1);
        }

        void push(final Val value)
        {
            stack.add(value);
        }

        @Override
        public String toString()
        {
            return code.display() + "@" + returnPc + loops + Arrays.toString(locals) + stack;
        }
    }

    /**
     * A loop this frame is inside.
     *
     * @param header    loop header offset.
     * @param instance  which entry into the loop.
     * @param iteration the unrolled iteration, or -1 in the general (not unrolled) form.
     */
    record LoopEntry(int header, int instance, int iteration)
    {
    }
}
