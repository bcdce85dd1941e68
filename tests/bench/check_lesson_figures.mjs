// The lesson-page bench's arithmetic (lesson_figures.mjs) on made-up entries, without a browser:
// what a Lighthouse report yields or why it is refused, medians over runs, Chrome's layout-shift
// windows, and which steps and long tasks belong to a widget's start. Times nothing.
// usage: node check_lesson_figures.mjs
import { cumulativeLayoutShift, firstDrawn, lighthouseFigures, lighthouseMedian, median, startWork, taskOfFrame, widgetStarts } from './lesson_figures.mjs';

const failures = [];
const near = (a, b) => Math.abs(a - b) < 1e-9;
function check(what, ok, got) {
  if (!ok) failures.push(`${what}: got ${JSON.stringify(got)}`);
}
function refuses(what, run, pattern) {
  try {
    run();
    failures.push(`${what}: accepted`);
  } catch (error) {
    if (!pattern.test(error.message)) failures.push(`${what}: refused with "${error.message}"`);
  }
}

// Medians.
check('median of an odd count', median([5, 1, 3]) === 3, median([5, 1, 3]));
check('median of an even count', median([4, 1, 3, 2]) === 2.5, median([4, 1, 3, 2]));

// Layout shift: bursts of shifts each under 1 s after the last, within 5 s of the first.
const shift = (start, value, hadRecentInput = false) => ({ start, value, hadRecentInput });
let cls = cumulativeLayoutShift([shift(0, 0.1), shift(500, 0.1), shift(1400, 0.1), shift(3000, 0.2)]);
check('three shifts under 1 s apart make one burst; a gap of 1.6 s starts another', near(cls, 0.3), cls);
cls = cumulativeLayoutShift([shift(3000, 0.2), shift(1400, 0.1), shift(0, 0.1), shift(500, 0.1)]);
check('the shifts are taken in time order', near(cls, 0.3), cls);
cls = cumulativeLayoutShift([0, 900, 1800, 2700, 3600, 4500, 5400, 6300].map((t) => shift(t, 0.05)));
check('a burst ends 5 s after its first shift', near(cls, 0.3), cls);
cls = cumulativeLayoutShift([shift(0, 0.02), shift(100, 0.5, true)]);
check('a shift right after input does not count', near(cls, 0.02), cls);
check('no shift is 0', cumulativeLayoutShift([]) === 0, cumulativeLayoutShift([]));

// A widget's start: its steps, its first frames after ready until a 500 ms pause, and the long
// tasks overlapping that span.
const measures = [
  { name: 'attention-widget mask: context', start: 1000, duration: 20 },
  { name: 'attention-widget mask: main', start: 1030, duration: 70 },
  { name: 'attention-widget mask: first frame', start: 1110, duration: 40 },
  { name: 'attention-widget quiz: context', start: 5000, duration: 30 },
  { name: 'attention-widget quiz: first frame', start: 5040, duration: 10 },
];
const ready = [{ scene: 'mask', at: 1150 }, { scene: 'quiz', at: 5060 }];
const longTasks = [
  { start: 900, duration: 60 },    // before mask's first step: not its start
  { start: 1030, duration: 75 },   // mask's main step
  { start: 1400, duration: 120 },  // mask's second frame
  { start: 2500, duration: 300 },  // after mask has settled
  { start: 5500, duration: 55 },   // during quiz's frames, which come every 100 ms until 8 s
];
const frames = [{ scene: 'mask', at: 1150 }, { scene: 'mask', at: 1520 }, { scene: 'mask', at: 2600 },
  ...Array.from({ length: 30 }, (_, i) => ({ scene: 'quiz', at: 5100 + 100 * i }))];
const [mask, quiz] = widgetStarts({ measures, ready, longTasks, frames });
check('a start begins at its first step', mask.begin_ms === 1000, mask.begin_ms);
check('a start ends with its last frame before a 500 ms pause', mask.end_ms === 1520, mask.end_ms);
check("a start's long tasks are those overlapping it", JSON.stringify(mask.long_tasks_ms) === '[75,120]', mask.long_tasks_ms);
check("a start's longest task", mask.longest_task_ms === 120, mask.longest_task_ms);
check("a start's longest step", mask.longest_step.step === 'main' && mask.longest_step.duration_ms === 70, mask.longest_step);
check("a start's long tasks are its own", JSON.stringify(quiz.long_tasks_ms) === '[55]', quiz.long_tasks_ms);
check("a start's steps are its own", mask.steps.length === 3 && quiz.steps.length === 2, [mask.steps, quiz.steps]);
check('a widget that keeps drawing ends its start 2 s after ready', quiz.end_ms === 7000, quiz.end_ms);
const slow = widgetStarts({
  measures: [{ name: 'attention-widget caveats: first frame', start: 100, duration: 30 }], ready: [{ scene: 'caveats', at: 130 }],
  longTasks: [{ start: 600, duration: 400 }, { start: 1700, duration: 60 }],
  frames: [{ scene: 'caveats', at: 130 }, { scene: 'caveats', at: 999 }, { scene: 'caveats', at: 1759 }],
})[0];
check('a long frame counts from when its task began', slow.end_ms === 999 && slow.longest_task_ms === 400, slow);
check('a start without long tasks has 0', widgetStarts({ measures, ready: [ready[0]], longTasks: [], frames })[0].longest_task_ms === 0, 'not 0');
refuses('a widget ready without measured steps', () => widgetStarts({ measures, ready: [{ scene: 'compare', at: 9000 }], longTasks, frames }),
        /compare widget reported ready without a "attention-widget compare: STEP"/);

check('a frame seen at the end of a long task was drawn in it', taskOfFrame(999, [{ start: 600, duration: 400 }])?.start === 600, 'no task');
check('a frame between long tasks was drawn in none', taskOfFrame(1200, [{ start: 600, duration: 400 }]) === null, 'a task');

