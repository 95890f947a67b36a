/**
 * Whether a frame rests on the cheeks (贴脸): its lower rim reaches the skin of the reference head
 * where the fit rests it (workers/fit/face-contact.ts measures the gap). Shops answer it with an
 * Asian-fit version (亚洲版) or higher nose pads (高鼻托), which hold the front off the cheeks.
 */
export const CHEEK_TOUCH_MM = 0;

/** Whether a rim `gapMm` from the cheeks (below 0: into them) rests on them. */
export const touchesCheek = (gapMm: number): boolean => gapMm < CHEEK_TOUCH_MM;
