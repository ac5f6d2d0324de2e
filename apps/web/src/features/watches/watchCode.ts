import { watchCodeSchema } from '@hivescope/contract';

/** A watch code in groups of 5 for reading aloud ("ABCDE-FGHJK"); typed codes may include the hyphen. */
export function formatWatchCode(code: string): string {
  return (code.match(/.{1,5}/g) ?? []).join('-');
}

/** A typed code as the server expects it (spaces and hyphens dropped, upper case), or null with the error key. */
export function parseWatchCode(input: string): { code: string } | { error: string } {
  const parsed = watchCodeSchema.safeParse(input);
  if (parsed.success) return { code: parsed.data };
  const message = parsed.error.issues[0]?.message ?? 'errors:fieldRequired';
  return { error: input.trim() === '' ? 'errors:fieldRequired' : message };
}
