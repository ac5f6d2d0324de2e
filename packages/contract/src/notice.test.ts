import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants';
import {
  NOTICE_MAX_CHARS,
  NOTICE_SMS_MAX_CHARS,
  noticeCreateSchema,
  noticeFits,
  noticeRecipientsQuerySchema,
  smsSize,
} from './notice';

/** The SMS counter the notice form shows and the server's limit are one rule (docs/notices.md "Message"). */
describe('smsSize', () => {
  it('counts GSM-7 characters: one SMS up to 160, then parts of 153', () => {
    expect(smsSize('')).toEqual({ chars: 0, parts: 0, replaced: false });
    expect(smsSize('a'.repeat(160))).toMatchObject({ chars: 160, parts: 1 });
    expect(smsSize('a'.repeat(161))).toMatchObject({ chars: 161, parts: 2 });
    expect(smsSize('a'.repeat(306))).toMatchObject({ parts: 2 });
    expect(smsSize('a'.repeat(307))).toMatchObject({ parts: 3 });
    expect(NOTICE_SMS_MAX_CHARS).toBe(459);
  });

  it('counts extension characters twice and replaced characters as their replacement (… is three dots)', () => {
    expect(smsSize('€[]')).toEqual({ chars: 6, parts: 1, replaced: false });
    expect(smsSize('Vorsicht – Faulbrut…')).toEqual({ chars: 22, parts: 1, replaced: true });
    expect(smsSize('🐝')).toEqual({ chars: 1, parts: 1, replaced: true });
  });
});

describe('noticeCreateSchema', () => {
  const base = { regionIds: [1], channelTypes: ['email'], message: 'Hallo' };
  const issues = (v: unknown) =>
    noticeCreateSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('needs a region, a type and a message that fits the chosen types', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, regionIds: [] })).toEqual([['regionIds', 'errors:noticeRegionRequired']]);
    expect(issues({ ...base, channelTypes: [] })).toEqual([['channelTypes', 'errors:noticeTypeRequired']]);
    expect(issues({ ...base, message: ' ' })).toEqual([['message', 'errors:noticeMessageRequired']]);
    const long = 'x'.repeat(NOTICE_SMS_MAX_CHARS + 1);
    expect(issues({ ...base, message: long })).toEqual([]);
    expect(issues({ ...base, channelTypes: ['sms'], message: long })).toEqual([
      ['message', 'errors:noticeSmsTooLong'],
    ]);
    expect(issues({ ...base, message: 'x'.repeat(NOTICE_MAX_CHARS + 1) })).toEqual([
      ['message', 'errors:noticeTooLong'],
    ]);
    expect(noticeFits(long, ['email'])).toBe(true);
    expect(noticeFits(long, ['email', 'sms'])).toBe(false);
  });

  it('drops repeated regions and types', () => {
    expect(
      noticeCreateSchema.parse({ ...base, regionIds: [2, 2], channelTypes: ['sms', 'sms'] }),
    ).toMatchObject({
      regionIds: [2],
      channelTypes: ['sms'],
    });
  });

  it('reads the recipients query from comma lists', () => {
    expect(noticeRecipientsQuerySchema.parse({ regionIds: '3,4', channelTypes: 'email,sms' })).toEqual({
      regionIds: [3, 4],
      channelTypes: ['email', 'sms'],
    });
    expect(noticeRecipientsQuerySchema.safeParse({ regionIds: '', channelTypes: 'email' }).success).toBe(
      false,
    );
    expect(noticeRecipientsQuerySchema.safeParse({ regionIds: '1', channelTypes: 'fax' }).success).toBe(
      false,
    );
  });
});

describe('limit texts', () => {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
  it.each(LOCALES)('%s names the SMS limit the schema applies', (locale) => {
    const errors = JSON.parse(fs.readFileSync(path.join(dir, locale, 'errors.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(errors.noticeSmsTooLong).toContain(String(NOTICE_SMS_MAX_CHARS));
  });
});
