import { Group, Matrix4 } from 'three';
import { FRONT_ANCHOR } from '../common/canonical-face';
import { TempleBend } from '../fit/temple-bend';

/**
 * Shows the glasses at their real size on this face. The tracker poses the average (canonical)
 * face; a face `scale` times larger looks the same from `scale` times further away, so in the
 * canonical world real lengths shrink by `scale`. The glasses (fitted at their real size to the
 * average face) shrink by it about the front's centre, where the lenses meet the pupils, and
 * their temples bend to meet this head (temple-bend.ts).
 */
export class TrueSize {
  readonly group = new Group();
  readonly temples = new TempleBend();
  private scale = 1;

  constructor() {
    this.group.matrixAutoUpdate = false;
  }

  /** The measured face against the average one; 1 until the measurement is stable. */
  set(scale: number): void {
    if (!(scale > 0) || scale === this.scale) return;
    this.scale = scale;
    sizeMatrix(scale, this.group.matrix);
    this.group.matrixWorldNeedsUpdate = true;
    this.temples.update(scale);
  }

  get current(): number {
    return this.scale;
  }
}

/** Into `out`: the glasses' group for a face `scale` times the average one (see TrueSize). */
export function sizeMatrix(scale: number, out: Matrix4): Matrix4 {
  const { x, y, z } = FRONT_ANCHOR;
  const s = 1 / scale;
  return out
    .makeTranslation(x, y, z)
    .multiply(new Matrix4().makeScale(s, s, s))
    .multiply(new Matrix4().makeTranslation(-x, -y, -z));
}
