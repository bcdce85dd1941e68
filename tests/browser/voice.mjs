// The narration in the voice the build recorded (web/js/voice.js, narration/LOCALE/), in headless
// Chromium, which has no device voice (speechSynthesis is replaced by one without voices, so the
// check does not depend on what the machine has installed):
// - nothing of narration/ (nor voice.js, the recorded voice's script) is requested before Play;
//   Play fetches voice.js and cues.json and plays the first cue's file, and the widget's time
//   follows the audio: both advance together, the report names the cue whose file plays, and its
//   cueTime is the audio's position within 0.3 s;
// - pause stops both; seek moves both (the cue at that time, from that offset within 0.3 s, also
//   back within the cue that plays); the audio's rate follows the playback's speed;
// - a cue whose file comes late holds the lesson at the cue's end until its audio has played;
// - the one-file lesson, from file://, plays its inline recorded voice and fetches nothing;
// - narration="device" fetches no cues.json; a 404 for cues.json or voice.js plays on the
//   captions' timing, with no error; a bad narration value is
//   warned about once and the recorded voice plays; after a locale change the next Play fetches
//   that locale's cues; one widget of a page speaks at a time.
// usage: node voice.mjs SITE_DIR OUT_DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, serve, watchPage, waitForFirstFrame, passes, settle } from './browser.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node voice.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
const cues = JSON.parse(readFileSync(join(dir, 'narration', 'en', 'cues.json'), 'utf8'));

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// Before the page's scripts: no device voice; every playback report, with when it came; every
// media element that was asked to play; __sample() says where the audio and the lesson are.
function instrument() {
  Object.defineProperty(window, 'speechSynthesis', {
    value: { getVoices: () => [], addEventListener() {}, speak() { throw new Error('no voice'); }, cancel() {} },
    configurable: true,
  });
  window.__playback = [];
  document.addEventListener('attention-widget-playback',
                            (event) => window.__playback.push({ ...event.detail, at: performance.now() }), true);
  window.__audios = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!window.__audios.includes(this)) {
      window.__audios.push(this);
      // (an element of its own, in no document: its events reach no listener of the page)
      this.addEventListener('playing', recordLead);
    }
    if (this.src) delete window.__leads[new URL(this.src).pathname];
    return play.call(this);
  };
  // The lesson's lead on each file's audio when that audio began to sound: a cue played from its
  // start is heard whole, so the picture leads it by the file's latency until the cue's end.
  window.__leads = {};
  // Taken after the page's own handlers, which may move a file started part way on to the picture.
  function recordLead(event) {
    setTimeout(() => {
      const file = new URL(event.target.src).pathname;
      const sample = window.__sample();
      if (sample.playing && sample.src === file) window.__leads[file] = sample.cueTime - sample.time;
    });
  }
  window.__sample = () => {
    const audio = window.__audios.find((element) => !element.paused) || null;
    const report = window.__playback[window.__playback.length - 1] || null;
    const age = report ? (performance.now() - report.at) / 1000 : 0;
    return {
      playing: audio !== null,
      src: audio ? new URL(audio.src).pathname : '',
      time: audio ? audio.currentTime : 0,
      rate: audio ? audio.playbackRate : 0,
      report,
      // Where the lesson is now within its cue, from its last report.
      cueTime: report ? report.cueTime + (report.playing ? age * report.speed : 0) : 0,
      lessonTime: report ? report.time + (report.playing ? age * report.speed : 0) : 0,
      lead: audio ? window.__leads[new URL(audio.src).pathname] || 0 : 0,
    };
  };
}

// widget.html of the walkthrough with `query` added, instrumented; `requests` are the paths asked
// for under /narration/ and the recorded voice's script, voice.js; `warnings` the console's.
async function openWidget(query = '', { context: given, before } = {}) {
  const context = given || await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  const requests = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/narration/') || path === '/voice.js') requests.push(path);
  });
  await page.addInitScript(instrument);
  if (before) await before(page);
  await page.goto(`${origin}/widget.html?scene=walkthrough${query}`);
  await waitForFirstFrame(page);
  return { context, page, problems, warnings, requests };
}
const sample = (page) => page.evaluate(() => window.__sample());
const api = (page, call, arg) => page.evaluate(([name, value]) => {
  const widget = window.AttentionWidget.get(document.querySelector('main'));
  return value === undefined ? widget[name]() : widget[name](value);
}, [call, arg]);
async function waitFor(page, fn, arg, what, timeout = 20000) {
  await page.waitForFunction(fn, arg, { timeout }).catch(() => { throw new Error(`timed out waiting for ${what}`); });
}
// Sounding: its 'playing' event has come, and the page's handlers have run (a file started part
// way has caught up with the picture).
const audioPlaying = (page, what) => waitFor(page, () => {
  const now = window.__sample();
  return now.playing && now.time > 0.1 && now.src in window.__leads;
}, null, what);
// A media element aborts a file's download when it is given another: not a problem.
const real = (problems) => problems.filter((text) => !/narration\/.*\.webm \(net::ERR_ABORTED\)/.test(text));
const fileOf = (id) => `/narration/en/${cues.find((cue) => cue.id === id).file}`;

