import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which outside hosts the server may contact on a user's behalf (forwardings, docs/forwarding.md "Outside
 * systems only"). Only public unicast addresses are allowed; loopback, private, link-local, carrier-grade
 * NAT, unique-local, unspecified, multicast, reserved and documentation ranges are refused unless the
 * operator lists them in FORWARD_ALLOW_HOSTS. Cloud metadata addresses are refused always.
 */
export type OutboundPolicy = {
  /** Host names (lower case) that may resolve to non-public addresses. */
  hosts: ReadonlySet<string>;
  /** Addresses and ranges that may be contacted although they are not public. */
  ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>;
};

export const DENY_ALL_PRIVATE: OutboundPolicy = { hosts: new Set(), ranges: [] };

/** Instance metadata services (AWS, GCP, Azure, OpenStack; Alibaba; AWS over IPv6): never a target. */
const METADATA = ['169.254.169.254', '100.100.100.200', 'fd00:ec2::254'].map((a) =>
  ipaddr.parse(a).toString(),
);

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;

/**
 * Parses FORWARD_ALLOW_HOSTS: comma-separated addresses (127.0.0.1, ::1), ranges (10.0.0.0/8, fd00::/8)
 * and host names (ftp.lan). Throws with the entry that is none of these.
 */
export function parseAllowList(value: string): OutboundPolicy {
  const hosts = new Set<string>();
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const raw of value.split(',')) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (entry === '') continue;
    if (entry.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new Error(`"${raw.trim()}" is not an address range like 10.0.0.0/8`);
      }
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOSTNAME.test(entry)) {
      hosts.add(entry.replace(/\.$/, ''));
    } else {
      throw new Error(`"${raw.trim()}" is neither an address, a range nor a host name`);
    }
  }
  return { hosts, ranges };
}

/** The address whose range decides: IPv4-mapped, NAT64 (64:ff9b::/96) and 6to4 addresses carry an IPv4 one. */
function effective(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  const parts = v6.parts;
  const embedded = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (v6.match(ipaddr.parse('64:ff9b::') as ipaddr.IPv6, 96)) return embedded(parts[6] ?? 0, parts[7] ?? 0);
  if (v6.range() === '6to4') return embedded(parts[1] ?? 0, parts[2] ?? 0);
  return v6;
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, policy: OutboundPolicy): boolean {
  return policy.ranges.some(([range, bits]) => {
    if (range.kind() !== address.kind()) return false;
    return address.match(range, bits);
  });
}

/**
 * Why the server must not connect to `ip` (e.g. "loopback", "private", "metadata"), or null when it may.
 * `host`: the name it was resolved from, which the operator may have allowed as a whole.
 */
export function addressProblem(ip: string, policy: OutboundPolicy, host?: string): string | null {
  if (!ipaddr.isValid(ip)) return 'invalid';
  const parsed = ipaddr.parse(ip.replace(/%.*$/, ''));
  const address = effective(parsed);
  if (METADATA.includes(address.toString()) || METADATA.includes(parsed.toString())) return 'metadata';
  const range = address.range();
  if (range === 'unicast') return null;
  if (host !== undefined && policy.hosts.has(host.toLowerCase().replace(/\.$/, ''))) return null;
  if (inRanges(address, policy) || inRanges(parsed, policy)) return null;
  return range;
}

/** A target the server refuses to contact: not public, or its name does not resolve. */
export class OutboundRefused extends Error {
  constructor(
    public readonly reason: 'refused' | 'unresolved',
    message: string,
  ) {
    super(message);
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

const LOOKUP_TIMEOUT_MS = 5000;

/** The system resolver (as a connection would use it), every address, with a time limit. */
export const systemLookup: Lookup = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  } finally {
    clearTimeout(timer);
  }
};

/** A URL's or user's host without IPv6 brackets. */
export const bareHost = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves `host` and checks every address it has (one bad address refuses the host: a resolver may answer
 * either). The caller connects to these very addresses (docs/forwarding.md: no second lookup, so a DNS
 * answer that changes in between — DNS rebinding — cannot redirect the connection).
 */
export async function resolveOutbound(
  host: string,
  policy: OutboundPolicy,
  lookup: Lookup = systemLookup,
): Promise<ResolvedAddress[]> {
  const name = bareHost(host);
  let addresses: ResolvedAddress[];
  if (net.isIP(name)) addresses = [{ address: name, family: net.isIPv6(name) ? 6 : 4 }];
  else {
    try {
      addresses = await lookup(name);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new OutboundRefused('unresolved', `${name} does not resolve (${why})`);
    }
    if (addresses.length === 0) throw new OutboundRefused('unresolved', `${name} does not resolve`);
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, policy, net.isIP(name) ? undefined : name);
    if (problem) throw new OutboundRefused('refused', `${address} is not a public address (${problem})`);
  }
  return addresses;
}
