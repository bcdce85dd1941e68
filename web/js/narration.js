// Who says a widget's narration while its lesson plays: the device's voice (speech.js) or the voice
// the build recorded (voice.js), as the page's narration option asks:
//  - auto: the device's voice of the widget's language where it has one, else the recorded voice;
//  - recorded: the recorded voice, also where the device has a voice;
//  - device: the device's voice only (without one, the captions' timing).
// Where the browser cannot play the recorded voice (Opus in WebM), the device's voice says it. The
// choice is made at the first Play of each language. One widget of a page speaks at a time: the
// one that starts playing pauses any other.
import { speechNarrator, voiceOf } from './speech.js';
import { builtVoice, canPlayBuiltVoice } from './voice.js';

export const NARRATIONS = ['auto', 'recorded', 'device'];

// The narration option's value: a bad one is warned about, and auto is used.
export function narrationChoice(value) {
  if (value === undefined || NARRATIONS.indexOf(value) >= 0) return value || 'auto';
  console.warn(`Attention widget: ignoring option narration="${String(value).slice(0, 40)}": ` +
               `it takes ${NARRATIONS.join(', ')}`);
  return 'auto';
}

let turn = null;  // the narrator of the widget that plays now

// A narrator for one widget's module: `pause` pauses that widget (another one started playing),
// `base` is the folder of the widget's files, `choice` one of NARRATIONS.
export function narrator(module, pause, language, choice, base) {
  let locale = language;
  const speech = speechNarrator(module, locale);
  const recorded = builtVoice(module, locale, base);
  let told = null;  // the one chosen, at this language's first Play
  const self = {
    // A playback report from the widget.
    report(detail) {
      if (detail.playing) {
        if (turn && turn !== self) turn.yield();
        turn = self;
        if (!told) {
          told = choice !== 'device' && canPlayBuiltVoice() && (choice === 'recorded' || !voiceOf(locale))
            ? recorded : speech;
        }
      }
      if (told) told.report(detail);
    },
    // The widget's language changed (its locale option): the next Play chooses again.
    setLocale(code) {
      if (told) told.stop();
      told = null;
      locale = code;
      speech.setLocale(code);
      recorded.setLocale(code);
    },
    yield() {
      if (told) told.stop();
      turn = null;
      pause();
    },
  };
  return self;
}
