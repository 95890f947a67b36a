const PAGE_ENGINE_TRIES = 3;

type PageEngineModule = typeof import('./page-engine');

/**
 * WebKit at times fails a first visit's import of the page engine's chunk ("Importing a module
 * script failed"). It is asked again, a little later each time (0.5 s, 1 s); only the third
 * failure counts as the engine's crash, which restarts it (use-try-on.ts) and so imports afresh.
 * `load` is the import itself (a test gives one that fails).
 */
export async function importPageEngine(
  load: () => Promise<PageEngineModule> = () => import('./page-engine'),
): Promise<PageEngineModule> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= PAGE_ENGINE_TRIES) throw error;
      console.warn(`[engine] page engine import failed (${String(error)}), trying again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
