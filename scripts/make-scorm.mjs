// Builds the lesson as a SCORM 1.2 package, attention-lesson-scorm12.zip, for learning platforms
// (docs/lms.md): one SCO whose page is the one-file lesson (scripts/make-offline.mjs) with the LMS
// adapter web/js/scorm.js inlined before the loader, gpu-warmup.js beside it (the loader starts it
// as a worker from the page's folder; an LMS serves it there, while from file:// the browser
// refuses the worker and the widget only starts a little later), and the imsmanifest.xml that
// names them. The page fetches nothing else.
// The zip is written here (stored names in ASCII, deflated, CRC-32), with a fixed date, so that
// the same inputs give the same bytes.
// usage: node make-scorm.mjs SITE_DIR SINGLE_FILE_WIDGET_JS SCORM_JS OUTPUT_ZIP VERSION [LOCALE]
//   LOCALE (e.g. es): the package of that locale's lesson page (make-offline.mjs's LOCALE)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
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

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data) {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// MS-DOS time and date fields: 1980-01-01 00:00, the first day they can say.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

// A zip archive (PKWARE's APPNOTE: local headers with the data, the central directory, its end
// record) of `files`: [{name, data}], each deflated.
function zip(files) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'ascii');
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    // From "version needed" on, the local header (at 4) and the central directory's entry (at 6)
    // say the same: version 2.0 (deflate), no flags, method 8 (deflate), time, date, CRC-32,
    // sizes packed and as they are, the name's length.
    const fields = (header, at) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0, at + 2);
      header.writeUInt16LE(8, at + 4);
      header.writeUInt16LE(DOS_TIME, at + 6);
      header.writeUInt16LE(DOS_DATE, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    locals.push(local, nameBytes, packed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);  // made by: version 2.0, MS-DOS attributes (none set)
    fields(entry, 6);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const lessonBytes = Buffer.from(html, 'utf8');
const archive = zip([
  { name: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') },
  { name: LESSON, data: lessonBytes },
  { name: WARMUP, data: readFileSync(join(site, WARMUP)) },
]);
writeFileSync(output, archive);
console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB (its lesson page ${(lessonBytes.length / 1024).toFixed(0)} KiB)`);
