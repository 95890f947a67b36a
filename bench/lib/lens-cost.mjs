// Issue 39's cost: the drawn and tracked rates without and with a prescription's lens effect
// (the eyes scaled inside the lenses, a tint, the edge's band), in turns in one session on the
// same camera video, so the machine's drift between runs does not count.
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
const LOOKS = { lenses: { sphere: '-6', tint: 'grey' }, clear: { sphere: '0', tint: 'none' } };

/**
 * Four windows of a quarter of 2 × `plan.refWindowS` each on the first grid model (which has
 * lens meshes), alternating clear and with the lens effect (clear, lenses, clear, lenses), so a
 * drift of the machine's speed over the minute weighs on both alike. `cost` is the drawn rate
 * lost, as a share of the clear one.
 */
export async function measureLensCost(session, baseUrl, plan) {
  const { page } = session;
  await startToFirstFrame(page, `${baseUrl}/home?stats`, plan.stepTimeoutMs);
  await putOnFirstGlasses(page, plan.stepTimeoutMs);
  await warmUp(page, { seconds: plan.warmupS, minTracked: 20, timeoutMs: 120_000 });
  const seconds = plan.refWindowS / 2;
  const sums = { clear: { drawn: 0, tracked: 0 }, lenses: { drawn: 0, tracked: 0 } };
  for (const state of ['clear', 'lenses', 'clear', 'lenses']) {
    if (state === 'lenses' || sums.lenses.drawn > 0)
      await enterLenses(page, plan.stepTimeoutMs, LOOKS[state]);
    await sleep(2000);
    await resetProbes(page);
    const figures = await measureWindow(session, { seconds, tapSelector: TAP });
    sums[state].drawn += figures.drawnFps / 2;
    sums[state].tracked += figures.trackedFps / 2;
  }
  const rates = (s) => ({ drawnFps: round(s.drawn, 2), trackedFps: round(s.tracked, 2) });
  const { clear, lenses } = sums;
  return {
    clear: rates(clear),
    lenses: rates(lenses),
    cost: clear.drawn > 0 ? round(1 - lenses.drawn / clear.drawn, 3) : null,
  };
}
