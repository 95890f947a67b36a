// Issue 48's section of RESULTS.md: this tree (A) against another commit (B), per video, each
// figure's per-turn values, medians and difference. Kept between two markers at the top of
// RESULTS.md, so the next comparison replaces it and a full run's tables stay below it.
import { readFile, writeFile } from 'node:fs/promises';
import * as prettier from 'prettier';
import { round } from './stats.mjs';

/** The two comparisons RESULTS.md keeps: pages composited through SwiftShader, or on the CPU. */
const KINDS = ['against', 'against-page-on-cpu'];
const markers = (kind) => [`<!-- ${kind}:start -->`, `<!-- ${kind}:end -->`];
const kindOf = (plan) => KINDS[plan.pageOnCpu ? 1 : 0];
const NA = '—';

const show = (v) => (v === null || v === undefined ? NA : String(v));
const signed = (v) => (v === null || v === undefined ? NA : `${v > 0 ? '+' : ''}${v}`);
const percent = (v) => (v === null || v === undefined ? NA : `${signed(round(v * 100, 1))} %`);

function videoLines(video) {
  const { camera, turns, figures, leftOut } = video;
  const delegates = (app) =>
    turns
      .filter((t) => t.app === app)
      .map((t) => t.delegate ?? NA)
      .join(', ');
  const lines = [
    `### ${camera.name} (${camera.width}×${camera.height}, ${camera.fps} fps file)`,
    '',
    `Delegate per turn: A ${delegates('A')}; B ${delegates('B')}.`,
    '',
    '| Figure | A per turn | B per turn | A median | B median | A − B | (A − B) / B |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const f of figures)
    lines.push(
      `| ${f.label} | ${f.a.map(show).join(' / ')} | ${f.b.map(show).join(' / ')} |` +
        ` ${show(f.medianA)} | ${show(f.medianB)} | ${signed(f.difference)} | ${percent(f.change)} |`,
    );
  if (!figures.length) lines.push(`| (no figure measured in both builds) | ${NA} |`);
  if (leftOut.length)
    lines.push(
      '',
      `Left out (not reported by both builds, or no turn measured it): ${leftOut.join(', ')}.`,
    );
  for (const t of turns.filter((x) => x.error))
    lines.push('', `**Turn ${t.turn} of ${t.app} failed:** ${t.error}`);
  for (const t of turns.filter((x) => x.recording?.error))
    lines.push('', `Turn ${t.turn} of ${t.app}: recording failed: ${t.recording.error}`);
  return lines;
}

/** The section's lines (markdown), between the markers. */
export function againstSection(result) {
  const { a, b, plan, load } = result;
  const [START, END] = markers(kindOf(plan));
  const tree = a.uncommittedFiles ? ` + ${a.uncommittedFiles} uncommitted files` : '';
  const lines = [
    START,
    `## Against ${b.short}${plan.pageOnCpu ? ', pages composited on the CPU' : ''}: this tree (A)` +
      ` and ${b.short} (B) in one run, in turns`,
    '',
    `Run ${result.date} (${result.mode}), ${result.seconds} s. A: \`${a.sha}\`${tree} (the work tree);` +
      ` B: \`${b.sha}\` (“${b.subject}”), built in a worktree beside the project.`,
    '',
    `${plan.turns} turns per build and video, alternating A, B, A, B …; each turn a fresh browser` +
      ` (cold start, the first glasses, warm-up ${plan.warmupS} s), a ${plan.windowS} s window` +
      ` (drawn and tracked rates from the app's \`?stats\`), then a ${plan.recordS} s recording` +
      ` whose file ffprobe decodes frame by frame. Pages composited ${
        plan.pageOnCpu
          ? 'on the CPU (`--page-on-cpu`), as Chromium does where it has no GPU'
          : 'through SwiftShader, as on a GPU'
      }. Medians over the turns; A − B is A's median` +
      ` minus B's. Load average (1/5/15 min) ${load.start.loadAverage.join(', ')} at the start,` +
      ` ${load.end.loadAverage.join(', ')} at the end.`,
    '',
  ];
  if (b.lockDiffers)
    lines.push(
      `**Warning: package-lock.json differs between the work tree and ${b.short}; B was built` +
        ` with the work tree's node_modules.**`,
      '',
    );
  for (const video of result.videos) lines.push(...videoLines(video), '');
  lines.push(END);
  return lines;
}

/**
 * The Against sections RESULTS.md holds now, each as lines (markers included), the SwiftShader one first: a
 * full run rewrites the file and puts them back (run.mjs), as their comparisons are not its to drop.
 * @param {string} file @returns {Promise<string[][]>}
 */
export async function readAgainstSections(file) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return KINDS.map((kind) => {
    const [START, END] = markers(kind);
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    return start >= 0 && end > start ? text.slice(start, end + END.length).split('\n') : null;
  }).filter((section) => section !== null);
}

/**
 * Puts the section at the top of RESULTS.md (after its title), replacing an earlier one of its
 * kind (its markers say which), and formats the file as `npm run lint` expects.
 * @param {string} file @param {string[]} section
 */
export async function writeAgainstSection(file, section) {
  const text = await readFile(file, 'utf8').catch(() => '# Bench results (`npm run bench`)\n');
  const START = section[0];
  const END = START.replace(':start', ':end');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const rest =
    start >= 0 && end > start ? text.slice(0, start) + text.slice(end + END.length) : text;
  const lines = rest.split('\n');
  const title = lines.findIndex((line) => line.startsWith('# '));
  lines.splice(title + 1, 0, '', ...section, '');
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  await writeFile(file, await prettier.format(lines.join('\n'), options));
}
