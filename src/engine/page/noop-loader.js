// Loaded by MediaPipe as its "wasm loader" on the baseline page: the real (module) loader is
// imported beforehand (bench-assets.ts, pinModuleFactory), so this script has nothing to do.
