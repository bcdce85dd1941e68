// Builds the one-file lesson for teachers: the lesson page with its stylesheet, the widget loader
// and the widget itself (wasm inlined by -sSINGLE_FILE) in a single HTML file that works when
// opened from file:// with no network and no server. scripts/make-scorm.mjs builds the SCORM
// package's lesson with the same function, an LMS adapter added.
// usage: node make-offline.mjs SITE_DIR SINGLE_FILE_WIDGET_JS OUTPUT_HTML
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// "</script" inside inlined code would end the element early.
const scriptSafe = (code) => code.replace(/<\/script/gi, '<\\/script');

// The one-file lesson's HTML from the built site's index.html, lesson.css, embed.js and lesson
// text and the single-file widget runtime at `widgetJs`. `adapter`, a classic script, goes in
// before the runtime and the loader, so that it runs first (web/js/scorm.js hands the widgets
// their saved states before embed.js mounts them). Throws when index.html lacks what it replaces.
export function offlineLesson(site, widgetJs, { adapter = '' } = {}) {
  const read = (name) => readFileSync(join(site, name), 'utf8');

  // The widget's words: a page opened from file:// cannot fetch lesson/lesson.txt beside it, so
  // its text goes in as window.attentionLessonText (the loader uses it instead of fetching). "<" is
  // escaped so no text can close the element, and U+2028/U+2029 so older engines read the literal.
  const lessonTextJs = JSON.stringify(read(join('lesson', 'lesson.txt'))).replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

  let html = read('index.html');
  let inlined = 0;
  html = html.replace(/<link rel="stylesheet" href="([^"]+)">/g, (_, href) => {
    inlined++;
    return `<style>\n${read(href)}\n</style>`;
  });
  html = html.replace(/<script src="embed\.js"( defer)?><\/script>/, () => {
    inlined++;
    const first = adapter ? `<script>\n${scriptSafe(adapter)}\n</script>\n` : '';
    // attentionWidgetSingleFile tells embed.js that the wasm is inside the runtime, wherever the
    // file is served; attentionLessonText hands it the words.
    return `${first}<script>\nwindow.attentionWidgetSingleFile = true;\nwindow.attentionLessonText = ${lessonTextJs};\n${scriptSafe(readFileSync(widgetJs, 'utf8'))}\n</script>\n<script>\n${scriptSafe(read('embed.js'))}\n</script>`;
  });
  if (inlined < 2) throw new Error('index.html no longer has the stylesheet <link> and embed.js <script> to inline');
  return html;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [site, widgetJs, output] = process.argv.slice(2);
  if (!site || !widgetJs || !output) {
    console.error('usage: node make-offline.mjs SITE_DIR SINGLE_FILE_WIDGET_JS OUTPUT_HTML');
    process.exit(2);
  }
  let html;
  try {
    html = offlineLesson(site, widgetJs);
  } catch (error) {
    console.error(`make-offline: ${error.message}`);
    process.exit(1);
  }
  writeFileSync(output, html);
  console.log(`${output}: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB`);
}
