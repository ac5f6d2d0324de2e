import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * docs/operations.md, "Tests": CHROMIUM_PATH, then Debian's headless shell, then its full Chromium, else the
 * Chromium shipped in @sparticuz/chromium. The headless shell is the same engine without the desktop browser
 * around it (what Playwright itself runs headless): the full browser's own process took about four times the
 * CPU of the shell's on the same tests, and the browser tests run beside the API suite on two cores.
 */
export async function chromiumPath(): Promise<string> {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}
