import { describe, expect, it } from 'vitest';
import { shareCreateSchema } from '@hivescope/contract';
import { initialValues, shareBody } from './shareForm';

describe('the share form body', () => {
  const base = { ...initialValues(null, Date.UTC(2025, 4, 10)), scales: ['3'] };

  it('starts with the public-map link off', () => {
    expect(base.publicOnMap).toBe(false);
    expect(shareBody({ ...base, type: 'live' })).not.toHaveProperty('publicOnMap');
  });

  it('sends publicOnMap for a live feed when ticked, and the contract accepts it', () => {
    const body = shareBody({ ...base, type: 'live', days: 5, publicOnMap: true });
    expect(body).toMatchObject({ type: 'live', days: 5, publicOnMap: true });
    expect(shareCreateSchema.safeParse(body).success).toBe(true);
  });

  it('never sends it for another type, even when ticked before switching the type', () => {
    for (const type of ['fixed', 'yearToDate'] as const) {
      const body = shareBody({ ...base, type, publicOnMap: true });
      expect(body, type).not.toHaveProperty('publicOnMap');
      expect(shareCreateSchema.safeParse(body).success, type).toBe(true);
    }
  });

  it('the contract refuses publicOnMap on anything but a live feed, with its own message', () => {
    const body = { ...shareBody({ ...base, type: 'yearToDate' }), publicOnMap: true };
    const result = shareCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['publicOnMap', 'errors:shareMapLiveOnly'],
    ]);
  });
});
