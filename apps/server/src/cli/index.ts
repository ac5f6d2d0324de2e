import 'dotenv/config';
import { Command } from 'commander';
import { PROFILE_FIELDS, type ProfileField } from '@hivescope/contract';
import { ConfigError, loadConfig } from '../config';
import { createDb, type Db } from '../db/client';
import { openDatabase } from '../db/database';
import { runMigrations } from '../db/migrate';
import {
  CliError,
  createAffiliationCommand,
  createUserCommand,
  listUsersCommand,
  profileOption,
  setPasswordCommand,
  type CreateUserOptions,
} from './commands';

/**
 * `npm run cli -- …`: works whether the app runs or not. With the embedded database it reuses the running
 * postmaster, or starts PostgreSQL and stops it again when done.
 */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config, () => {});
  const db = createDb(database.url, 2);
  try {
    await runMigrations(db);
    return await fn(db);
  } finally {
    await db.$client.end();
    await database.stop();
  }
}

const PROFILE_HELP: Record<ProfileField, string> = {
  firstName: 'profile: first name',
  lastName: 'profile: last name',
  company: 'profile: company (optional)',
  street: 'profile: street and number',
  zip: 'profile: postcode',
  city: 'profile: city',
  country: 'profile: country, two letters (CH, DE, …)',
  phone: 'profile: phone number',
};

const program = new Command('hivescope').description('Hivescope administration');
const user = program.command('user').description('user accounts');

const createUser = user
  .command('create')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>', 'plain password (at least 8 characters)')
  .option('--admin', 'make the user an admin')
  .option('--role <n>', 'role number (2 or less = manager)')
  .option('--affiliation <id>', 'affiliation id')
  .option('--locale <locale>', 'de, en, fr or es');
for (const field of PROFILE_FIELDS)
  createUser.option(`--${profileOption(field)} <text>`, PROFILE_HELP[field]);
createUser.action(async (o: CreateUserOptions) => {
  const created = await withDb((db) => createUserCommand(db, o));
  console.log(`created user ${created.id}`);
  if (!created.profileComplete)
    console.log('no profile given: the user is asked for name, address and phone at the first login');
});

user.command('list').action(async () => {
  for (const line of await withDb(listUsersCommand)) console.log(line);
});

user
  .command('set-password')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>', 'plain password (at least 8 characters)')
  .action(async (o: { email: string; password: string }) => {
    await withDb((db) => setPasswordCommand(db, o));
    console.log('password set; the user was logged out everywhere');
  });

program
  .command('affiliation')
  .description('affiliations (organisations of managers)')
  .command('create')
  .requiredOption('--name <name>')
  .action(async (o: { name: string }) => {
    console.log(await withDb((db) => createAffiliationCommand(db, o)));
  });

program.parseAsync().catch((err: unknown) => {
  if (err instanceof CliError || err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
