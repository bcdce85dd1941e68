// The Common Cartridge packages (scripts/make-cc.mjs) read as a course import reads them, and their
// lesson opened in headless Chromium:
// - each cartridge (CC 1.3: attention-lesson.imscc, attention-lesson-es.imscc; CC 1.1:
//   attention-lesson-cc11.imscc, attention-lesson-cc11-es.imscc): Python's zipfile (an
//   implementation other than ours) reads it and checks every CRC-32, and Python's XML parser
//   (xml.etree) reads its manifest and its assessment;
// - the manifest as CC requires it: its root element in the version's namespace with an
//   identifier, metadata of schema "IMS Common Cartridge" and schemaversion 1.3.0 (1.1.0), one
//   organization
//   (rooted-hierarchy) whose one root item has no title and names no resource and whose items each
//   have a title and name a resource that exists (a learning object holding no items), every
//   resource's href among its files and its files in the zip, no file listed twice, every file of
//   the zip in a resource, the lesson a "webcontent" resource and the quick check an
//   "imsqti_xmlv1p2/imscc_xmlv1p3/assessment" (imscc_xmlv1p1) one with one file and no href (the
//   profile's rules);
// - the assessment: QTI 1.2 (questestinterop) of CC's exam profile (cc.exam.v0p1) holding two
//   multiple-choice items (cc.multiple_choice.v0p1) whose question and choices are the lesson
//   file's words in the cartridge's language and whose right responses, the ones that set SCORE
//   to 100, are the widget's right choices (2 and 3, src/lesson/scenes/quiz/quiz.cpp);
// - the web content: the lesson page of the cartridge's language, served from the unpacked
//   cartridge as a platform serves it: its first widget starts and draws, with nothing asked of
//   another origin and no console error (a CC 1.1 cartridge's page is the same file as its 1.3
//   twin's).
// usage: node cc.mjs SITE_DIR OUT_DIR
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launch, serve, watchPage, passes, expect } from './browser.mjs';
import { quickCheck } from '../../scripts/quick-check.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) { console.error('usage: node cc.mjs SITE_DIR OUT_DIR'); process.exit(2); }

const CARTRIDGES = [
  { name: 'attention-lesson.imscc', locale: 'en', version: '1.3' },
  { name: 'attention-lesson-es.imscc', locale: 'es', version: '1.3' },
  { name: 'attention-lesson-cc11.imscc', locale: 'en', version: '1.1' },
  { name: 'attention-lesson-cc11-es.imscc', locale: 'es', version: '1.1' },
];
// What CC 1.3 and 1.1 name differently: the manifest's namespace, the schemaversion and the
// assessment's resource type.
const VERSIONS = {
  '1.3': { cp: '{http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1}', schemaversion: '1.3.0',
           assessment: 'imsqti_xmlv1p2/imscc_xmlv1p3/assessment' },
  '1.1': { cp: '{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}', schemaversion: '1.1.0',
           assessment: 'imsqti_xmlv1p2/imscc_xmlv1p1/assessment' },
};
const QTI = '{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}';
// The widget's right choices (quiz.cpp's kCorrectChoices, counted from 1), as the cartridge's
// response labels A, B, C name them.
const RIGHT = { 'quiz.q1': 'B', 'quiz.q2': 'C' };

const root = join(out, 'serve');
rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// [SECTION] Reading a cartridge

