/**
 * The centre and long axis of a set of pixels (the ones the glasses change), from their first
 * and second moments: any shape, any turn.
 */
export class PixelMoments {
  count = 0;
  private sx = 0;
  private sy = 0;
  private sxx = 0;
  private syy = 0;
  private sxy = 0;

  add(x: number, y: number): void {
    this.count++;
    this.sx += x;
    this.sy += y;
    this.sxx += x * x;
    this.syy += y * y;
    this.sxy += x * y;
  }

  /** The pixels' mean position ([0, 0] for none). */
  get centre(): [number, number] {
    const n = Math.max(1, this.count);
    return [this.sx / n, this.sy / n];
  }

  /** The long axis, degrees clockwise from the x axis (y grows downwards), within ±90°. */
  get axisDeg(): number {
    const n = Math.max(1, this.count);
    const [mx, my] = this.centre;
    const cxx = this.sxx / n - mx * mx;
    const cyy = this.syy / n - my * my;
    const cxy = this.sxy / n - mx * my;
    return (0.5 * Math.atan2(2 * cxy, cxx - cyy) * 180) / Math.PI;
  }
}
