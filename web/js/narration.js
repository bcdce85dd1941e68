// Who says a widget's narration while its lesson plays: the device's voice (speech.js) or the voice
// the build recorded (voice.js), as the page's narration option asks:
//  - auto: the device's voice of the widget's language where it has one, else the recorded voice;
//  - recorded: the recorded voice, also where the device has a voice;
//  - device: the device's voice only (without one, the captions' timing).
// Where the browser cannot play the recorded voice, the device's voice says it. The choice is made
// at the first Play of each language. One widget of a page speaks at a time: the one that starts
// playing pauses any other.
import { loadScript } from './downloads.js';
import { speechNarrator, voiceOf } from './speech.js';

export const NARRATIONS = ['auto', 'recorded', 'device'];

// The narration option's value: a bad one is warned about, and auto is used.
export function narrationChoice(value) {
  if (value === undefined || NARRATIONS.indexOf(value) >= 0) return value || 'auto';
  console.warn(`Attention widget: ignoring option narration="${String(value).slice(0, 40)}": ` +
               `it takes ${NARRATIONS.join(', ')}`);
  return 'auto';
}

// The recorded voice plays Opus in WebM (Chromium, Firefox, Safari 15 and later) from the
// narration folder beside the widget's files, which a page from file:// cannot read; the one-file
// lesson (and its SCORM package) carries its language's inline instead (window.attentionNarration).
const inline = (locale) => (window.attentionNarration && window.attentionNarration[locale]) || null;
const canPlayRecorded = (locale) => typeof Audio === 'function' &&
  new Audio().canPlayType('audio/webm; codecs=opus') !== '' &&
  (window.attentionWidgetSingleFile ? inline(locale) !== null : /^https?:$/.test(window.location.protocol));

let turn = null;  // the narrator of the widget that plays now

// A narrator for one widget's module: `pause` pauses that widget (another one started playing),
// `base` is the folder of the widget's files, `choice` one of NARRATIONS.
export function narrator(module, pause, language, choice, base) {
  let locale = language;
  const speech = speechNarrator(module, locale);
  let recorded = null;  // the recorded voice, once its script (the build's voice.js) has run
  let asked = false;    // for that script
  let told = null;      // speech, or 'recorded': chosen at this language's first Play
  const self = {
    // A playback report from the widget.
    report(detail) {
      if (detail.playing) {
        if (turn && turn !== self) turn.yield();
        turn = self;
        if (!told) {
          told = choice !== 'device' && canPlayRecorded(locale) && (choice === 'recorded' || !voiceOf(locale))
            ? 'recorded' : speech;
        }
      }
      if (told === speech) {
        speech.report(detail);
      } else if (recorded) {
        recorded.report(detail);
      } else if (told && !asked) {
        // The report that chose it is handed over as it comes: it says where Play was pressed.
        asked = true;
        const script = new URL('voice.js', base);
        // The one-file lesson has it inline already.
        (window.attentionWidgetVoice ? Promise.resolve() : loadScript(script)).then(() => {
          recorded = window.attentionWidgetVoice.builtVoice(module, locale, base);
          recorded.report(detail);
        }).catch((error) => {
          console.warn(`Attention widget: ${script} did not load (${error.message || error.type}); ` +
                       "the lesson plays on its captions' timing");
          module.ccall('attn_speech', null, ['number'], [0]);
        });
      }
    },
    // The widget's language changed (its locale option): the next Play chooses again.
    setLocale(code) {
      self.stop();
      told = null;
      locale = code;
      speech.setLocale(code);
      if (recorded) recorded.setLocale(code);
    },
    stop() {
      if (told === speech) speech.stop();
      else if (recorded) recorded.stop();
    },
    yield() {
      self.stop();
      turn = null;
      pause();
    },
  };
  return self;
}
