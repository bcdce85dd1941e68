// Writes the page that plays a locale's lesson video (scripts/render-video): the video with its
// captions as a track that starts off, in the locale's language. The title is the lesson page's
// (title in the locale's page.txt, as make-lesson-page.mjs reads it); the page's few other words
// are below, per language, English for a language without its row.
// The captions are inline as a data: URL: a page opened from a folder (file://) may not load a
// file beside it as a track.
// usage: node scripts/make-video-page.mjs LOCALE VIDEO_FILE CAPTIONS.vtt OUT.html
//        (VIDEO_FILE as the page links it: a name beside the page)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_LOCALE, parseWords, wordsFile } from './make-lesson-page.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LESSON_DIR = join(ROOT, 'assets', 'lesson');

const WORDS = {
  en: { video: 'video', download: 'Download the video', language: 'English',
        captions: 'English captions are available from the player\'s captions menu; they start off.' },
  es: { video: 'vídeo', download: 'Descargar el vídeo', language: 'Español',
        captions: 'Los subtítulos en español están en el menú de subtítulos del reproductor; empiezan desactivados.' },
};

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// The lesson page's title in `locale` (HTML, as page.txt writes it), or the first locale's.
function lessonTitle(locale) {
  for (const code of [locale, FIRST_LOCALE]) {
    try {
      const file = wordsFile(LESSON_DIR, code);
      const title = parseWords(file, readFileSync(file, 'utf8')).words.get('title');
      if (title) return title.lines.join(' ');
    } catch {
      // no page words for this locale: the first locale's title
    }
  }
  return 'Attention';
}

export function videoPage({ locale, video, vtt }) {
  const words = WORDS[locale] ?? WORDS[FIRST_LOCALE];
  const title = lessonTitle(locale);
  const track = `data:text/vtt;base64,${Buffer.from(vtt).toString('base64')}`;
  return `<!doctype html>
<html lang="${escapeAttribute(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} (${words.video})</title>
</head>
<body>
<main>
<h1>${title}</h1>
<video controls preload="metadata" style="max-width: 100%; height: auto" src="${escapeAttribute(video)}">
  <track kind="captions" srclang="${escapeAttribute(locale)}" label="${escapeAttribute(words.language)}" src="${track}">
  <a href="${escapeAttribute(video)}">${words.download}</a>.
</video>
<p>${words.captions}</p>
</main>
</body>
</html>
`;
}

const [locale, video, vttFile, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node scripts/make-video-page.mjs LOCALE VIDEO_FILE CAPTIONS.vtt OUT.html');
  process.exit(2);
}
if (!WORDS[locale]) console.warn(`make-video-page: no page words for ${locale}: the page's own words are English`);
writeFileSync(out, videoPage({ locale, video, vtt: readFileSync(vttFile, 'utf8') }));
