import {
  Color,
  Matrix3,
  Mesh,
  ShaderMaterial,
  Vector2,
  Vector4,
  Matrix4,
  type Material,
  type MeshPhysicalMaterial,
  type Object3D,
  type Texture,
} from 'three';
import { EDGE_BAND_SHARE } from '../../src/shared/lens/lens-optics';
import { UNMAGNIFIED } from '../../src/shared/lens/lens-magnification';
import type { LensLook } from '../../src/shared/try-on-types';
import { isLens, meshesOf } from '../fit/fit-geometry';
import { axisInPicture } from './lens-axis';
import { lensRims, lensToGlasses, RIM_DIRECTIONS } from './lens-rims';
import { LENS_FRAGMENT, LENS_VERTEX } from './lens-shader';

/** A clear lens without power: nothing drawn, reflections as the file's. */
export const CLEAR_LENS: LensLook = {
  magnification: UNMAGNIFIED,
  tint: [1, 1, 1],
  density: 0,
  gradient: false,
  antiReflection: false,
  edge: null,
};

/** An anti-reflection coating leaves this share of a lens's reflections. */
const COATED_REFLECTION = 0.2;

/** The lens's own reflections, dimmed by a coating or as they were (kept in userData). */
function coat(lens: Mesh, coated: boolean): void {
  for (const material of ([] as Material[]).concat(lens.material)) {
    const m = material as MeshPhysicalMaterial;
    if (m.envMapIntensity === undefined) continue;
    const base = (m.userData.uncoated ??= {
      envMapIntensity: m.envMapIntensity,
      clearcoat: m.clearcoat ?? 0,
      specularIntensity: m.specularIntensity ?? 1,
    }) as { envMapIntensity: number; clearcoat: number; specularIntensity: number };
    const k = coated ? COATED_REFLECTION : 1;
    m.envMapIntensity = base.envMapIntensity * k;
    if (m.clearcoat !== undefined) m.clearcoat = base.clearcoat * k;
    if (m.specularIntensity !== undefined) m.specularIntensity = base.specularIntensity * k;
  }
}

/**
 * How your lenses look (issue 39): a copy of each lens mesh, drawn just before the glasses, shows
 * the video behind it scaled about the eye by the lens's magnification (lens-optics.ts) and
 * filtered by its tint; the lens itself (its reflections) is drawn over it as before, dimmed by
 * an anti-reflection coating. Lens pixels only: nothing else of the picture changes. No copy is
 * drawn for a clear lens without power.
 */
export class LensLayer {
  /**
   * One material, so one program, for every copy: the look, the picture and the eyes shared, and
   * each copy's own lens (its space and its glasses' rims) set just before it draws.
   */
  private readonly material = new ShaderMaterial({
    uniforms: {
      map: { value: null },
      uvTransform: { value: new Matrix3() },
      size: { value: new Vector2(1, 1) },
      centres: { value: [new Vector2(), new Vector2()] },
      scale: { value: new Vector2(1, 1) },
      axisDir: { value: new Vector2(1, 0) },
      tint: { value: new Color(1, 1, 1) },
      density: { value: 0 },
      gradient: { value: 0 },
      surfaceRadius: { value: 0 },
      centreThickness: { value: 0 },
      bandShare: { value: EDGE_BAND_SHARE },
      toGlasses: { value: new Matrix4() },
      rimCentres: { value: [new Vector2(), new Vector2()] },
      rimRadii: { value: Array.from({ length: (2 * RIM_DIRECTIONS) / 4 }, () => new Vector4()) },
      rimExtents: { value: new Vector4() },
    },
    vertexShader: LENS_VERTEX,
    fragmentShader: LENS_FRAGMENT,
    depthWrite: false,
  });
  private copies: Mesh[] = [];
  private lenses: Mesh[] = [];

  private current: LensLook = CLEAR_LENS;

