import {
  Color,
  Matrix3,
  Mesh,
  ShaderMaterial,
  Vector2,
  type Material,
  type MeshPhysicalMaterial,
  type Object3D,
  type Texture,
} from 'three';
import type { LensLook } from '../../src/shared/try-on-types';
import { isLens, meshesOf } from '../fit/fit-geometry';

/** A clear lens without power: nothing drawn, reflections as the file's. */
export const CLEAR_LENS: LensLook = {
  magnification: 1,
  tint: [1, 1, 1],
  density: 0,
  gradient: false,
  antiReflection: false,
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

const VERTEX = /* glsl */ `
void main() {
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

/**
 * The picture behind a lens, scaled about the eye behind it: each fragment samples the video at
 * the point `scale` times nearer that eye (the nearer of the two centres), through the
 * background's own transform (mirroring, a crop); then filtered by the lens's tint: each channel
 * times mix(1, tint, density), the density fading from above the eye to below it for a gradient
 * (over about the eyes' span).
 */
const FRAGMENT = /* glsl */ `
uniform sampler2D map;
uniform mat3 uvTransform;
uniform vec2 size;
uniform vec2 centres[2];
uniform float scale;
uniform vec3 tint;
uniform float density;
uniform float gradient;
void main() {
  vec2 p = gl_FragCoord.xy;
  vec2 c = distance(p, centres[0]) < distance(p, centres[1]) ? centres[0] : centres[1];
  vec2 uv = (c + (p - c) / scale) / size;
  vec4 colour = texture2D(map, (uvTransform * vec3(uv, 1.0)).xy);
  // The video is uploaded as sRGB bytes and decoded here, as three's own background does.
  colour.rgb = mix(
    pow(colour.rgb * 0.9478672986 + vec3(0.0521327014), vec3(2.4)),
    colour.rgb * 0.0773993808,
    vec3(lessThanEqual(colour.rgb, vec3(0.04045)))
  );
  float span = max(distance(centres[0], centres[1]), 1.0);
  float fade = mix(1.0, clamp(0.6 + (p.y - c.y) / (0.45 * span), 0.15, 1.0), gradient);
  colour.rgb *= mix(vec3(1.0), tint, density * fade);
  gl_FragColor = colour;
  #include <colorspace_fragment>
}`;

/**
 * How your lenses look (issue 39): a copy of each lens mesh, drawn just before the glasses, shows
 * the video behind it scaled about the eye by the lens's magnification (lens-optics.ts) and
 * filtered by its tint; the lens itself (its reflections) is drawn over it as before, dimmed by
 * an anti-reflection coating. Lens pixels only: nothing else of the picture changes. No copy is
 * drawn for a clear lens without power.
 */
export class LensLayer {
  private readonly material = new ShaderMaterial({
    uniforms: {
      map: { value: null },
      uvTransform: { value: new Matrix3() },
      size: { value: new Vector2(1, 1) },
      centres: { value: [new Vector2(), new Vector2()] },
      scale: { value: 1 },
      tint: { value: new Color(1, 1, 1) },
      density: { value: 0 },
      gradient: { value: 0 },
    },
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    depthWrite: false,
  });
  private copies: Mesh[] = [];
  private lenses: Mesh[] = [];

  private current: LensLook = CLEAR_LENS;

  set look(look: LensLook) {
    this.current = look;
    const u = this.material.uniforms;
    u.scale!.value = look.magnification;
    (u.tint!.value as Color).setRGB(...look.tint);
    u.density!.value = look.density;
    u.gradient!.value = look.gradient ? 1 : 0;
    for (const copy of this.copies) copy.visible = this.drawn;
    for (const lens of this.lenses) coat(lens, look.antiReflection);
  }

  /** Whether the copies draw anything (a lens with power or a tint). */
  private get drawn(): boolean {
    return Math.abs(this.current.magnification - 1) >= 0.01 || this.current.density > 0;
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
    return meshesOf(glasses)
      .filter(isLens)
      .map((lens) => {
        const copy = new Mesh(lens.geometry, this.material);
        copy.name = 'lens-magnifier';
        // Before the glasses (renderOrder 1), the lens drawn over it.
        copy.renderOrder = 0.5;
        copy.visible = this.drawn;
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
   * ([x0, y0, x1, y1], fractions of the picture from its top left, as the preview shows it).
   */
  frame(background: Texture, width: number, height: number, eyes: readonly number[]): void {
    const u = this.material.uniforms;
    u.map!.value = background;
    background.updateMatrix();
    (u.uvTransform!.value as Matrix3).copy(background.matrix);
    (u.size!.value as Vector2).set(width, height);
    const [x0 = 0.5, y0 = 0.5, x1 = 0.5, y1 = 0.5] = eyes;
    const centres = u.centres!.value as Vector2[];
    centres[0]!.set(x0 * width, (1 - y0) * height);
    centres[1]!.set(x1 * width, (1 - y1) * height);
  }

  dispose(): void {
    this.material.dispose();
  }
}
