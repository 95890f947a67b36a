/** A file whose size and SHA-256 are known in advance (setup records them). */
export interface KnownAsset {
  path: string;
  size: number;
  sha256: string;
}

/** A download failure with a reason the UI can show. */
export class DownloadError extends Error {
  constructor(
    readonly kind: 'http' | 'network' | 'size' | 'integrity' | 'aborted',
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

/**
 * Reads a response body, at most `limit` bytes (more is a 'size' error, raised as soon as it shows,
 * without reading the rest), reporting the bytes received so far.
 */
export async function readBody(
  response: Response,
  path: string,
  limit: number,
  onBytes: (received: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.ok || !response.body) throw new DownloadError('http', path, response.status);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
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
    if (error instanceof DownloadError) throw error;
    throw new DownloadError(signal?.aborted ? 'aborted' : 'network', path);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A JSON body of at most `limit` bytes (readBody), parsed; what it holds is the caller's to check. */
export async function readJson(
  response: Response,
  path: string,
  limit: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const bytes = await readBody(response, path, limit, undefined, signal);
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
  let response: Response;
  try {
    response = await fetch(url, { signal, cache: 'no-cache' });
  } catch {
    throw new DownloadError(signal?.aborted ? 'aborted' : 'network', asset.path);
  }
  const bytes = await readBody(response, asset.path, asset.size, onBytes, signal);
  if (bytes.byteLength !== asset.size) throw new DownloadError('size', asset.path);
  if ((await sha256Hex(bytes)) !== asset.sha256) throw new DownloadError('integrity', asset.path);
  return bytes.buffer;
}
