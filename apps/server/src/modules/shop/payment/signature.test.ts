import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './signature';

const SECRET = 'whsec_unit_test_secret_0123456789';
const BODY = '{"id":"evt_1","type":"checkout.session.completed"}';
const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('webhook signatures (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body")', () => {
  it('accepts its own signature within 5 minutes, also among other v1 values (key rotation)', () => {
    const header = signWebhook(SECRET, BODY, NOW);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(SECRET, BODY, header, NOW + 299_000)).toBe(true);
    expect(
      verifyWebhook(SECRET, BODY, `${header.replace('v1=', 'v1=' + '0'.repeat(64) + ',v1=')}`, NOW),
    ).toBe(true);
  });

  it('refuses another body, another secret, an old or future timestamp, a missing or garbled header', () => {
    const header = signWebhook(SECRET, BODY, NOW);
    expect(verifyWebhook(SECRET, `${BODY} `, header, NOW)).toBe(false);
    expect(verifyWebhook(`${SECRET}x`, BODY, header, NOW)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header, NOW + 301_000)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header, NOW - 301_000)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, undefined, NOW)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header.replace(/v1=.*/, 'v1=abc'), NOW)).toBe(false);
    expect(verifyWebhook(SECRET, BODY, header.replace(/t=\d+/, 't=x'), NOW)).toBe(false);
  });
});
