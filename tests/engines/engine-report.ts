// What each engine did, gathered while its checks run and printed as one line for the support
// table, plus the console lines worth reading (warnings and errors).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineSession } from './engine-session';
import { withDeadline } from '../../src/shared/deadline';
import { knownFault } from './known-faults';

export interface EngineReport {
  engine: string;
  version: string;
  /** 'worker' | 'page' as the stats report it; '?' before tracking ran. */
  path: string;
  delegate: string;
  fps: string;
  detectMs: string;
  file: string;
  loading: string;
  storage: string;
  /** The live picture judged from screenshots (tests/outside/live-judge.ts liveSummary). */
  live: string;
  /** Scene cuts the worker noticed in the file (it has none), and the lowest match between frames. */
  cuts: string;
  /** The cut clip: glasses before the cut, frames drawn with the old pose after it, time back. */
  cut: string;
  photo: string;
  /** A photo as the source (EXIF-turned): its glasses at the eyes, the picture's size. */
  photoSource: string;
  /** 全部试戴 on that photo: frames drawn of the catalogue's, their size, two of them apart. */
  tryAll: string;
  /** 镜片 −6.00 D, grey 75 %: the pixels it changes on the screen, against the reference eyes. */
  lens: string;
  record: string;
  camera: string;
  measure: string;
  hidden: string;
  /** Broken text on the try-on screen (tests/e2e/text-fit.ts), at the session's one size. */
  text: string;
  /** Per check: 'pass 12.3s', 'FAIL 4.0s: …', 'KNOWN 4.0s: …' (known-faults.ts) or 'skip: …'. */
  checks: Record<string, string>;
}

export const newReport = (engine: string): EngineReport => ({
  engine,
  version: '?',
  path: '?',
  delegate: '?',
  fps: '?',
  detectMs: '?',
  file: '?',
  loading: '?',
  storage: '?',
  live: '?',
  cuts: '?',
  cut: '?',
  photo: '?',
  photoSource: '?',
  tryAll: '?',
  lens: '?',
  record: '?',
  camera: '?',
  measure: '?',
  hidden: '?',
  text: '?',
  checks: {},
});

const SHOTS = join(process.cwd(), '.cache/engines');

/**
 * Runs one check, recording its outcome and time in the report; on failure saves a screenshot
 * (.cache/engines/<engine>-<check>.png) and rethrows, unless the failure is a known open fault
 * (known-faults.ts): that is printed, seen or not, and does not fail the run.
 */
export async function runCheck(
  report: EngineReport,
  id: string,
  session: EngineSession | undefined,
  body: () => Promise<void>,
): Promise<void> {
  const started = Date.now();
  // Without a session the check did not run: that fails whatever is known.
  const known = session ? knownFault(report.engine, id) : undefined;
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  const consoleBefore = session ? await read(session.consoleMessages(), []) : [];
  try {
    if (!session) throw new Error('no browser session (launch failed)');
    await body();
    report.checks[id] = `pass ${took()}`;
    if (known) console.log(`[engines] ${report.engine} (${id}) known fault not seen: ${known}`);
  } catch (error) {
    // What the user was told and what the page logged meanwhile: CI keeps only the first line.
    const said = session ? await pageWords(session, consoleBefore) : '';
    if (error instanceof Error) {
      const [first, ...rest] = error.message.split('\n');
      try {
        error.message = [`${first}${said}`, ...rest].join('\n');
      } catch {
        // A message that cannot be set (a DOMException's): the report line below still says it.
      }
    }
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    report.checks[id] = `${known ? 'KNOWN' : 'FAIL'} ${took()}: ${message?.slice(0, 160)}`;
    await mkdir(SHOTS, { recursive: true });
    await session?.screenshot(join(SHOTS, `${report.engine}-${id}.png`)).catch(() => {});
    if (!known) throw error;
    console.log(`[engines] ${report.engine} (${id}) known fault seen: ${known} | ${message}`);
  }
}

/** A page read for a failure's report gives up after this long: a stuck page must not hold it. */
const READ_MS = 5_000;
const read = <T>(answer: Promise<T>, otherwise: T): Promise<T> =>
  withDeadline(answer, READ_MS).catch(() => otherwise);

/**
 * The page's alerts and statuses as shown, and its notable console lines logged since `before`
 * was read (the page keeps its last lines only, so they are found after `before`'s last).
 */
async function pageWords(session: EngineSession, before: string[]): Promise<string> {
  const shown = await read(
    session.evaluate(() =>
      [...document.querySelectorAll('[role=alert], [role=status]')]
        .map((node) => node.textContent?.trim() ?? '')
        .filter((text) => text !== ''),
    ),
    ['(page unreadable)'],
  );
  const now = await read(session.consoleMessages(), []);
  const since = before.length > 0 ? now.lastIndexOf(before.at(-1)!) + 1 : 0;
  const logged = notableConsole(now.slice(since));
  return ` | page shows: ${JSON.stringify(shown)} | logged: ${JSON.stringify(logged.slice(-6))}`;
}

/** The support-table line. */
export function summaryLine(r: EngineReport, totalS: number): string {
  const checks = Object.entries(r.checks)
    .map(([id, outcome]) => `${id}=${outcome.split(':')[0]}`)
    .join(' ');
  return (
    `[engines] ${r.engine} ${r.version} | path=${r.path} delegate=${r.delegate} | ` +
    `tracking ${r.fps}, detect ${r.detectMs} ms | file=${r.file} (cuts seen: ${r.cuts}) | ` +
    `${r.live} | ${r.measure} | cut clip: ${r.cut} | ` +
    `photo source: ${r.photoSource} | try-all: ${r.tryAll} | lens: ${r.lens} | ` +
    `broken text ${r.text} | ` +
    `photo=${r.photo} | record=${r.record} | ${r.hidden} | camera=${r.camera} | ` +
    `storage=${r.storage} | ` +
    `first visit ${r.loading} | ${checks} | ${totalS.toFixed(0)} s`
  );
}

/** MediaPipe's own log lines (glog format, TFLite's INFO on stderr): not the app's. */
const MEDIAPIPE = /\.cc:\d+\]|^error: INFO: /;

/** Warnings, errors, page errors and alerts, each distinct line once. */
export function notableConsole(lines: string[]): string[] {
  const notable = lines.filter(
    (line) => /^(warn|error|pageerror|alert):/.test(line) && !MEDIAPIPE.test(line),
  );
  return [...new Set(notable)].slice(0, 30);
}

/** "memory only (indexeddb-write: UnknownError: …)" from the app's storage warning, if any. */
export function storageOutcome(noticeShown: boolean, lines: string[]): string {
  if (!noticeShown) return 'kept';
  for (const line of lines) {
    const found = /storage unavailable \(([^)]+)\)[^\n]*?(\w+Error: [^\n]+)/.exec(line);
    if (found) return `memory only (${found[1]}: ${found[2]!.trim()})`;
  }
  return 'memory only';
}
