// Builds the lesson as an IMS Common Cartridge 1.3, attention-lesson.imscc, which a course import
// (Canvas, Moodle, Blackboard) reads (docs/lms-h5pcc-draft.md): the lesson as web content and its
// quick check as an assessment the platform grades itself. With --cc=1.1 it writes the same
// cartridge as Common Cartridge 1.1, the newest version Moodle's course restore reads.
//   imsmanifest.xml            CC's manifest: its metadata (schema "IMS Common Cartridge",
//                              schemaversion 1.3.0 or 1.1.0, the lesson's title and language), one
//                              organization whose root item holds the lesson and the quick check,
//                              and the two resources
//   lesson/index.html          the one-file lesson (scripts/make-offline.mjs: the page, its widgets,
//                              their wasm, the words and the recorded voice of its language), a
//                              "webcontent" resource
//   lesson/gpu-warmup.js       the worker the lesson starts beside itself to warm the GPU up
//   quick-check/assessment.xml the quick check in QTI 1.2 as CC's assessment profile has it
//                              (resource type imsqti_xmlv1p2/imscc_xmlv1p3/assessment, or
//                              imscc_xmlv1p1 in 1.1): its two
//                              questions as multiple-choice items (cc.multiple_choice.v0p1), in the
//                              lesson's words, each with its right choice scored 100 and the
//                              lesson's reasoning as feedback
// The cartridge carries no XSD files, so its manifest names no schemaLocation. The zip is fflate's
// (npm), each file deflated, with a fixed date, so that the same inputs give the same bytes.
// usage: node make-cc.mjs [--cc=1.1] SITE_DIR WIDGET_JS OUTPUT_IMSCC [LOCALE]
//   LOCALE (e.g. es): the cartridge of that locale's lesson page and words
//   --cc=1.1: Common Cartridge 1.1 instead of 1.3
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageZip, pageTitle, xmlText } from './lms-package.mjs';
import { offlineLesson } from './make-offline.mjs';
import { lessonText, quickCheck } from './quick-check.mjs';

// What differs between the two versions the script writes: the manifest's namespaces, its
// schemaversion and the assessment's resource type. Everything else (the organization, QTI 1.2 and
// CC's QTI profile) is the same in both.
const VERSIONS = {
  '1.3': {
    cp: 'http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1', lom: 'http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest',
    schemaversion: '1.3.0', assessment: 'imsqti_xmlv1p2/imscc_xmlv1p3/assessment',
  },
  '1.1': {
    cp: 'http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1', lom: 'http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest',
    schemaversion: '1.1.0', assessment: 'imsqti_xmlv1p2/imscc_xmlv1p1/assessment',
  },
};
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const [site, widgetJs, output, locale = ''] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const versionFlag = flags.find((flag) => flag.startsWith('--cc='));
const cc = VERSIONS[versionFlag ? versionFlag.slice('--cc='.length) : '1.3'];
if (!site || !widgetJs || !output || !cc || flags.some((flag) => flag !== versionFlag)) {
  console.error('usage: node make-cc.mjs [--cc=1.1] SITE_DIR WIDGET_JS OUTPUT_IMSCC [LOCALE]');
  process.exit(2);
}
const fail = (message) => {
  console.error(`make-cc: ${message}`);
  process.exit(1);
};

const LESSON = 'lesson/index.html';
const WARMUP = 'lesson/gpu-warmup.js';
const ASSESSMENT = 'quick-check/assessment.xml';
const language = locale || 'en';


// [SECTION] The lesson and its words

let html;
let questions;
let quizTitle;
try {
  html = offlineLesson(site, widgetJs, { locale });
  questions = quickCheck(join(site, 'lesson'), locale);
  quizTitle = lessonText(join(site, 'lesson'), locale)('quiz.title');
} catch (error) {
  fail(error.message);
}
const title = pageTitle(html);
if (!title) fail('the lesson page has no <title> to name the cartridge by');

// [SECTION] quick-check/assessment.xml

// A field of QTI metadata, as CC's profile names them (cc_profile, qmd_assessmenttype, ...).
const field = (label, entry) =>
  `<qtimetadatafield><fieldlabel>${label}</fieldlabel><fieldentry>${xmlText(entry)}</fieldentry></qtimetadatafield>`;
