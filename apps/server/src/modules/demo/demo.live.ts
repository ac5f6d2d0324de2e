import { VirtualController, sleep, type ReportOutcome } from '@hivescope/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoDevice } from './demo.seed';

const HOUR_MS = 3600_000;
const MINUTE_MS = 60_000;

/** Minutes between live samples: 15 at real speed, down to 1 minute when the demo runs faster. */
export const liveSamplingMinutes = (speed: number) => Math.min(15, Math.max(1, Math.round(15 / speed)));

/**
 * Keeps the demo controllers reporting live through the real HTTP device protocol (the simulator's
 * VirtualController POSTs to `baseUrl`). Readings are always stamped with real time; DEMO_SPEED = k makes
 * the controllers sample k times as often and report k times as often (every updateInterval / k) — the
 * clock is never run ahead, since the server refuses readings from the future. A failed report keeps its
 * readings buffered for the next one, like a real transmitter. Returns the stop function.
 */
export function startLiveDemo(opts: {
  baseUrl: string;
  devices: DemoDevice[];
  speed: number;
  log: FastifyBaseLogger;
  /** UTC ms now (tests shift it); default Date.now */
  clock?: () => number;
}): () => Promise<void> {
  const { baseUrl, devices, speed, log } = opts;
  const clock = opts.clock ?? Date.now;
  const abort = new AbortController();
  const samplingMinutes = liveSamplingMinutes(speed);
  const onReport = (o: ReportOutcome) => {
    if (o.ok) log.debug({ controller: o.controller, sent: o.sent, accepted: o.accepted }, 'demo report');
    else if (!o.skipped)
      log.warn({ controller: o.controller, status: o.status, error: o.error }, 'demo report failed');
  };
  const runs = devices.map(async ({ def, token }) => {
    const vc = new VirtualController({ baseUrl, token, def, samplingMinutes }, { onReport });
    vc.startAt(clock());
    let lastFlush = clock();
    const pause = Math.max(1000, Math.min(30_000, (samplingMinutes * MINUTE_MS) / speed / 2));
    while (!abort.signal.aborted) {
      await sleep(pause, abort.signal);
      if (abort.signal.aborted) break;
      const now = clock();
      try {
        await vc.tick(now);
        if (speed > 1 && now - lastFlush >= (vc.updateIntervalHours * HOUR_MS) / speed) {
          lastFlush = now;
          onReport(await vc.report(now));
        }
      } catch (err) {
        log.warn({ err, controller: def.name }, 'demo controller failed');
      }
    }
  });
  return async () => {
    abort.abort();
    await Promise.allSettled(runs);
  };
}
