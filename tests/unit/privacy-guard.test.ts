// The two halves of "nothing leaves the device" that need no browser: the worker's fetch guard
// refuses every other origin, and MediaPipe's bundle still reaches the network only in the way
// that guard stops (a new version that posts some other way fails here before it ships).
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const network = vi.fn(async (input: RequestInfo | URL) => new Response(String(input)));
const scope = {
  location: new URL('http://app.test/assets/try-on.worker.js'),
  fetch: network,
  addEventListener: vi.fn(),
};
let guarded: typeof fetch;

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { installFetchGuard } = await import('../../workers/assets/fetch-guard');
  installFetchGuard(['https://cdn.test']);
  guarded = scope.fetch as typeof fetch;
});
afterEach(() => network.mockClear());

describe('worker fetch guard', () => {
  it('passes the app origin, the asset origin and local URLs through', async () => {
    for (const url of [
      '/mediapipe/face_landmarker.task',
      'http://app.test/others/manifest.json',
      'https://cdn.test/models/001.glb',
      'blob:http://app.test/1234',
      'data:text/plain,hi',
    ]) {
      await guarded(url);
    }
    await guarded(new Request('https://cdn.test/env/studio.png'));
    expect(network).toHaveBeenCalledTimes(6);
  });

  it('refuses every other origin without touching the network', async () => {
    for (const url of [
      'https://odml.pa.googleapis.com/v1/log',
      'http://app.test:8080/',
      'https://app.test/',
      'https://cdn.test.evil.example/x',
    ]) {
      await expect(guarded(url, { method: 'POST' })).rejects.toThrow(TypeError);
    }
    await expect(guarded(new Request('https://example.com/'))).rejects.toThrow(TypeError);
    expect(network).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith(
      '[privacy] refused a request to https://odml.pa.googleapis.com',
    );
  });
});

describe('@mediapipe/tasks-vision bundle (the one the workers import)', () => {
  const bundle = readFileSync('node_modules/@mediapipe/tasks-vision/vision_bundle.mjs', 'utf8');

  it('names one outside address: its usage log', () => {
    const urls = new Set(bundle.match(/\b(?:https?|wss?):\/\/[\w.-]+[^\s"'`]*/g));
    expect([...urls]).toEqual(['https://odml.pa.googleapis.com/v1/log']);
  });

  it('sends it with the global fetch, which the guard replaces, and no other channel', () => {
    expect(bundle).toMatch(/await fetch\(t\.url,\{method:/);
    expect(bundle).not.toMatch(
      /XMLHttpRequest|sendBeacon|WebSocket|EventSource|navigator\.connection/,
    );
    // The only script it loads is the wasm loader, from the path the app gives it.
    expect(bundle.match(/importScripts\([^)]*\)/g)).toEqual(['importScripts(t.toString()']);
  });

  it('stops logging for good after one refused send', () => {
    const logger =
      /Logging failed with HTTP error: \$\{t\}`\),this\.i=\[\],void 0!==this\.h&&\(clearInterval\(this\.h\)/;
    expect(bundle).toMatch(logger);
    expect(bundle).toMatch(/flush\(t,e\)\{if\(this\.error\)e\?\.\("net-send-failed"\)/);
  });
});
