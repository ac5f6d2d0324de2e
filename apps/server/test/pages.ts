import type { Page } from '@hivescope/contract';

type PageCall<T> = (cursor: string | undefined) => Promise<{ status: number; body: Page<T> }>;

/** Follows `nextCursor` from the first page to the last (at most 100 pages); every page must answer 200. */
export async function allPages<T>(call: PageCall<T>): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await call(cursor);
    if (res.status !== 200) throw new Error(`page ${pages + 1}: status ${res.status}`);
    items.push(...res.body.items);
    cursor = res.body.nextCursor ?? undefined;
    pages += 1;
  } while (cursor !== undefined && pages < 100);
  return { items, pages };
}

/** A cursor as the server makes it (docs/api-conventions.md "Lists and pagination"), for tampering tests. */
export const forgeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
