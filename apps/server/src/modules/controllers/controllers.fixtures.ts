import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { controllers, readings, scales, watches } from '../../db/schema';
import { newWatchCode } from './watch-code';

/** Test helpers: controllers, scales, readings and watches written straight into the database. */

export const randomDigits = (n = 15) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');

export type SeededController = { id: number; imsi: string; imei: string | null; watchCode: string | null };

export async function seedController(
  db: Db,
  opts: {
    ownerId?: number | null;
    affiliationId?: number | null;
    name?: string;
    imei?: string | null;
    timeZone?: string;
    location?: { lat: number; lng: number };
    subscriptionEnd?: Date;
  } = {},
): Promise<SeededController> {
  const imsi = randomDigits();
  const imei = opts.imei === undefined ? randomDigits() : opts.imei;
  const ownerId = opts.ownerId ?? null;
  const watchCode = ownerId === null ? null : newWatchCode();
  const [row] = await db
    .insert(controllers)
    .values({
      name: opts.name ?? `Stand ${imsi.slice(-4)}`,
      imsi,
      imei,
      ownerId,
      affiliationId: opts.affiliationId ?? null,
      watchCode,
      lat: opts.location?.lat ?? null,
      lng: opts.location?.lng ?? null,
      timeZone: opts.timeZone ?? 'Europe/Zurich',
      subscriptionEnd: opts.subscriptionEnd ?? new Date(Date.now() + 400 * 86_400_000),
      deviceTokenHash: crypto.randomBytes(32).toString('hex'),
      registeredAt: ownerId === null ? null : new Date(),
    })
    .returning({ id: controllers.id });
  if (!row) throw new Error('controller not created');
  return { id: row.id, imsi, imei, watchCode };
}

export async function seedScale(
  db: Db,
  controllerId: number,
  channel: number,
  opts: Partial<typeof scales.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(scales)
    .values({
      name: `Volk ${channel}`,
      setupAt: new Date('2020-01-01T00:00:00Z'),
      ...opts,
      controllerId,
      channel,
    })
    .returning({ id: scales.id });
  if (!row) throw new Error('scale not created');
  return row.id;
}

export type SeedReading = { time: string; weight?: number; temperature?: number; humidity?: number };

export async function seedReadings(db: Db, controllerId: number, channel: number, rows: SeedReading[]) {
  if (rows.length === 0) return;
  await db.insert(readings).values(
    rows.map((r) => ({
      controllerId,
      channel,
      time: new Date(r.time),
      weight: r.weight ?? null,
      temperature: r.temperature ?? null,
      humidity: r.humidity ?? null,
    })),
  );
}

export async function seedWatch(db: Db, userId: number, controllerId: number) {
  await db.insert(watches).values({ userId, controllerId });
}

export async function controllerRow(db: Db, id: number) {
  const [row] = await db.select().from(controllers).where(eq(controllers.id, id));
  if (!row) throw new Error(`controller ${id} missing`);
  return row;
}

export async function scalesOf(db: Db, controllerId: number) {
  return db
    .select()
    .from(scales)
    .where(eq(scales.controllerId, controllerId))
    .orderBy(scales.channel, scales.id);
}

export async function watchesOf(db: Db, controllerId: number) {
  return db.select().from(watches).where(eq(watches.controllerId, controllerId));
}

export async function count(db: Db, table: typeof controllers | typeof scales | typeof watches) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

type Injectable = {
  inject: (opts: {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }) => Promise<{ statusCode: number; json: () => unknown }>;
};

/**
 * A compact API caller for tests: `call<Controller[]>('GET', '/api/controller', { user, body, lang })` (English by
 * default). `message` is the answer's message (errors and saves), `body` the parsed JSON typed as asked.
 */
export function caller(app: Injectable) {
  return async <T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts: { user?: { cookie: string }; body?: unknown; lang?: string } = {},
  ) => {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en' };
    if (opts.user) headers.cookie = opts.user.cookie;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    const body = res.json();
    const message =
      typeof body === 'object' && body !== null && 'message' in body
        ? String((body as { message: unknown }).message)
        : undefined;
    return { status: res.statusCode, body: body as T, message };
  };
}
