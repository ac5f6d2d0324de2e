const DAY = 86_400_000;

/**
 * Milliseconds since the last local midnight in `zone`, from the wall clock there. Right around midnight this
 * is exact in zones whose clock changes lie elsewhere in the night (Europe: 02:00/03:00).
 */
export function msSinceLocalMidnight(zone: string, at = Date.now()): number {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (at % 1000);
}

/**
 * For a test about "today" in `zone` (e.g. a change since local midnight): waits, if needed, until the local
 * day lasts at least `spanMs` more, so that the day its data was seeded for is still the server's day when it
 * checks. Returns the current time and the last local midnight, which lies at least `sinceMs` in the past.
 */
export async function awayFromLocalMidnight(
  zone: string,
  spanMs: number,
  sinceMs = 2000,
): Promise<{ now: number; midnight: number }> {
  for (;;) {
    const now = Date.now();
    const since = msSinceLocalMidnight(zone, now);
    if (since >= sinceMs && since <= DAY - spanMs) return { now, midnight: now - since };
    const wait = since < sinceMs ? sinceMs - since : DAY - since + sinceMs;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
