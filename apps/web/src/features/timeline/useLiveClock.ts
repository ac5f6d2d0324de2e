import { useEffect, useState } from 'react';

/** How often live mode moves its window and reloads (controllers report every 1–6 h; the weather hourly). */
export const LIVE_REFRESH_MS = 60_000;

const visible = () => document.visibilityState !== 'hidden';

/**
 * The current time for live mode: ticks every LIVE_REFRESH_MS while `enabled` and the tab is visible,
 * stops while it is hidden (no reloads nobody sees) and ticks at once when it is shown again.
 * The time is rounded to whole seconds so that the series request (and its cache key) is stable in between.
 */
export function useLiveClock(enabled: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const tick = () => setNow(new Date(Math.floor(Date.now() / 1000) * 1000));
    const start = () => {
      window.clearInterval(timer);
      timer = visible() ? window.setInterval(tick, LIVE_REFRESH_MS) : undefined;
    };
    const onVisibility = () => {
      if (visible()) tick();
      start();
    };
    tick();
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled]);
  return now;
}
