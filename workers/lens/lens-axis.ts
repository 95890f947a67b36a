/**
 * The cylinder's axis in the drawing (issue 48), as a unit vector in its pixels (x right, y up,
 * as gl_FragCoord): the direction the lens scales the eyes by its `alongAxis` factor.
 *
 * TABO gives the axis seen from the front, counter-clockwise from the observer's right, for both
 * eyes. The camera sees the wearer from the front, so in the picture as the camera takes it the
 * axis is `axisDeg` from the frame's horizontal, turned with the head: the eyes' line at ρ puts
 * it at ρ + axisDeg. A mirrored picture (the front camera, shown like a looking glass) flips x:
 * there the eyes' line is at ρ' = −ρ and the axis at −(ρ + axisDeg) = ρ' − axisDeg. Either way
 * from the eyes' line as drawn (`eyes`, the drawing's pixels, y up); an axis is a line, so which
 * eye comes first does not matter. Without eyes (both at one point) the line is level.
 */
export function axisInPicture(
  axisDeg: number,
  eyes: readonly [number, number, number, number],
  mirrored: boolean,
): [number, number] {
  const [x0, y0, x1, y1] = eyes;
  const line = Math.atan2(y1 - y0, x1 - x0);
  const angle = line + ((mirrored ? -axisDeg : axisDeg) * Math.PI) / 180;
  return [Math.cos(angle), Math.sin(angle)];
}