// The audio and the lesson agree: the playing file is the report's cue's, and the lesson's place in
// that cue is the audio's position within `tolerance` seconds, after the lead the picture took while
// the file came (the picture waits for the voice at the cue's end, so the next cue starts together).
function agree(now, tolerance = 0.3) {
  if (!now.playing) throw new Error(`no audio plays (report ${JSON.stringify(now.report)})`);
  if (!now.report.cue || now.src !== fileOf(now.report.cue)) throw new Error(`the audio plays ${now.src}, the lesson says cue "${now.report.cue}"`);
  const lead = Math.max(0, now.lead);
  if (Math.abs(now.cueTime - now.time - lead) > tolerance) {
    throw new Error(`cue ${now.report.cue}: the lesson is ${now.cueTime.toFixed(2)} s into it, the audio ${now.time.toFixed(2)} s ` +
                    `(${lead.toFixed(2)} s behind when it began)`);
  }
}

await check('nothing of narration/ nor voice.js is fetched before Play; Play plays the first cue\'s file and the lesson follows the audio', async () => {
  const { context, page, problems, requests } = await openWidget();
  // Taking hold of the player without playing fetches nothing either.
  await api(page, 'seek', 1);
  await settle(page);
  if (requests.length) throw new Error(`fetched before Play: ${requests.join(', ')}`);
  await page.focus('canvas');
  await page.keyboard.press('k');
  await audioPlaying(page, 'the audio to play');
  const first = await sample(page);
  if (requests[0] !== '/voice.js' || requests[1] !== '/narration/en/cues.json') throw new Error(`requests: ${requests.join(', ')}`);
  if (first.src !== fileOf(cues[0].id)) throw new Error(`the first audio is ${first.src}, not ${fileOf(cues[0].id)}`);
  if (first.report.narration !== 'audio') throw new Error(`the report's narration is ${first.report.narration}`);
  agree(first);
  await page.waitForTimeout(1500);
  const later = await sample(page);
  agree(later);
  const audioMoved = later.time - first.time;
  const lessonMoved = later.lessonTime - first.lessonTime;
  if (audioMoved < 1 || Math.abs(audioMoved - lessonMoved) > 0.3) {
    throw new Error(`in 1.5 s the audio moved ${audioMoved.toFixed(2)} s, the lesson ${lessonMoved.toFixed(2)} s`);
  }
  // The second cue follows the first, its file preloaded while the first played.
  await waitFor(page, (id) => window.__sample().report.cue === id && window.__sample().playing, cues[1].id, 'the second cue', 15000);
  const second = await sample(page);
  agree(second);
  // The picture waited for the first cue's voice, and the second's file was ready: they start together.
  if (second.lead > 0.5) throw new Error(`the second cue's audio began ${second.lead.toFixed(2)} s behind the lesson`);
  if (!requests.includes(fileOf(cues[1].id))) throw new Error(`requests: ${requests.join(', ')}`);
  await page.screenshot({ path: join(out, 'playing-recorded-voice.png') });
  if (real(problems).length) throw new Error(real(problems).join('\n  '));
  await context.close();
});

