import { useQuery } from '@tanstack/react-query';
import { jobCreateResponseSchema, jobPageSchema, type ExportRequest, type Job } from '@hivescope/contract';
import { ApiError, buildUrl, get, isApiError, post } from '../../lib/api';

export type ExportResult =
  { kind: 'downloaded'; fileName: string } | { kind: 'job'; job: Job; message: string };

/** The file name of an attachment (RFC 6266: filename* preferred). */
export function attachmentName(header: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(header ?? '');
  return plain?.[1] ?? fallback;
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POST export: a small export answers the file (saved at once), a large one 202 with its job. The file
 * is read with fetch (not through the JSON client), errors go through the JSON client's error shape.
 */
export async function runExport(body: ExportRequest, locale: string): Promise<ExportResult> {
  const response = await fetch(buildUrl('export'), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': locale },
    body: JSON.stringify(body),
  });
  if (response.status === 200) {
    const fileName = attachmentName(response.headers.get('content-disposition'), `export.${body.format}`);
    saveBlob(await response.blob(), fileName);
    return { kind: 'downloaded', fileName };
  }
  if (response.status === 202) {
    const parsed = jobCreateResponseSchema.parse(await response.json());
    return { kind: 'job', job: parsed.job, message: parsed.message };
  }
  // the error answer: let the JSON client read it the usual way (401 handling, message, fields)
  try {
    await post('export', body);
  } catch (err) {
    if (isApiError(err)) throw err;
  }
  throw new ApiError(response.status, { message: response.statusText });
}

/** Follows an export job (GET jobs?id=…, every 2 s until it ends). */
export function useExportJob(id: string | null) {
  return useQuery({
    queryKey: ['jobs', 'export', id],
    enabled: id !== null,
    queryFn: async () =>
      jobPageSchema.parse(await get<unknown>('jobs', { query: { id: id ?? undefined } })).items[0] ?? null,
    refetchInterval: (q) => {
      const job = q.state.data;
      return job && (job.status === 'done' || job.status === 'failed') ? false : 2000;
    },
  });
}
