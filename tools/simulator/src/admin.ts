/** Creating simulator controllers on a server through its admin API (login + create controller). */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ControllerDef } from './fleet';

/** The web client sends the lowercase hex SHA-256 of the password (docs/api-conventions.md); so do we. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function failure(res: Response, what: string): Promise<Error> {
  const text = await res.text().catch(() => '');
  return new Error(`${what} failed: HTTP ${res.status} ${text.slice(0, 200)}`);
}

/** Logs in and returns the session cookie header value. */
export async function adminLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(new URL('/api/user/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: sha256Hex(password) }),
  });
  if (!res.ok) throw await failure(res, 'admin login');
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
  if (!cookie) throw new Error('admin login returned no session cookie');
  return cookie;
}

const createdSchema = z.object({ id: z.union([z.string(), z.number()]), deviceToken: z.string().min(1) });

export interface CreatedController {
  id: string;
  token: string;
}

/** POST /api/admin/controller for one definition; the server learns the IMEI from the first report. */
export async function createController(
  baseUrl: string,
  cookie: string,
  def: ControllerDef,
): Promise<CreatedController> {
  const res = await fetch(new URL('/api/admin/controller', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      name: def.name,
      location: def.location,
      updateInterval: def.updateInterval,
      imsi: def.imsi,
    }),
  });
  if (!res.ok) throw await failure(res, `creating controller ${def.name}`);
  const created = createdSchema.parse(await res.json());
  return { id: String(created.id), token: created.deviceToken };
}
