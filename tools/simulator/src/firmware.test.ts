import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceFirmwareOffer, DeviceReportAnswer } from '@hivescope/contract';
import { VirtualController } from './controller';
import { downloadFirmware, failsUpdates, sha256Of, type FirmwareFailure } from './firmware';
import { createDemoFleet, type ControllerDef } from './fleet';
import { HOUR_MS, MINUTE_MS } from './model/time';
import { startDeviceServer, type DeviceServer } from './testing/device-server';

const image = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 13 + (i >> 9)) & 0xff));
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** A firmware server answering Range requests like the real one (206, If-Range); records the ranges asked. */
async function firmwareServer(bytes: Buffer) {
  const ranges: string[] = [];
  const server = createServer((req, res) => {
    const range = req.headers.range ?? '';
    ranges.push(range);
    const m = /^bytes=(\d+)-(\d+)$/.exec(range);
    if (!m) {
      res.writeHead(200, { etag: `"${sha256Of(bytes)}"` }).end(bytes);
      return;
    }
    const start = Number(m[1]);
    const end = Math.min(Number(m[2]), bytes.length - 1);
    res
      .writeHead(206, {
        etag: `"${sha256Of(bytes)}"`,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
      })
      .end(bytes.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${port}/api/device/v1/firmware/1.5.0`, ranges };
}

const offerOf = (url: string, bytes = image): DeviceFirmwareOffer => ({
  version: '1.5.0',
  url,
  sha256: sha256Of(bytes),
  size: bytes.length,
});

describe('downloadFirmware', () => {
  it('fetches the image in Range pieces and resumes after a broken connection', async () => {
    const server = await firmwareServer(image);
    let calls = 0;
    // the third request dies (GSM connection lost): the next one asks for the same piece again
    const flaky = (input: string, init: RequestInit) =>
      ++calls === 3 ? Promise.reject(new Error('socket hang up')) : fetch(input, init);
    const got = await downloadFirmware(flaky, offerOf(server.url), 'tok', { pieceBytes: 30_000 });
    expect(got.ok).toBe(true);
    expect(got.ok && got.bytes.equals(image)).toBe(true);
    expect(server.ranges).toEqual([
      'bytes=0-29999',
      'bytes=30000-59999',
      'bytes=60000-89999',
      'bytes=90000-99999',
    ]);
    expect(got.requests).toBe(5);
  });

  it('refuses an image whose SHA-256 or size differs from the offer', async () => {
    const server = await firmwareServer(image);
    const wrongHash = { ...offerOf(server.url), sha256: sha256Of(Buffer.from('other')) };
    expect(await downloadFirmware(fetch, wrongHash, 'tok')).toMatchObject({
      ok: false,
      error: 'checksum mismatch',
    });
    const wrongSize = { ...offerOf(server.url), size: image.length - 1 };
    expect(await downloadFirmware(fetch, wrongSize, 'tok')).toMatchObject({ ok: false });
  });

  it('picks the failing share of a fleet deterministically', () => {
    const seeds = Array.from({ length: 1000 }, (_, i) => i);
    const failing = seeds.filter((s) => failsUpdates(s, 0.2)).length;
    expect(failing).toBeGreaterThan(150);
    expect(failing).toBeLessThan(250);
    expect(seeds.filter((s) => failsUpdates(s, 0)).length).toBe(0);
    expect(failsUpdates(17, 0.5)).toBe(failsUpdates(17, 0.5));
  });
});

describe('VirtualController firmware updates', () => {
  const def = createDemoFleet(7, 1)[0] as ControllerDef;
  const T0 = Date.UTC(2025, 5, 2, 10) + 10 * MINUTE_MS;

  async function run(failure: FirmwareFailure | undefined, bytes = image) {
    const fw = await firmwareServer(bytes);
    // the server offers 1.5.0 (with the real image's checksum) until the controller reports it
    const device: DeviceServer = await startDeviceServer((body) => {
      const answer: DeviceReportAnswer = {
        accepted: body.readings.length,
        duplicates: 0,
        config: {
          updateInterval: 1,
          scaleGain: 200,
          firmware: body.firmware === '1.5.0' ? null : offerOf(fw.url),
        },
      };
      return { status: 200, json: answer };
    });
    closers.push(() => device.close());
    const controller = new VirtualController({
      baseUrl: device.url,
      token: 'tok',
      def,
      missedReports: false,
      ...(failure ? { firmwareFailure: failure } : {}),
    });
    controller.startAt(T0);
    const outcomes = [];
    for (let h = 1; h <= 3; h++) outcomes.push(...(await controller.tick(T0 + h * HOUR_MS)));
    return { outcomes, reported: device.requests.map((r) => r.body.firmware), controller };
  }

  it('downloads the offered firmware, checks it and reports the new version', async () => {
    const { outcomes, reported, controller } = await run(undefined);
    expect(outcomes[0]?.firmware).toMatchObject({ version: '1.5.0', installed: true });
    expect(reported).toEqual(['1.4.2', '1.5.0', '1.5.0']);
    expect(controller.firmware).toBe('1.5.0');
  });

  it('keeps its version when the image does not match the offer', async () => {
    const { outcomes, reported } = await run(undefined, Buffer.from('corrupt image'));
    expect(outcomes[0]?.firmware).toMatchObject({ installed: false });
    expect(reported).toEqual(['1.4.2', '1.4.2', '1.4.2']);
  });

  it('falls back to its old version or goes silent after one report when told to fail', async () => {
    const back = await run('fallBack');
    expect(back.reported.slice(0, 3)).toEqual(['1.4.2', '1.5.0', '1.4.2']);
    const silent = await run('silent');
    expect(silent.reported).toEqual(['1.4.2', '1.5.0']);
    expect(silent.outcomes[2]?.skipped).toBe('silent');
  });
});
