/** One POST of the device protocol, with the outcome classified for retry decisions. */
import {
  DEVICE_REPORT_PATH,
  deviceReportAnswerSchema,
  type DeviceReport,
  type DeviceReportAnswer,
} from '@hivescope/contract';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type PostResult =
  | { ok: true; response: DeviceReportAnswer }
  /** retry = the readings should stay buffered and go again later (network error, 5xx, 429). */
  | { ok: false; retry: boolean; status?: number; error: string };

export async function postReport(
  fetchImpl: FetchLike,
  baseUrl: string,
  token: string,
  body: DeviceReport,
): Promise<PostResult> {
  let res: Response;
  try {
    res = await fetchImpl(new URL(DEVICE_REPORT_PATH, baseUrl).toString(), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const retry = res.status >= 500 || res.status === 429 || res.status === 408;
    return { ok: false, retry, status: res.status, error: messageOf(text) ?? res.statusText };
  }
  const parsed = deviceReportAnswerSchema.safeParse(safeJson(text));
  if (!parsed.success) {
    return { ok: false, retry: true, status: res.status, error: `unexpected answer: ${text.slice(0, 200)}` };
  }
  return { ok: true, response: parsed.data };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(text: string): string | undefined {
  const json = safeJson(text);
  if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string') {
    return json.message;
  }
  return text ? text.slice(0, 200) : undefined;
}
