import autocannon from 'autocannon';

export type LoadResult = { name: string; rps: number; p50: number; p99: number; ok: number; failed: number };

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** Runs autocannon against 127.0.0.1 and keeps what the tables print. */
export async function load(name: string, opts: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors,
  };
}

/** A short warm-up so JIT, pools and prepared statements are ready before measuring. */
export async function warmUp(opts: autocannon.Options) {
  await autocannon({ connections: 10, duration: 2, ...opts });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

export function table(title: string, rows: LoadResult[], baseline?: LoadResult): string {
  const head = `| ${pad('scenario', 52)} | ${lpad('req/s', 8)} | ${lpad('p50 ms', 7)} | ${lpad('p99 ms', 7)} | ${lpad('2xx', 7)} | ${lpad('failed', 6)} |${baseline ? ' vs hello |' : ''}`;
  const sep = head.replace(/[^|]/g, '-');
  const lines = rows.map(
    (r) =>
      `| ${pad(r.name, 52)} | ${lpad(r.rps.toFixed(0), 8)} | ${lpad(String(r.p50), 7)} | ${lpad(String(r.p99), 7)} | ${lpad(String(r.ok), 7)} | ${lpad(String(r.failed), 6)} |` +
      (baseline ? ` ${lpad((r.rps / baseline.rps).toFixed(2), 8)} |` : ''),
  );
  return [`\n${title}`, head, sep, ...lines].join('\n');
}
