// The lesson-page bench's arithmetic, kept apart from the browsers so a test can check it on
// made-up entries (check_lesson_figures.mjs): what one Lighthouse report says, the medians of
// several, Chrome's cumulative layout shift, and each widget start's steps and long tasks.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// The figures of one Lighthouse report (its JSON output) of a page served at `origin`. Throws,
// naming what is wrong, for a run that did not measure the page: Lighthouse's own runtime error,
// a metric it could not compute, or a request that left the origin.
export function lighthouseFigures(report, origin) {
  if (report.runtimeError) {
    throw new Error(`Lighthouse could not measure the page: ${report.runtimeError.code}: ${report.runtimeError.message}`);
  }
  const value = (id) => {
    const audit = report.audits?.[id];
    if (!audit || typeof audit.numericValue !== 'number' || !Number.isFinite(audit.numericValue)) {
      throw new Error(`Lighthouse's report has no figure for ${id}${audit?.errorMessage ? `: ${audit.errorMessage}` : ''}`);
    }
    return audit.numericValue;
  };
  const score = report.categories?.performance?.score;
  if (typeof score !== 'number') throw new Error("Lighthouse's report has no performance score");
  const requests = report.audits['network-requests']?.details?.items || [];
  const foreign = requests.map((request) => request.url).filter((url) => !url.startsWith(`${origin}/`));
  if (foreign.length) throw new Error(`the page requested from another origin: ${foreign.join(', ')}`);
  const local = (url) => (url.startsWith(`${origin}/`) ? url.slice(origin.length + 1) : url);
  const longTasks = (report.audits['long-tasks']?.details?.items || []).map((task) => ({
    url: local(task.url), start_ms: Math.round(task.startTime), duration_ms: Math.round(task.duration),
  }));
  return {
    score,
    fcp_ms: value('first-contentful-paint'),
    lcp_ms: value('largest-contentful-paint'),
    tbt_ms: value('total-blocking-time'),
    tti_ms: value('interactive'),
    cls: value('cumulative-layout-shift'),
    speed_index_ms: value('speed-index'),
    main_thread_ms: value('mainthread-work-breakdown'),
    transfer_bytes: value('total-byte-weight'),
    text_compression_savings_bytes: report.audits['uses-text-compression']?.details?.overallSavingsBytes || 0,
    requests: requests.length,
    long_tasks: longTasks,
    benchmark_index: report.environment?.benchmarkIndex ?? null,
    warnings: report.runWarnings || [],
  };
}

const METRICS = ['score', 'fcp_ms', 'lcp_ms', 'tbt_ms', 'tti_ms', 'cls', 'speed_index_ms', 'main_thread_ms',
                 'transfer_bytes', 'text_compression_savings_bytes', 'requests', 'benchmark_index'];

// Each figure's median over the runs, and the run whose score is the median (the lower middle
// one for an even count): its long tasks stand for the page's.
export function lighthouseMedian(runs) {
  if (!runs.length) throw new Error('no Lighthouse run to take a median of');
  const figures = {};
  for (const key of METRICS) {
    const values = runs.map((run) => run[key]).filter((v) => typeof v === 'number');
    figures[key] = values.length ? median(values) : null;
  }
  const byScore = runs.map((run, index) => ({ score: run.score, index })).sort((a, b) => a.score - b.score);
  const medianRun = byScore[(byScore.length - 1) >> 1].index;
  return { median: figures, median_run: medianRun, long_tasks: runs[medianRun].long_tasks };
}

// Chrome's cumulative layout shift: the largest session window, a window being shifts each less
// than 1 s after the one before and all within 5 s of its first; shifts right after input do not
// count. shifts: [{start, value, hadRecentInput}].
export function cumulativeLayoutShift(shifts) {
  let largest = 0, current = 0, first = -Infinity, last = -Infinity;
  const counted = shifts.filter((shift) => !shift.hadRecentInput).sort((a, b) => a.start - b.start);
  for (const shift of counted) {
    if (shift.start - last < 1000 && shift.start - first < 5000) {
      current += shift.value;
    } else {
      current = shift.value;
      first = shift.start;
    }
    last = shift.start;
    largest = Math.max(largest, current);
  }
  return largest;
}

// A widget's first frames after its ready event belong to its start: it draws until it has
// nothing new to show, then stops. Its start ends with the last frame before a pause this long,
// and at most this long after ready (a widget that keeps drawing is still counted).
export const SETTLE_MS = 500;
export const SETTLE_LIMIT_MS = 2000;

