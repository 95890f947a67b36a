// Makes every clip and picture the moving-face journeys and the engines use, ahead of them
// (.cache/fixtures; each is made once and kept while its recipe holds): scripts/run-tests.sh runs
// this beside the builds. Made at the journeys' import and in their first tests, they took the
// moving face's step's own time on a fresh clone (its import alone 25 s). A clip that cannot be
// made here fails the file that needs it again, with the same message.
import { prepareFixtures } from '../e2e/fixtures.mjs';
import { prepareMotionFixtures } from '../e2e/motion-fixtures.mjs';
import { preparePhotoFixtures } from '../e2e/photo-fixtures.mjs';
import { prepareCodedClips } from './clips.mjs';

const started = Date.now();
await prepareFixtures();
const clips = await prepareCodedClips();
// The files video-file.e2e.ts plays; WebKitGTK here takes the moving face as WebM.
for (const make of [
  () => clips.movingFile(),
  () => clips.movingFile('webm'),
  clips.portraitFile,
  clips.landscapeFile,
  clips.rollFile,
  clips.twoFacesFile,
]) {
  await make();
}
await prepareMotionFixtures();
await preparePhotoFixtures();
console.log(`clips made or found in ${((Date.now() - started) / 1000).toFixed(1)} s`);
