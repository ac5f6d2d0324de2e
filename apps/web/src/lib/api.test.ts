import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, configureApi, post } from './api';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

function respond(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body || null, { status, headers: { 'content-type': contentType } });
    }),
  );
}

beforeEach(() => {
  calls = [];
  onUnauthorized = vi.fn<() => void>();
  configureApi({ getLocale: () => 'fr', onUnauthorized, networkErrorMessage: () => 'offline' });
  vi.stubGlobal('window', { location: { search: '?token=share-123&x=1' } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends cookies, JSON, the locale and the share token', async () => {
    respond(200, '{"ok":true}');
    await expect(post('user/profile', { a: 1 })).resolves.toEqual({ ok: true });
    const [{ url, init }] = calls as [Call];
    expect(url).toBe('/api/user/profile');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      'Accept-Language': 'fr',
      'X-Share-Token': 'share-123',
      'Content-Type': 'application/json',
    });
  });

  it("does not send a confirmation link's token as a share token (shareToken: false)", async () => {
    respond(200, '{"message":"ok"}');
    await post('notification/confirm', { token: 'share-123' }, { shareToken: false });
    expect(calls[0]?.init.headers).not.toHaveProperty('X-Share-Token');
  });

  it('sends no content type without a body and builds query strings', async () => {
    respond(200, '');
    await expect(
      api('user/passwordReset/request', { method: 'POST', query: { email: 'a+b@x.ch' } }),
    ).resolves.toBe(undefined);
    expect(calls[0]?.url).toBe('/api/user/passwordReset/request?email=a%2Bb%40x.ch');
    expect(calls[0]?.init.headers).not.toHaveProperty('Content-Type');
    expect(buildUrl('/a/b', { x: undefined })).toBe('/api/a/b');
  });

  it('rejects with the parsed JSON body', async () => {
    respond(400, '{"message":"Prüfen","fields":{"email":"Ungültig"}}');
    const error = await api('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Prüfen', fields: { email: 'Ungültig' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects with the raw text when the body is not JSON', async () => {
    respond(502, 'Bad Gateway', 'text/plain');
    await expect(api('x')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('clears the session on 401 unless the caller handles it', async () => {
    respond(401, '{"message":"Bitte anmelden"}');
    await expect(api('x')).rejects.toMatchObject({ status: 401, message: 'Bitte anmelden' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api('user/login', { handleUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns network failures into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('x')).rejects.toMatchObject({ status: 0, message: 'offline' });
  });
});
