import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LOGIN_PATH, safeFrom } from '@hivescope/contract';
import type { AppContext } from './context';
import { clearSessionCookie, SESSION_COOKIE } from './modules/session/session.cookie';
import { liveSession } from './modules/session/session.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether the request carries a live session (the session module's lookup); a dead cookie is cleared. */
async function hasLiveSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  if (await liveSession(ctx, token)) return true;
  clearSessionCookie(reply, ctx.config);
  return false;
}

/**
 * Serves the built web app: the single-page app (index.html) and the login page outside it (login.html,
 * docs/decisions.md "Web bundle and first load"). `/` and `/login` depend on the session: without a live one
 * both get the login page; with one, `/` gets the app (it opens the dashboard) and `/login` redirects to its
 * `from` path or the dashboard. Every other path that is not a file gets index.html (client-side routing).
 * Files under /assets carry a content hash in their name, so browsers keep them for a year; the HTML pages
 * and the other files are revalidated on every use (`no-cache`), so a new deployment is picked up at once.
 */
export async function serveWeb(app: FastifyInstance, ctx: AppContext, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return;
  const login = path.join(dist, 'login.html');
  // serve: false — only reply.sendFile. With routes of its own (one per file found at start-up) @fastify/static
  // answered every asset itself, with `public, max-age=0`; cacheControl: false keeps it off our header.
  await app.register(fastifyStatic, { root: dist, serve: false, cacheControl: false });

  // Read per request (small files): a rebuilt web app is served without restarting the server.
  const page = (reply: FastifyReply, file: string) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(fs.readFileSync(fs.existsSync(file) ? file : index));

  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const [pathname = '/', query = ''] = request.url.split('?');
    if (pathname === '/' || pathname === LOGIN_PATH) {
      if (!(await hasLiveSession(ctx, request, reply))) return page(reply, login);
      if (pathname === '/') return page(reply, index);
      const from = new URLSearchParams(query).get('from');
      return reply.header('cache-control', 'no-cache').redirect(safeFrom(from));
    }
    const file = path.join(dist, decodeURIComponent(pathname));
    const rel = path.relative(dist, file);
    // dot-files are build records (Vite's .vite/manifest.json, read by the bundle-size guard), not the web app
    const hidden = rel.split(path.sep).some((part) => part.startsWith('.'));
    if (!hidden && file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      reply.header('cache-control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      return reply.sendFile(rel);
    }
    return page(reply, index);
  });
}
