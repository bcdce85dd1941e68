// Builds the lesson as a cmi5 course package, attention-lesson-cmi5.zip, for learning platforms
// that take cmi5 (docs/lms.md): one assignable unit (AU) whose page is the one-file lesson
// (scripts/make-offline.mjs) with the cmi5 adapter web/js/cmi5.js (bundled with the @xapi/cmi5
// client from npm) inlined before the loader, gpu-warmup.js beside it, and the course structure
// cmi5.xml that names the AU. The page talks to nothing but the LMS's endpoint and fetch URL.
// The zip is fflate's (npm), each file deflated, with a fixed date, so that the same inputs give
// the same bytes.
// usage: node make-cmi5.mjs SITE_DIR WIDGET_JS CMI5_JS OUTPUT_ZIP [LOCALE]
//                           [--mastery-score=S] [--move-on=V]
//   LOCALE (e.g. es): the package of that locale's lesson page (make-offline.mjs's LOCALE)
//   --mastery-score: the quick check's share right (0..1, up to 4 decimals) that passes; 0.5, one
//     of the two questions, by default
//   --move-on: when the LMS counts the AU done: Completed (the default), CompletedAndPassed,
//     CompletedOrPassed, Passed or NotApplicable
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adaptedLesson, htmlText, packageZip, xmlText } from './lms-package.mjs';

const USAGE = 'usage: node make-cmi5.mjs SITE_DIR WIDGET_JS CMI5_JS OUTPUT_ZIP [LOCALE] ' +
              '[--mastery-score=S] [--move-on=V]';
const args = process.argv.slice(2);
const flags = Object.fromEntries(args.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=')));
const [site, widgetJs, cmi5Js, output, locale = ''] = args.filter((arg) => !arg.startsWith('--'));
if (!site || !widgetJs || !cmi5Js || !output) {
  console.error(USAGE);
  process.exit(2);
}
const fail = (message) => {
  console.error(`make-cmi5: ${message}`);
  process.exit(1);
};
for (const name of Object.keys(flags)) if (!['mastery-score', 'move-on'].includes(name)) fail(`unknown option --${name}; ${USAGE}`);
const MOVE_ON = ['Completed', 'CompletedAndPassed', 'CompletedOrPassed', 'Passed', 'NotApplicable'];
const masteryScore = flags['mastery-score'] ?? '0.5';
const moveOn = flags['move-on'] ?? 'Completed';
if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(masteryScore)) fail(`--mastery-score=${masteryScore} is not a decimal from 0 to 1 with up to 4 decimals`);
if (!MOVE_ON.includes(moveOn)) fail(`--move-on=${moveOn} is none of ${MOVE_ON.join(', ')}`);

// The AU's page, as the LMS launches it (the au's url, relative to the zip's root), and the file beside it.
const LESSON = 'index.html';
const WARMUP = 'gpu-warmup.js';
// The publisher's ids (cmi5 13.1.1, 13.1.4): globally unique IRIs that the LMS puts in each
// statement's grouping; it launches the AU under an activityId of its own.
const COURSE_ID = 'urn:attention-lesson:course';
const AU_ID = 'urn:attention-lesson:course:au:lesson';

// [SECTION] The lesson page

let html;
let title;
try {
  const lesson = await adaptedLesson(site, widgetJs, cmi5Js, locale);
  html = lesson.html;
  title = xmlText(lesson.title);
} catch (error) {
  fail(error.message);
}

// [SECTION] cmi5.xml

const descriptionMatch = /<meta name="description" content="([^"]*)">/.exec(html);
const description = descriptionMatch ? xmlText(htmlText(descriptionMatch[1]).trim()) : title;
const langMatch = /<html lang="([^"]+)"/.exec(html);
const lang = xmlText(langMatch ? langMatch[1] : (locale || 'en'));
const suffix = locale ? `:${xmlText(locale)}` : '';

// cmi5's course structure (its CourseStructure.xsd namespace): one course with one AU.
// launchMethod AnyWindow: the lesson needs no window of its own (it ends its session when its page
// goes away, whether the LMS frames it or opens it), so each LMS launches it as it prefers.
// masteryScore and moveOn as the author chose; the AU sends "passed" or "failed" against the
// masteryScore the LMS hands over. The XSD is not shipped, so the file names no schemaLocation.
const courseStructure = `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${COURSE_ID}${suffix}">
    <title><langstring lang="${lang}">${title}</langstring></title>
    <description><langstring lang="${lang}">${description}</langstring></description>
  </course>
  <au id="${AU_ID}${suffix}" launchMethod="AnyWindow" moveOn="${moveOn}" masteryScore="${masteryScore}">
    <title><langstring lang="${lang}">${title}</langstring></title>
    <description><langstring lang="${lang}">${description}</langstring></description>
    <url>${LESSON}</url>
  </au>
</courseStructure>
`;

// [SECTION] The zip container


const lessonBytes = Buffer.from(html, 'utf8');
const archive = packageZip([
  { name: 'cmi5.xml', data: Buffer.from(courseStructure, 'utf8') },
  { name: LESSON, data: lessonBytes },
  { name: WARMUP, data: readFileSync(join(site, WARMUP)) },
]);
writeFileSync(output, archive);
console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB (its lesson page ${(lessonBytes.length / 1024).toFixed(0)} KiB)`);
