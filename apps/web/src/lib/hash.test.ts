import { describe, expect, it } from 'vitest';
import { hashPasswords, sha256Hex } from './hash';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('sha256Hex', () => {
  it('hashes like the server expects', async () => {
    expect(await sha256Hex('abc')).toBe(ABC);
    expect(await sha256Hex('')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('hashPasswords', () => {
  it('returns exactly the named fields, each as its own digest, and leaves the other values out', async () => {
    const values = { email: 'a@b.ch', password: 'abc', passwordConfirmation: 'abd' };
    const hashed = await hashPasswords(values, ['password', 'passwordConfirmation']);
    expect(hashed).toEqual({
      password: ABC,
      passwordConfirmation: await sha256Hex('abd'),
    });
    expect(hashed.passwordConfirmation).not.toBe(ABC);
  });
});
