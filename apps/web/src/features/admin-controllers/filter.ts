import type { AffiliatedControllerRow } from '@hivescope/contract';

/** Controllers whose id, name, IMSI, IMEI, owner, affiliation or software version contains every word. */
export function filterControllers<R extends AffiliatedControllerRow>(rows: readonly R[], text: string): R[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = [
      String(row.id),
      row.name,
      row.imsi,
      row.imei,
      row.owner?.email,
      row.affiliation?.name,
      row.softwareVersion,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
