import { describe, expect, it } from 'vitest';
import { newShareUrl, readSharePrefill } from './shareUrl';

describe('share prefill links', () => {
  it('a link built for the timeline decodes to the same prefill', () => {
    const prefill = {
      scales: [12, 13],
      series: ['weight' as const, 'windSpeed' as const],
      type: 'fixed' as const,
      xmin: 1_700_000_000,
      xmax: 1_700_600_000,
    };
    const url = new URL(newShareUrl(prefill), 'http://x');
    expect(url.pathname).toBe('/settings');
    expect(url.searchParams.get('tab')).toBe('sharing');
    expect(readSharePrefill(url.searchParams)).toEqual(prefill);
  });

  it('drops unknown parts and needs share=new', () => {
    expect(readSharePrefill(new URLSearchParams('tab=sharing'))).toBeNull();
    expect(
      readSharePrefill(new URLSearchParams('share=new&scales=1,x,-2&series=weight,bogus&type=odd')),
    ).toEqual({
      scales: [1],
      series: ['weight'],
      type: 'fixed',
    });
  });
});