// Unpacks the cartridge (each entry's CRC-32 checked) and prints, as JSON, what its manifest and
// each assessment resource's QTI say, read by xml.etree; a file that is not well-formed XML stops
// it with the parser's message.
const READ = `
import json, os, sys, zipfile
import xml.etree.ElementTree as ET
CP = sys.argv[3]
ASSESSMENT = sys.argv[4]
QTI = "${QTI}"
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    if bad:
        sys.exit(f"{bad}: its data does not match its CRC-32")
    names = [name for name in z.namelist() if not name.endswith("/")]
    z.extractall(sys.argv[2])
def parse(name):
    try:
        return ET.parse(os.path.join(sys.argv[2], name)).getroot()
    except ET.ParseError as error:
        sys.exit(f"{name} is not well-formed XML: {error}")
    except FileNotFoundError:
        sys.exit(f"{name} is not in the cartridge")
manifest = parse("imsmanifest.xml")
def text(node, path):
    return [(found.text or "").strip() for found in node.findall("/".join(CP + part for part in path.split("/")))]
def item(node):
    return {"identifier": node.get("identifier"), "identifierref": node.get("identifierref"),
            "title": text(node, "title"), "items": [item(child) for child in node.findall(CP + "item")]}
result = {
    "files": names,
    "root": manifest.tag, "identifier": manifest.get("identifier"),
    "schema": text(manifest, "metadata/schema"), "schemaversion": text(manifest, "metadata/schemaversion"),
    "organizations": [{"identifier": org.get("identifier"), "structure": org.get("structure"),
                       "items": [item(child) for child in org.findall(CP + "item")]}
                      for org in manifest.findall(CP + "organizations/" + CP + "organization")],
    "resources": [{"identifier": res.get("identifier"), "type": res.get("type"), "href": res.get("href"),
                   "files": [f.get("href") for f in res.findall(CP + "file")]}
                  for res in manifest.findall(CP + "resources/" + CP + "resource")],
    "assessments": [],
}
def fields(node):
    return {f.findtext(QTI + "fieldlabel"): f.findtext(QTI + "fieldentry")
            for f in node.findall(QTI + "qtimetadata/" + QTI + "qtimetadatafield")}
for res in result["resources"]:
    if res["type"] != ASSESSMENT or not res["files"]:
        continue
    qti = parse(res["files"][0])
    found = {"root": qti.tag, "assessments": []}
    for assessment in qti.findall(QTI + "assessment"):
        items = []
        for node in assessment.iter(QTI + "item"):
            labels = {label.get("ident"): " ".join(t.strip() for t in label.itertext() if t.strip())
                      for label in node.iter(QTI + "response_label")}
            right = [cond.find(QTI + "conditionvar/" + QTI + "varequal").text
                     for cond in node.iter(QTI + "respcondition")
                     if cond.find(QTI + "conditionvar/" + QTI + "varequal") is not None
                     and any(s.get("varname") == "SCORE" and (s.text or "").strip() == "100" for s in cond.findall(QTI + "setvar"))]
            question = node.find(QTI + "presentation/" + QTI + "material/" + QTI + "mattext")
            lid = node.find(QTI + "presentation/" + QTI + "response_lid")
            metadata = node.find(QTI + "itemmetadata")
            items.append({"ident": node.get("ident"), "metadata": fields(metadata) if metadata is not None else {},
                          "question": (question.text or "").strip() if question is not None else None,
                          "cardinality": lid.get("rcardinality") if lid is not None else None,
                          "choices": labels, "right": right})
        found["assessments"].append({"ident": assessment.get("ident"), "title": assessment.get("title"),
                                     "metadata": fields(assessment), "items": items})
    result["assessments"].append(found)
print(json.dumps(result))
`;

function readCartridge(path, folder, { cp, assessment }) {
  expect(existsSync(path), `${path} was not built (scripts/make-cc.mjs)`);
  const run = spawnSync('python3', ['-c', READ, path, folder, cp, assessment], { encoding: 'utf8' });
  expect(run.status === 0, `python3: ${run.stderr.trim() || `exit ${run.status}`}`);
  return JSON.parse(run.stdout);
}

// [SECTION] The cartridges

