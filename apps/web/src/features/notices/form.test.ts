import { describe, expect, it } from 'vitest';
import { counterOf, noticeBody, type NoticeFormValues } from './form';

/** The notice form's rules: the contract's schema per field, and the counter of characters and SMS parts. */
const values = (change: Partial<NoticeFormValues> = {}): NoticeFormValues => ({
  affiliation: null,
  regionIds: ['4'],
  channelTypes: ['email'],
  message: 'Kontrolle am Montag',
  ...change,
});

describe('noticeBody', () => {
  it('builds the body; a manager never sends an affiliation, an admin their choice', () => {
    expect(noticeBody(values({ affiliation: '7' }), false)).toEqual({
      body: { regionIds: [4], channelTypes: ['email'], message: 'Kontrolle am Montag' },
    });
    expect(noticeBody(values({ affiliation: '7' }), true)).toMatchObject({ body: { affiliationId: 7 } });
    expect(noticeBody(values({ affiliation: 'none' }), true)).toMatchObject({
      body: { affiliationId: null },
    });
  });

  it('names every missing part at once', () => {
    expect(noticeBody(values({ regionIds: [], channelTypes: [], message: '' }), false)).toEqual({
      errors: {
        regionIds: 'errors:noticeRegionRequired',
        channelTypes: 'errors:noticeTypeRequired',
        message: 'errors:noticeMessageRequired',
      },
    });
  });

  it('refuses a message too long for SMS only when SMS is chosen', () => {
    const message = 'a'.repeat(460);
    expect(noticeBody(values({ message }), false)).toHaveProperty('body');
    expect(noticeBody(values({ message, channelTypes: ['email', 'sms'] }), false)).toEqual({
      errors: { message: 'errors:noticeSmsTooLong' },
    });
  });
});

describe('counterOf', () => {
  it('counts characters against 2,000 for mail', () => {
    expect(counterOf('  Hallo ', ['email'])).toEqual({
      key: 'counter.mail',
      params: { chars: 5, max: 2000 },
      over: false,
      replaced: false,
    });
  });

  it('counts GSM-7 characters and SMS parts against 459 / 3 with SMS', () => {
    expect(counterOf('a'.repeat(161), ['sms'])).toMatchObject({
      params: { chars: 161, max: 459, parts: 2, maxParts: 3 },
      over: false,
    });
    expect(counterOf('a'.repeat(460), ['email', 'sms'])).toMatchObject({ over: true });
    expect(counterOf('Bienen 🐝', ['sms'])).toMatchObject({ replaced: true });
  });
});
