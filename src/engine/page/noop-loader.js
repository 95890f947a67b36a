// Loaded by MediaPipe as its "wasm loader" when the engine runs on the page: the real (module)
// loader is imported beforehand (module-factory.ts), so this script has nothing to do.
