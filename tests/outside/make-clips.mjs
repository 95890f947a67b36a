// Makes the clips and pictures the moving-face journeys and the engines use, ahead of them
// (.cache/fixtures; each is made once and kept while its recipe holds). Made at the journeys'
// import and in their tests, they took the moving face's step's own time on a fresh clone (its
// import alone 25 s). scripts/run-tests.sh runs `first` beside the builds: what the journeys'
// files make at their import (about 17 s alone on a fresh clone, as long as the builds); and
// `rest` beside the journeys, at a low priority: the other shapes video-file.e2e.ts plays in its
// later tests, and the engines' WebM and photos (about 16 s alone). A file that asks for a
// clip not made yet makes it itself, as it would without this; one that cannot be made fails the
// file that needs it again, with the same message. With no argument, both.
import { prepareFixtures } from '../e2e/fixtures.mjs';
import { prepareMotionFixtures } from '../e2e/motion-fixtures.mjs';
import { preparePhotoFixtures } from '../e2e/photo-fixtures.mjs';
import { prepareCodedClips } from './clips.mjs';

const part = process.argv[2] ?? 'all';
if (!['first', 'rest', 'all'].includes(part)) throw new Error(`make-clips: no part "${part}"`);
const started = Date.now();
await prepareFixtures();
const clips = await prepareCodedClips();
const makers = {
  first: [() => clips.movingFile(), prepareMotionFixtures],
  // WebKitGTK here plays the moving face as WebM.
  rest: [
    clips.portraitFile,
    clips.landscapeFile,
    clips.rollFile,
    clips.twoFacesFile,
    () => clips.movingFile('webm'),
    preparePhotoFixtures,
  ],
};
for (const make of part === 'all' ? [...makers.first, ...makers.rest] : makers[part]) {
  await make();
}
console.log(`make-clips ${part}: made or found in ${((Date.now() - started) / 1000).toFixed(1)} s`);
