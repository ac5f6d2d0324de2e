import fs from 'node:fs';

/** Resident set size of a process in bytes, from /proc (Linux); null where /proc is missing. */
export function rss(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export type RssSample = { start: number; peak: number; end: number; samples: number };

/**
 * Samples a process's RSS every `everyMs` until stop(): the value at the start, the highest seen and the
 * last. Throws when the platform has no /proc (the bench then cannot judge memory).
 */
export function sampleRss(pid: number, everyMs = 10): { stop: () => RssSample } {
  const start = rss(pid);
  if (start === null) throw new Error(`cannot read the RSS of process ${pid} (no /proc?)`);
  let peak = start;
  let last = start;
  let samples = 1;
  const timer = setInterval(() => {
    const now = rss(pid);
    if (now === null) return;
    last = now;
    peak = Math.max(peak, now);
    samples += 1;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      const now = rss(pid) ?? last;
      return { start, peak: Math.max(peak, now), end: now, samples: samples + 1 };
    },
  };
}
