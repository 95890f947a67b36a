import type { CatalogueEntry } from '../../catalogue/manifest';

interface Colourable {
  entry: CatalogueEntry;
  /** Worn now. */
  selected: boolean;
}

/** One model on the grid: the colour it shows, and every colour of it the filter leaves. */
export type ModelOfColours<T> = T & { colours: readonly T[] };

/**
 * One cell per model: entries of one `group` (manifest-fields.ts) become the cell of the colour
 * chosen on it (`chosen`: group → value), else the one worn, else the first, with all of them as
 * its swatches; an entry without a group is a model of its own. In the items' order, each model
 * where its first colour was.
 */
export function groupColours<T extends Colourable>(
  items: readonly T[],
  chosen: Readonly<Record<string, string>>,
): ModelOfColours<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = item.entry.group;
    if (group === undefined) continue;
    const list = groups.get(group);
    if (list) list.push(item);
    else groups.set(group, [item]);
  }
  const models: ModelOfColours<T>[] = [];
  for (const item of items) {
    const group = item.entry.group;
    if (group === undefined) {
      models.push({ ...item, colours: [] });
      continue;
    }
    const colours = groups.get(group);
    if (!colours || colours[0] !== item) continue;
    const shown =
      colours.find((c) => c.entry.value === chosen[group]) ??
      colours.find((c) => c.selected) ??
      item;
    models.push({ ...shown, colours: colours.length > 1 ? colours : [] });
  }
  return models;
}
