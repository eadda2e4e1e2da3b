// The server process's memory as the bench reads it (docs/quality.md, Memory).
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** The child's resident set now and its peak, in MB (Linux /proc). */
export function rssOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Starts a phase: the child's peak (VmHWM) is reset to its RSS now (Linux clear_refs 5), so
 * the peak read at the phase's end is that phase's own. False where the kernel refuses it;
 * the peak is then the process's since its start.
 */
export function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples the child's RSS every 100 ms while `work` runs; answers its result and the max. */
export async function sampled<T>(pid: number, work: () => Promise<T>) {
  let max = rssOf(pid).rss;
  const timer = setInterval(() => {
    max = Math.max(max, rssOf(pid).rss);
  }, 100);
  try {
    const result = await work();
    return { result, maxRss: Math.max(max, rssOf(pid).rss) };
  } finally {
    clearInterval(timer);
  }
}

/** The server's process.memoryUsage(), as it reports it (serve.mjs). */
export function memoryOf(child: ChildProcess) {
  return new Promise<string>((resolve) => {
    child.once('message', (m) => resolve((m as { memory: string }).memory));
    child.send({ type: 'memory' });
  });
}
