#pragma once
// The learner's configuration as a URL fragment, so a link can share it.
//
// Format: key=value parts joined by '&', without the leading '#':
//
//   scene=mask&mask.causal=1&mask.cells=2.3,4.5
//
// A fragment describes a whole configuration: decoding starts from a fresh LessonState (every
// scene as it opens) and applies the parts, so a missing part means "the default". Encoding
// writes `scene` and only the parts that differ from the defaults, scene by scene in the tables'
// order. Positions, keys, steps, questions and choices count from 1, as the widget shows them. The codec knows no
// scene: each scene lists its parameters as a table (its module, src/lesson/scenes/NAME/) and the
// codec reads the forms in lesson/scene.h (ParamForm). The keys are `scene=NAME` and those tables'
// rows; docs/embedding.md lists them for authors ("The state encoding"; a test checks it names
// every row).
//
// Numbers are plain decimals with a '-' sign and up to 6 decimals, trailing zeros dropped
// ("0.8", "-1.25", "1.414214"); that keeps every value within 5e-7 of the state's. Values are
// percent-decoded before parsing; '+' is a plus sign, not a space.
//
// Not in a link: the scenes' fixed data (Compare's key values, Caveats' values and scores), the
// mask scene's one-off "refused click" note, and a highlight without a walkthrough step.

#include <string>

#include "lesson/lesson_state.h"

namespace lesson {

constexpr size_t kStateFragmentMaxLength = 4096;  // longer fragments are refused

// The fragment for `state`, at most kStateFragmentMaxLength characters (typed quiz answers are
// cut first if ever needed). Always starts with "scene=".
std::string EncodeState(const LessonState& state);

// Reads a fragment, with or without its leading '#'. All or nothing: on success *state becomes the
// configuration the fragment describes and true is returned; on any malformed part (unknown key,
// key given twice, bad or non-finite number, value out of range, list or text too long, fragment
// over kStateFragmentMaxLength) *state is left unchanged, false is returned and *warning (may be
// null) holds one line naming the part, e.g. "mask.cells: '9.9' is outside the 8x8 grid".
bool DecodeState(const std::string& fragment, LessonState* state, std::string* warning);

// The same parts applied on top of *state instead of a fresh one (a walkthrough step's set-up),
// all or nothing.
bool ApplyStateParts(const std::string& parts, LessonState* state, std::string* warning);

// Percent-encodes every byte but the unreserved characters of RFC 3986 (A-Z a-z 0-9 - . _ ~), as
// text parameters are written in a link; also for other URLs' queries (lesson/embed_options.h).
std::string PercentEncode(const std::string& text);

// [SECTION] One parameter at a time (the walkthrough's timeline acts on the scenes through these)

// The parameter a link calls `name` ("compare.query"), or null.
const Param* FindParam(const std::string& name);
// Parses `text` as a link would carry the parameter's value; false with *why (may be null).
bool ParseParamValue(const Param& param, const std::string& text, ParamValue* value, std::string* why);

// `text` as a link carries it: valid UTF-8 without control characters other than tab and line
// breaks, at most `max_bytes` bytes, cut on a character boundary.
std::string LinkText(const std::string& text, size_t max_bytes);

}  // namespace lesson
