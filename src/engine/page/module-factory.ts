// A file, not a data: URL: the CSP allows same-origin scripts only.
import noopLoaderUrl from './noop-loader.js?url&no-inline';

/**
 * MediaPipe puts its wasm loader on a page with a classic <script>, but the app ships the ES
 * module loader (for module workers). So the page imports that same loader itself and pins the
 * factory it exports on `self.ModuleFactory` (MediaPipe clears it after each use); the loader URL
 * handed to MediaPipe is then an empty classic script. Same loader, same wasm as the worker.
 */
export async function pinModuleFactory(loaderUrl: string): Promise<string> {
  const loader = (await import(/* @vite-ignore */ loaderUrl)) as { default: unknown };
  const factory = loader.default;
  Object.defineProperty(self, 'ModuleFactory', {
    configurable: true,
    get: () => factory,
    set: () => {},
  });
  return new URL(noopLoaderUrl, location.href).href;
}
