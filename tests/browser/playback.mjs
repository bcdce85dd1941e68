// The lesson played as a narrated explainer, in headless Chromium (widget.html, the walkthrough):
// - with speechSynthesis replaced by an init script (one English voice whose sentences end at
//   once), Play (the K key) speaks each step's narration in order, word for word the captions of
//   lesson.txt, and a step waits for its sentence;
// - without a voice (and narration=device: browser_voice checks the recorded voice) the lesson
//   plays on its captions' timing and the live region carries the narration;
// - captions are off at the start and on after C; pause draws 0 frames over 2 s;
// - with reduced motion emulated, playback draws only when a step or an action starts;
// - seek(seconds) and the attention-widget-playback event's fields; the same over postMessage
//   for a framed widget;
// - on the lesson page, a playing step that points at a part of a tall widget below the screen
//   scrolls the page to it.
// usage: node playback.mjs SITE_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';
import { normalize, readCaptions } from './lesson_words.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node playback.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
const captions = readCaptions(join(dir, 'lesson', 'lesson.txt')).map(normalize);

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// Before the page's scripts: an English voice that says each sentence in 30 ms, and every event of
// the widget's playback recorded.
function fakeVoice() {
  const spoken = [];
  window.__spoken = spoken;
  class Utterance {
    constructor(text) { this.text = text; this.rate = 1; this.voice = null; this.lang = ''; }
  }
  const voice = { name: 'Test English', lang: 'en-US', default: true, localService: true, voiceURI: 'test' };
  const synth = {
    getVoices: () => [voice],
    addEventListener() {},
    speak(utterance) {
      spoken.push({ text: utterance.text, rate: utterance.rate, voice: utterance.voice && utterance.voice.name });
      setTimeout(() => { if (utterance.onend) utterance.onend({}); }, 30);
    },
    cancel() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
}
function noVoice() {
  const synth = { getVoices: () => [], addEventListener() {}, speak() { throw new Error('no voice'); }, cancel() {} };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
}
function recordPlayback() {
  window.__playback = [];
  document.addEventListener('attention-widget-playback', (event) => window.__playback.push(event.detail), true);
}

// `query` adds options: narration=device keeps the voice the build recorded (browser_voice) out of
// checks of the captions' timing.
async function openWidget(context, init, query = '') {
  const page = await context.newPage();
  const problems = watchPage(page);
  if (init) await page.addInitScript(init);
  await page.addInitScript(recordPlayback);
  await page.goto(`${origin}/widget.html?scene=walkthrough${query}`);
  await waitForFirstFrame(page);
  return { page, problems };
}
const frames = (page) => page.evaluate(() => Number(document.querySelector('canvas').dataset.frames));
const last = (page) => page.evaluate(() => window.__playback[window.__playback.length - 1] || null);
const api = (page, call, arg) => page.evaluate(([name, value]) => {
  const widget = window.AttentionWidget.get(document.querySelector('main'));
  return value === undefined ? widget[name]() : widget[name](value);
}, [call, arg]);
async function waitFor(page, fn, arg, what, timeout = 20000) {
  await page.waitForFunction(fn, arg, { timeout }).catch(() => { throw new Error(`timed out waiting for ${what}`); });
}

await check('Play (K) speaks each step\'s narration in order, the captions\' words, in an English voice', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, problems } = await openWidget(context, fakeVoice);
  await page.click('canvas');
  await page.keyboard.press('k');
  // The voice is given a sentence at a time; a step's narration is said once its last sentence is.
  const lastSentence = (text) => text.replace(/([.!?])\s+/g, '$1\n').split('\n').pop();
  for (let step = 1; step <= captions.length; step++) {
    await waitFor(page, (sentence) => window.__spoken.some((entry) => entry.text.replace(/\s+/g, ' ').trim() === sentence),
                  lastSentence(captions[step - 1]), `the narration of step ${step}`);
    const report = await last(page);
    if (step < captions.length) {
      // Close to the step's end; the next step starts only once its sentence has been said.
      await api(page, 'seek', report.steps[step] - 0.2);
    }
  }
  await waitFor(page, () => !window.__playback[window.__playback.length - 1].playing, null, 'the end of the lesson');
  const spoken = await page.evaluate(() => window.__spoken);
  // Every sentence once, in order: word for word the captions.
  const said = normalize(spoken.map((entry) => entry.text).join(' '));
  if (said !== normalize(captions.join(' '))) {
    throw new Error(`spoken:\n    ${spoken.map((entry) => entry.text).join('\n    ')}\n  expected the captions:\n    ${captions.join('\n    ')}`);
  }
  if (spoken.some((entry) => entry.voice !== 'Test English' || entry.rate !== 1)) {
    throw new Error(`voice or rate: ${JSON.stringify(spoken[0])}`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

// A browser with an English voice (its default) and a Spanish one, each saying a sentence in 30 ms.
function twoVoices() {
  const spoken = [];
  window.__spoken = spoken;
  class Utterance {
    constructor(text) { this.text = text; this.rate = 1; this.voice = null; this.lang = ''; }
  }
  const voices = [{ name: 'Test English', lang: 'en-US', default: true, localService: true, voiceURI: 'en' },
                  { name: 'Test Spanish', lang: 'es-ES', default: false, localService: true, voiceURI: 'es' }];
  const synth = {
    getVoices: () => voices,
    addEventListener() {},
    speak(utterance) {
      spoken.push({ text: utterance.text, voice: utterance.voice && utterance.voice.name, lang: utterance.lang });
      setTimeout(() => { if (utterance.onend) utterance.onend({}); }, 30);
    },
    cancel() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
}

await check('the Spanish widget says its Spanish narration in the Spanish voice, not the default English one', async () => {
  const spanishCaptions = readCaptions(join(dir, 'lesson', 'es', 'lesson.txt')).map(normalize);
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.addInitScript(twoVoices);
  await page.goto(`${origin}/widget.html?locale=es&scene=walkthrough`);
  await waitForFirstFrame(page);
  await page.click('canvas');
  await page.keyboard.press('k');
  const firstSentence = spanishCaptions[0].replace(/([.!?])\s+/g, '$1\n').split('\n')[0];
  await waitFor(page, () => window.__spoken.length > 0, null, 'the first sentence');
  const [first] = await page.evaluate(() => window.__spoken);
  if (first.voice !== 'Test Spanish' || first.lang !== 'es-ES') throw new Error(`said by ${first.voice} (${first.lang})`);
  if (normalize(first.text) !== firstSentence) throw new Error(`said "${first.text}", not "${firstSentence}"`);
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('a step waits for its sentence: with a voice that never finishes, the lesson holds at the step\'s end', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page } = await openWidget(context, () => {
    const voice = { name: 'Slow English', lang: 'en-GB', default: true, localService: true, voiceURI: 'slow' };
    window.__spoken = [];
    Object.defineProperty(window, 'speechSynthesis', { value: {
      getVoices: () => [voice], addEventListener() {}, cancel() {},
      speak(utterance) { window.__spoken.push(utterance.text); },
    }, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: class { constructor(text) { this.text = text; } },
                                                                configurable: true });
  });
  await api(page, 'play');
  await waitFor(page, () => window.__spoken.length >= 1, null, 'the first sentence');
  const report = await last(page);
  await api(page, 'seek', report.steps[1] - 0.5);
  // Its sentences were all handed to the voice, which never says they ended.
  await page.waitForTimeout(1500);
  const held = await page.evaluate(() => window.__playback[window.__playback.length - 1]);
  if (held.step !== 1 || !held.playing) throw new Error(`step ${held.step}, playing ${held.playing}: did not wait`);
  if (held.time > report.steps[1] || held.time < report.steps[1] - 0.1) throw new Error(`held at ${held.time}, not at the step's end ${report.steps[1]}`);
  await context.close();
});

await check('without a voice the lesson plays on its captions\' timing and the live region carries the narration', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, problems } = await openWidget(context, noVoice, '&narration=device');
  await api(page, 'play');
  await page.waitForTimeout(1500);
  const report = await last(page);
  if (!report.playing || report.time < 0.8) throw new Error(`time ${report.time}, playing ${report.playing}`);
  const live = normalize(await page.evaluate(() => document.querySelector('[aria-live]').textContent));
  if (!live.includes(captions[0])) throw new Error(`the live region says "${live}"`);
  await page.screenshot({ path: join(out, 'playing-no-voice.png') });
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('captions are off at the start and on after C; pause draws 0 frames over 2 s', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page } = await openWidget(context, fakeVoice);
  if ((await page.evaluate(() => location.hash)).includes('walkthrough.captions=1')) throw new Error('captions on at the start');
  await page.click('canvas');
  await page.keyboard.press('c');
  await waitFor(page, () => location.hash.includes('walkthrough.captions=1'), null, 'captions on after C', 5000);
  await page.keyboard.press('k');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: join(out, 'playing-captions.png') });
  await page.keyboard.press('k');
  await waitFor(page, () => !window.__playback[window.__playback.length - 1].playing, null, 'the pause');
  await page.waitForTimeout(400);
  const before = await frames(page);
  await page.waitForTimeout(2000);
  const after = await frames(page);
  if (after !== before) throw new Error(`${after - before} frames drawn while paused`);
  await context.close();
});

