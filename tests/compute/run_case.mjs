#!/usr/bin/env node
// Runs one golden case of `attention_compute` (Node 20, no dependencies).
//
//   node run_case.mjs <attention_compute> <dir>/<name>.input.json
//
// The input file goes to the program's stdin. Beside it exactly one of:
//   <name>.expected.json  exit 0, empty stderr, and stdout is JSON equal to this file: same
//                         keys, same array lengths, nulls where it has nulls, numbers within
//                         1e-9 (relative to the larger magnitude once that is over 1).
//   <name>.error.txt      exit 1, empty stdout, and stderr is exactly one line that starts with
//                         "error: " and contains this file's trimmed text.
// Exits 0 when the case passes, 1 with a description of every difference when it does not,
// 2 when the case itself cannot be run.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename } from "node:path";

const TOLERANCE = 1e-9;
const MAX_DIFFERENCES_SHOWN = 20;

function usage(message) {
  console.error(`run_case: ${message}`);
  console.error("usage: node run_case.mjs <attention_compute> <case>.input.json");
  process.exit(2);
}

const [exe, inputPath] = process.argv.slice(2);
if (!exe || !inputPath || process.argv.length !== 4) usage("expected two arguments");
if (!inputPath.endsWith(".input.json")) usage(`${inputPath} does not end in .input.json`);
if (!existsSync(inputPath)) usage(`${inputPath} not found`);

const stem = inputPath.slice(0, -".input.json".length);
const name = basename(stem);
const expectedPath = `${stem}.expected.json`;
const errorPath = `${stem}.error.txt`;
const hasExpected = existsSync(expectedPath);
const hasError = existsSync(errorPath);
if (hasExpected === hasError) {
  usage(`${name} needs exactly one of ${basename(expectedPath)} and ${basename(errorPath)}`);
}

const run = spawnSync(exe, [], {
  input: readFileSync(inputPath),
  encoding: "utf8",
  timeout: 60_000,
  maxBuffer: 256 * 1024 * 1024,
});
if (run.error) usage(`could not run ${exe}: ${run.error.message}`);

const failures = [];
const fail = (message) => failures.push(message);

if (run.signal) fail(`killed by ${run.signal}`);

// [SECTION] Comparing JSON values

function kind(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function show(value) {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function numbersClose(expected, actual) {
  const scale = Math.max(1, Math.abs(expected), Math.abs(actual));
  return Math.abs(expected - actual) <= TOLERANCE * scale;
}

// Pushes "path: expected X, got Y" for every difference.
function compare(expected, actual, path, differences) {
  const expectedKind = kind(expected);
  const actualKind = kind(actual);
  if (expectedKind !== actualKind) {
    const describe = (k, value) => (k === "null" ? "null" : `${k} ${show(value)}`);
    differences.push(`${path}: expected ${describe(expectedKind, expected)}, got ${describe(actualKind, actual)}`);
    return;
  }
  if (expectedKind === "number") {
    if (!numbersClose(expected, actual)) {
      differences.push(`${path}: expected ${expected}, got ${actual} (off by ${Math.abs(expected - actual)})`);
    }
  } else if (expectedKind === "array") {
    if (expected.length !== actual.length) {
      differences.push(`${path}: expected ${expected.length} entries, got ${actual.length}: ${show(actual)}`);
      return;
    }
    expected.forEach((item, i) => compare(item, actual[i], `${path}[${i}]`, differences));
  } else if (expectedKind === "object") {
    for (const key of Object.keys(expected)) {
      if (!(key in actual)) differences.push(`${path}.${key}: missing`);
      else compare(expected[key], actual[key], `${path}.${key}`, differences);
    }
    for (const key of Object.keys(actual)) {
      if (!(key in expected)) differences.push(`${path}.${key}: unexpected field, got ${show(actual[key])}`);
    }
  } else if (expected !== actual) {
    differences.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

// [SECTION] The two kinds of case

if (hasExpected) {
  const expected = JSON.parse(readFileSync(expectedPath, "utf8"));
  if (run.status !== 0) fail(`exit code ${run.status}, expected 0`);
  if (run.stderr !== "") fail(`stderr should be empty, got: ${run.stderr.trimEnd()}`);
  let actual;
  try {
    actual = JSON.parse(run.stdout);
  } catch (error) {
    fail(`stdout is not JSON (${error.message}): ${show(run.stdout)}`);
  }
  if (actual !== undefined) {
    const differences = [];
    compare(expected, actual, "result", differences);
    for (const difference of differences.slice(0, MAX_DIFFERENCES_SHOWN)) fail(difference);
    if (differences.length > MAX_DIFFERENCES_SHOWN) {
      fail(`... and ${differences.length - MAX_DIFFERENCES_SHOWN} more differences`);
    }
    if (differences.length > 0) fail(`whole stdout: ${run.stdout.trimEnd()}`);
  }
} else {
  const wanted = readFileSync(errorPath, "utf8").trim();
  if (wanted === "") usage(`${basename(errorPath)} is empty`);
  if (run.status !== 1) fail(`exit code ${run.status}, expected 1 (bad input)`);
  if (run.stdout !== "") fail(`stdout should be empty, got: ${show(run.stdout)}`);
  const line = run.stderr.endsWith("\n") ? run.stderr.slice(0, -1) : run.stderr;
  if (line === "") {
    fail("stderr is empty, expected one line naming the problem");
  } else if (line.includes("\n")) {
    fail(`stderr should be exactly one line, got ${line.split("\n").length} lines: ${show(run.stderr)}`);
  } else {
    if (!line.startsWith("error: ")) fail(`stderr should start with "error: ", got: ${line}`);
    if (!line.includes(wanted)) fail(`stderr does not contain: ${wanted}\n       stderr was:       ${line}`);
  }
}

if (failures.length > 0) {
  console.error(`FAIL ${name}`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log(`ok ${name}`);
