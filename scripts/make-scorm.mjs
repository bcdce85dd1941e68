// Builds the lesson as a SCORM 1.2 package, attention-lesson-scorm12.zip, for learning platforms
// (docs/lms.md): one SCO whose page is the one-file lesson (scripts/make-offline.mjs) with the LMS
// adapter web/js/scorm.js inlined before the loader, gpu-warmup.js beside it (the loader starts it
// as a worker from the page's folder; an LMS serves it there, while from file:// the browser
// refuses the worker and the widget only starts a little later), and the imsmanifest.xml that
// names them. The page fetches nothing else.
// The zip is fflate's (npm), each file deflated, with a fixed date, so that the same inputs give
// the same bytes.
// usage: node make-scorm.mjs SITE_DIR SINGLE_FILE_WIDGET_JS SCORM_JS OUTPUT_ZIP VERSION [LOCALE]
//   LOCALE (e.g. es): the package of that locale's lesson page (make-offline.mjs's LOCALE)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { zipSync } from 'fflate';
import { offlineLesson } from './make-offline.mjs';

const [site, widgetJs, scormJs, output, version, locale = ''] = process.argv.slice(2);
if (!site || !widgetJs || !scormJs || !output || !version) {
  console.error('usage: node make-scorm.mjs SITE_DIR SINGLE_FILE_WIDGET_JS SCORM_JS OUTPUT_ZIP VERSION [LOCALE]');
  process.exit(2);
}
const fail = (message) => {
  console.error(`make-scorm: ${message}`);
  process.exit(1);
};

// The SCO's page, as LMSs launch it (the manifest's resource href), and the file beside it.
const LESSON = 'index.html';
const WARMUP = 'gpu-warmup.js';

// [SECTION] The lesson page

// The adapter as one minified classic script, its names kept out of the page's global scope
// (the same settings as the loader's bundle, scripts/bundle-web.mjs).
const adapter = (await build({
  entryPoints: [scormJs], bundle: true, format: 'iife', minify: true, target: 'es2020', write: false,
  logLevel: 'warning',
})).outputFiles[0].text.trim();
let html;
try {
  html = offlineLesson(site, widgetJs, { adapter, locale });
} catch (error) {
  fail(error.message);
}

// [SECTION] imsmanifest.xml

const xmlText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const htmlText = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const titleMatch = /<title>([^<]*)<\/title>/.exec(html);
if (!titleMatch) fail('the lesson page has no <title> to name the package by');
const title = xmlText(htmlText(titleMatch[1]).trim());

// SCORM 1.2's content packaging (IMS CP 1.1.2 with ADL's adlcp namespace): one organization with
// one item, launching one resource of scormtype "sco". No masteryscore: the lesson reports
// completion and a score, and leaves pass or fail to the LMS's own settings. The XSD files are
// not shipped, so the manifest names no schemaLocation.
const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lesson${locale ? `-${xmlText(locale)}` : ''}" version="${xmlText(version)}"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="attention-lesson-organization">
    <organization identifier="attention-lesson-organization">
      <title>${title}</title>
      <item identifier="attention-lesson-item" identifierref="attention-lesson-sco" isvisible="true">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="attention-lesson-sco" type="webcontent" adlcp:scormtype="sco" href="${LESSON}">
      <file href="${LESSON}"/>
      <file href="${WARMUP}"/>
    </resource>
  </resources>
</manifest>
`;

// [SECTION] The zip container

// Every entry dated 1980-01-01 00:00 (the first day a zip's MS-DOS date can say; local time, as
// fflate writes it, so the bytes do not depend on the time zone), deflated at the highest level.
const ENTRY = { level: 9, mtime: new Date(1980, 0, 1, 0, 0, 0) };
const zip = (files) => Buffer.from(zipSync(Object.fromEntries(files.map(({ name, data }) => [name, [data, ENTRY]]))));

const lessonBytes = Buffer.from(html, 'utf8');
const archive = zip([
  { name: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') },
  { name: LESSON, data: lessonBytes },
  { name: WARMUP, data: readFileSync(join(site, WARMUP)) },
]);
writeFileSync(output, archive);
console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB (its lesson page ${(lessonBytes.length / 1024).toFixed(0)} KiB)`);
