// Writes widget.html: the configured page with the minified start script (web/widget-start.js)
// inlined where the page says <!--WIDGET_START-->, and beside it the script's CSP hash for
// servers that send a Content-Security-Policy (SECURITY.md).
// usage: node scripts/inline-start.mjs PAGE_IN START_JS PAGE_OUT
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const [pageIn, startJs, pageOut] = process.argv.slice(2);
if (!pageIn || !startJs || !pageOut) {
  console.error('usage: node scripts/inline-start.mjs PAGE_IN START_JS PAGE_OUT');
  process.exit(2);
}
const MARKER = '<!--WIDGET_START-->';
const page = readFileSync(pageIn, 'utf8');
const script = readFileSync(startJs, 'utf8').trim();
if (page.split(MARKER).length !== 2) {
  console.error(`${pageIn}: expected ${MARKER} exactly once`);
  process.exit(1);
}
if (script.includes('</')) {
  console.error(`${startJs}: "</" would end the inline script early`);
  process.exit(1);
}
const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
const block = `<!-- Starts the wasm compile and the lesson words' downloads first (web/widget-start.js). A server that sends a
     Content-Security-Policy allows it with script-src ${hash} -->
<script>${script}</script>`;
writeFileSync(pageOut, page.replace(MARKER, () => block));