// Lighthouse reports.
const ORIGIN = 'http://127.0.0.1:4000';
const report = (changes = {}) => {
  const audits = {
    'first-contentful-paint': { numericValue: 1200 }, 'largest-contentful-paint': { numericValue: 1700 },
    'total-blocking-time': { numericValue: 880 }, interactive: { numericValue: 5000 },
    'cumulative-layout-shift': { numericValue: 0 }, 'speed-index': { numericValue: 2200 },
    'mainthread-work-breakdown': { numericValue: 2800 }, 'total-byte-weight': { numericValue: 564000 },
    'uses-text-compression': { details: { overallSavingsBytes: 247000 } },
    'network-requests': { details: { items: [{ url: `${ORIGIN}/index.html` }, { url: `${ORIGIN}/embed.js` }] } },
    'long-tasks': { details: { items: [{ url: `${ORIGIN}/embed.js`, startTime: 1769.4, duration: 188.2 },
                                       { url: 'Unattributable', startTime: 906, duration: 74 }] } },
    ...changes.audits,
  };
  return { categories: { performance: { score: 0.79 } }, audits, environment: { benchmarkIndex: 658 }, runWarnings: [],
           ...changes.report };
};
const figures = lighthouseFigures(report(), ORIGIN);
check('a report gives its score and metrics', figures.score === 0.79 && figures.tbt_ms === 880 && figures.tti_ms === 5000 &&
      figures.lcp_ms === 1700 && figures.cls === 0 && figures.speed_index_ms === 2200, figures);
check("a report's long tasks, named by path", JSON.stringify(figures.long_tasks) ===
      '[{"url":"embed.js","start_ms":1769,"duration_ms":188},{"url":"Unattributable","start_ms":906,"duration_ms":74}]', figures.long_tasks);
check('a report gives the text-compression savings and the CPU index',
      figures.text_compression_savings_bytes === 247000 && figures.benchmark_index === 658 && figures.requests === 2, figures);
check('a served-compressed page has no savings', lighthouseFigures(report({ audits: { 'uses-text-compression': { details: { overallSavingsBytes: 0 } } } }),
                                                                   ORIGIN).text_compression_savings_bytes === 0, 'not 0');
refuses("Lighthouse's runtime error", () => lighthouseFigures(report({ report: { runtimeError: { code: 'NO_FCP', message: 'no paint' } } }), ORIGIN),
        /could not measure the page: NO_FCP: no paint/);
refuses('a metric Lighthouse could not compute', () => lighthouseFigures(report({ audits: { interactive: { errorMessage: 'no trace' } } }), ORIGIN),
        /no figure for interactive: no trace/);
refuses('a request to another origin', () => lighthouseFigures(report({ audits: { 'network-requests': { details: { items: [
  { url: `${ORIGIN}/index.html` }, { url: 'https://fonts.example.org/a.woff2' }] } } } }), ORIGIN), /another origin: https:\/\/fonts\.example\.org/);
refuses('a look-alike origin', () => lighthouseFigures(report({ audits: { 'network-requests': { details: { items: [
  { url: `${ORIGIN}0/index.html` }] } } } }), ORIGIN), /another origin/);

const runs = [0.72, 0.79, 0.75].map((score, i) => ({ ...figures, score, tbt_ms: [900, 700, 800][i], long_tasks: [{ run: i }] }));
const summary = lighthouseMedian(runs);
check('each figure is the median of the runs', summary.median.score === 0.75 && summary.median.tbt_ms === 800, summary.median);
check('the median run is the one with the median score', summary.median_run === 2 && summary.long_tasks[0].run === 2, summary);
check('of two runs, the lower', lighthouseMedian(runs.slice(0, 2)).median_run === 0, lighthouseMedian(runs.slice(0, 2)).median_run);
refuses('no runs', () => lighthouseMedian([]), /no Lighthouse run/);

// A start's own work leaves out the steps that wait for the GPU process, which are summed apart.
const measuredStep = (scene, step, start, duration) => ({ name: `attention-widget ${scene}: ${step}`, start, duration });
const startSteps = [measuredStep('mask', 'main', 0, 20), measuredStep('mask', 'fonts', 30, 12.5), measuredStep('mask', 'context', 50, 58.7),
               measuredStep('mask', 'renderer', 120, 4), measuredStep('mask', 'program', 130, 9), measuredStep('mask', 'backing store', 140, 3),
               measuredStep('mask', 'first frame', 150, 30), measuredStep('compare', 'main', 5, 70), measuredStep('compare', 'first frame', 90, 10)];
const maskWork = startWork(startSteps, 'mask');
check("a start's own work is its steps but the GPU process's", maskWork.own_ms === 66.5 && maskWork.gpu_ms === 70.7, maskWork);
check("its longest own step is not a wait for the GPU process", maskWork.longest_own.step === 'first frame' &&
      maskWork.longest_own.duration_ms === 30 && maskWork.longest_gpu.step === 'context', maskWork);
check("another widget's steps are not counted", startWork(startSteps, 'compare').own_ms === 80, startWork(startSteps, 'compare'));
refuses('a widget with no measures', () => startWork(startSteps, 'learn'), /no "attention-widget learn: STEP"/);
check('the widget drawn first is the one whose first frame ended first', firstDrawn(startSteps) === 'compare', firstDrawn(startSteps));
refuses('a page where no widget drew', () => firstDrawn(startSteps.filter((m) => !m.name.endsWith('first frame'))), /no widget measured/);

if (failures.length) {
  console.error(`lesson bench figures:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('lesson bench figures: Lighthouse reports, medians, layout shift and widget starts as defined');