const lessons = {};
for (const { name, locale, version } of CARTRIDGES) {
  const folder = join(root, name.replace(/\.imscc$/, ''));
  const { cp, schemaversion, assessment: ASSESSMENT_TYPE } = VERSIONS[version];
  await check(`${name}: reads with its CRC-32s right; its manifest as CC ${version} requires it, every item and file resolved`, async () => {
    const cartridge = readCartridge(join(site, name), folder, VERSIONS[version]);
    expect(cartridge.root === `${cp}manifest`, `root element: ${cartridge.root}`);
    expect(cartridge.identifier, 'the manifest has no identifier');
    expect(JSON.stringify(cartridge.schema) === '["IMS Common Cartridge"]' && JSON.stringify(cartridge.schemaversion) === `["${schemaversion}"]`,
           `metadata: schema ${JSON.stringify(cartridge.schema)}, schemaversion ${JSON.stringify(cartridge.schemaversion)}`);
    expect(cartridge.organizations.length === 1, `${cartridge.organizations.length} organizations`);
    const [organization] = cartridge.organizations;
    expect(organization.structure === 'rooted-hierarchy', `the organization's structure is "${organization.structure}"`);
    expect(organization.items.length === 1 && !organization.items[0].identifierref,
           'the organization does not have one root item that names no resource');
    const resources = new Map(cartridge.resources.map((resource) => [resource.identifier, resource]));
    const learningObjects = organization.items[0].items;
    expect(learningObjects.length >= 2, `the root item holds ${learningObjects.length} items`);
    expect(organization.items[0].title.length === 0, 'the root item has a title, which the profile forbids');
    const walk = (items) => items.flatMap((entry) => [entry, ...walk(entry.items)]);
    for (const entry of walk(learningObjects)) {
      expect(entry.title[0], `item ${entry.identifier} has no title`);
      if (entry.identifierref) {
        expect(resources.has(entry.identifierref), `item ${entry.identifier} names "${entry.identifierref}", no resource`);
        expect(entry.items.length === 0, `item ${entry.identifier} is a learning object with items inside`);
      }
    }
    const named = new Set(['imsmanifest.xml']);
    for (const resource of cartridge.resources) {
      expect(resource.files.length, `resource ${resource.identifier} lists no file`);
      expect(new Set(resource.files).size === resource.files.length, `resource ${resource.identifier} lists a file twice`);
      if (resource.href) expect(resource.files.includes(resource.href), `resource ${resource.identifier}'s href is none of its files`);
      if (resource.type === ASSESSMENT_TYPE) {
        expect(resource.files.length === 1 && !resource.href,
               `assessment ${resource.identifier}: ${resource.files.length} files, href "${resource.href}" (one file and no href, the profile says)`);
      }
      for (const file of [...resource.files, ...(resource.href ? [resource.href] : [])]) {
        expect(cartridge.files.includes(file), `resource ${resource.identifier} names ${file}, which is not in the cartridge`);
        named.add(file);
      }
    }
    const loose = cartridge.files.filter((file) => !named.has(file));
    expect(loose.length === 0, `files in no resource: ${loose.join(', ')}`);
    const page = cartridge.resources.find((resource) => resource.type === 'webcontent' && /index\.html$/.test(resource.href || ''));
    expect(page && learningObjects.some((entry) => entry.identifierref === page.identifier), 'the lesson is not a webcontent item');
    const quiz = cartridge.resources.find((resource) => resource.type === ASSESSMENT_TYPE);
    expect(quiz && learningObjects.some((entry) => entry.identifierref === quiz.identifier), 'the quick check is not an assessment item');
    lessons[name] = { folder, page: page.href, cartridge };
    console.log(`  ${name}: ${cartridge.files.join(', ')}`);
  });

  await check(`${name}: the quick check is QTI 1.2 of CC's exam profile, two multiple-choice items in the lesson's words, the widget's right choices`,
              async () => {
    const { cartridge } = lessons[name] || {};
    expect(cartridge, 'the cartridge could not be read');
    expect(cartridge.assessments.length === 1, `${cartridge.assessments.length} assessment resources read`);
    const [qti] = cartridge.assessments;
    expect(qti.root === `${QTI}questestinterop`, `the assessment's root element: ${qti.root}`);
    expect(qti.assessments.length === 1, `${qti.assessments.length} <assessment> elements`);
    const [assessment] = qti.assessments;
    expect(assessment.ident && assessment.title, 'the assessment has no ident or title');
    expect(assessment.metadata.cc_profile === 'cc.exam.v0p1' && assessment.metadata.qmd_assessmenttype === 'Examination',
           `the assessment's metadata: ${JSON.stringify(assessment.metadata)}`);
    const words = quickCheck(join(site, 'lesson'), locale === 'en' ? '' : locale);
    expect(assessment.items.length === words.length && words.length === 2, `${assessment.items.length} items`);
    assessment.items.forEach((entry, index) => {
      const question = words[index];
      expect(entry.metadata.cc_profile === 'cc.multiple_choice.v0p1', `${entry.ident}: cc_profile ${entry.metadata.cc_profile}`);
      expect(entry.cardinality === 'Single', `${entry.ident}: rcardinality ${entry.cardinality}`);
      expect(entry.question === question.text, `${entry.ident}: the question reads "${entry.question}", the lesson's "${question.text}"`);
      expect(JSON.stringify(Object.values(entry.choices)) === JSON.stringify(question.choices),
             `${entry.ident}: the choices ${JSON.stringify(entry.choices)}`);
      expect(JSON.stringify(entry.right) === JSON.stringify([RIGHT[question.id]]) && entry.choices[RIGHT[question.id]],
             `${entry.ident}: scored right for ${JSON.stringify(entry.right)}, the widget's right choice is ${RIGHT[question.id]}`);
    });
  });
}
if (!lessons[CARTRIDGES[0].name]) {
  console.log('browser cc: the English cartridge could not be read; nothing more to test');
  process.exit(1);
}

// [SECTION] The web content

const { server, origin } = await serve(root);
const browser = await launch();
for (const { name, locale, version } of CARTRIDGES.filter((cartridge) => cartridge.version === '1.3')) {
  await check(`${name}: the lesson page of its language starts, its first widget draws, nothing from another origin`, async () => {
    const lesson = lessons[name];
    expect(lesson, 'the cartridge could not be read');
    for (const twin of CARTRIDGES.filter((other) => other.locale === locale && other.version !== version)) {
      const page = lessons[twin.name] && join(lessons[twin.name].folder, lessons[twin.name].page);
      expect(page && readFileSync(page).equals(readFileSync(join(lesson.folder, lesson.page))),
             `${twin.name}'s lesson page is not the same file`);
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    const foreign = [];
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    });
    try {
      await page.goto(`${origin}/${name.replace(/\.imscc$/, '')}/${lesson.page}`);
      expect(await page.getAttribute('html', 'lang') === locale, `the page's language is ${await page.getAttribute('html', 'lang')}`);
      const slot = page.locator('div[data-attention-widget]').first();
      await slot.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => Number(document.querySelector('div[data-attention-widget] canvas')?.dataset.frames) >= 1, null,
                                 { timeout: 30000 });
      expect(problems.length === 0, problems.join('\n  '));
      expect(foreign.length === 0, `requests to other origins: ${foreign.join(', ')}`);
    } finally {
      await context.close();
    }
  });
}

await browser.close();
server.close();
console.log(failures ? `browser cc: ${failures} failed` : 'browser cc: all passed');
process.exit(failures ? 1 : 0);
