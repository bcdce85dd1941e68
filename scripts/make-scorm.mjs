// Builds the lesson as a SCORM package for learning platforms (docs/lms.md): SCORM 1.2
// (attention-lesson-scorm12.zip) or, with --edition=2004, SCORM 2004 4th Edition
// (attention-lesson-scorm2004.zip). One SCO whose page is the one-file lesson
// (scripts/make-offline.mjs) with the LMS adapter (web/js/scorm.js or web/js/scorm2004.js,
// bundled with web/js/scorm-core.js) inlined before the loader, gpu-warmup.js beside it (the
// loader starts it as a worker from the page's folder; an LMS serves it there, while from file://
// the browser refuses the worker and the widget only starts a little later), and the
// imsmanifest.xml that names them. The page fetches nothing else.
// The zip is fflate's (npm), each file deflated, with a fixed date, so that the same inputs give
// the same bytes.
// usage: node make-scorm.mjs SITE_DIR WIDGET_JS SCORM_JS OUTPUT_ZIP VERSION [LOCALE]
//                            [--edition=1.2|2004] [--passing-score=S]
//   LOCALE (e.g. es): the package of that locale's lesson page (make-offline.mjs's LOCALE)
//   --edition: the SCORM version of the manifest, 1.2 (the default) or 2004 (4th Edition); SCORM_JS
//     is the adapter of that version
//   --passing-score (2004 only): the author's threshold, the scaled score (0..1, the share of the
//     quick check's questions answered right) at which the learner passes; default 1, both right.
//     The manifest carries it as the SCO's imsss:minNormalizedMeasure, which the LMS hands to the
//     lesson as cmi.scaled_passing_score.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adaptedLesson, packageZip, xmlText } from './lms-package.mjs';

const USAGE = 'usage: node make-scorm.mjs SITE_DIR WIDGET_JS SCORM_JS OUTPUT_ZIP VERSION [LOCALE] ' +
              '[--edition=1.2|2004] [--passing-score=S]';
const args = process.argv.slice(2);
const options = Object.fromEntries(args.filter((arg) => arg.startsWith('--')).map((arg) => {
  const [name, ...value] = arg.slice(2).split('=');
  return [name, value.join('=')];
}));
const [site, widgetJs, scormJs, output, version, locale = ''] = args.filter((arg) => !arg.startsWith('--'));
const unknown = Object.keys(options).filter((name) => !['edition', 'passing-score'].includes(name));
if (!site || !widgetJs || !scormJs || !output || !version || unknown.length) {
  console.error(unknown.length ? `make-scorm: unknown option --${unknown[0]}\n${USAGE}` : USAGE);
  process.exit(2);
}
const fail = (message) => {
  console.error(`make-scorm: ${message}`);
  process.exit(1);
};
const edition = options.edition || '1.2';
if (edition !== '1.2' && edition !== '2004') fail(`--edition=${edition}: the editions are 1.2 and 2004`);
if (edition !== '2004' && options['passing-score'] !== undefined) fail('--passing-score is for --edition=2004');
// 1 by default: both questions right. It is also SCORM 2004's own default for
// minNormalizedMeasure, so an LMS that ignores the element still judges as the author meant.
const passingScore = options['passing-score'] === undefined ? '1' : options['passing-score'];
if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(passingScore)) {
  fail(`--passing-score=${passingScore}: a scaled score from 0 to 1 (at most four decimals) is expected`);
}

// The SCO's page, as LMSs launch it (the manifest's resource href), and the file beside it.
const LESSON = 'index.html';
const WARMUP = 'gpu-warmup.js';

// [SECTION] The lesson page

let html;
let title;
try {
  const lesson = await adaptedLesson(site, widgetJs, scormJs, locale);
  html = lesson.html;
  title = xmlText(lesson.title);
} catch (error) {
  fail(error.message);
}

// [SECTION] imsmanifest.xml


const identifier = `attention-lesson${locale ? `-${xmlText(locale)}` : ''}`;
const resources = `  <resources>
    <resource identifier="attention-lesson-sco" type="webcontent" adlcp:SCORMTYPE="sco" href="${LESSON}">
      <file href="${LESSON}"/>
      <file href="${WARMUP}"/>
    </resource>
  </resources>
</manifest>
`;

// SCORM 1.2's content packaging (IMS CP 1.1.2 with ADL's adlcp namespace): one organization with
// one item, launching one resource of scormtype "sco". No masteryscore: the lesson reports
// completion and a score, and leaves pass or fail to the LMS's own settings. The XSD files are
// not shipped, so the manifest names no schemaLocation.
const manifest12 = () => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="${xmlText(version)}"
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
${resources.replace('SCORMTYPE', 'scormtype')}`;

// SCORM 2004 4th Edition's content packaging (IMS CP 1.1.4 with ADL's adlcp, adlseq and adlnav
// namespaces and IMS Simple Sequencing): one organization with one item, launching one resource
// of scormType "sco". The item's primary objective is satisfied by measure: the LMS hands its
// minNormalizedMeasure, the author's passing score, to the SCO as cmi.scaled_passing_score, and
// the lesson reports passed or failed against it. Its objectives are local to the attempt
// (adlseq:objectivesGlobalToSystem="false"): a new attempt starts unjudged. No XSD files, no
// schemaLocation, as in the 1.2 package.
const manifest2004 = () => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="${xmlText(version)}"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
          xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
          xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
          xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="attention-lesson-organization">
    <organization identifier="attention-lesson-organization" adlseq:objectivesGlobalToSystem="false">
      <title>${title}</title>
      <item identifier="attention-lesson-item" identifierref="attention-lesson-sco" isvisible="true">
        <title>${title}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="attention-lesson-quick-check" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${passingScore}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
${resources.replace('SCORMTYPE', 'scormType')}`;
const manifest = edition === '2004' ? manifest2004() : manifest12();

// [SECTION] The zip container

const lessonBytes = Buffer.from(html, 'utf8');
const archive = packageZip([
  { name: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') },
  { name: LESSON, data: lessonBytes },
  { name: WARMUP, data: readFileSync(join(site, WARMUP)) },
]);
writeFileSync(output, archive);
console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB (its lesson page ${(lessonBytes.length / 1024).toFixed(0)} KiB)`);
