import crypto from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { FIRMWARE_NAME_MAX, FIRMWARE_UPLOAD_FIELDS, firmwareUploadFieldsSchema } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError, fieldsFromIssues } from '../../http/errors';
import { translate } from '../../i18n';
import type { Locale } from '@hivescope/contract';
import { chunker } from '../../lib/chunker';
import { openImageWriter, versionExists, type ImageWriter } from './firmware.repository';

/** Bytes per stored chunk: a range request reads at most two partial chunks (docs/firmware.md "Storage"). */
export const FIRMWARE_CHUNK_BYTES = 64 * 1024;

/** "8 MiB", "512 KiB" or "1000 bytes": the limit as the too-large message shows it. */
export function formatBytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

const MULTIPART_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';
const codeOf = (err: unknown) => (err as { code?: unknown }).code;
/** @fastify/multipart's errors (FST_…) and busboy's parse errors ("Unexpected end of multipart data", …). */
const isFormError = (err: unknown) =>
  String(codeOf(err)).startsWith('FST_') || (err instanceof Error && /multipart/i.test(err.message));

export type UploadDeps = { db: Db; maxBytes: number; uploadedBy: number; locale: Locale };
type Received = { writer: ImageWriter | null; size: number; sha256: string; filename: string };

const tooLarge = (max: number) => new AppError(413, 'errors:firmwareTooLarge', { max: formatBytes(max) });
const invalid = () => new AppError(400, 'errors:firmwareUploadInvalid');

/** Validated text fields; a bad version answers 400 naming the field. */
function checkFields(fields: Record<string, string>, locale: Locale) {
  const parsed = firmwareUploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.message.startsWith('errors:') ? issue.message : 'errors:firmwareVersionInvalid';
  throw new AppError(400, key, undefined, fieldsFromIssues(parsed.error.issues, locale));
}

/** Streams the file into the database, hashing it on the way; memory holds about one chunk. */
async function receiveFile(part: MultipartFile, deps: UploadDeps, state: { received: Received | null }) {
  const received: Received = { writer: null, size: 0, sha256: '', filename: part.filename };
  state.received = received;
  const hash = crypto.createHash('sha256');
  const cut = chunker(FIRMWARE_CHUNK_BYTES);
  const write = async (chunk: Buffer) => {
    received.writer ??= await openImageWriter(deps.db, FIRMWARE_CHUNK_BYTES, deps.uploadedBy);
    await received.writer.write(chunk);
  };
  for await (const buf of part.file as AsyncIterable<Buffer>) {
    received.size += buf.length;
    if (received.size > deps.maxBytes) throw tooLarge(deps.maxBytes);
    hash.update(buf);
    for (const chunk of cut.push(buf)) await write(chunk);
  }
  if (part.file.truncated) throw tooLarge(deps.maxBytes);
  const rest = cut.flush();
  if (rest) await write(rest);
  received.sha256 = hash.digest('hex');
}

/** The display name: the given one, else the file's name, else firmware-<version>.bin. */
function displayName(given: string | undefined, filename: string, version: string): string {
  // control characters (and U+0000, which PostgreSQL text cannot hold) are dropped
  const clean = (s: string) =>
    [...s]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
      .join('')
      .trim()
      .slice(0, FIRMWARE_NAME_MAX);
  return clean(given ?? '') || clean(filename) || `firmware-${version}.bin`;
}

/**
 * POST admin/firmware (docs/firmware.md "Upload"): multipart fields `version`, optional `name`, and the file
 * `data`. The file is written in chunks inside one transaction; any refusal (bad version, empty, too large,
 * version taken, a malformed form) rolls it back, so nothing is stored. When `version` comes before the file
 * (as the web client sends it), a bad or taken version is refused before the file is read.
 */
export async function receiveUpload(parts: AsyncIterable<Multipart>, deps: UploadDeps): Promise<string> {
  const fields: Record<string, string> = {};
  const state: { received: Received | null } = { received: null };
  let committed = false;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (
          part.fieldname !== FIRMWARE_UPLOAD_FIELDS.version &&
          part.fieldname !== FIRMWARE_UPLOAD_FIELDS.name
        )
          throw new AppError(400, 'errors:unknownField', undefined, {
            [part.fieldname]: translate(deps.locale, 'errors:unknownField'),
          });
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== FIRMWARE_UPLOAD_FIELDS.data || state.received) throw invalid();
      if (fields.version !== undefined) {
        const early = checkFields(fields, deps.locale);
        if (await versionExists(deps.db, early.version))
          throw new AppError(409, 'errors:firmwareExists', { version: early.version });
      }
      await receiveFile(part, deps, state);
    }
    const checked = checkFields(fields, deps.locale);
    const received = state.received;
    if (!received) throw new AppError(400, 'errors:firmwareFileMissing');
    if (received.size === 0 || !received.writer) throw new AppError(400, 'errors:firmwareEmpty');
    const result = await received.writer.commit({
      version: checked.version,
      name: displayName(checked.name, received.filename, checked.version),
      size: received.size,
      sha256: received.sha256,
    });
    committed = true;
    if (result === 'exists') throw new AppError(409, 'errors:firmwareExists', { version: checked.version });
    return checked.version;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (codeOf(err) === MULTIPART_TOO_LARGE) throw tooLarge(deps.maxBytes);
    if (isFormError(err)) throw invalid();
    throw err;
  } finally {
    if (!committed) await state.received?.writer?.abort();
  }
}
