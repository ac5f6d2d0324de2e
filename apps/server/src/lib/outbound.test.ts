import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { OUTBOUND_MAX_RESPONSE_BYTES, postOutbound } from './outbound-http';
import {
  DENY_ALL_PRIVATE,
  OutboundRefused,
  addressProblem,
  parseAllowList,
  resolveOutbound,
  type Lookup,
} from './outbound';
import { secretBox } from './secret-box';

/**
 * The guard of outgoing connections to user-given targets (docs/forwarding.md "Outside systems only"): only
 * public addresses unless the operator allows more, every resolved address checked, the connection made to
 * the checked address; time and size limits; and the sealing of stored secrets.
 */

const fixed =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('addressProblem: which addresses are refused', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:0a00:0001::1', 'private'],
  ])('%s is refused (%s)', (ip, why) => {
    expect(addressProblem(ip, DENY_ALL_PRIVATE)).toBe(why);
  });

  it.each(['8.8.8.8', '185.199.108.153', '2a00:1450:4001:80b::200e', '64:ff9b::808:808'])(
    '%s (public) is allowed',
    (ip) => {
      expect(addressProblem(ip, DENY_ALL_PRIVATE)).toBeNull();
    },
  );

  it('the operator list allows addresses, ranges and host names, but never a metadata address', () => {
    const policy = parseAllowList('127.0.0.1, 10.20.0.0/16, [::1], ftp.lan, 169.254.0.0/16');
    expect(addressProblem('127.0.0.1', policy)).toBeNull();
    expect(addressProblem('127.0.0.2', policy)).toBe('loopback');
    expect(addressProblem('10.20.3.4', policy)).toBeNull();
    expect(addressProblem('10.21.0.1', policy)).toBe('private');
    expect(addressProblem('::1', policy)).toBeNull();
    expect(addressProblem('192.168.5.5', policy, 'ftp.lan')).toBeNull();
    expect(addressProblem('192.168.5.5', policy, 'other.lan')).toBe('private');
    expect(addressProblem('169.254.169.254', policy)).toBe('metadata');
    expect(addressProblem('169.254.169.254', parseAllowList('169.254.169.254'))).toBe('metadata');
  });

  it('a malformed allow-list entry stops the start with a message naming FORWARD_ALLOW_HOSTS', () => {
    expect(() => parseAllowList('10.0.0.0/99')).toThrow('address range');
    expect(() => loadConfig({ FORWARD_ALLOW_HOSTS: 'exa mple' })).toThrow(ConfigError);
    expect(() => loadConfig({ FORWARD_ALLOW_HOSTS: 'exa mple' })).toThrow('FORWARD_ALLOW_HOSTS');
    expect(loadConfig({}).forwarding.policy.ranges).toEqual([]);
  });

  it('production refuses to start without its own FORWARD_SECRET_KEY; a short key is refused always', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('FORWARD_SECRET_KEY');
    expect(() => loadConfig({ FORWARD_SECRET_KEY: 'short' })).toThrow('FORWARD_SECRET_KEY');
    const key = 'k'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', FORWARD_SECRET_KEY: key }).forwarding.secretKey).toBe(key);
    // the same operator secret seals the public map's share links (docs/shares.md "Live share link")
    expect(loadConfig({ NODE_ENV: 'production', FORWARD_SECRET_KEY: key }).secretKey).toBe(key);
  });
});

