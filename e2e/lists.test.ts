import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loginViaApi } from './lib/controllers';
import { newContext, sql } from './lib/app';
import { expectVisible } from './lib/expect';
import { adminWithProfile } from './lib/users';
import { ADMIN } from './global-setup';

/**
 * The admin tables page and search on the server (docs/api-conventions.md "Lists and pagination"): 60
 * controllers and 55 users carrying this run's tag, more than one page (50) each.
 */
const tag = `L${Date.now().toString(36)}`;
const CONTROLLERS = 60;
const USERS = 55;

async function seed() {
  const base = String(Date.now() % 1_000_000_000).padStart(9, '0');
  await sql(
    `INSERT INTO controllers (name, imsi, subscription_end, device_token_hash, update_interval)
     SELECT $1 || ' ' || lpad(g::text, 2, '0'), '7' || $2 || lpad(g::text, 5, '0'), now() + interval '1 year',
            md5($1 || g) || md5('t' || $1 || g), 3
     FROM generate_series(1, $3::int) g`,
    [`Liste ${tag}`, base, CONTROLLERS],
  );
  await sql(
    `INSERT INTO users (email, password_hash, first_name, last_name, city)
     SELECT 'liste-' || lower($1) || '-' || lpad(g::text, 2, '0') || '@example.org', 'x', 'Liste', $1, 'Aarau'
     FROM generate_series(1, $2::int) g`,
    [tag, USERS],
  );
}

describe('server-paged admin tables', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    await seed();
  });
  afterAll(() => browser.close());

  async function adminPage(path: string): Promise<Page> {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }
  const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr');
  const firstCell = async (page: Page, table: string) =>
    rows(page, table).first().locator('td').first().textContent();

  it('/a/controllers searches on the server, loads 50 rows a page, sorts by a header click', async () => {
    const page = await adminPage('/a/controllers');
    const table = 'admin-controllers-table';
    await expectVisible(page.getByTestId(table), 'the controllers table');
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/admin/controllers?') && r.url().includes(`q=${tag}`),
    );
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/admin/controllers?') && r.url().includes(`q=${tag}`),
    );
    await page.getByTestId(`${table}-filter`).fill(tag);
    expect(new URL((await asked).url()).searchParams.get('q')).toBe(tag);
    expect((await answered).status()).toBe(200);
    await expect.poll(() => rows(page, table).count()).toBe(50);
    await expect.poll(() => firstCell(page, table)).toContain(tag);
    expect(await page.getByTestId(`${table}-count`).getAttribute('data-count')).toBe('50');
    await page.getByTestId(`${table}-more`).click();
    await expect.poll(() => rows(page, table).count()).toBe(CONTROLLERS);
    expect(await page.getByTestId(`${table}-more`).count()).toBe(0);
    const names = await rows(page, table).locator('td:first-child').allTextContents();
    expect(names).toEqual(
      Array.from({ length: CONTROLLERS }, (_, i) => `Liste ${tag} ${String(i + 1).padStart(2, '0')}`),
    );
    // a header click sorts on the server and starts over at the first page
    await page.getByTestId(`${table}-sort-name`).click();
    await expect.poll(() => firstCell(page, table)).toBe(`Liste ${tag} ${CONTROLLERS}`);
    expect(await rows(page, table).count()).toBe(50);
    await page.getByTestId(`${table}-filter`).fill(`${tag} 07`);
    await expect.poll(() => rows(page, table).count()).toBe(1);
    await expect.poll(() => firstCell(page, table)).toBe(`Liste ${tag} 07`);
  });

  it('/a/users searches on the server, loads more and sorts by email', async () => {
    const page = await adminPage('/a/users');
    await expectVisible(page.getByTestId('users-table'), 'the users table');
    // the unfiltered first page has 50 rows too once other tests made users: wait for the search's answer
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/admin/users?') && r.url().includes(`q=${tag.toLowerCase()}`),
    );
    await page.getByTestId('users-filter').fill(tag.toLowerCase());
    expect((await answered).status()).toBe(200);
    await expect.poll(() => rows(page, 'users-table').count()).toBe(50);
    await expect.poll(() => firstCell(page, 'users-table')).toContain(tag.toLowerCase());
    await page.getByTestId('users-more').click();
    await expect.poll(() => rows(page, 'users-table').count()).toBe(USERS);
    expect(await page.getByTestId('users-count').getAttribute('data-count')).toBe(String(USERS));
    await page.getByTestId('users-sort-email').click();
    const last = `liste-${tag.toLowerCase()}-${USERS}@example.org`;
    await expect.poll(async () => (await firstCell(page, 'users-table'))?.trim()).toBe(last);
    await page.getByTestId('users-filter').fill('nobody-' + tag);
    await expectVisible(page.getByTestId('users-empty'), 'the empty-list hint');
  });
});
