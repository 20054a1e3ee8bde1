package io.jprove.timeline.analysis;

import static io.jprove.timeline.analysis.SeedCaseTimeline.MS;
import static io.jprove.timeline.analysis.SeedCaseTimeline.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import io.jprove.timeline.EventKind;
import io.jprove.timeline.NameIds;

class TimelineAnalysisTest
{
    @Test
    void shouldFindTheSeedsGhostWhenTheWindowDoublesTheKernelTime()
    {
        final TimelineReport report = TimelineAnalysis.analyze(SeedCaseTimeline.build());

        assertEquals(1, report.devices().size());
        final DeviceSummary gpu = report.devices().getFirst();
        assertEquals(3_672 * MS, gpu.wallNs());
        assertEquals(1_889 * MS, gpu.kernelBusyNs());
        assertEquals("51.4 %", Text.percent(gpu.utilization()));
        assertEquals(200 * MS, gpu.copyBusyNs());
        assertEquals(100 * MS, gpu.copyKernelOverlapNs());
        assertEquals(1_783 * MS, gpu.idleNs());
        assertEquals(7, gpu.kernelCount());

        final IdleGap longest = gpu.largestGaps().getFirst();
        assertEquals(T0 + 400 * MS, longest.startNs());
        assertEquals(1_100 * MS, longest.lengthNs());
        assertTrue(longest.before().startsWith("KERNEL ntt job 1 p0"), longest.before());
        assertTrue(longest.after().startsWith("KERNEL msm_h job 1 p0"), longest.after());
        assertEquals(List.of(new Share("stage prep_msm (job 1 p0)", 1_100 * MS),
            new Share("synthesis job 1 p1 w6", 500 * MS), new Share("copy h2d_abc (job 1 p0)", 100 * MS)),
            longest.activity());
        final IdleGap second = gpu.largestGaps().get(1);
        assertEquals(683 * MS, second.lengthNs());
        assertTrue(second.after().startsWith("GPU_END job 1 p0"), second.after());

        assertEquals(1, report.partitions().size());
        final PartitionSummary p0 = report.partitions().getFirst();
        assertEquals(3_672 * MS, p0.windowNs());
        assertEquals(1_889 * MS, p0.kernelNs());
        assertEquals(1_783 * MS, p0.gapNs());
        assertEquals(0, p0.unattributedNs());
        assertTrue(p0.flagged());
        assertEquals(List.of(new Share("stage prep_msm", 1_100 * MS), new Share("stage b_g2_msm", 683 * MS),
            new Share("copy h2d_abc", 100 * MS), new Share("synthesis job 1 p1 w6", 1_183 * MS)), p0.gapBreakdown());
        assertEquals(List.of(new Share("msm_h", 800 * MS), new Share("batch_add", 689 * MS),
            new Share("ntt", 400 * MS), new Share("ntt_aux", 100 * MS)), p0.kernelBreakdown());
        assertEquals(List.of(p0), report.flagged());

        final String text = TextReport.render(report);
        assertTrue(text.contains("utilization 51.4 %"), text);
        assertTrue(text.contains("job 1 p0: 1,783.0 ms of 3,672.0 ms without its kernels; host events inside the "
            + "window: stage prep_msm 1,100.0 ms, stage b_g2_msm 683.0 ms, copy h2d_abc 100.0 ms, synthesis job 1 p1 "
            + "w6 1,183.0 ms"), text);
    }

    @Test
    void shouldCreditAnotherPartitionsKernelsWhenTwoWorkersShareADevice()
    {
        final EventLog log = new EventLog();
        final int msm = NameIds.of("msm");
        log.add(EventKind.GPU_START.code(), T0, 1, 0, 0, 0, 0, 0, 0, 0);
        log.add(EventKind.KERNEL.code(), T0 + 300 * MS, 1, 0, 0, 0, msm, T0, 300 * MS, 0);
        log.add(EventKind.GPU_START.code(), T0 + 250 * MS, 1, 1, 1, 0, 0, 0, 0, 0);
        log.add(EventKind.KERNEL.code(), T0 + 900 * MS, 1, 1, 1, 0, msm, T0 + 300 * MS, 600 * MS, 0);
        log.add(EventKind.GPU_END.code(), T0 + 950 * MS, 1, 1, 1, 0, 0, 0, 0, 0);
        log.add(EventKind.GPU_END.code(), T0 + 1_000 * MS, 1, 0, 0, 0, 0, 0, 0, 0);

        final TimelineReport report = TimelineAnalysis.analyze(log, 0.5, 3);
        final PartitionSummary p0 = report.partitions().stream().filter(p -> p.partition() == 0).findFirst()
            .orElseThrow();
        assertEquals(1_000 * MS, p0.windowNs());
        assertEquals(300 * MS, p0.kernelNs());
        assertEquals(900 * MS, p0.deviceKernelNs());
        assertEquals(List.of(new Share("kernels job 1 p1", 600 * MS)), p0.gapBreakdown());
        assertEquals(100 * MS, p0.unattributedNs());
        assertTrue(p0.flagged(), "700 of 1,000 ms is over half");
        final PartitionSummary p1 = report.partitions().stream().filter(p -> p.partition() == 1).findFirst()
            .orElseThrow();
        assertEquals(700 * MS, p1.windowNs());
        assertEquals(600 * MS, p1.kernelNs());
        assertFalse(p1.flagged());
        assertEquals(0.9, report.devices().getFirst().utilization(), 1e-12);
    }