await check('pause stops the audio and the lesson; seek moves both; the audio\'s rate is the speed', async () => {
  const { context, page, problems } = await openWidget('#scene=walkthrough&walkthrough.speed=1.25');
  await api(page, 'play');
  await audioPlaying(page, 'the audio to play');
  const playing = await sample(page);
  if (playing.rate !== 1.25) throw new Error(`the audio plays at ${playing.rate}, the lesson at 1.25`);
  const sounding = await page.evaluate(() => window.__audios.findIndex((audio) => !audio.paused));
  await api(page, 'pause');
  await waitFor(page, () => !window.__sample().report.playing, null, 'the report of the pause', 5000);
  // Paused where it was, within half a second: not played on to its end.
  await waitFor(page, (index) => window.__audios[index].paused && !window.__audios[index].ended, sounding,
                'the audio to pause', 500);
  const paused = await sample(page);
  const element = await page.evaluate(() => window.__audios.map((audio) => audio.currentTime));
  await page.waitForTimeout(1000);
  const still = await sample(page);
  const elementLater = await page.evaluate(() => window.__audios.map((audio) => audio.currentTime));
  if (still.report.time !== paused.report.time || still.playing) throw new Error(`the lesson moved from ${paused.report.time} to ${still.report.time} while paused`);
  if (JSON.stringify(element) !== JSON.stringify(elementLater)) throw new Error(`the audio moved while paused: ${element} to ${elementLater}`);
  // A seek while paused, within the same cue, is told at once (a page's own player follows it).
  const within = Math.max(0, still.report.time - Math.min(0.2, still.report.cueTime / 2));
  await api(page, 'seek', within);
  await waitFor(page, (to) => Math.abs(window.__sample().report.time - to) < 0.01, within, `a report of the paused seek to ${within} s`, 2000);

  // Into step 3, past its start: the cue there, from that far into it.
  const steps = still.report.steps;
  await api(page, 'play');
  await audioPlaying(page, 'the audio to play again');
  for (const at of [steps[2] + 2.2, steps[0] + 1.5, steps[5] + 3]) {
    await api(page, 'seek', at);
    await waitFor(page, (to) => Math.abs(window.__sample().lessonTime - to) < 0.5 && window.__sample().report.cue !== '',
                  at, `the lesson at ${at} s, in a cue`, 5000);
    await page.waitForTimeout(600);  // the report after the seek, and the file's start
    const now = await sample(page);
    if (now.lessonTime < at || now.lessonTime > at + 1.5) throw new Error(`sought ${at} s, the lesson is at ${now.lessonTime} s`);
    agree(now);
  }
  // Back within the cue that plays: the same file, from the new place.
  const now = await sample(page);
  const cueStart = now.report.time - now.report.cueTime;
  if (now.lessonTime - cueStart < 1.2) throw new Error(`only ${now.lessonTime - cueStart} s into cue ${now.report.cue}`);
  await api(page, 'seek', cueStart + 0.2);
  await waitFor(page, (to) => window.__sample().lessonTime < to, cueStart + 1, 'the lesson back in its cue', 5000);
  await page.waitForTimeout(600);
  const back = await sample(page);
  if (back.report.cue !== now.report.cue) throw new Error(`sought back into ${now.report.cue}, the lesson is in ${back.report.cue}`);
  agree(back);
  if (real(problems).length) throw new Error(real(problems).join('\n  '));
  await context.close();
});

await check('a cue whose file comes late holds the lesson at the cue\'s end until its audio has played', async () => {
  const { context, page, problems } = await openWidget('', {
    before: (p) => p.route(`${origin}${fileOf(cues[0].id)}`, async (route) => {
      await new Promise((done) => setTimeout(done, 3000));
      await route.continue();
    }),
  });
  await api(page, 'play');
  await audioPlaying(page, 'the late audio to play');
  const started = await sample(page);
  await waitFor(page, (id) => window.__sample().report.cue !== id, cues[0].id, 'the end of the first cue', 20000);
  // It played from its start (the lesson was played from there); the lesson waited at the end.
  const reports = await page.evaluate(() => window.__playback.filter((r) => r.playing && r.cue));
  const cueEnd = cues[0].seconds;
  const over = reports.filter((r) => r.cue === cues[0].id && r.cueTime > cueEnd + 0.05);
  if (over.length) throw new Error(`the lesson went ${over[0].cueTime} s into a cue of ${cueEnd} s`);
  if (started.time > 1) throw new Error(`the late audio started ${started.time} s into its cue, not from its start`);
  // About 3 s at the end, reported every 250 ms.
  const held = reports.filter((r) => r.cue === cues[0].id && r.cueTime > cueEnd - 0.3);
  const heldFor = held.length ? held[held.length - 1].at - held[0].at : 0;
  if (heldFor < 2000) throw new Error(`the lesson waited ${Math.round(heldFor)} ms at the cue's end, for a file 3 s late`);
  if (real(problems).length) throw new Error(real(problems).join('\n  '));
  await context.close();
});

