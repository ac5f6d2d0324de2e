import type { APIRequestContext } from 'playwright-core';
import { sha256 } from './app';
import { digits15 } from './device';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Logs a browser context in through the real API (its cookie jar is the context's). */
export async function loginViaApi(request: APIRequestContext, email: string, password: string) {
  await ok(await request.post('/api/user/login', { data: { email, password: sha256(password) } }));
}

/** POST admin/controller as the (logged-in) admin: a new controller and its one-time device token. */
export async function createControllerViaApi(request: APIRequestContext, name: string) {
  const imsi = digits15('22801');
  const imei = digits15('35693');
  const created = await ok<{ id: number; deviceToken: string }>(
    await request.post('/api/admin/controller', {
      data: { name, imsi, imei, updateInterval: 1, location: { lat: 46.95, lng: 7.45 } },
    }),
  );
  return { id: created.id, token: created.deviceToken, imsi, imei };
}

/** POST registration/controller as the (logged-in) owner: one weight scale per given channel name. */
export async function registerControllerViaApi(
  request: APIRequestContext,
  device: { imsi: string; imei: string },
  scales: string[],
) {
  await ok(
    await request.post('/api/registration/controller', {
      data: {
        imsi: device.imsi,
        imei: device.imei,
        channels: scales.map((name, i) => ({ channel: i + 1, name, type: 'weight' })),
      },
    }),
  );
}
