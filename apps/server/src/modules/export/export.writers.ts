import { PassThrough, Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@hivescope/contract';
import type { ExportRow } from './export.rows';
import { formatWall } from './zone';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A UTF-8 byte order mark: spreadsheet programs then read umlauts in names correctly. */
const BOM = '\ufeff';

/** CSV cells of a row: times as "YYYY-MM-DD HH:mm:ss", numbers with a decimal point, missing values empty. */
function csvCells(row: ExportRow): (string | number | null)[] {
  const [time, ...values] = row;
  return [typeof time === 'string' ? time : formatWall(time), ...values];
}

/**
 * Joins small chunks into chunks of about `size` bytes. csv-stringify emits one chunk per record (~100 bytes);
 * handing each one on to compression and the socket (or the job's file) costs more than writing the record,
 * so they travel in batches; memory stays bounded by one batch (docs/export.md, "Streaming").
 */
function batched(size = 64 * 1024): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      length += chunk.length;
      if (length >= size) {
        this.push(Buffer.concat(parts, length));
        parts = [];
        length = 0;
      }
      done();
    },
    flush(done) {
      if (length > 0) this.push(Buffer.concat(parts, length));
      done();
    },
  });
}

/**
 * Writes header and rows as CSV (RFC 4180, comma, dot decimals) into `out`. Text cells starting with
 * = + - @ tab or CR get a leading apostrophe (csv-stringify's escape_formulas), so a scale named
 * "=HYPERLINK(…)" never runs as a formula in a spreadsheet; numbers (negative weights) stay numbers.
 */
export async function writeCsv(header: string[], rows: AsyncIterable<ExportRow>, out: Writable) {
  async function* records() {
    yield header;
    for await (const row of rows) yield csvCells(row);
  }
  const csv = stringify({ escape_formulas: true, bom: false });
  out.write(BOM);
  await pipeline(Readable.from(records()), csv, batched(), out);
}

/**
 * Writes header and rows as one XLSX sheet with exceljs's streaming writer (rows are committed as they
 * come, nothing is kept). Times are date cells (wall-clock time of the export's zone), values numbers.
 */
export async function writeXlsx(
  header: string[],
  rows: AsyncIterable<ExportRow>,
  out: Writable,
  sheetName: string,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h, i) => ({
    header: h,
    width: i === 0 ? 20 : Math.min(40, Math.max(12, h.length)),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of rows) {
    const [time, ...values] = row;
    const daily = typeof time === 'string';
    const excelRow = sheet.addRow([daily ? new Date(`${time}T00:00:00Z`) : time, ...values]);
    excelRow.getCell(1).numFmt = daily ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss';
    excelRow.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** The file as a stream for a direct download (written while the client reads). */
export function exportStream(
  format: ExportFormat,
  header: string[],
  rows: AsyncIterable<ExportRow>,
  sheetName: string,
  onError: (err: unknown) => void,
): Readable {
  const out = new PassThrough();
  const done = format === 'csv' ? writeCsv(header, rows, out) : writeXlsx(header, rows, out, sheetName);
  done.catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