const LETTERS = ['A', 'B', 'C'];
// One multiple-choice item: the question, its choices (response labels A, B, C), the right one
// setting SCORE to 100 (the profile's scale), and the lesson's reasoning shown after any answer.
const item = (question, index) => `      <item ident="${question.id.replace(/\./g, '_')}" title="${xmlText(`${quizTitle} ${index + 1}`)}">
        <itemmetadata>
          <qtimetadata>
            ${field('cc_profile', 'cc.multiple_choice.v0p1')}
            ${field('cc_weighting', '1')}
          </qtimetadata>
        </itemmetadata>
        <presentation>
          <material>
            <mattext texttype="text/plain">${xmlText(question.text)}</mattext>
          </material>
          <response_lid ident="response1" rcardinality="Single">
            <render_choice>
${question.choices.map((choice, choiceIndex) => `              <response_label ident="${LETTERS[choiceIndex]}">
                <material>
                  <mattext texttype="text/plain">${xmlText(choice)}</mattext>
                </material>
              </response_label>`).join('\n')}
            </render_choice>
          </response_lid>
        </presentation>
        <resprocessing>
          <outcomes>
            <decvar varname="SCORE" vartype="Decimal" minvalue="0" maxvalue="100"/>
          </outcomes>
          <respcondition continue="Yes">
            <conditionvar>
              <other/>
            </conditionvar>
            <displayfeedback feedbacktype="Response" linkrefid="general_fb"/>
          </respcondition>
          <respcondition continue="No">
            <conditionvar>
              <varequal respident="response1">${LETTERS[question.right - 1]}</varequal>
            </conditionvar>
            <setvar action="Set" varname="SCORE">100</setvar>
          </respcondition>
        </resprocessing>
        <itemfeedback ident="general_fb">
          <flow_mat>
            <material>
              <mattext texttype="text/plain">${xmlText(question.reasoning)}</mattext>
            </material>
          </flow_mat>
        </itemfeedback>
      </item>`;
const assessment = `<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2">
  <assessment ident="attention-lesson-quick-check" title="${xmlText(quizTitle)}">
    <qtimetadata>
      ${field('cc_profile', 'cc.exam.v0p1')}
      ${field('qmd_assessmenttype', 'Examination')}
      ${field('cc_maxattempts', 'unlimited')}
    </qtimetadata>
    <section ident="attention-lesson-quick-check-section">
${questions.map(item).join('\n')}
    </section>
  </assessment>
</questestinterop>
`;

// [SECTION] imsmanifest.xml

// CC's packaging (IMS CP 1.2 in the cartridge's own namespace): the organization's root item has no
// title and holds no resource (the profile's rules), and its children are the two learning objects.
const id = `attention-lesson-cc${locale ? `-${locale}` : ''}`;
const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xmlText(id)}"
          xmlns="${cc.cp}"
          xmlns:lomimscc="${cc.lom}">
  <metadata>
    <schema>IMS Common Cartridge</schema>
    <schemaversion>${cc.schemaversion}</schemaversion>
    <lomimscc:lom>
      <lomimscc:general>
        <lomimscc:title>
          <lomimscc:string language="${language}">${xmlText(title)}</lomimscc:string>
        </lomimscc:title>
        <lomimscc:language>${language}</lomimscc:language>
      </lomimscc:general>
    </lomimscc:lom>
  </metadata>
  <organizations>
    <organization identifier="attention-lesson-organization" structure="rooted-hierarchy">
      <item identifier="attention-lesson-root">
        <item identifier="attention-lesson-item" identifierref="attention-lesson-page">
          <title>${xmlText(title)}</title>
        </item>
        <item identifier="attention-lesson-quick-check-item" identifierref="attention-lesson-quick-check">
          <title>${xmlText(quizTitle)}</title>
        </item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="attention-lesson-page" type="webcontent" href="${LESSON}">
      <file href="${LESSON}"/>
      <file href="${WARMUP}"/>
    </resource>
    <resource identifier="attention-lesson-quick-check" type="${cc.assessment}">
      <file href="${ASSESSMENT}"/>
    </resource>
  </resources>
</manifest>
`;

// [SECTION] The zip container

const files = [
  { name: 'imsmanifest.xml', data: Buffer.from(manifest, 'utf8') },
  { name: LESSON, data: Buffer.from(html, 'utf8') },
  { name: WARMUP, data: readFileSync(join(site, 'gpu-warmup.js')) },
  { name: ASSESSMENT, data: Buffer.from(assessment, 'utf8') },
];
const archive = packageZip(files);
writeFileSync(output, archive);
console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB`);
