// What the learning-platform packages' builds share (make-scorm.mjs, make-cmi5.mjs, make-h5p.mjs,
// make-cc.mjs): a script bundled for the page, the lesson page's title, text made safe for XML, and
// the zip container that gives the same bytes for the same files.
import { build } from 'esbuild';
import { zipSync } from 'fflate';
import { offlineLesson } from './make-offline.mjs';

// `entry` and what it imports as one minified classic script, its names kept out of the page's
// global scope (the same settings as the loader's bundle, scripts/bundle-web.mjs). The licence
// notices of what it bundles from npm are kept at its end.
export async function bundleScript(entry) {
  const result = await build({
    entryPoints: [entry], bundle: true, format: 'iife', minify: true, target: 'es2020', write: false,
    logLevel: 'warning', legalComments: 'eof',
  });
  return result.outputFiles[0].text.trim();
}

export const xmlText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  .replace(/"/g, '&quot;');
export const htmlText = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#39;/g, "'").replace(/&amp;/g, '&');

// The lesson page's <title>, as plain text; null when it has none.
export function pageTitle(html) {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? htmlText(match[1]).trim() : null;
}

// The one-file lesson (make-offline.mjs) with the adapter at `adapterJs` bundled and inlined before
// its loader, and the page's title: { html, title }. Throws, saying why, when either cannot be had.
export async function adaptedLesson(site, widgetJs, adapterJs, locale) {
  const adapter = await bundleScript(adapterJs);
  const html = offlineLesson(site, widgetJs, { adapter, locale });
  const title = pageTitle(html);
  if (!title) throw new Error('the lesson page has no <title> to name the package by');
  return { html, title };
}

// `files` ([{ name, data }]) in one zip: every entry dated 1980-01-01 00:00 (the first day a zip's
// MS-DOS date can say; local time, as fflate writes it, so the bytes do not depend on the time
// zone), deflated at the highest level.
export function packageZip(files) {
  const entry = { level: 9, mtime: new Date(1980, 0, 1, 0, 0, 0) };
  return Buffer.from(zipSync(Object.fromEntries(files.map(({ name, data }) => [name, [data, entry]]))));
}
