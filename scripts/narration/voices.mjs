// The narration's voices: the Debian speech synthesizers the build can speak a cue with, and the
// one it uses for each locale. The English voice was chosen by measurement (measure-voices.mjs:
// the lowest word error rate when pocketsphinx transcribes it); docs/narration.md has the table.
// A voice's `command(textFile, wavFile)` gives the program and arguments that read the cue's text
// (UTF-8) from textFile and write a WAV file; `packages` are the Debian packages it needs
// (scripts/bootstrap installs them).

export const VOICES = {
  'festival-slt-hts': {
    locale: 'en',
    describe: 'festival 2.5, voice_cmu_us_slt_arctic_hts (festvox-us-slt-hts)',
    packages: ['festival', 'festvox-us-slt-hts'],
    command: (text, wav) => ['text2wave', ['-eval', '(voice_cmu_us_slt_arctic_hts)', text, '-o', wav]],
    // festival reads bytes as Latin-1: give it the ASCII a typewriter would use.
    ascii: true,
  },
  'flite-slt': {
    locale: 'en',
    describe: 'flite 2.2, -voice slt',
    packages: ['flite'],
    command: (text, wav) => ['flite', ['-voice', 'slt', '-f', text, '-o', wav]],
    ascii: true,
  },
  'espeak-ng-en-us': {
    locale: 'en',
    describe: 'espeak-ng 1.51, -v en-us (175 words a minute)',
    packages: ['espeak-ng'],
    command: (text, wav) => ['espeak-ng', ['-b', '1', '-v', 'en-us', '-f', text, '-w', wav]],
  },
  'espeak-ng-en-us-slow': {
    locale: 'en',
    describe: 'espeak-ng 1.51, -v en-us -s 140 (140 words a minute, the captions\' pace)',
    packages: ['espeak-ng'],
    command: (text, wav) => ['espeak-ng', ['-b', '1', '-v', 'en-us', '-s', '140', '-f', text, '-w', wav]],
  },
  'espeak-ng-es': {
    locale: 'es',
    describe: 'espeak-ng 1.51, -v es -s 150 (Spanish of Spain)',
    packages: ['espeak-ng'],
    command: (text, wav) => ['espeak-ng', ['-b', '1', '-v', 'es', '-s', '150', '-f', text, '-w', wav]],
  },
};

// The voice each locale's narration is rendered with. A locale not listed here is spoken by
// espeak-ng in its own language when espeak-ng has one (voiceFor), or needs an author's recordings.
export const CHOSEN = {
  en: 'festival-slt-hts',
  es: 'espeak-ng-es',
};

// The voice `locale` is rendered with: the chosen one, else espeak-ng's voice of that language;
// null when there is none.
export function voiceFor(locale, espeakHas = () => false) {
  if (CHOSEN[locale]) return { id: CHOSEN[locale], ...VOICES[CHOSEN[locale]] };
  if (!/^[a-z]{2,3}(-[a-z0-9]+)?$/.test(locale) || !espeakHas(locale)) return null;
  return {
    id: `espeak-ng-${locale}`,
    locale,
    describe: `espeak-ng, -v ${locale}`,
    packages: ['espeak-ng'],
    command: (text, wav) => ['espeak-ng', ['-b', '1', '-v', locale, '-s', '150', '-f', text, '-w', wav]],
  };
}

// The English candidates measure-voices.mjs compares, in the table's order.
export const ENGLISH_CANDIDATES = ['festival-slt-hts', 'flite-slt', 'espeak-ng-en-us', 'espeak-ng-en-us-slow'];
