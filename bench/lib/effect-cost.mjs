// What an effect costs the drawn and tracked rates, without and with it, in turns in one session
// on the same camera video, so the machine's drift between runs does not count: a prescription's
// lens effect (issue 39: the eyes scaled inside the lenses, a tint, the edge's band),
// 摘掉我的眼镜 (issue 52: the wearer's own frame taken off; its passes run whatever the face), and
// the looks that make the frame look real (issue 52: the head occluder, the contact shadow, the
// room's light and reflections), all four off through the tests' URL switches.
import { putOnFirstGlasses, startToFirstFrame, warmUp } from './app-flow.mjs';
import { measureWindow } from './measure.mjs';
import { resetProbes } from './probes.mjs';
import { round, sleep } from './stats.mjs';

const TAP = '.model-cell[aria-pressed="true"]';

/** Enters a sphere and a tint through 镜片's form, as a person would (PD 64, index 1.60). */
async function enterLenses(page, timeoutMs, { sphere, tint }) {
  await page.getByRole('button', { name: '镜片', exact: true }).click({ timeout: timeoutMs });
  const form = page.getByRole('dialog', { name: '我的镜片（处方）' });
  await form.getByLabel('球镜（近视为负）').selectOption(sphere);
  await form.getByLabel('镜片折射率').selectOption('1.6');
  await form.getByLabel('瞳距（毫米）').fill('64');
  await form.getByLabel('染色').selectOption(tint);
  if (tint !== 'none') await form.getByLabel('浓度').selectOption('0.5');
  await form.getByRole('button', { name: '保存' }).click();
  await form.waitFor({ state: 'hidden', timeout: timeoutMs });
}

/** −6.00 D with a grey 50 % tint; clear: no power, no tint (the lenses as the file's). */
const LENSES = { lenses: { sphere: '-6', tint: 'grey' }, clear: { sphere: '0', tint: 'none' } };
/** The page's switches that leave out every look (src/engine/debug-switches.ts). */
const LOOKS_OFF = '&occluder=off&shadow=off&light=off&reflect=off';

/** Turns 摘掉我的眼镜 on or off, as a person would. */
async function takeOffOwnGlasses(page, timeoutMs, on) {
  const toggle = page.getByRole('button', { name: '摘掉我的眼镜' });
  if ((await toggle.getAttribute('aria-pressed', { timeout: timeoutMs })) !== String(on))
    await toggle.click({ timeout: timeoutMs });
}

/**
 * The page opened afresh (`switches` added to its URL), the camera on, the first grid model worn
 * (a reload may bring it back worn) and tracking warmed up.
 */
async function openWearing({ page, baseUrl, plan }, switches) {
  await startToFirstFrame(page, `${baseUrl}/home?stats${switches}`, plan.stepTimeoutMs);
  if ((await page.locator(TAP).count()) === 0) await putOnFirstGlasses(page, plan.stepTimeoutMs);
  await warmUp(page, { seconds: plan.warmupS, minTracked: 20, timeoutMs: 120_000 });
}

/** Each effect: whether it is on as the page opens, and how it is put on (`true`) and taken off. */
const EFFECTS = {
  lens: {
    startsOn: false,
    turn: ({ page, plan }, on) =>
      enterLenses(page, plan.stepTimeoutMs, on ? LENSES.lenses : LENSES.clear),
  },
  ownGlasses: {
    startsOn: false,
    turn: ({ page, plan }, on) => takeOffOwnGlasses(page, plan.stepTimeoutMs, on),
  },
  // Only a page opened afresh leaves them out: each turn opens it again.
  looks: { startsOn: true, turn: (where, on) => openWearing(where, on ? '' : LOOKS_OFF) },
};

/**
 * Four windows of a quarter of 2 × `plan.refWindowS` each on the first grid model (which has
 * lens meshes), without and with `effect` in the order without, with, with, without: both
 * states' windows then lie at the same mean time, so a steady drift of the machine's speed over
 * the minute weighs on both alike (in the order without, with, without, with it counted against
 * the effect). `cost` is the drawn rate lost, as a share of the rate without it. Each state also
 * gives the GPU process's CPU ms per drawn frame (software GL draws there, and composites the
 * page): the work the effect adds, beside a rate that moves with how the two cores are shared
 * between tracking and drawing (docs/behaviour.md, 摘掉我的眼镜's cost).
 */
export async function measureEffectCost(session, baseUrl, plan, effect) {
  const where = { page: session.page, baseUrl, plan };
  await openWearing(where, '');
  const seconds = plan.refWindowS / 2;
  const zero = () => ({ drawn: 0, tracked: 0, gpuMs: 0 });
  const sums = { without: zero(), with: zero() };
  let on = EFFECTS[effect].startsOn;
  for (const state of ['without', 'with', 'with', 'without']) {
    if ((state === 'with') !== on) {
      on = state === 'with';
      await EFFECTS[effect].turn(where, on);
    }
    await sleep(2000);
    await resetProbes(where.page);
    const figures = await measureWindow(session, { seconds, tapSelector: TAP });
    sums[state].drawn += figures.drawnFps / 2;
    sums[state].tracked += figures.trackedFps / 2;
    sums[state].gpuMs += ((figures.gpuCpuSPerMin ?? NaN) * 1000) / 60 / figures.drawnFps / 2;
  }
  const rates = (s) => ({
    drawnFps: round(s.drawn, 2),
    trackedFps: round(s.tracked, 2),
    gpuMsPerDrawn: Number.isFinite(s.gpuMs) ? round(s.gpuMs, 1) : null,
  });
  return {
    without: rates(sums.without),
    with: rates(sums.with),
    cost: sums.without.drawn > 0 ? round(1 - sums.with.drawn / sums.without.drawn, 3) : null,
  };
}

/** An effect's GPU-process figure as "without → with" ms, or null unless both sides have one. */
export function gpuChange(cost) {
  const without = cost?.without?.gpuMsPerDrawn;
  const withIt = cost?.with?.gpuMsPerDrawn;
  return without != null && withIt != null ? `${without} → ${withIt}` : null;
}
