// The render worker's count of open VideoFrames reaches the stats when it reaches zero, however
// the last frame went: closed here or answered for by the tracking worker (a camera turned off
// while its kept picture was being re-tracked left the count at 2 in the stats for good).
import { expect, it } from 'vitest';
import { FrameLedger } from '../../workers/common/frame-ledger';

const frame = () => ({ close() {}, clone: () => frame() }) as unknown as VideoFrame;

it('tells when nothing is held any more, whether the last frame was closed or answered for', () => {
  const ledger = new FrameLedger();
  let emptied = 0;
  ledger.onEmpty = () => emptied++;
  ledger.took();
  const kept = ledger.clone(frame());
  const sent = ledger.clone(frame());
  ledger.close(frame());
  ledger.answered(); // the tracking worker's copy of `sent`
  expect(ledger.open).toBe(1);
  expect(emptied).toBe(0);
  ledger.close(kept);
  expect(ledger.open).toBe(0);
  expect(emptied).toBe(1);
  void sent;
  // And when the tracking worker's answer is the last.
  const again = ledger.clone(frame());
  ledger.close(again);
  expect(emptied).toBe(2);
  ledger.clone(frame());
  ledger.answered();
  expect(emptied).toBe(3);
});
