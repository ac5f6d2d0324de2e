import { describe, expect, it } from 'vitest';
import { returnBase } from './return-origin';

const dev = { publicUrl: 'http://localhost:3000', brandHosts: { localhost: 1, 'vet.localhost': 2 } as const };
const live = {
  publicUrl: 'https://hive.example.org',
  brandHosts: { 'hive.example.org': 1, 'vet.example.org': 2 } as const,
};

describe('the return pages keep the origin the shopper used, only when this server serves it', () => {
  it('a shopper on 127.0.0.1 returns to 127.0.0.1 (the cart lives in that origin), on a brand host to it', () => {
    expect(returnBase(dev, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(returnBase(dev, 'http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(returnBase(dev, 'http://vet.localhost:3000')).toBe('http://vet.localhost:3000');
    expect(returnBase(live, 'https://vet.example.org')).toBe('https://vet.example.org');
    expect(returnBase(live, 'https://hive.example.org')).toBe('https://hive.example.org');
  });

  it('any other origin, or none, gets PUBLIC_URL', () => {
    for (const origin of [
      undefined,
      '',
      'null',
      'https://evil.example',
      'http://vet.example.org', // the brand host, but not over PUBLIC_URL's scheme
      'https://vet.example.org:8443', // nor on its port
      'https://hive.example.org.evil.example',
      'https://user@hive.example.org',
      'https://hive.example.org/path',
      'javascript:alert(1)',
    ])
      expect(returnBase(live, origin), String(origin)).toBe('https://hive.example.org');
    // loopback names count as this server only while PUBLIC_URL is one
    expect(returnBase(live, 'https://localhost')).toBe('https://hive.example.org');
    expect(returnBase(dev, 'http://127.0.0.1:4000')).toBe('http://localhost:3000');
  });

  it("keeps PUBLIC_URL's path prefix", () => {
    expect(
      returnBase({ publicUrl: 'http://localhost:3000/app', brandHosts: {} }, 'http://127.0.0.1:3000'),
    ).toBe('http://127.0.0.1:3000/app');
  });
});