describe('resolveOutbound: every address of a host is checked', () => {
  it('refuses a name that resolves to loopback (localhost) by default', async () => {
    await expect(resolveOutbound('localhost', DENY_ALL_PRIVATE)).rejects.toMatchObject({ reason: 'refused' });
  });

  it('refuses a name when any of its addresses is private (a resolver may answer either)', async () => {
    const mixed = fixed('93.184.216.34', '10.0.0.7');
    await expect(resolveOutbound('mixed.example', DENY_ALL_PRIVATE, mixed)).rejects.toBeInstanceOf(
      OutboundRefused,
    );
    await expect(resolveOutbound('ok.example', DENY_ALL_PRIVATE, fixed('93.184.216.34'))).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('checks literal addresses without a lookup, IPv6 in brackets too', async () => {
    const never: Lookup = async () => {
      throw new Error('no lookup for a literal address');
    };
    await expect(resolveOutbound('[::1]', DENY_ALL_PRIVATE, never)).rejects.toMatchObject({
      reason: 'refused',
    });
    await expect(resolveOutbound('169.254.169.254', DENY_ALL_PRIVATE, never)).rejects.toThrow('metadata');
  });

  it('a name that does not resolve is "unresolved", not refused', async () => {
    const none: Lookup = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveOutbound('nowhere.example', DENY_ALL_PRIVATE, none)).rejects.toMatchObject({
      reason: 'unresolved',
    });
  });
});

describe('postOutbound: connects to the checked address, with limits', () => {
  let server: http.Server;
  let port: number;
  const seen: Array<{ host: string | undefined; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body: Buffer.concat(chunks).toString() });
        if (req.url === '/silent') return; // never answers
        if (req.url === '/big') return res.end('x'.repeat(1_000_000));
        if (req.url === '/redirect') return res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const allowLocal = parseAllowList('127.0.0.1');

  it('refuses 127.0.0.1 unless the operator allows it; nothing reaches the server', async () => {
    const before = seen.length;
    await expect(
      postOutbound(`http://127.0.0.1:${port}/`, '{}', { policy: DENY_ALL_PRIVATE, headers: {} }),
    ).rejects.toBeInstanceOf(OutboundRefused);
    expect(seen.length).toBe(before);
    const ok = await postOutbound(`http://127.0.0.1:${port}/`, '{"a":1}', {
      policy: allowLocal,
      headers: {},
    });
    expect(ok.status).toBe(204);
    expect(seen.at(-1)?.body).toBe('{"a":1}');
  });

  it('uses the addresses it checked: a name known only to the checked lookup is reached through them', async () => {
    let lookups = 0;
    const once: Lookup = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const res = await postOutbound(`http://receiver.invalid:${port}/`, '{}', {
      policy: allowLocal,
      headers: {},
      lookup: once,
    });
    expect(res.status).toBe(204);
    expect(lookups).toBe(1);
    expect(seen.at(-1)?.host).toBe(`receiver.invalid:${port}`);
  });

  it('gives up after the time limit, reads at most 64 KiB of an answer, follows no redirect', async () => {
    const started = Date.now();
    await expect(
      postOutbound(`http://127.0.0.1:${port}/silent`, '{}', {
        policy: allowLocal,
        headers: {},
        timeoutMs: 300,
      }),
    ).rejects.toThrow('no answer within');
    expect(Date.now() - started).toBeLessThan(5000);
    const big = await postOutbound(`http://127.0.0.1:${port}/big`, '{}', { policy: allowLocal, headers: {} });
    expect(big.body.length).toBeLessThanOrEqual(OUTBOUND_MAX_RESPONSE_BYTES);
    const before = seen.length;
    const moved = await postOutbound(`http://127.0.0.1:${port}/redirect`, '{}', {
      policy: allowLocal,
      headers: {},
    });
    expect(moved.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it('refuses to send a body over the size limit', async () => {
    await expect(
      postOutbound(`http://127.0.0.1:${port}/`, 'x'.repeat(1_000_001), { policy: allowLocal, headers: {} }),
    ).rejects.toThrow('too large');
  });
});

describe('secretBox', () => {
  it('opens what it sealed, never stores the clear text, and fails with another key or a changed text', () => {
    const box = secretBox('a'.repeat(40), 'forwarding-secret');
    const sealed = box.seal('ftp-password-1');
    expect(sealed).not.toContain('ftp-password-1');
    expect(box.seal('ftp-password-1')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('ftp-password-1');
    expect(() => secretBox('b'.repeat(40), 'forwarding-secret').open(sealed)).toThrow();
    expect(() => secretBox('a'.repeat(40), 'other-purpose').open(sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
  });
});
