// The server process's memory as the bench reads it (docs/quality.md, Memory).
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The process's resident set now and its peak, in MB (Linux /proc), and of the set now what is
 * of files (Node's own binary, mostly) and what is anonymous (V8's heap, malloc's); 0 once it
 * has gone.
 */
export function rssOf(pid: number) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rss: 0, peak: 0, file: 0, anon: 0 };
  }
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    rss: kb('VmRSS') / 1024,
    peak: kb('VmHWM') / 1024,
    file: kb('RssFile') / 1024,
    anon: kb('RssAnon') / 1024,
  };
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

/** The CPU time the process has used so far, user and system, in seconds (Linux /proc). */
export function cpuOf(pid: number) {
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The processes `pid` has started and that still run (a backup's, ADR 028). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Samples the process's RSS every 100 ms while `work` runs; answers its result, the max, and
 * the highest peak of any process it started meanwhile (0: none).
 */
export async function sampled<T>(pid: number, work: () => Promise<T>) {
  let max = rssOf(pid).rss;
  let childPeak = 0;
  const sample = () => {
    max = Math.max(max, rssOf(pid).rss);
    for (const child of childrenOf(pid)) childPeak = Math.max(childPeak, rssOf(child).peak);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, maxRss: max, childPeak };
  } finally {
    clearInterval(timer);
  }
}

/** What the server process reports of its memory (serve.mjs), in bytes. */
export interface ServerMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's heap spaces' used bytes by name */
  spaces: Record<string, number>;
}

/** The server's process.memoryUsage() and heap spaces, as it reports them (serve.mjs). */
export function memoryOf(child: ChildProcess) {
  return new Promise<ServerMemory>((resolve) => {
    child.once('message', (m) => resolve((m as { memory: ServerMemory }).memory));
    child.send({ type: 'memory' });
  });
}

/** A heap snapshot of the server written to `path` (BENCH_HEAP). */
export function snapshotOf(child: ChildProcess, path: string) {
  return new Promise<string>((resolve) => {
    child.once('message', (m) => resolve((m as { snapshot: string }).snapshot));
    child.send({ type: 'snapshot', path });
  });
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

/** "V8 heap 36 of 43 MB, external 4 MB": the server's account of its memory, short. */
export const memoryText = (m: ServerMemory) =>
  `V8 heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB (code ${mb(m.spaces.code_space ?? 0)}, large objects ${mb(m.spaces.large_object_space ?? 0)}), external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)})`;
