/** Host-dependent look: local development and staging get a tinted navbar so nobody confuses them with production. */
export type HostKind = 'local' | 'staging' | 'production';

export function hostKind(hostname: string): HostKind {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1') return 'local';
  if (host.includes('staging')) return 'staging';
  return 'production';
}

/** Navbar background: light blue on localhost, light red on staging, white otherwise. */
export function navbarColor(hostname: string): string {
  switch (hostKind(hostname)) {
    case 'local':
      return '#d0ebff';
    case 'staging':
      return '#ffe3e3';
    default:
      return '#ffffff';
  }
}

export function currentHostname(): string {
  return typeof window === 'undefined' ? '' : window.location.hostname;
}
