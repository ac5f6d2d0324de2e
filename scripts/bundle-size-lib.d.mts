// Types of bundle-size-lib.mjs (plain JavaScript, so node runs it without a build step) for its unit test.

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by source path or `_<file>`. */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type SizeRow = {
  route: string;
  bytes: number;
  baseline: number | null;
  change: number | null;
  failure: string | null;
};

export const GROWTH_LIMIT: number;
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[];
export function routeFiles(manifest: Manifest, entry: string, lazy: readonly string[]): string[];
export function stringListAfter(source: string, marker: string, where: string): string[];
export function compareSizes(
  current: Record<string, number>,
  baseline: Record<string, unknown>,
  limit?: number,
): SizeRow[];
export function percent(change: number): string;
