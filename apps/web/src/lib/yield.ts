/**
 * Gives the browser the main thread for a moment (input, paint, network callbacks) and resumes in
 * a new task: work split at these points never makes one long task (Lighthouse TBT counts every
 * task over 50 ms; its mobile profile runs the CPU 4× slower). `scheduler.yield` where the browser
 * has it (resumes ahead of other queued tasks), else a message-channel task (no 4 ms timer clamp).
 */
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
