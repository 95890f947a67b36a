// @vitest-environment happy-dom
// 保存对比图 on 全部试戴's comparison: a collage that never comes (a decode or encode the browser
// never answers) is said to have failed within COLLAGE_MS, and the button can be pressed again.
import { getDefaultStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { CompareView } from '../../src/features/try-all/compare-view';
import type { TryAllCell } from '../../src/features/try-all/try-all-view';
import { t } from '../../src/i18n';
import { COLLAGE_MS } from '../../src/shared/ui-constants';
import { toastAtom } from '../../src/state/atoms';

vi.mock('../../src/features/try-all/collage', () => ({
  makeCollage: () => new Promise<Blob>(() => {}),
}));

afterEach(() => vi.useRealTimers());

it('says a collage that never comes failed, and lets the button be pressed again', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const picture = new Blob([new Uint8Array(4)], { type: 'image/jpeg' });
  const cells = ['001', '002'].map(
    (serialNo) =>
      ({
        entry: { value: `models/${serialNo}.glb`, serialNo, text: serialNo },
        image: picture,
      }) as TryAllCell,
  );
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(<CompareView bare={picture} cells={cells} onBack={() => {}} />),
  );
  const save = host.querySelector<HTMLButtonElement>('.compare-share')!;
  await act(async () => save.click());
  expect(save.disabled).toBe(true);
  await act(async () => vi.advanceTimersByTimeAsync(COLLAGE_MS));
  expect(getDefaultStore().get(toastAtom)?.text).toBe(t('compareFailed'));
  expect(save.disabled).toBe(false);
  await act(async () => root.unmount());
});
