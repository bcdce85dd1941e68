// The lesson's narration, spoken with the Web Speech API (speechSynthesis) while a widget plays
// its walkthrough as a narrated explainer. The widget reports its playback ({playing, time,
// duration, step, caption, speed}); when a step starts playing, its caption (the same words as the
// captions and the page's transcript, from the widget's lesson file) is said, a sentence at a time,
// in a voice of the widget's language at the playback's speed, and the widget is told when the last
// sentence has been said (attn_speech_done), so a step never ends before its narration. Without a
// voice of that language (common in headless or minimal browsers) the widget is told speech is not
// available (attn_speech(0)) and plays on its captions' own timing. narration.js chooses between
// this voice and the build's recorded one, and lets one widget speak at a time.

const synth = typeof window !== 'undefined' && window.speechSynthesis &&
  typeof window.SpeechSynthesisUtterance === 'function' ? window.speechSynthesis : null;

// A voice of `locale` ("es" takes es-ES, es-MX, ...): the default one, else one on this device.
export function voiceOf(locale) {
  if (!synth) return null;
  const voices = synth.getVoices() || [];
  const prefix = new RegExp(`^${locale}([-_]|$)`, 'i');
  const spoken = voices.filter((voice) => prefix.test(voice.lang || ''));
  return spoken.find((voice) => voice.default) || spoken.find((voice) => voice.localService) || spoken[0] || null;
}

let speaking = null;  // the narrator whose sentences the device's voice holds
// Chromium loads its voices after the first getVoices(); each step asks again, so voices that
// come later are used from the next step on.
if (synth) synth.getVoices();

// A narrator for one widget's module, speaking `locale` ("en", "es").
export function speechNarrator(module, language = 'en') {
  let locale = language;
  let said = 0;          // utterances made: only the newest one's end counts
  let step = 0;          // the step last spoken, from 1; 0 for none
  let playing = false;
  let available = null;  // what the widget was last told
  const tell = (yes) => {
    if (available === yes) return;
    available = yes;
    module.ccall('attn_speech', null, ['number'], [yes ? 1 : 0]);
  };
  const stop = () => {
    ++said;
    if (speaking === self && synth) synth.cancel();
    if (speaking === self) speaking = null;
  };
  const speak = (detail) => {
    const voice = voiceOf(locale);
    tell(voice !== null);
    if (!voice) return;
    stop();
    speaking = self;
    const id = ++said;
    const done = () => {
      if (id !== said) return;  // cancelled: a newer step or a pause took over
      ++said;                   // once per step, whichever sentence ends it
      if (speaking === self) speaking = null;
      module.ccall('attn_speech_done', null, ['number'], [detail.step]);
    };
    // A sentence at a time: some browsers' voices stop an utterance after about 15 seconds.
    // A sentence ends at '.', '!' or '?' before a space (not the point of 0.2).
    const sentences = String(detail.caption || '').replace(/([.!?])\s+/g, '$1\n').split('\n')
      .filter((text) => text.trim());
    sentences.forEach((text, i) => {
      const utterance = new window.SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = Math.min(1.5, Math.max(0.75, Number(detail.speed) || 1));
      if (i === sentences.length - 1) utterance.onend = done;
      utterance.onerror = (event) => {
        // A browser that refuses to speak (no user gesture yet, no audio) plays on captions.
        if (event && (event.error === 'not-allowed' || event.error === 'audio-hardware' ||
                      event.error === 'synthesis-unavailable')) {
          tell(false);
        }
        done();
      };
      synth.speak(utterance);
    });
    if (!sentences.length) done();
  };
  const self = {
    // A playback report from the widget.
    report(detail) {
      const started = detail.playing && (!playing || detail.step !== step);
      playing = detail.playing;
      if (!detail.playing) {
        step = 0;
        stop();
        return;
      }
      if (started) {
        step = detail.step;
        speak(detail);
      }
    },
    // The widget's language changed (its locale option): the next step is said in the new one.
    setLocale(code) {
      locale = code;
    },
    // Another narrator takes over (another widget, or another language's voice): silent until the
    // next report, which tells the widget again whether it speaks.
    stop() {
      stop();
      playing = false;
      step = 0;
      available = null;
    },
  };
  return self;
}
