// The "how to read this" section of RESULTS.md: what each figure measures, in one place.
export const NOTES = [
  '**Worker** is the app as shipped (built by the bench into dist-bench/ with the bench pages' +
    ' added; not precompressed): `/home?stats`, locale zh-CN, 开启摄像头 clicked, the' +
    ' catalogue’s first model tapped.',
  '**Main-thread baseline** is the app’s page fallback (`/home?stats&engine=page`): the same' +
    ' engine code (workers/try-on-host.ts) served on the page over a MessageChannel, as browsers' +
    ' whose workers cannot draw WebGL run it. Same wasm, same delegate, same glasses.',
  '**Model alone** is `bench/pages/model-alone.html`: frames from the same camera captured' +
    ' first, then `detectForVideo` back to back in a worker (first 5 detections dropped).' +
    ' Its fps is detections per second.',
  'Detect, render and latency come from every frame of the window: the worker’s replies to' +
    ' `processFrame` as the page receives them (from the worker or the page fallback).' +
    ' Latency runs from the camera’s capture time (requestVideoFrameCallback `captureTime`) to' +
    ' that moment: detect + render + the hop back; the worker commits the picture just before.',
  'Camera fps counts the track’s own frames (`MediaStreamTrack.stats.totalFrames`); presented' +
    ' counts the video-frame callbacks the page got; dropped = camera frames − drawn frames.' +
    ' Every frame the engine takes is drawn; tracked ones went through the model (a moving face' +
    ' every frame, a still one ~10 Hz), the others got the pose predicted to their timestamp.' +
    ' Detect figures come from the tracked frames only: from sending the frame to the tracking' +
    ' worker to its result.',
  '**Tracking every frame (reference)** is the same app with `?track=every`, measured in the' +
    ' same browser after the warm start: the tracking worker takes a new frame as soon as it is' +
    ' free (its CPU is that of tracking every frame it can). **Drawn pose vs that frame’s own' +
    ' tracking** (the app’s `?stats` audit): frames are drawn at once with the pose predicted' +
    ' to their timestamp and tracked beside the drawing; when a tracked frame’s result comes,' +
    ' the pose it was drawn with is compared with the pose its own result gives (bridge and' +
    ' hinges projected into the drawn picture, the larger distance): unsmoothed, where the' +
    ' tracker saw the head in that picture (the error of prediction and of the smoothing’s lag' +
    ' together, plus the detection’s own noise), and smoothed, what the app would have drawn' +
    ' had it tracked that frame first (blind to the lag: runs before 2026-11-26 reported only' +
    ' this one). CPU s per minute is user + system time of the page’s' +
    ' renderer and the GPU process (`/proc/<pid>/stat`) over the window. Longest gap is the' +
    ' `?stats` watchdog: the longest time between two drawn frames, counted from when the later' +
    ' frame existed (a paused video is no gap), read 20 s (quick run: 8 s) after the first' +
    ' frame of the fresh profile (glasses tapped meanwhile) and at the end of the window.',
  '**Drawing every other frame** is the same app with `?draw=half` (tests’ and bench builds):' +
    ' the page passes on every other video frame, the rest as shipped. Against the adaptive' +
    ' window it shows how many detections a second the drawing of the other half costs.',
  '**Low-end profile**: the app as shipped, in the same browser after the reference, with' +
    ' DevTools’ CPU throttle at 4× (CDP `Emulation.setCPUThrottlingRate` on the page’s' +
    ' target). The throttle slows the threads it reaches by suspending them; whether it reaches' +
    ' the workers shows in their own figures (detect: the tracking worker, render: the render' +
    ' worker) against the unthrottled rows.',
  'Event-loop lag is how late each timer of a chain of 4 ms `setTimeout`s fires (added by an' +
    ' init script). Busy is CDP `Performance.getMetrics` TaskDuration over wall time. Long' +
    ' tasks come from `PerformanceObserver("longtask")`; blocking = Σ(duration − 50 ms).' +
    ' rAF is the interval between animation-frame callbacks.',
  'Taps are `page.mouse.click` every 0.3–0.7 s on the worn model’s grid cell (worker) or the' +
    ' title (baseline). Handler = `event.timeStamp` → a capture-phase `pointerdown` listener;' +
    ' next paint = → the first task after the next animation frame.',
  'Memory: JS heap after a forced GC (CDP, page + its workers) and resident memory of the' +
    ' renderer and GPU processes (`/proc/<pid>/status` VmRSS), at the window’s start and after' +
    ' the soak (2 minutes on the first video of a full run; the window otherwise).',
  'Cold start: a fresh profile (empty storage: the model and runtime download, the delegate' +
    ' trial runs). Warm start: reload in the same profile, three times in turn (since' +
    ' 2026-12-07; one reload before), the median reload’s figures shown and each one’s time' +
    ' listed. Times count from the navigation' +
    ' start; the bench clicks 开启摄像头 as soon as it is shown: the camera opens while the' +
    ' engine gets ready, so click → first tracked includes the rest of that wait. First tracked' +
    ' = the page gets the first frame drawn with a tracked pose (the ?stats frame log; until' +
    ' 2026-11-24 the count in the stats overlay, which came ~0.3 s later).',
  'Ratios are worker ÷ other, number by number. Everything shares the machine: figures from a' +
    ' loaded machine (see the load average) are slower across the board.',
];
