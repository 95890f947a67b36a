// docs/embed-example.html served as a shop's page would serve it: the try-on framed with `?embed`
// (the app's address in the page's `?app=`).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';

const EXAMPLE = await readFile('docs/embed-example.html');

export type Served = { url: string; close(): Promise<void> };

/** Serves the example shop page at `port` (0: any free one) on every address of the machine. */
export async function shopPage(port: number): Promise<Served & { server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(EXAMPLE);
  });
  await new Promise<void>((done) => server.listen(port, done));
  const { port: bound } = server.address() as { port: number };
  const close = () => new Promise<void>((done) => server.close(() => done()));
  return { server, url: `http://localhost:${bound}`, close };
}

/** The shop page's address framing the app at `appUrl`. */
export const framing = (host: Served, appUrl: string) =>
  `${host.url}/?app=${encodeURIComponent(appUrl)}`;
