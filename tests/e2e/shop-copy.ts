// A copy of the built app whose manifest also lists a shop's own frames, as a shop publishes
// them: each file beside the others, with its size and SHA-256 unless the shop leaves them out.
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ShopFrame {
  serialNo: string;
  text: string;
  /** Where it is stored in the copy (`models/….glb`), and its bytes. */
  value: string;
  bytes: Uint8Array;
  /** No size and hash in its entry: the download itself must stop at the limit. */
  undeclared?: boolean;
  /** Its material file: where it is stored in the copy, and its items. */
  materials?: { path: string; items: unknown[] };
  /** One colour of a model (manifest-fields.ts). */
  colour?: { group: string; colour: string; swatch: string };
}

/** The copy's root (a temporary folder: remove it after). */
export async function shopCopy(name: string, frames: readonly ShopFrame[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `${name}-`));
  await cp('dist', root, { recursive: true });
  const manifest = JSON.parse(await readFile(join(root, 'others/manifest.json'), 'utf8'));
  for (const { serialNo, text, value, bytes, undeclared, materials, colour } of frames) {
    await writeFile(join(root, value), bytes);
    if (materials) {
      await writeFile(join(root, materials.path), JSON.stringify(materials.items));
      await removeCompressed(root, materials.path);
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    manifest.push({
      value,
      serialNo,
      text,
      ...(undeclared ? {} : { size: bytes.byteLength, sha256 }),
      ...(materials ? { materialParameter: materials.path } : {}),
      ...(colour ? { group: colour.group, colour: colour.colour, swatch: colour.swatch } : {}),
    });
  }
  await writeFile(join(root, 'others/manifest.json'), JSON.stringify(manifest));
  await removeCompressed(root, 'others/manifest.json');
  return root;
}

/** The build's compressed copies of a file, which would be served in its place. */
async function removeCompressed(root: string, path: string): Promise<void> {
  for (const suffix of ['.br', '.gz']) await rm(join(root, `${path}${suffix}`), { force: true });
}
