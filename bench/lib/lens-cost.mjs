// Issue 39's cost: the drawn and tracked rates without and with a prescription's lens effect
// (the eyes scaled inside the lenses, a tint, the edge's band), back to back in one session on
// the same camera video, so the machine's drift between runs does not count.
import { putOnFirstGlasses, startToFirstFrame, warmUp } from './app-flow.mjs';
import { measureWindow } from './measure.mjs';
import { resetProbes } from './probes.mjs';
import { sleep } from './stats.mjs';

const TAP = '.model-cell[aria-pressed="true"]';

/** Enters −6.00 D, index 1.60, PD 64, grey at 50 % through 镜片's form, as a person would. */
async function enterLenses(page, timeoutMs) {
  await page.getByRole('button', { name: '镜片', exact: true }).click({ timeout: timeoutMs });
  const form = page.getByRole('dialog', { name: '我的镜片（处方）' });
  await form.getByLabel('球镜（近视为负）').selectOption('-6');
  await form.getByLabel('镜片折射率').selectOption('1.6');
  await form.getByLabel('瞳距（毫米）').fill('64');
  await form.getByLabel('染色').selectOption('grey');
  await form.getByLabel('浓度').selectOption('0.5');
  await form.getByRole('button', { name: '保存' }).click();
  await form.waitFor({ state: 'hidden', timeout: timeoutMs });
}

/**
 * Two windows of `plan.refWindowS` on the first grid model (which has lens meshes): clear lenses,
 * then with the lens effect. `cost` is the drawn rate lost, as a share of the clear one.
 */
export async function measureLensCost(session, baseUrl, plan) {
  const { page } = session;
  await startToFirstFrame(page, `${baseUrl}/home?stats`, plan.stepTimeoutMs);
  await putOnFirstGlasses(page, plan.stepTimeoutMs);
  await warmUp(page, { seconds: plan.warmupS, minTracked: 20, timeoutMs: 120_000 });
  await resetProbes(page);
  const clear = await measureWindow(session, { seconds: plan.refWindowS, tapSelector: TAP });
  await enterLenses(page, plan.stepTimeoutMs);
  await sleep(2000);
  await resetProbes(page);
  const lenses = await measureWindow(session, { seconds: plan.refWindowS, tapSelector: TAP });
  return {
    clear: { drawnFps: clear.drawnFps, trackedFps: clear.trackedFps },
    lenses: { drawnFps: lenses.drawnFps, trackedFps: lenses.trackedFps },
    cost:
      clear.drawnFps > 0 ? Math.round((1 - lenses.drawnFps / clear.drawnFps) * 1000) / 1000 : null,
  };
}
