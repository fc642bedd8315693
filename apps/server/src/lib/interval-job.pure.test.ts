import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from './interval-job.ts';

const quietLog = () => ({ error: vi.fn(), info: vi.fn() });

describe('startIntervalJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every interval, never two passes at once, and stops', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(() => new Promise<number>((r) => (release = () => r(1))));
    const report = vi.fn();
    const stop = startIntervalJob({ name: 'slow job', everyMs: 1000, run, report }, quietLog());
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    // The first pass is still running: the next two ticks skip.
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenCalledWith(1, expect.anything());
    void stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('stop waits for the pass in flight (the database must not close under it)', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(() => new Promise<number>((r) => (release = () => r(1))));
    const stop = startIntervalJob({ name: 'slow job', everyMs: 1000, run, immediate: true }, quietLog());
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(3000);
    expect(stopped).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed pass by the job name and tries again next tick; immediate runs at once', async () => {
    const log = quietLog();
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(0);
    const stop = startIntervalJob({ name: 'flaky job', everyMs: 500, run, immediate: true }, log);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'flaky job failed');
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await stop();
  });
});
