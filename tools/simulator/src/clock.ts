/** Simulated time: runs `speed` times as fast as real time from a chosen start. */
export interface Clock {
  /** Simulated now, UTC ms. */
  now(): number;
  /** Real milliseconds that pass while `simulatedMs` pass on this clock. */
  realDuration(simulatedMs: number): number;
}

export class VirtualClock implements Clock {
  private readonly realStart: number;

  constructor(
    readonly speed = 1,
    readonly start: number = Date.now(),
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(speed > 0)) throw new Error('speed must be > 0');
    this.realStart = realNow();
  }

  now(): number {
    return this.start + (this.realNow() - this.realStart) * this.speed;
  }

  realDuration(simulatedMs: number): number {
    return simulatedMs / this.speed;
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
