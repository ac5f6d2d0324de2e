import { firmwareUploadFieldsSchema } from '@hivescope/contract';

/** What the upload form holds. */
export type UploadValues = { version: string; name: string; file: File | null };
export type UploadField = 'version' | 'name' | 'file';
/** An i18n key ("errors:…") and its values, per field. */
export type UploadErrors = Partial<Record<UploadField, { key: string; values?: Record<string, string> }>>;

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/**
 * "812 B", "2.9 KiB", "8 MiB" in the UI locale: binary units, as the server states its upload limit
 * (docs/firmware.md "Upload"), so the screen's limit and the server's message read the same.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${text} ${UNITS[unit]}`;
}

/** The first characters of a SHA-256 (the whole digest is copied and shown on hover). */
export const shortSha = (sha256: string) => sha256.slice(0, 12);

/**
 * The upload's fields by the contract's rules (the server applies the same, docs/firmware.md): a valid
 * version, a display name not too long, a file that is neither empty nor larger than the server's limit.
 * Returns the trimmed fields, or the errors of each field; nothing is sent while there are errors.
 */
export function checkUpload(
  values: UploadValues,
  maxBytes: number,
  locale: string,
): { version: string; name?: string; file: File } | { errors: UploadErrors } {
  const errors: UploadErrors = {};
  const fields = firmwareUploadFieldsSchema.safeParse({
    version: values.version,
    ...(values.name.trim() ? { name: values.name } : {}),
  });
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = issue.path[0] === 'name' ? 'name' : 'version';
      errors[field] ??= { key: issue.message.startsWith('errors:') ? issue.message : 'errors:fieldRequired' };
    }
  }
  const file = values.file;
  if (!file) errors.file = { key: 'errors:firmwareFileMissing' };
  else if (file.size === 0) errors.file = { key: 'errors:firmwareEmpty' };
  else if (file.size > maxBytes)
    errors.file = { key: 'errors:firmwareTooLarge', values: { max: formatBytes(maxBytes, locale) } };
  if (!fields.success || !file || Object.keys(errors).length > 0) return { errors };
  return { ...fields.data, file };
}
