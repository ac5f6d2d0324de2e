import type { SmsConfig } from '../config';

/** Sends one SMS; throws `SmsError` when the provider did not accept it. */
export type SmsProvider = { send: (to: string, body: string) => Promise<{ id: string }> };

/**
 * A refused or failed SMS. The message names the provider's status, code and text only: never the URL, the
 * account or the token (it is stored as the channel's last error and shown to the person).
 */
export class SmsError extends Error {}

const TIMEOUT_MS = 15_000;

/** Twilio's error body: `{ code, message, status, more_info }`. */
type ProviderError = { code?: unknown; message?: unknown };

async function refusal(res: Response): Promise<SmsError> {
  let body: ProviderError = {};
  try {
    body = (await res.json()) as ProviderError;
  } catch {
    // not JSON: the status alone
  }
  const code = typeof body.code === 'number' || typeof body.code === 'string' ? ` ${body.code}` : '';
  const text = typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
  return new SmsError(`SMS provider refused (HTTP ${res.status}${code})${text}`);
}

/**
 * The SMS adapter: Twilio's Messages API (`POST {url}/2010-04-01/Accounts/{sid}/Messages.json`, form fields
 * To, From, Body, HTTP basic auth sid:token; 201 with the message's `sid`). Any provider or proxy speaking
 * this shape works (docs/alarms.md "Sending").
 */
export function twilioSms(config: SmsConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  const endpoint = `${config.url}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    send: async (to, body) => {
      let res: Response;
      try {
        res = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: unknown } }).cause?.code;
        const name = err instanceof Error ? err.name : 'Error';
        throw new SmsError(`SMS provider unreachable (${typeof cause === 'string' ? cause : name})`);
      }
      if (res.status !== 200 && res.status !== 201) throw await refusal(res);
      const json = (await res.json().catch(() => ({}))) as { sid?: unknown };
      if (typeof json.sid !== 'string') throw new SmsError('SMS provider answered without a message id');
      return { id: json.sid };
    },
  };
}

/** The configured provider, or null when SMS_ACCOUNT_SID / SMS_AUTH_TOKEN / SMS_FROM are not set. */
export const smsProvider = (config: { sms: SmsConfig | undefined }): SmsProvider | null =>
  config.sms ? twilioSms(config.sms) : null;
