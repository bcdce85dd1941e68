// The lesson's narration in the voice the build recorded (docs/narration.md): narration/LOCALE/ beside
// the widget's files holds a WebM (Opus) file per cue, one sentence of a step's caption, and
// cues.json, [{id, step, text, file, seconds}]. Nothing of it is fetched before the lesson is first
// played: it is no part of the widget's download. Then cues.json comes, the widget times each cue
// by its audio (attn_narration_audio), and its playback reports name the cue being said and how far
// into it the lesson is ({cue, cueTime}); this plays that cue's file from there, at the report's
// speed, and tells the widget when it has ended (attn_cue_heard), which holds the picture at a
// cue's end until then. Any failure (a missing file, a refused play()) tells the widget to play on
// its captions' timing (attn_speech(0)), with a warning naming the file.
//
// The build makes it a script of its own beside the widget's files, voice.js, which defines
// window.attentionWidgetVoice.builtVoice; narration.js loads it when a lesson is first played with
// this voice, so that its code, too, is no part of the widget's download.

const oneLine = (text) => String(text).replace(/[\t\r\n]+/g, ' ');

// The recorded voice for one widget's module, in `language`; `base`: the folder of the widget's files.
export function builtVoice(module, language, base) {
  let locale = language;
  let cues = null;         // cues.json's entries, with each file's URL; false while they come
  let failed = false;      // this language's audio cannot play: the widget plays on its captions' timing
  let audio = null;        // the element that plays the current cue
  let spare = null;        // the element that loads the next one
  let cue = '';            // the id of the cue `audio` holds
  let catchUp = false;     // started part way: once it plays, it catches up with the picture
  let fromStart = '';      // the cue whose start the lesson was played from, before its audio came
  let last = null;         // the last report, and when it came (performance.now())
  let lastAt = 0;

  // A file as a warning names it: an inline one (a data: URL) by its cue.
  const named = (src) => (String(src).startsWith('data:') ? `${cue}.webm (inline)` : src);
  const fail = (file, why) => {
    if (failed) return;
    failed = true;
    self.stop();
    console.warn(`Attention widget: the narration's audio ${file} cannot be played (${why}); ` +
                 "the lesson plays on its captions' timing");
    module.ccall('attn_speech', null, ['number'], [0]);
  };
  // Where the lesson is in the current cue now, by its last report.
  const lessonAt = () => last.cueTime + (performance.now() - lastAt) / 1000 * last.speed;
  const element = () => {
    const made = new Audio();
    made.preload = 'auto';
    made.preservesPitch = true;
    // An event queued before the element took another file finds it no longer ended, or errored.
    made.onended = () => {
      if (made === audio && made.ended && cue) module.ccall('attn_cue_heard', null, ['string'], [cue]);
    };
    made.onerror = () => {
      if (made === audio && made.error) fail(named(made.src), `media error ${made.error.code}`);
    };
    // Started part way (a seek, Play in mid-sentence): the picture went on while the file came.
    // The voice catches up by as much as 0.75 s; a longer wait is the picture's, which holds at the
    // cue's end. A file played from its start is heard whole, the picture waiting at its end.
    made.onplaying = () => {
      if (made !== audio || !catchUp || !last || !last.playing || last.cue !== cue) return;
      catchUp = false;
      const behind = lessonAt() - made.currentTime;
      if (behind > 0.05 && behind < 0.75) made.currentTime += behind;
    };
    return made;
  };
  const play = () => {
    const playing = audio;
    playing.play().catch((error) => {
      // AbortError: a pause or another file came first, as asked.
      if (error.name !== 'AbortError' && playing === audio) fail(named(playing.src), error.message);
    });
  };
  const playFrom = (seconds) => {
    if (Math.abs(audio.currentTime - seconds) > 0.05) audio.currentTime = seconds;
    catchUp = seconds > 0.05;
    play();
  };

  const load = () => {
    cues = false;
    const at = locale;
    const file = new URL(`narration/${locale}/cues.json`, base);
    // The one-file lesson carries its language's cues and audio inline (scripts/make-offline.mjs).
    const inline = window.attentionNarration && window.attentionNarration[locale];
    (inline ? Promise.resolve(inline.cues) : fetch(file).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    })).then((list) => {
      if (at !== locale || failed) return;
      const found = list.map((entry) => ({ ...entry, url: inline ? inline.files[entry.file] : new URL(entry.file, file).href }));
      // The file of the cue the lesson is in loads while the widget takes the new timing.
      audio = audio || element();
      spare = spare || element();
      const here = found.find((entry) => last && entry.id === last.cue);
      if (here) spare.src = here.url;
      const lines = found.map((entry) => [entry.id, entry.seconds, entry.text].map(oneLine).join('\t'));
      // 0 cues timed: the lesson's words are not the ones recorded (an author edited them).
      if (!module.ccall('attn_narration_audio', 'number', ['string'], [lines.join('\n')])) {
        throw new Error('no cue has the words of the lesson\'s captions');
      }
      cues = found;
    }).catch((error) => {
      if (at === locale) fail(file.href, error.message);
    });
  };

  // The cue to play at `detail`: the widget names only a cue it times by its audio (a step the
  // author reworded is timed by its words, and its old words must not be heard).
  const cueOf = (detail) => cues.find((entry) => entry.id === detail.cue) || null;

  const self = {
    // A playback report from the widget: {playing, time, speed, caption, cue, cueTime, narration}.
    report(detail) {
      if (failed) return;
      const before = last;
      const elapsed = (performance.now() - lastAt) / 1000;
      last = detail;
      lastAt = performance.now();
      if (!detail.playing) {
        if (audio) audio.pause();
        return;
      }
      if (cues === null) {
        fromStart = detail.cueTime < 0.05 ? detail.cue : '';
        load();
      }
      if (!cues || detail.narration !== 'audio') return;
      const speed = Math.min(1.5, Math.max(0.75, Number(detail.speed) || 1));
      audio.defaultPlaybackRate = audio.playbackRate = speed;
      const now = cueOf(detail);
      if (!now) {  // between sentences, or a step without its audio
        audio.pause();
        return;
      }
      // Played again or sought: the lesson's time jumped back, or on faster than it runs. A
      // lesson held at a cue's end while its audio comes late has not jumped.
      const jumped = !before || !before.playing || detail.time < before.time - 0.05 ||
                     detail.time > before.time + elapsed * before.speed + 0.3;
      if (now.id !== cue) {
        audio.pause();
        if (spare.src === now.url) [audio, spare] = [spare, audio];
        else audio.src = now.url;
        cue = now.id;
        audio.defaultPlaybackRate = audio.playbackRate = speed;
        // Played from a sentence's start, it is said whole, though its audio came a moment later.
        playFrom(now.id === fromStart ? 0 : detail.cueTime);
        fromStart = '';
        const next = cues[cues.indexOf(now) + 1];
        if (next && spare.src !== next.url) spare.src = next.url;
      } else if (jumped && !(audio.ended && detail.cueTime > audio.currentTime - 0.75)) {
        // (a cue heard to its end while the picture catches up is not said again)
        playFrom(detail.cueTime);
      } else if (audio.paused && !audio.ended) {
        play();
      }
    },
    // The widget's language changed: the next Play fetches that language's cues.
    setLocale(code) {
      self.stop();
      locale = code;
      cues = null;
      failed = false;
    },
    // Silent until the next report (another widget plays, or the language changed).
    stop() {
      if (audio) audio.pause();
      cue = '';
      last = null;
    },
  };
  return self;
}