  set look(look: LensLook) {
    this.current = look;
    const u = this.material.uniforms;
    (u.scale!.value as Vector2).set(look.magnification.alongAxis, look.magnification.acrossAxis);
    u.surfaceRadius!.value = look.edge?.surfaceRadiusMm ?? 0;
    u.centreThickness!.value = look.edge?.centreMm ?? 0;
    (u.tint!.value as Color).setRGB(...look.tint);
    u.density!.value = look.density;
    u.gradient!.value = look.gradient ? 1 : 0;
    for (const copy of this.copies) copy.visible = this.drawn;
    for (const lens of this.lenses) coat(lens, look.antiReflection);
  }

  /** Whether the copies draw anything (a lens with power or a tint). */
  private get drawn(): boolean {
    const { alongAxis, acrossAxis } = this.current.magnification;
    const scaled = Math.max(Math.abs(alongAxis - 1), Math.abs(acrossAxis - 1)) >= 0.01;
    return scaled || this.current.density > 0;
  }

  /**
   * The worn glasses' lenses get copies (null: none); the glasses worn before lose theirs, before
   * they are disposed (the copies' material is this one's, kept).
   */
  wear(glasses: Object3D | null): void {
    this.detach(this.copies);
    this.copies = glasses ? this.attach(glasses) : [];
    this.lenses = glasses ? meshesOf(glasses).filter(isLens) : [];
    for (const lens of this.lenses) coat(lens, this.current.antiReflection);
  }

  /** Copies on `glasses`' lenses for one drawing (全部试戴); `detach` them after it. */
  attach(glasses: Object3D): Mesh[] {
    const lenses = meshesOf(glasses).filter(isLens);
    const rims = lensRims(glasses, lenses);
    const rimCentres = rims.centres.map(([x, y]) => new Vector2(x, y));
    const rimExtents = new Vector4(...rims.extents);
    const rimRadii: Vector4[] = [];
    for (let i = 0; i < rims.radii.length; i += 4)
      rimRadii.push(new Vector4().fromArray(rims.radii, i));
    return lenses.map((lens) => {
      const copy = new Mesh(lens.geometry, this.material);
      copy.name = 'lens-magnifier';
      // Before the glasses (renderOrder 1), the lens drawn over it.
      copy.renderOrder = 0.5;
      copy.visible = this.drawn;
      const toGlasses = lensToGlasses(glasses, lens);
      copy.onBeforeRender = () => {
        const u = this.material.uniforms;
        u.toGlasses!.value = toGlasses;
        u.rimCentres!.value = rimCentres;
        u.rimRadii!.value = rimRadii;
        u.rimExtents!.value = rimExtents;
        this.material.uniformsNeedUpdate = true;
      };
      coat(lens, this.current.antiReflection);
      lens.add(copy);
      return copy;
    });
  }

  detach(copies: readonly Mesh[]): void {
    for (const copy of copies) copy.removeFromParent();
  }

  /**
   * Before each draw: the background it samples, the drawing's size (px) and the eyes there
   * ([x0, y0, x1, y1], fractions of the picture from its top left, as the preview shows it);
   * the cylinder's axis follows the eyes' line and the picture's mirroring (lens-axis.ts), read
   * from the background's transform (a mirror flips its determinant's sign, a crop does not).
   */
  frame(background: Texture, width: number, height: number, eyes: readonly number[]): void {
    // A clear lens draws no copy: nothing to set up for it.
    if (!this.drawn) return;
    const u = this.material.uniforms;
    u.map!.value = background;
    background.updateMatrix();
    (u.uvTransform!.value as Matrix3).copy(background.matrix);
    (u.size!.value as Vector2).set(width, height);
    const [x0 = 0.5, y0 = 0.5, x1 = 0.5, y1 = 0.5] = eyes;
    const centres = u.centres!.value as Vector2[];
    centres[0]!.set(x0 * width, (1 - y0) * height);
    centres[1]!.set(x1 * width, (1 - y1) * height);
    const mirrored = background.matrix.determinant() < 0;
    const eyeLine = [centres[0]!.x, centres[0]!.y, centres[1]!.x, centres[1]!.y] as const;
    const axis = axisInPicture(this.current.magnification.axisDeg, eyeLine, mirrored);
    (u.axisDir!.value as Vector2).set(...axis);
  }

  dispose(): void {
    this.material.dispose();
  }
}
