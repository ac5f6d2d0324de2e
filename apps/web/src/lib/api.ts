/**
 * Fetch wrapper for every call to the server (docs/api-conventions.md): base "/api/", cookies, JSON,
 * Accept-Language = current locale, X-Share-Token = the page's `token` query parameter.
 * A 401 clears the session and sends the user to "/?from=…" (unless the caller handles it);
 * any other non-OK answer rejects with an ApiError carrying the server's `{ message, fields? }`.
 */

export type ApiErrorBody = { message: string; fields?: Record<string, string> };

export class ApiError extends Error implements ApiErrorBody {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** The whole JSON answer, for calls whose refusal carries more than a message (e.g. POST shop/config). */
  readonly data?: unknown;

  constructor(status: number, body: ApiErrorBody, data?: unknown) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    if (body.fields) this.fields = body.fields;
    if (data !== undefined) this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ApiHooks = {
  /** Current UI language, sent as Accept-Language. */
  getLocale: () => string;
  /** Called on a 401 the caller did not opt out of: clear the session and go to the login page. */
  onUnauthorized: () => void;
  /** Text of the error raised when the server cannot be reached. */
  networkErrorMessage: () => string;
};

const hooks: ApiHooks = {
  getLocale: () => 'de',
  onUnauthorized: () => undefined,
  networkErrorMessage: () => 'Network error',
};

/** Wires the client to the store, router and i18n (done once in app/providers). */
export function configureApi(next: Partial<ApiHooks>) {
  Object.assign(hooks, next);
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** The caller handles a 401 itself (login, session ping): no redirect, no session reset. */
  handleUnauthorized?: boolean;
  /** false: the page's `token` is not a share token (a confirmation link's token) and is not sent as one. */
  shareToken?: false;
  signal?: AbortSignal;
};

/** Set while the page unloads: requests the browser cancels then are not reported as network errors. */
let unloading = false;
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('beforeunload', () => {
    unloading = true;
    window.setTimeout(() => (unloading = false), 2000);
  });
}

function currentShareToken(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('token');
}

export function buildUrl(path: string, query?: ApiOptions['query']): string {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(response: Response): Promise<{ json: unknown; text: string }> {
  const text = await response.text();
  if (!text) return { json: undefined, text };
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    return { json: undefined, text };
  }
}

function toErrorBody(json: unknown, text: string, status: number): ApiErrorBody {
  if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') {
    const fields =
      'fields' in json && json.fields && typeof json.fields === 'object' ? json.fields : undefined;
    return fields
      ? { message: json.message, fields: fields as Record<string, string> }
      : { message: json.message };
  }
  return { message: text || `HTTP ${status}` };
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.getLocale(),
  };
  const shareToken = options.shareToken === false ? null : currentShareToken();
  if (shareToken) headers['X-Share-Token'] = shareToken;
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include', headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (unloading) return new Promise<T>(() => undefined);
    throw new ApiError(0, { message: hooks.networkErrorMessage() });
  }
  const { json, text } = await readBody(response);
  if (response.ok) return json as T;
  if (response.status === 401 && !options.handleUnauthorized) hooks.onUnauthorized();
  throw new ApiError(response.status, toErrorBody(json, text, response.status), json);
}

export const get = <T>(path: string, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'GET' });
export const post = <T>(path: string, body?: unknown, options?: Omit<ApiOptions, 'method' | 'body'>) =>
  api<T>(path, { ...options, method: 'POST', body });
