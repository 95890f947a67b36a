import { describe, expect, it } from 'vitest';
import { EncodeGate } from '../../workers/capture/encode-gate';

/** Which of the pictures offered at each queue length the gate lets through. */
const admitted = (gate: EncodeGate, queues: number[]) => queues.map((q) => gate.admit(q));

describe('EncodeGate', () => {
  it('takes every picture while the encoder keeps up', () => {
    expect(admitted(new EncodeGate(2, 6), [0, 1, 2, 2, 0])).toEqual([true, true, true, true, true]);
  });

  it('leaves out every other picture of a busy spell, not all of it', () => {
    const gate = new EncodeGate(2, 6);
    expect(admitted(gate, [3, 3, 4, 4, 5, 5])).toEqual([false, true, false, true, false, true]);
  });

  it('leaves out all over its full mark, and takes the next once the encoder is free', () => {
    const gate = new EncodeGate(2, 6);
    expect(admitted(gate, [7, 7, 7, 1])).toEqual([false, false, false, true]);
  });
});
