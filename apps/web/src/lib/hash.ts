/** Lowercase hex SHA-256 of the typed password: what every password field sends (docs/api-conventions.md). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The named password fields of a form as SHA-256 digests, e.g. `{ password, passwordConfirmation }`:
 * a typed password leaves the browser only hashed (login, registration, reset and change alike).
 */
export async function hashPasswords<K extends string>(
  values: Readonly<Record<K, string>>,
  fields: readonly K[],
): Promise<Record<K, string>> {
  const digests = await Promise.all(fields.map((field) => sha256Hex(values[field])));
  return Object.fromEntries(fields.map((field, i) => [field, digests[i]])) as Record<K, string>;
}
