import { modelPath, type CatalogueEntry } from './manifest';

/** The query parameter a shop's link names its frame with: `/home?glasses=<serial or file>`. */
export const LINK_PARAM = 'glasses';
/** Longer than any serial number or file path a manifest holds: not read further. */
const MAX_LINK_LENGTH = 200;

/** The frame a link asks for, as written (trimmed), or null when it asks for none. */
export function linkedQuery(search: string): string | null {
  const asked = new URLSearchParams(search).get(LINK_PARAM)?.trim() ?? '';
  return asked ? asked.slice(0, MAX_LINK_LENGTH) : null;
}

/**
 * The catalogue entry a link names: by serial number (`001`), by file as the manifest writes it
 * (`models/001.glb`), or by the file's own name with or without `.glb`. Null when none matches.
 */
export function findLinked(
  entries: readonly CatalogueEntry[],
  asked: string,
): CatalogueEntry | null {
  const file = (entry: CatalogueEntry) => modelPath(entry).split('/').pop() ?? entry.value;
  const bare = (name: string) => name.replace(/\.glb$/i, '').toLowerCase();
  return (
    entries.find((entry) => entry.serialNo === asked) ??
    entries.find((entry) => entry.value === asked) ??
    entries.find((entry) => bare(file(entry)) === bare(asked)) ??
    null
  );
}