await check('with reduced motion, playback draws only when a step or an action starts', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, reducedMotion: 'reduce' });
  const { page } = await openWidget(context, noVoice, '&narration=device');
  const report = await (async () => { await api(page, 'seek', 0.1); await page.waitForTimeout(300); return last(page); })();
  // Step 2 moves the query from 2 s to 5 s into it: with motion, a frame for every animation frame.
  await api(page, 'seek', report.steps[1] + 0.2);
  await page.waitForTimeout(300);
  const before = await frames(page);
  await api(page, 'play');
  await page.waitForTimeout(3000);
  await api(page, 'pause');
  const drawn = (await frames(page)) - before;
  // Play, the move's start (it jumps), and the few frames ImGui takes to settle after each.
  if (drawn > 12) throw new Error(`${drawn} frames in 3 s of reduced-motion playback`);
  await context.close();

  const moving = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page: animated } = await openWidget(moving, noVoice, '&narration=device');
  await api(animated, 'seek', report.steps[1] + 0.2);
  await animated.waitForTimeout(300);
  const start = await frames(animated);
  await api(animated, 'play');
  await animated.waitForTimeout(3000);
  const moved = (await frames(animated)) - start;
  if (moved < 3 * drawn) throw new Error(`with motion only ${moved} frames against ${drawn} reduced: the check cannot tell them apart`);
  await moving.close();
});

