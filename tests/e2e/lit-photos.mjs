// The still face as it is and lit six ways (issue 52's light checks): from the picture's left
// and from its right (a brightness ramp across it, e^±2.5 from edge to edge), from above and from
// below (the same ramp down it), warm and cold (the red and blue channels scaled the other way).
// Made with ffmpeg from the outside checks' still face, cached.
import { join } from 'node:path';
import { stillFacePicture } from '../outside/clips.mjs';
import { CACHE, ffmpegCached } from './fixtures.mjs';

/**
 * Each channel times e^(k·(0.5 − x/W)) across the picture (k > 0 lights its left, k < 0 its
 * right), or e^(k·(0.5 − y/H)) down it (`down`: k > 0 lights its top, as lamps or a window
 * above, k < 0 its bottom).
 */
const ramp = (/** @type {number} */ k, down = false) => {
  const gain = `exp(${k}*(0.5-${down ? 'Y/H' : 'X/W'}))`;
  const channel = (/** @type {string} */ c) => `${c}='clip(${c}(X\\,Y)*${gain}\\,0\\,255)'`;
  return `format=gbrp,geq=${['r', 'g', 'b'].map(channel).join(':')}`;
};

const LOOKS = {
  plain: 'null',
  left: ramp(2.5),
  right: ramp(-2.5),
  warm: 'colorchannelmixer=rr=1.2:bb=0.7',
  cold: 'colorchannelmixer=rr=0.75:bb=1.25',
  above: ramp(2.5, true),
  below: ramp(-2.5, true),
};

/** @returns {Promise<Record<keyof typeof LOOKS, string>>} the seven photos' paths */
export async function litPhotos() {
  const still = await stillFacePicture();
  const paths = /** @type {Record<keyof typeof LOOKS, string>} */ ({});
  for (const [name, filter] of Object.entries(LOOKS)) {
    const path = join(CACHE, `photo-lit-${name}.jpg`);
    await ffmpegCached(path, [still], ['-i', still, '-vf', filter, '-frames:v', '1', '-q:v', '3']);
    paths[/** @type {keyof typeof LOOKS} */ (name)] = path;
  }
  return paths;
}
