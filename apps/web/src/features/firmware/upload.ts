import {
  FIRMWARE_UPLOAD_FIELDS,
  firmwareUploadAnswerSchema,
  type FirmwareUploadAnswer,
} from '@hivescope/contract';
import { ApiError, buildUrl } from '../../lib/api';
import { i18n } from '../../lib/i18n';

export type UploadInput = { version: string; name?: string; file: File };

/** The server's `{ message, fields? }` of a refused upload, or the raw text (docs/api-conventions.md). */
function errorOf(status: number, text: string): ApiError {
  try {
    const json = JSON.parse(text) as { message?: unknown; fields?: Record<string, string> };
    if (typeof json.message === 'string')
      return new ApiError(
        status,
        json.fields ? { message: json.message, fields: json.fields } : { message: json.message },
      );
  } catch {
    // not JSON: the raw text below
  }
  return new ApiError(status, { message: text || `HTTP ${status}` });
}

/**
 * POST admin/firmware as multipart (version, optional name, then the file: the server checks the text
 * fields before it reads the file). Sent with XMLHttpRequest rather than lib/api's fetch, because only XHR
 * reports upload progress; `onProgress` gets 0…1. Cookies, Accept-Language and the Origin header (CSRF
 * check) are sent as for every other call.
 */
export function uploadFirmware(
  input: UploadInput,
  onProgress: (fraction: number) => void,
): Promise<FirmwareUploadAnswer> {
  const form = new FormData();
  form.append(FIRMWARE_UPLOAD_FIELDS.version, input.version);
  if (input.name) form.append(FIRMWARE_UPLOAD_FIELDS.name, input.name);
  form.append(FIRMWARE_UPLOAD_FIELDS.data, input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('admin/firmware'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, { message: i18n.t('errors:loadError') }));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr.status, xhr.responseText));
      try {
        resolve(firmwareUploadAnswerSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.send(form);
  });
}
