import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login, ping, sessionCookie, userRow } from '../../test/auth';
import { findUserByEmail } from '../modules/users/users.repository';
import {
  CliError,
  createAffiliationCommand,
  createUserCommand,
  listUsersCommand,
  setPasswordCommand,
} from './commands';

describe('CLI commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('user create: the plain password works at the web login (same SHA-256 step)', async () => {
    const { id, profileComplete } = await createUserCommand(t.db, {
      email: 'Cli.Admin@Example.org',
      password: 'plain secret',
      admin: true,
    });
    expect(profileComplete).toBe(false);
    expect(await userRow(t.db, id)).toMatchObject({
      email: 'cli.admin@example.org',
      admin: true,
      role: 10,
      active: true,
    });
    const res = await login(t.app, 'cli.admin@example.org', 'plain secret');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ admin: true, profileComplete: false });
  });

  it('user create with the profile options: the account logs in without meeting the profile form', async () => {
    const { id, profileComplete } = await createUserCommand(t.db, {
      email: 'ready@example.org',
      password: 'plain secret',
      firstName: 'Maja',
      lastName: 'Imker',
      street: 'Bienenweg 3',
      zip: '3000',
      city: 'Bern',
      country: 'ch',
      phone: '+41 31 000 00 00',
    });
    expect(profileComplete).toBe(true);
    expect(await userRow(t.db, id)).toMatchObject({ firstName: 'Maja', country: 'CH', company: '' });
    const res = await login(t.app, 'ready@example.org', 'plain secret');
    expect(res.json()).toMatchObject({
      profileComplete: true,
      profile: { firstName: 'Maja', lastName: 'Imker', city: 'Bern', country: 'CH' },
    });
  });

  it('affiliation create, then a manager in it', async () => {
    const aff = await createAffiliationCommand(t.db, { name: 'Veterinärdienst Bern' });
    expect(aff).toBeGreaterThan(0);
    const { id } = await createUserCommand(t.db, {
      email: 'manager@example.org',
      password: 'plain secret',
      role: '2',
      affiliation: String(aff),
      locale: 'fr',
    });
    expect(await userRow(t.db, id)).toMatchObject({
      role: 2,
      affiliationId: aff,
      locale: 'fr',
      admin: false,
    });
    const lines = await listUsersCommand(t.db);
    expect(lines[0]).toBe('id\temail\tactive\tadmin\trole\taffiliation\tlocale');
    expect(lines).toContain(`${id}\tmanager@example.org\tyes\tno\t2\tVeterinärdienst Bern\tfr`);
  });

  it.each([
    [{ email: 'not-an-email', password: 'plain secret' }, /--email/],
    [{ email: 'short@example.org', password: 'short' }, /--password: the password needs at least 8/],
    [{ email: 'role@example.org', password: 'plain secret', role: 'boss' }, /--role/],
    [
      { email: 'aff@example.org', password: 'plain secret', affiliation: '4242' },
      /no affiliation with id 4242/,
    ],
    [{ email: 'loc@example.org', password: 'plain secret', locale: 'it' }, /--locale/],
    [{ email: 'cli.admin@example.org', password: 'plain secret' }, /already exists/],
    [
      { email: 'half@example.org', password: 'plain secret', firstName: 'Maja', lastName: 'Imker' },
      /--street: missing \(give all profile fields or none\)/,
    ],
    [
      { email: 'co@example.org', password: 'plain secret', company: 'Imkerei Muster' },
      /--first-name: missing/,
    ],
    [
      {
        email: 'land@example.org',
        password: 'plain secret',
        firstName: 'Maja',
        lastName: 'Imker',
        street: 'Bienenweg 3',
        zip: '3000',
        city: 'Bern',
        country: 'Schweiz',
        phone: '+41 31 000 00 00',
      },
      /--country: invalid/,
    ],
  ])('user create refuses %o', async (opts, message) => {
    await expect(createUserCommand(t.db, opts)).rejects.toThrow(CliError);
    await expect(createUserCommand(t.db, opts)).rejects.toThrow(message);
    if (opts.email !== 'cli.admin@example.org')
      expect(await findUserByEmail(t.db, opts.email)).toBeUndefined();
  });

  it('user set-password: the new password works and every session ends', async () => {
    await createUserCommand(t.db, { email: 'forgetful@example.org', password: 'old secret' });
    const cookie = sessionCookie(await login(t.app, 'forgetful@example.org', 'old secret'));
    await setPasswordCommand(t.db, { email: 'Forgetful@example.org', password: 'new secret' });
    expect((await ping(t.app, cookie!.header)).statusCode).toBe(401);
    expect((await login(t.app, 'forgetful@example.org', 'old secret')).statusCode).toBe(401);
    expect((await login(t.app, 'forgetful@example.org', 'new secret')).statusCode).toBe(200);
    await expect(
      setPasswordCommand(t.db, { email: 'ghost@example.org', password: 'new secret' }),
    ).rejects.toThrow(/no user with the email/);
  });

  it('affiliation create refuses an empty name', async () => {
    await expect(createAffiliationCommand(t.db, { name: '  ' })).rejects.toThrow(/--name/);
  });
});