await check('narration="device" fetches no cues.json and plays on the captions\' timing without a device voice', async () => {
  const { context, page, problems, requests } = await openWidget('&narration=device');
  await api(page, 'play');
  await page.waitForTimeout(1500);
  const now = await sample(page);
  if (requests.length) throw new Error(`fetched ${requests.join(', ')}`);
  if (!now.report.playing || now.report.time < 0.8 || now.report.narration !== 'captions' || now.playing) {
    throw new Error(`report ${JSON.stringify(now.report)}, audio playing ${now.playing}`);
  }
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await check('a 404 for cues.json plays on the captions\' timing with the note, a warning naming the file, no error', async () => {
  const { context, page, problems, warnings } = await openWidget('', {
    before: (p) => p.route(`${origin}/narration/en/cues.json`, (route) => route.fulfill({ status: 404, body: 'not found' })),
  });
  await api(page, 'play');
  await page.waitForTimeout(2000);
  const now = await sample(page);
  if (!now.report.playing || now.report.time < 1 || now.report.narration !== 'captions' || now.playing) {
    throw new Error(`report ${JSON.stringify(now.report)}, audio playing ${now.playing}`);
  }
  if (!warnings.some((text) => text.includes('narration/en/cues.json') && text.includes('404'))) {
    throw new Error(`warnings: ${warnings.join(' | ')}`);
  }
  await page.screenshot({ path: join(out, 'cues-404-captions.png') });
  const errors = problems.filter((text) => !/HTTP 404: .*cues\.json|status of 404/.test(text));
  if (errors.length) throw new Error(errors.join('\n  '));
  await context.close();
});

await check('a step whose recorded words are not the lesson\'s is timed by its words and not heard; the next step is', async () => {
  // As if the author reworded step 1 after it was recorded: its cues' words differ from the captions.
  const reworded = cues.map((cue) => (cue.step === 1 ? { ...cue, text: `${cue.text} (reworded)` } : cue));
  const { context, page, problems } = await openWidget('', {
    before: (p) => p.route(`${origin}/narration/en/cues.json`,
                           (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(reworded) })),
  });
  await api(page, 'play');
  await page.waitForTimeout(2000);
  const during = await sample(page);
  if (!during.report.playing || during.report.narration !== 'audio' || during.report.step !== 1) {
    throw new Error(`report ${JSON.stringify(during.report)}`);
  }
  if (during.report.cue !== '' || during.playing) {
    throw new Error(`step 1 says cue "${during.report.cue}", audio playing ${during.playing} (${during.src})`);
  }
  const second = cues.find((cue) => cue.step === 2);
  const start = during.report.steps[1];
  await api(page, 'seek', start + 0.5);
  await waitFor(page, (id) => window.__sample().report.cue === id && window.__sample().playing, second.id, 'step 2\'s audio');
  agree(await sample(page));
  if (real(problems).length) throw new Error(real(problems).join('\n  '));
  await context.close();
});

await check('a 404 for voice.js plays on the captions\' timing with a warning naming it, no error', async () => {
  const { context, page, problems, warnings, requests } = await openWidget('', {
    before: (p) => p.route(`${origin}/voice.js`, (route) => route.fulfill({ status: 404, body: 'not found' })),
  });
  await api(page, 'play');
  await page.waitForTimeout(2000);
  const now = await sample(page);
  if (!now.report.playing || now.report.time < 1 || now.report.narration !== 'captions' || now.playing) {
    throw new Error(`report ${JSON.stringify(now.report)}, audio playing ${now.playing}`);
  }
  if (requests.some((path) => path.startsWith('/narration/'))) throw new Error(`requests: ${requests.join(', ')}`);
  if (!warnings.some((text) => /voice\.js did not load/.test(text))) throw new Error(`warnings: ${warnings.join(' | ')}`);
  const errors = problems.filter((text) => !/HTTP 404: .*voice\.js|status of 404|voice\.js \(net::ERR_ABORTED\)/.test(text));
  if (errors.length) throw new Error(errors.join('\n  '));
  await context.close();
});

await check('a bad narration value is warned about once, naming the values, and the recorded voice plays', async () => {
  const { context, page, warnings } = await openWidget('&narration=loud');
  await api(page, 'play');
  await audioPlaying(page, 'the audio to play');
  const named = warnings.filter((text) => text.includes('narration="loud"'));
  if (named.length !== 1 || !/auto, recorded, device/.test(named[0])) throw new Error(`warnings: ${warnings.join(' | ')}`);
  await context.close();
});

await check('after a locale change the next Play fetches that locale\'s cues and plays its audio', async () => {
  const { context, page, requests } = await openWidget();
  await api(page, 'play');
  await audioPlaying(page, 'the English audio');
  await api(page, 'pause');
  await page.evaluate(() => window.AttentionWidget.get(document.querySelector('main')).setOption('locale', 'es'));
  await page.waitForTimeout(1000);
  await api(page, 'seek', 0);
  await api(page, 'play');
  await waitFor(page, () => /\/narration\/es\//.test(window.__sample().src), null, 'the Spanish audio');
  if (!requests.includes('/narration/es/cues.json')) throw new Error(`requests: ${requests.join(', ')}`);
  await context.close();
});

await check('one widget speaks at a time: the second to play pauses the first and its audio', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 1600 } });
  await context.route(`${origin}/tests/two-voices.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><title>two</title><script src="/embed.js" defer></script>' +
          '<div id="a" data-attention-widget data-scene="walkthrough" data-start="eager"></div>' +
          '<div id="b" data-attention-widget data-scene="walkthrough" data-start="eager"></div>',
  }));
  const page = await context.newPage();
  await page.addInitScript(instrument);
  await page.goto(`${origin}/tests/two-voices.html`);
  await waitFor(page, () => document.querySelectorAll('canvas[data-frames]').length === 2 &&
                [...document.querySelectorAll('canvas')].every((c) => Number(c.dataset.frames) >= 1), null, 'both widgets', 30000);
  const playing = (id) => page.evaluate((which) => {
    const reports = window.__playback.filter((r) => r.widget === which);
    return reports.length ? reports[reports.length - 1].playing : false;
  }, id);
  // Which widget each report came from.
  await page.evaluate(() => {
    for (const id of ['a', 'b']) {
      document.getElementById(id).addEventListener('attention-widget-playback', () => { window.__playback[window.__playback.length - 1].widget = id; });
    }
  });
  await page.evaluate(() => window.AttentionWidget.get(document.getElementById('a')).play());
  await waitFor(page, () => window.__audios.some((audio) => !audio.paused), null, 'widget a\'s audio');
  const ofA = await page.evaluate(() => window.__audios.length);
  await page.evaluate(() => window.AttentionWidget.get(document.getElementById('b')).play());
  await waitFor(page, (known) => {
    const sounding = window.__audios.filter((audio) => !audio.paused);
    return sounding.length === 1 && window.__audios.indexOf(sounding[0]) >= known;
  }, ofA, 'widget b\'s audio alone', 10000);
  if (await playing('a')) throw new Error('widget a still plays');
  if (!await playing('b')) throw new Error('widget b does not play');
  await context.close();
});

for (const [where, url] of [['opened from file://', pathToFileURL(join(dir, 'attention-lesson-offline.html')).href],
                            ['served with its Content-Security-Policy', `${origin}/attention-lesson-offline.html`]]) {
await check(`the one-file lesson, ${where}, plays the recorded voice from its inline audio and fetches nothing`, async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  const requests = [];
  page.on('request', (req) => { if (/\/narration\/|\/voice\.js$/.test(req.url())) requests.push(req.url()); });
  await page.addInitScript(instrument);
  await page.goto(url);
  const slot = 'div[data-attention-widget][data-scene="walkthrough"]';
  await page.locator(slot).scrollIntoViewIfNeeded();
  await waitFor(page, (sel) => Number(document.querySelector(`${sel} canvas`)?.dataset.frames) >= 1, slot, 'the walkthrough widget', 30000);
  await page.evaluate((sel) => window.AttentionWidget.get(document.querySelector(sel)).play(), slot);
  await audioPlaying(page, 'the inline audio to play');
  await page.waitForTimeout(1000);
  const now = await sample(page);
  if (!now.report || !now.report.playing || now.report.narration !== 'audio' || now.report.cue !== cues[0].id) {
    throw new Error(`report ${JSON.stringify(now.report)}`);
  }
  if (!now.src.startsWith('audio/webm;base64,')) throw new Error(`the audio plays ${now.src.slice(0, 60)}`);
  if (Math.abs(now.cueTime - now.time) > 0.3) {
    throw new Error(`the lesson is ${now.cueTime.toFixed(2)} s into the cue, the audio ${now.time.toFixed(2)} s`);
  }
  if (requests.length) throw new Error(`fetched ${requests.join(', ')}`);
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});
}

await browser.close();
server.close();
writeFileSync(join(out, 'result.txt'), failures ? `${failures} failed\n` : 'passed\n');
console.log(failures ? `${failures} check(s) failed` : 'all recorded-voice checks passed');
process.exit(failures ? 1 : 0);
