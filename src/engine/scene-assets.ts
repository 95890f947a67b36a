import { t } from '../i18n';
import { ASSET_PATHS } from '../shared/storage-constants';
import {
  loadEnvironmentCube,
  loadEnvironmentImage,
  storeEnvironmentCube,
} from '../storage/env-image';
import { fetchKnownAsset } from './engine-assets';
import type { EngineCommands } from '../shared/engine-commands';

export type ScenePart = 'occluder' | 'environment';

export interface SceneAssets {
  /** Parts not in the scene when the wait ended (failed, or still on their way). */
  missing: ScenePart[];
  /** The parts still missing once every load has ended, late ones included. */
  settled: Promise<ScenePart[]>;
}

/**
 * Puts the head occluder and the studio environment into a fresh engine. Waits for both, but no
 * longer than `waitMs`: the try-on opens without what has not arrived (a load that never ends
 * would otherwise hold this step for good), and a late part still goes in when it comes. Each
 * part that fails or is late is logged by name, so a stuck step says which it is.
 */
export async function loadSceneAssets(
  engine: Pick<EngineCommands, 'setOccluder' | 'setEnvironment'>,
  waitMs: number,
  signal: AbortSignal,
): Promise<SceneAssets> {
  const loads: Record<ScenePart, () => Promise<void>> = {
    occluder: () =>
      fetchKnownAsset(ASSET_PATHS.headOccluder, signal).then((glb) => engine.setOccluder(glb)),
    environment: async () => {
      const [png, cube] = await Promise.all([loadEnvironmentImage(signal), loadEnvironmentCube()]);
      const fresh = await engine.setEnvironment(png, cube);
      // Kept for the next start; the scene has its environment either way.
      if (fresh) void storeEnvironmentCube(fresh).catch(() => {});
    },
  };
  const done = new Set<ScenePart>();
  const parts = Object.keys(loads) as ScenePart[];
  const all = Promise.all(
    parts.map((part) =>
      loads[part]().then(
        () => void done.add(part),
        (error: unknown) => {
          if (!signal.aborted) console.error(`[engine] the scene's ${part} failed:`, error);
        },
      ),
    ),
  );
  const missing = () => parts.filter((part) => !done.has(part));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), waitMs);
  });
  const late = await Promise.race([all.then(() => false), timedOut]);
  clearTimeout(timer);
  if (late && !signal.aborted) {
    console.error(`[engine] still loading after ${waitMs} ms: ${missing().join(', ')}`);
  }
  return { missing: missing(), settled: all.then(missing) };
}

/** The Chinese (or English) notice for parts the scene lacks, or null when it lacks none. */
export function sceneNotice(missing: readonly ScenePart[]): string | null {
  if (missing.length === 0) return null;
  const names = missing.map((part) =>
    t(part === 'occluder' ? 'sceneOccluder' : 'sceneEnvironment'),
  );
  return t('sceneIncomplete', { parts: names.join(t('listSeparator')) });
}
