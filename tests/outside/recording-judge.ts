// Reads a saved recording back frame by frame with ffmpeg (not the app): each frame's time in
// the file and the source frame it shows (the clip's band), and judges sampled frames like a
// screenshot (picture-judge.ts).
import { spawn } from 'node:child_process';
import { readCode } from './barcode.mjs';
import { judgePicture, type Reading } from './picture-judge';
import type { ReferenceFaces } from './reference-faces';
import type { RawClip } from './source-frames.mjs';

export interface RecordedFrame {
  /** Presentation time in the file, s. */
  timeS: number;
  /** The source frame it shows (null: no band read), and what the judge read on sampled frames. */
  index: number | null;
  reading?: Reading | null;
}

export interface RecordingReading {
  width: number;
  height: number;
  frames: RecordedFrame[];
  /** From the first frame's time to the last frame's end, s. */
  durationS: number;
  /** The longest a picture stays on in the file: a frame's time until the next different one, s. */
  longestHoldS: number;
  /** Where it starts, s from the file's start. */
  longestHoldAtS: number;
  /** The source frame it holds (null: unread). */
  longestHoldIndex: number | null;
  /** Frames per second in the file, and different source frames per second of it. */
  fps: number;
  distinctFps: number;
  /** Source time covered from the first frame to the last (frames of the clip / its rate). */
  sourceSpanS: number;
  /** The file's time from its first frame to its last: what sourceSpanS is measured against. */
  framesSpanS: number;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed (${code}): ${err}`)),
    );
  });
}

/** Each frame's presentation time (s) and the picture's size, from ffprobe. */
async function frameTimes(path: string) {
  const json = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries'],
    ...['stream=width,height:frame=best_effort_timestamp_time,duration_time', '-of', 'json', path],
  ]);
  const info = JSON.parse(json) as {
    streams: { width: number; height: number }[];
    frames: { best_effort_timestamp_time: string; duration_time?: string }[];
  };
  const times = info.frames.map((f) => Number(f.best_effort_timestamp_time));
  const lastDuration = Number(info.frames.at(-1)?.duration_time ?? NaN);
  return { ...info.streams[0]!, times, lastDuration };
}

/** Every decoded frame, RGB, in order (ffmpeg piped; one frame in memory at a time). */
async function* decodedFrames(path: string, width: number, height: number) {
  const child = spawn(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      path,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-vsync',
      'passthrough',
      '-',
    ],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const size = width * height * 3;
  let pending = Buffer.alloc(0);
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= size) {
      yield new Uint8Array(pending.subarray(0, size));
      pending = pending.subarray(size);
    }
  }
}

/**
 * Reads the recording at `path` of `clip` (shown on a camera looping it, or as a file): every
 * frame's time and source frame, and every `judgeEvery`th frame judged at the reference eyes.
 */
export async function readRecording(
  path: string,
  clip: RawClip,
  faces: ReferenceFaces,
  judgeEvery = 10,
): Promise<RecordingReading> {
  const { width, height, times, lastDuration } = await frameTimes(path);
  const rows = Math.ceil((clip.bandRows * height) / clip.height);
  const frames: RecordedFrame[] = [];
  let k = 0;
  for await (const data of decodedFrames(path, width, height)) {
    const picture = { data, width, height, channels: 3 };
    const code = readCode(picture, rows);
    const frame: RecordedFrame = { timeS: times[k] ?? NaN, index: code?.index ?? null };
    if (k % judgeEvery === 0) frame.reading = await judgePicture(picture, clip, faces);
    frames.push(frame);
    k++;
  }
  if (frames.length === 0) throw new Error(`${path}: no frame decoded`);
  const step = Number.isFinite(lastDuration) ? lastDuration : 1 / 30;
  const end = frames.at(-1)!.timeS + step;
  const durationS = end - frames[0]!.timeS;
  let longestHoldS = 0;
  let longestHoldAtS = 0;
  let longestHoldIndex: number | null = null;
  let distinct = 0;
  for (let i = 0; i < frames.length;) {
    let j = i + 1;
    while (j < frames.length && frames[j]!.index === frames[i]!.index) j++;
    const until = j < frames.length ? frames[j]!.timeS : end;
    if (until - frames[i]!.timeS > longestHoldS) {
      longestHoldS = until - frames[i]!.timeS;
      longestHoldAtS = frames[i]!.timeS - frames[0]!.timeS;
      longestHoldIndex = frames[i]!.index;
    }
    distinct++;
    i = j;
  }
  // The clip's frames covered (the source only plays forward, looping), over its rate.
  let steps = 0;
  const indices = frames.map((f) => f.index).filter((i): i is number => i !== null);
  for (let i = 1; i < indices.length; i++) {
    steps += (indices[i]! - indices[i - 1]! + clip.frames) % clip.frames;
  }
  return {
    width,
    height,
    frames,
    durationS,
    longestHoldS,
    longestHoldAtS,
    longestHoldIndex,
    fps: frames.length / durationS,
    distinctFps: distinct / durationS,
    sourceSpanS: steps / clip.fps,
    framesSpanS: frames.at(-1)!.timeS - frames[0]!.timeS,
  };
}

/**
 * A recording's longest hold for a log line: how long, where and on which source frame, with the
 * app's own count of the pictures it recorded and left out (`kept`, null when unknown) beside it.
 */
export function holdSummary(
  r: RecordingReading,
  clipFrames: number,
  kept: { frames: number; dropped: number } | null,
): string {
  return (
    `longest hold ${r.longestHoldS.toFixed(2)} s at ${r.longestHoldAtS.toFixed(2)} s ` +
    `on source frame ${r.longestHoldIndex} of ${clipFrames}; the app counted ` +
    `${kept?.frames ?? '?'} pictures and ${kept?.dropped ?? '?'} left out`
  );
}
