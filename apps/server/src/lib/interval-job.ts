/** What a background job logs through (the app's logger, or console in the CLI). */
export interface JobLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface IntervalJob<T> {
  /** Names the job in the log ("vendor transfer reconciler"). */
  name: string;
  everyMs: number;
  /** One pass; its answer goes to `report`. */
  run(): Promise<T>;
  /** Logs what a pass did, when worth saying (e.g. rows it changed). */
  report?(result: T, log: JobLog): void;
  /** Runs a first pass at once instead of after `everyMs`. */
  immediate?: boolean;
}

/**
 * Runs `job.run` every `everyMs` (DESIGN §3 jobs): never two passes at once (a slow pass makes
 * the next tick skip), a failure is logged and the next tick tries again, and the timer does not
 * keep the process alive. Returns the stop function (called when the app closes): no pass starts
 * after it, and its promise settles when the pass in flight (if any) has finished, so the database
 * is not closed (or a test schema dropped) under a running pass.
 */
export function startIntervalJob<T>(job: IntervalJob<T>, log: JobLog): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const result = await job.run();
        job.report?.(result, log);
      } catch (err) {
        log.error({ err }, `${job.name} failed`);
      } finally {
        running = null;
      }
    })();
  };
  if (job.immediate) tick();
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
