/**
 * Points of MediaPipe's canonical face model (centimetres, Y up, face toward +Z) where glasses
 * rest. Read from the geometry metadata inside face_landmarker.task (landmarks 168, 33/263, 127/356).
 */
export const NOSE_BRIDGE = { x: 0, y: 3.27, z: 5.24 } as const;
export const EYE_OUTER_X = 4.45;
export const EYE_CENTER_Y = 2.63;
export const FACE_HALF_WIDTH_AT_EYES = 7.74;

/**
 * Where the centre of the glasses' front (lens centres' midpoint, front face) sits: at pupil
 * height, about 12 mm in front of the cornea, which puts the bridge on the nose bridge.
 */
export const FRONT_ANCHOR = { x: 0, y: EYE_CENTER_Y, z: 5.6 } as const;