// The long task a frame seen at `at` was drawn in, if any.
export function taskOfFrame(at, longTasks) {
  return longTasks.find((t) => at >= t.start && at <= t.start + t.duration + 1) || null;
}
const frameBegan = (at, longTasks) => taskOfFrame(at, longTasks)?.start ?? at;

// Each widget's start: the steps the loader measured ("attention-widget SCENE: STEP") and the
// long tasks (PerformanceObserver 'longtask', each over 50 ms) that overlap it, from its first
// step to its last frame before it settles. measures: [{name, start, duration}]; ready:
// [{scene, at}]; longTasks: [{start, duration}]; frames: [{scene, at}], one per frame a widget
// drew; all in ms from navigation.
export function widgetStarts({ measures, ready, longTasks, frames }) {
  return ready.map(({ scene, at }) => {
    const prefix = `attention-widget ${scene}: `;
    const steps = measures.filter((m) => m.name.startsWith(prefix) && m.start <= at)
      .map((m) => ({ step: m.name.slice(prefix.length), start: m.start, duration: m.duration }));
    if (!steps.length) {
      throw new Error(`the ${scene} widget reported ready without a "${prefix}STEP" performance.measure of its start`);
    }
    const begin = Math.min(...steps.map((s) => s.start));
    let end = at;
    const after = frames.filter((f) => f.scene === scene && f.at >= at).map((f) => f.at).sort((a, b) => a - b);
    for (const frame of after) {
      // A frame is seen when its task ends: a long one began when its long task did.
      if (frameBegan(frame, longTasks) - end >= SETTLE_MS || frame - at > SETTLE_LIMIT_MS) break;
      end = frame;
    }
    const tasks = longTasks.filter((t) => t.start < end && t.start + t.duration > begin);
    const longestStep = steps.reduce((a, b) => (b.duration > a.duration ? b : a));
    return {
      scene,
      begin_ms: round(begin, 1),
      ready_ms: round(at, 1),
      end_ms: round(end, 1),
      steps: steps.map((s) => ({ step: s.step, duration_ms: round(s.duration, 1) })),
      longest_step: { step: longestStep.step, duration_ms: round(longestStep.duration, 1) },
      long_tasks_ms: tasks.map((t) => round(t.duration, 1)),
      longest_task_ms: round(Math.max(0, ...tasks.map((t) => t.duration)), 1),
    };
  });
}

export const round = (x, digits = 2) => Number(x.toFixed(digits));

// The steps of a widget's start (web/js/widget.js) whose time is Chromium's GPU process's rather
// than the page's: making the WebGL context, reading the shader program's link status and
// allocating the canvas's drawing buffer each wait on the page's main thread for the GPU process
// to answer. Here that process is SwiftShader, on the CPU, sharing the machine's cores, so those
// waits say how busy the machine is, not what the widget does; they are reported beside the
// widget's own work, not budgeted.
export const GPU_STEPS = ['context', 'program', 'backing store'];

// One widget's start from the page's "attention-widget SCENE: STEP" measures ([{name, duration}]):
// its own main-thread work and the GPU process's waits, in ms, and its longest step of each kind.
export function startWork(measures, scene) {
  const prefix = `attention-widget ${scene}: `;
  const steps = measures.filter((m) => m.name.startsWith(prefix))
    .map((m) => ({ step: m.name.slice(prefix.length), duration_ms: m.duration }));
  if (!steps.length) throw new Error(`no "${prefix}STEP" performance.measure of the ${scene} widget's start`);
  const longest = (list) => list.reduce((a, b) => (b.duration_ms > a.duration_ms ? b : a), { step: null, duration_ms: 0 });
  const own = steps.filter((s) => !GPU_STEPS.includes(s.step));
  const gpu = steps.filter((s) => GPU_STEPS.includes(s.step));
  const sum = (list) => list.reduce((total, s) => total + s.duration_ms, 0);
  return {
    scene,
    own_ms: round(sum(own), 1),
    gpu_ms: round(sum(gpu), 1),
    longest_own: { step: longest(own).step, duration_ms: round(longest(own).duration_ms, 1) },
    longest_gpu: { step: longest(gpu).step, duration_ms: round(longest(gpu).duration_ms, 1) },
  };
}

// The scene of the widget that drew first on a page: the one whose "first frame" step ended first.
export function firstDrawn(measures) {
  const firsts = measures.filter((m) => /^attention-widget [^:]+: first frame$/.test(m.name));
  if (!firsts.length) throw new Error('no widget measured its first frame');
  const first = firsts.reduce((a, b) => (b.start + b.duration < a.start + a.duration ? b : a));
  return first.name.slice('attention-widget '.length, first.name.indexOf(':'));
}
