import { DOWNLOAD_STALL_MS } from './storage-constants';

/** A file whose size and SHA-256 are known in advance (setup records them). */
export interface KnownAsset {
  path: string;
  size: number;
  sha256: string;
}

/** A download failure with a reason the UI can show. */
export class DownloadError extends Error {
  constructor(
    readonly kind: 'http' | 'network' | 'stalled' | 'size' | 'integrity' | 'aborted',
    readonly path: string,
    readonly status = 0,
  ) {
    super(`${kind} ${status || ''} ${path}`.trim());
    this.name = 'DownloadError';
  }
}

export async function sha256Hex(data: BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** True when the bytes are exactly the known asset (size first: it is free). */
export async function matchesAsset(bytes: ArrayBuffer, asset: KnownAsset): Promise<boolean> {
  return bytes.byteLength === asset.size && (await sha256Hex(bytes)) === asset.sha256;
}

export interface BodyOptions {
  /** Bytes received so far, and the response's Content-Length (the wire size; 0 if not said). */
  onBytes?: (received: number, wireSize: number) => void;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/**
 * Downloads `url`, at most `limit` bytes (more is a 'size' error, raised as soon as it shows,
 * without reading the rest), reporting the bytes received so far. Nothing for DOWNLOAD_STALL_MS
 * (the headers, or the next bytes) aborts it as 'stalled'.
 */
export async function fetchBody(
  url: string,
  path: string,
  limit: number,
  { onBytes = () => {}, signal, cache }: BodyOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const stall = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const moved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(), DOWNLOAD_STALL_MS);
  };
  const stop = () => stall.abort();
  signal?.addEventListener('abort', stop);
  const failure = (error: unknown) => {
    if (error instanceof DownloadError) return error;
    const kind = signal?.aborted ? 'aborted' : stall.signal.aborted ? 'stalled' : 'network';
    return new DownloadError(kind, path);
  };
  moved();
  try {
    const response = await fetch(url, { signal: stall.signal, ...(cache ? { cache } : {}) });
    moved();
    if (!response.ok || !response.body) throw new DownloadError('http', path, response.status);
    const wireSize = Number(response.headers.get('Content-Length')) || 0;
    return await readBody(response.body.getReader(), path, limit, (n) => {
      moved();
      onBytes(n, wireSize);
    });
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

async function readBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  path: string,
  limit: number,
  onBytes: (received: number) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) throw new DownloadError('size', path);
      chunks.push(value);
      onBytes(received);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A JSON body of at most `limit` bytes (fetchBody), parsed; what it holds is the caller's to check. */
export async function fetchJson(
  url: string,
  path: string,
  limit: number,
  options?: BodyOptions,
): Promise<unknown> {
  const bytes = await fetchBody(url, path, limit, options);
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

/**
 * Downloads an asset of known size and hash. Progress counts decoded bytes against the known
 * decoded size, so it stays right when the server compresses (Content-Length is the wire size).
 */
export async function fetchChecked(
  url: string,
  asset: KnownAsset,
  onBytes: (received: number) => void = () => {},
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  const options = { onBytes, cache: 'no-cache' as const, ...(signal ? { signal } : {}) };
  const bytes = await fetchBody(url, asset.path, asset.size, options);
  if (bytes.byteLength !== asset.size) throw new DownloadError('size', asset.path);
  if ((await sha256Hex(bytes)) !== asset.sha256) throw new DownloadError('integrity', asset.path);
  return bytes.buffer;
}
