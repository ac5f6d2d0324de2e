import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  resolveOutbound,
  systemLookup,
  type Lookup,
  type OutboundPolicy,
  type ResolvedAddress,
} from './outbound';

/** Limits of one outgoing request to a user-given URL (docs/forwarding.md "Delivery", Limits). */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** A request body larger than this is not sent. */
export const OUTBOUND_MAX_REQUEST_BYTES = 1_000_000;
/** At most this much of an answer is read (then the connection is closed). */
export const OUTBOUND_MAX_RESPONSE_BYTES = 64 * 1024;

export type OutboundResponse = { status: number; body: string };

export type PostOptions = {
  policy: OutboundPolicy;
  headers: Record<string, string>;
  timeoutMs?: number;
  lookup?: Lookup;
};

/** A lookup that answers the addresses checked before, never asking DNS again (DNS rebinding). */
function pinned(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
  };
}

/**
 * POSTs `body` to a user-given http(s) URL: the host is resolved and checked (OutboundPolicy) and the
 * connection goes to exactly those addresses; redirects are not followed (a 3xx is answered as it is);
 * the whole exchange is limited in time, the answer read is capped. Throws on refusal, network errors and
 * timeouts; any status is returned.
 */
export async function postOutbound(url: string, body: string, opts: PostOptions): Promise<OutboundResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('not an http(s) URL');
  if (Buffer.byteLength(body) > OUTBOUND_MAX_REQUEST_BYTES) throw new Error('request body too large');
  const addresses = await resolveOutbound(target.hostname, opts.policy, opts.lookup ?? systemLookup);
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: pinned(addresses),
        headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        };
        response.on('data', (chunk: Buffer) => {
          const room = OUTBOUND_MAX_RESPONSE_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= OUTBOUND_MAX_RESPONSE_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(() => {
      const err = new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`);
      request.destroy(err);
      reject(err);
    }, timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(body);
  });
}
