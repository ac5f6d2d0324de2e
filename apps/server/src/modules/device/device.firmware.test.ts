import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { imageBytes, insertImage, sha256 } from '../firmware/firmware.fixtures';
import { parseRange } from '../firmware/download';
import { insertController, type TestController } from './device.fixtures';

describe('GET /api/device/v1/firmware/{version}', () => {
  let t: TestApp;
  let wants: TestController, other: TestController;
  // 3 chunks of 1 KiB and a partial one: ranges cross chunk borders
  const bytes = imageBytes(3 * 1024 + 500, 3);
  const etag = `"${sha256(bytes)}"`;

  beforeAll(async () => {
    t = await createTestApp();
    await insertImage(t.db, '1.5.0', bytes, 1024);
    await insertImage(t.db, '1.6.0', imageBytes(10), 1024);
    wants = await insertController(t.db, { desiredFirmware: '1.5.0' });
    other = await insertController(t.db, { desiredFirmware: '1.6.0' });
  });
  afterAll(() => t.close());

  const get = (token: string, headers: Record<string, string> = {}, version = '1.5.0') =>
    t.app.inject({
      url: `/api/device/v1/firmware/${version}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers },
    });

  it('sends the whole image to the controller that wants it, with ETag = SHA-256 and no compression', async () => {
    const res = await get(wants.token, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag,
    });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers ranges with 206 and Content-Range, so a broken download resumes', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-2100', 1000, 2100], // crosses two chunk borders
      ['bytes=3000-', 3000, bytes.length - 1],
      ['bytes=-200', bytes.length - 200, bytes.length - 1],
      ['bytes=3500-999999', 3500, bytes.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(wants.token, { range });
      expect([range, res.statusCode]).toEqual([range, 206]);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    // resuming from the middle and joining the parts gives the image back
    const head = await get(wants.token, { range: 'bytes=0-1535' });
    const tail = await get(wants.token, { range: 'bytes=1536-', 'if-range': etag });
    expect(sha256(Buffer.concat([head.rawPayload, tail.rawPayload]))).toBe(sha256(bytes));
  });

  it('refuses a range beyond the image with 416; sends all of it when If-Range names another image', async () => {
    const beyond = await get(wants.token, { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.json()).toEqual({ message: 'The requested range lies outside the firmware image' });
    const changed = await get(wants.token, { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(bytes.length);
    const same = await get(wants.token, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
  });

  it('refuses another controller’s token, a version not wanted, a missing image and a wrong token', async () => {
    const foreign = await get(other.token);
    expect([foreign.statusCode, foreign.json()]).toEqual([
      403,
      { message: 'This firmware version is not offered to this device' },
    ]);
    expect((await get(wants.token, {}, '1.6.0')).statusCode).toBe(403);
    const orphan = await insertController(t.db, { desiredFirmware: '1.7.0' });
    const missing = await get(orphan.token, {}, '1.7.0');
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { message: 'No firmware image is available for this version' },
    ]);
    const none = await t.app.inject({ url: '/api/device/v1/firmware/1.5.0' });
    expect(none.statusCode).toBe(401);
    expect((await get('not-a-token')).statusCode).toBe(401);
  });
});

describe('parseRange', () => {
  it('reads one range, ignores what it does not understand and flags ranges beyond the end', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=0-9,20-29', 100)).toBeNull();
    expect(parseRange('bytes=9-0', 100)).toBeNull();
    expect(parseRange('items=0-9', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
