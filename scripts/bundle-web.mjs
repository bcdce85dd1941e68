// Writes the widget's script-bearing files from the modules in web/js/, in one step:
//  - SITE_DIR/embed.js: the loader for host pages (web/js/embed.js and what it imports) as one
//    minified classic script, which pages load with <script src=".../embed.js" defer>;
//  - SITE_DIR/widget-page.js: widget.html's loader (web/js/widget-page.js), the same widget code
//    without what only host pages need (the custom element, div embeds, framed widgets);
//  - SITE_DIR/voice.js: the narration's recorded voice (web/js/voice.js), which defines
//    window.attentionWidgetVoice; the loaders fetch it only when a lesson is first played with it;
//  - SITE_DIR/widget.html: web/widget.html.in with the version filled in and the start script
//    (web/js/start.js and the downloads.js it shares with the loader) inlined where the page says
//    <!--WIDGET_START-->, and beside it the script's hash for servers that send a
//    Content-Security-Policy (SECURITY.md).
// usage: node scripts/bundle-web.mjs WEB_DIR SITE_DIR VERSION
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const [webDir, siteDir, version] = process.argv.slice(2);
if (!webDir || !siteDir || !version) {
  console.error('usage: node scripts/bundle-web.mjs WEB_DIR SITE_DIR VERSION');
  process.exit(2);
}
const fail = (message) => {
  console.error(`bundle-web: ${message}`);
  process.exit(1);
};

// Properties, strings and the page API stay as written: minifying renames local names only.
// ES2020: every browser that can run the widget's wasm (SIMD: Chrome 91, Firefox 89, Safari
// 16.4) runs it as written, with no helpers for object spread; an older browser fails to parse the
// loader and keeps the page's fallback, as it would without WebGL 2.
async function bundle(entry, globalName) {
  const result = await build({
    entryPoints: [join(webDir, 'js', entry)], bundle: true, format: 'iife', minify: true, target: 'es2020',
    write: false, logLevel: 'warning', globalName,
  });
  return result.outputFiles[0].text.trim();
}

mkdirSync(siteDir, { recursive: true });
const [loader, pageLoader, start, voice] = await Promise.all([bundle('embed.js'), bundle('widget-page.js'), bundle('start.js'),
                                                             bundle('voice.js', 'attentionWidgetVoice')]);
writeFileSync(join(siteDir, 'embed.js'), `${loader}\n`);
writeFileSync(join(siteDir, 'widget-page.js'), `${pageLoader}\n`);
writeFileSync(join(siteDir, 'voice.js'), `${voice}\n`);

const MARKER = '<!--WIDGET_START-->';
const template = join(webDir, 'widget.html.in');
const page = readFileSync(template, 'utf8').replaceAll('@PROJECT_VERSION@', version);
if (page.split(MARKER).length !== 2) fail(`${template}: expected ${MARKER} exactly once`);
if (/@[A-Z_]+@/.test(page)) fail(`${template}: ${/@[A-Z_]+@/.exec(page)[0]} is not filled in by this script`);
if (start.includes('</')) fail('the start script holds "</", which would end the inline <script> early');
const hash = `'sha256-${createHash('sha256').update(start, 'utf8').digest('base64')}'`;
const block = `<!-- Starts the wasm compile and the lesson words' download first (web/js/start.js). A server that sends a
     Content-Security-Policy allows it with script-src ${hash} -->
<script>${start}</script>`;
writeFileSync(join(siteDir, 'widget.html'), page.replace(MARKER, () => block));