    @Test
    void shouldReportCpuComputeAndEveryWorkersBusyTimeWhenTheRunWasOnTheCpu()
    {
        final TimelineReport report = TimelineAnalysis.analyze(SeedCaseTimeline.cpuRun(6));
        assertEquals(List.of("cpu:0", "cpu:1"), report.devices().stream().map(DeviceSummary::label).toList());
        final DeviceSummary cpu1 = report.devices().get(1);
        assertTrue(cpu1.hostMeasured());
        assertEquals("cpu, 1 thread", cpu1.description());
        // partitions 1, 3, 5 on cpu:1 compute 2,000 ms each from 1,235, 2,435 and 3,635 ms: overlapping, one union
        // from 1,235 to 5,635 ms
        assertEquals(4_400 * MS, cpu1.kernelBusyNs());
        assertEquals(List.of("cpu:0 w0", "cpu:0 w1", "cpu:1 w0", "cpu:1 w1", "synthesis w0"),
            report.workers().stream().map(WorkerSummary::label).toList());
        final WorkerSummary synthesis = report.workers().getLast();
        assertEquals(6 * 600 * MS, synthesis.busyNs());
        assertEquals(6, synthesis.partitions());
        final WorkerSummary cpu0w0 = report.workers().getFirst();
        assertEquals(2, cpu0w0.partitions());
        assertEquals(2 * (2_030 + 30) * MS, cpu0w0.busyNs(), "two windows of 2,030 ms and their 30 ms of stages");
        assertEquals(report.lastNs() - report.firstNs(), cpu0w0.spanNs());
        final String text = TextReport.render(report);
        assertTrue(text.contains("cpu:1 (cpu, 1 thread): wall 4,465.0 ms, compute "), text);
        assertTrue(text.contains("steps, host-measured)"), text);
        assertTrue(text.contains("job 1 p1 cpu:1 w0: window 2,030.0 ms"), text);
        assertTrue(text.contains("  synthesis w0: busy 3,600.0 ms (62.1 %), 6 partitions"), text);
    }

    @Test
    void shouldCountUnfinishedWindowsWhenGpuEndIsMissing()
    {
        final EventLog log = new EventLog();
        log.add(EventKind.GPU_START.code(), T0, 1, 0, 0, 0, 0, 0, 0, 0);
        final TimelineReport report = TimelineAnalysis.analyze(log);
        assertEquals(1, report.unfinishedWindows());
        assertTrue(report.partitions().isEmpty());
        assertTrue(TextReport.render(report).contains("1 GPU window(s) never closed"));
    }

    @Test
    void shouldListTheFirstErrorsAndCountTheRestWhenManyJobsFailed()
    {
        final List<String> errors = IntStream.range(0, 25).mapToObj(i -> "job " + i + " failed")
            .toList();
        final TimelineReport report = new TimelineReport(25, T0, T0, 1, 0, errors, List.of(), List.of(), List.of(), 0,
            0.2);
        final String text = TextReport.render(report);
        assertEquals(TimelineReport.ERRORS_LISTED + 1, text.lines().filter(l -> l.startsWith("ERROR ")).count(), text);
        assertTrue(text.contains("ERROR job 9 failed\n") && !text.contains("job 10 failed"), text);
        assertTrue(text.contains("ERROR ... and 15 more errors (25 in all)\n"), text);
        assertEquals(errors.subList(0, 3), new TimelineReport(3, T0, T0, 1, 0, errors.subList(0, 3), List.of(),
            List.of(), List.of(), 0, 0.2).listedErrors());
    }
}