await check('seek(seconds) and the playback event: playing, time, duration, step, caption', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, problems } = await openWidget(context, noVoice);
  await api(page, 'seek', 30);
  await waitFor(page, () => Math.abs((window.__playback[window.__playback.length - 1] || {}).time - 30) < 0.01, null,
                'the event after seek(30)');
  const report = await last(page);
  const step = report.steps.filter((start) => start <= 30).length;
  if (report.playing !== false || report.step !== step || typeof report.duration !== 'number' ||
      report.duration < 90 || report.duration > 150 || normalize(report.caption) !== captions[step - 1]) {
    throw new Error(`event ${JSON.stringify(report)}`);
  }
  if (!(await page.evaluate(() => location.hash)).includes('walkthrough.time=30')) throw new Error('the position is not in the link');
  const warnings = [];
  page.on('console', (msg) => { if (msg.type() === 'warning') warnings.push(msg.text()); });
  await api(page, 'seek', 'soon');
  if (!warnings.some((text) => text.includes('seek(soon) needs a number'))) throw new Error(`warnings: ${warnings.join(' | ')}`);
  await page.screenshot({ path: join(out, 'seek-30.png') });
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await check('a framed widget takes play, pause and seek messages and reports its playback to its parent', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.route(`${origin}/tests/player-host.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><title>host</title><iframe id="framed" src="/widget.html?scene=walkthrough" ' +
          'style="width:900px;height:700px"></iframe><script>window.messages=[];' +
          'addEventListener("message",(e)=>window.messages.push(e.data));</script>',
  }));
  await page.goto(`${origin}/tests/player-host.html`);
  await waitFor(page, () => window.messages.some((m) => m.type === 'attention-widget:ready'), null, 'ready', 30000);
  const send = (message) => page.evaluate((m) => document.querySelector('#framed').contentWindow.postMessage(m, '*'), message);
  await send({ type: 'attention-widget:seek', seconds: 20 });
  await waitFor(page, () => window.messages.some((m) => m.type === 'attention-widget:playback' && Math.abs(m.time - 20) < 0.01),
                null, 'a playback message at 20 s');
  await send({ type: 'attention-widget:play' });
  await waitFor(page, () => window.messages.some((m) => m.type === 'attention-widget:playback' && m.playing), null, 'playing');
  await send({ type: 'attention-widget:pause' });
  await waitFor(page, () => { const p = window.messages.filter((m) => m.type === 'attention-widget:playback'); return !p[p.length - 1].playing; },
                null, 'paused');
  await send({ type: 'attention-widget:seek', seconds: 'x' });  // malformed: ignored
  await context.close();
});

await check('on the lesson page (390 px), the playing lesson scrolls the page to the part a step points at', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.addInitScript(noVoice);
  await page.addInitScript(recordPlayback);
  await page.goto(`${origin}/index.html`);
  const slot = 'div[data-attention-widget][data-scene="walkthrough"]';
  await page.locator(slot).scrollIntoViewIfNeeded();
  await waitFor(page, (sel) => Number(document.querySelector(`${sel} canvas`)?.dataset.frames) >= 1, slot, 'the walkthrough widget', 30000);
  await page.evaluate((sel) => AttentionWidget.get(document.querySelector(sel)).seek(0.1), slot);
  await waitFor(page, () => window.__playback.length > 0, null, 'a playback event');
  const steps = (await last(page)).steps;
  // The widget low on the screen, its bar at the bottom: what a step points at is below the fold.
  await page.evaluate((sel) => {
    window.scrollTo(0, window.scrollY + document.querySelector(sel).getBoundingClientRect().top - 780);
  }, slot);
  const before = await page.evaluate(() => window.scrollY);
  // The Caveats step points at its controlled test, under the player and the scene's picture.
  await page.evaluate(([sel, at]) => { const w = AttentionWidget.get(document.querySelector(sel)); w.seek(at); w.play(); },
                      [slot, steps[4] + 0.2]);
  await page.waitForTimeout(2500);
  const after = await page.evaluate(() => window.scrollY);
  if (after - before < 200) throw new Error(`the page scrolled ${after - before} px (from ${before} to ${after})`);
  await page.screenshot({ path: join(out, 'lesson-page-caveats-step.png') });
  if (problems.length) throw new Error(problems.join('\n'));
  await context.close();
});

await browser.close();
server.close();
console.log(failures ? `${failures} check(s) failed` : 'all playback checks passed');
process.exit(failures ? 1 : 0);
