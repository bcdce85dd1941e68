// The shareable state as a URL fragment: round trips, refusals, and random input that must never
// crash nor half-apply.

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "lesson/lesson_state.h"
#include "lesson/state_url.h"

namespace {

using lesson::LessonState;
using lesson::Scene;

constexpr double kRoundTrip = 1e-6;

bool Near(double a, double b, double tolerance) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b || std::fabs(a - b) <= tolerance;
}

// Every field of the state; `tolerance` 0 asks for exact equality.
bool SameState(const LessonState& a, const LessonState& b, double tolerance = 0.0) {
  bool same = a.scene == b.scene && a.highlight == b.highlight;
  same = same && Near(a.compare.query.x, b.compare.query.x, tolerance) &&
         Near(a.compare.query.y, b.compare.query.y, tolerance) && a.compare.scaled == b.compare.scaled &&
         Near(a.compare.temperature, b.compare.temperature, tolerance);
  for (size_t i = 0; i < a.compare.keys.size(); ++i) {
    same = same && Near(a.compare.keys[i].position.x, b.compare.keys[i].position.x, tolerance) &&
           Near(a.compare.keys[i].position.y, b.compare.keys[i].position.y, tolerance) &&
           Near(a.compare.keys[i].value, b.compare.keys[i].value, tolerance);
  }
  const lesson::CombineScene& ea = a.combine;
  const lesson::CombineScene& eb = b.combine;
  same = same && Near(ea.first_value, eb.first_value, tolerance) && Near(ea.second_value, eb.second_value, tolerance) &&
         Near(ea.first_weight, eb.first_weight, tolerance) && Near(ea.second_weight, eb.second_weight, tolerance);
  same = same && a.mask.causal == b.mask.causal && a.mask.padding == b.mask.padding &&
         a.mask.blocked == b.mask.blocked && a.mask.future_demo == b.mask.future_demo &&
         a.mask.future_row == b.mask.future_row && a.mask.refused_row == b.mask.refused_row &&
         a.mask.refused_col == b.mask.refused_col;
  for (size_t j = 0; j < a.caveats.values.size(); ++j) {
    same = same && Near(a.caveats.values[j], b.caveats.values[j], tolerance) &&
           Near(a.caveats.scores_a[j], b.caveats.scores_a[j], tolerance) &&
           Near(a.caveats.scores_b[j], b.caveats.scores_b[j], tolerance);
  }
  same = same && Near(a.caveats.layer2_weight_b, b.caveats.layer2_weight_b, tolerance) &&
         a.caveats.removed == b.caveats.removed && a.caveats.each_in_turn_shown == b.caveats.each_in_turn_shown;
  same = same && a.walkthrough.step == b.walkthrough.step && a.walkthrough.captions == b.walkthrough.captions;
  for (size_t q = 0; q < a.quiz.answers.size(); ++q) {
    same = same && a.quiz.answers[q].choice == b.quiz.answers[q].choice &&
           a.quiz.answers[q].typed == b.quiz.answers[q].typed &&
           a.quiz.answers[q].revealed == b.quiz.answers[q].revealed;
  }
  return same;
}

// Decodes into a fresh state and checks it came back within kRoundTrip.
void CheckRoundTrip(const LessonState& state) {
  const std::string fragment = lesson::EncodeState(state);
  INFO("fragment: " << fragment);
  LessonState decoded;
  std::string warning = "stale";
  REQUIRE(lesson::DecodeState(fragment, &decoded, &warning));
  CHECK(warning.empty());
  CHECK(SameState(decoded, state, kRoundTrip));
}

// A state far from the defaults in every scene, every change made through the scenes' setters.
LessonState Changed() {
  LessonState state;
  state.scene = Scene::Mask;
  REQUIRE(lesson::SetQuery(state.compare, {0.5, -1.25}));
  REQUIRE(lesson::SetKeyPosition(state.compare, 2, {-2.0, 1.0 / 3.0}));
  state.compare.scaled = false;
  REQUIRE(lesson::SetTemperature(state.compare, 0.37));
  REQUIRE(lesson::SetFirstValue(state.combine, 12.5));
  REQUIRE(lesson::SetSecondValue(state.combine, -7.0));
  REQUIRE(lesson::SetSecondWeight(state.combine, 0.35));
  lesson::SetCausal(state.mask, true);
  REQUIRE(lesson::SetCellBlocked(state.mask, 1, 2, true));
  REQUIRE(lesson::SetCellBlocked(state.mask, 3, 4, true));
  lesson::SetFutureDemo(state.mask, true);
  lesson::SetFutureRow(state.mask, 3);
  REQUIRE(lesson::SetRemoved(state.caveats, 1, true));
  REQUIRE(lesson::SetRemoved(state.caveats, 3, true));
  lesson::SetEachInTurnShown(state.caveats, true);
  REQUIRE(lesson::SetLayer2WeightB(state.caveats, 0.4));
  state.walkthrough.captions = true;
  REQUIRE(lesson::SelectChoice(state.quiz, 0, 1));
  REQUIRE(lesson::Reveal(state.quiz, 0));
  REQUIRE(lesson::SetTypedAnswer(state.quiz, 1, "Other layers & 100% caf\u00e9 = not proof? #yes"));
  return state;
}

}  // namespace

// [SECTION] Writing

TEST_CASE("the default state encodes as its scene alone") {
  CHECK(lesson::EncodeState(LessonState{}) == "scene=compare");
  LessonState quiz;
  quiz.scene = Scene::Quiz;
  CHECK(lesson::EncodeState(quiz) == "scene=quiz");
}

TEST_CASE("each scene's changes are written in short readable parts") {
  LessonState state;
  state.scene = Scene::Mask;
  lesson::SetCausal(state.mask, true);
  REQUIRE(lesson::SetCellBlocked(state.mask, 1, 2, true));
  REQUIRE(lesson::SetCellBlocked(state.mask, 3, 4, true));
  CHECK(lesson::EncodeState(state) == "scene=mask&mask.causal=1&mask.cells=2.3,4.5");

  CHECK(lesson::EncodeState(Changed()) ==
        "scene=mask&compare.query=0.5,-1.25&compare.key3=-2,0.333333&compare.scaled=0&compare.temperature=0.37"
        "&combine.values=12.5,-7&combine.weight=0.35&mask.causal=1&mask.cells=2.3,4.5&mask.future=1"
        "&mask.future_row=4&caveats.removed=2,4&caveats.each=1&caveats.layer2=0.4&walkthrough.captions=1"
        "&quiz.q1.choice=2&quiz.q1.revealed=1"
        "&quiz.q2.typed=Other%20layers%20%26%20100%25%20caf%C3%A9%20%3D%20not%20proof%3F%20%23yes");
}

TEST_CASE("numbers are written with up to 6 decimals and read back within 1e-6") {
  LessonState state;
  REQUIRE(lesson::SetTemperature(state.compare, 1.23456789));
  REQUIRE(lesson::SetFirstValue(state.combine, 99.99999949));
  REQUIRE(lesson::SetSecondValue(state.combine, -0.0000001));
  const std::string fragment = lesson::EncodeState(state);
  CHECK(fragment == "scene=compare&compare.temperature=1.234568&combine.values=99.999999,0");
  CheckRoundTrip(state);
}

// [SECTION] Round trips

TEST_CASE("the default state and a state changed in every scene round-trip") {
  CheckRoundTrip(LessonState{});
  CheckRoundTrip(Changed());
  for (int s = 0; s < lesson::kSceneCount; ++s) {
    LessonState state = Changed();
    state.scene = static_cast<Scene>(s);
    CheckRoundTrip(state);
  }
}

TEST_CASE("each scene's changes round-trip on their own") {
  LessonState compare;
  REQUIRE(lesson::SetKeyPosition(compare.compare, 0, {1.999999, -0.000001}));
  CheckRoundTrip(compare);

  LessonState combine;
  combine.scene = Scene::Combine;
  REQUIRE(lesson::SetSecondWeight(combine.combine, 0.123456789));
  CheckRoundTrip(combine);

  LessonState mask;
  mask.scene = Scene::Mask;
  lesson::SetPadding(mask.mask, true);
  for (int i = 0; i < lesson::kMaskTokenCount; ++i) REQUIRE(lesson::SetCellBlocked(mask.mask, i, 7 - i, true));
  CheckRoundTrip(mask);

  LessonState caveats;
  caveats.scene = Scene::Caveats;
  for (int j = 0; j < lesson::kCaveatsPositions; ++j) REQUIRE(lesson::SetRemoved(caveats.caveats, j, true));
  CheckRoundTrip(caveats);

  LessonState quiz;
  quiz.scene = Scene::Quiz;
  REQUIRE(lesson::SetTypedAnswer(quiz.quiz, 0, "   "));  // only spaces: kept, but not an attempt
  REQUIRE(lesson::SelectChoice(quiz.quiz, 1, 0));
  REQUIRE(lesson::Reveal(quiz.quiz, 1));
  CheckRoundTrip(quiz);
}

TEST_CASE("a walkthrough step round-trips with what it set up and what it points at") {
  LessonState state;
  state.scene = Scene::Walkthrough;
  lesson::ApplyWalkthroughStep(state, 5);  // causal mask on, highlight "mask.causal"
  CHECK(lesson::EncodeState(state) == "scene=walkthrough&mask.causal=1&walkthrough.step=6");
  CheckRoundTrip(state);
  // The learner switches the causal mask off after the step set it up: the link keeps that.
  lesson::SetCausal(state.mask, false);
  CheckRoundTrip(state);
}

TEST_CASE("the longest answers still fit in a fragment that reads back") {
  LessonState state = Changed();
  std::string euros;
  while (euros.size() + 3 <= static_cast<size_t>(lesson::kQuizTypedAnswerMaxBytes)) euros += "\u20ac";
  for (int q = 0; q < lesson::kQuizQuestionCount; ++q) REQUIRE(lesson::SetTypedAnswer(state.quiz, q, euros));
  state.mask.blocked.fill(1);
  const std::string fragment = lesson::EncodeState(state);
  CHECK(fragment.size() <= lesson::kStateFragmentMaxLength);
  CheckRoundTrip(state);
}

TEST_CASE("a fragment is read with or without its leading '#'") {
  LessonState state;
  REQUIRE(lesson::DecodeState("#scene=mask&mask.padding=1", &state, nullptr));
  CHECK(state.scene == Scene::Mask);
  CHECK(state.mask.padding);
  LessonState again;
  REQUIRE(lesson::DecodeState("scene=mask&mask.padding=1", &again, nullptr));
  CHECK(SameState(state, again));
}

TEST_CASE("a fragment replaces the whole configuration: parts it leaves out are the defaults") {
  LessonState state = Changed();
  REQUIRE(lesson::DecodeState("scene=combine", &state, nullptr));
  LessonState expected;
  expected.scene = Scene::Combine;
  CHECK(SameState(state, expected));
  REQUIRE(lesson::DecodeState("", &state, nullptr));
  CHECK(SameState(state, LessonState{}));
}

TEST_CASE("values go through the scenes' setters, which clamp them into range") {
  LessonState state;
  REQUIRE(lesson::DecodeState("compare.temperature=100&compare.query=9,-9&combine.weight=1.5&caveats.layer2=7", &state,
                              nullptr));
  CHECK(state.compare.temperature == 5.0);
  CHECK(state.compare.query.x == 2.0);
  CHECK(state.compare.query.y == -2.0);
  CHECK(state.combine.second_weight == 1.0);
  CHECK(state.combine.first_weight == 0.0);
  CHECK(state.caveats.layer2_weight_b == 1.0);
}

TEST_CASE("percent escapes are decoded in every value, and empty parts are skipped") {
  LessonState state;
  REQUIRE(lesson::DecodeState("scene=mask&&mask.cells=1.2%2C2.1&", &state, nullptr));
  CHECK(state.mask.blocked[1] == 1);
  CHECK(state.mask.blocked[8] == 1);
}

// [SECTION] Refusals

TEST_CASE("each kind of malformed part is refused, naming the part, with the state unchanged") {
  struct Case {
    const char* fragment;
    const char* warning;  // expected warning, in full
  };
  const Case cases[] = {
      {"scene=mask&mask.cells=9.9", "mask.cells: '9.9' is outside the 8x8 grid"},
      {"mask.cells=0.1", "mask.cells: '0.1' is outside the 8x8 grid"},
      {"mask.cells=1.1,1.1", "mask.cells: '1.1' is listed twice"},
      {"mask.cells=1-1", "mask.cells: '1-1' is not a cell ROW.COLUMN"},
      {"mask.cells=1.1.1", "mask.cells: '1.1.1' is not a cell ROW.COLUMN"},
      {"mask.cells=1.1,", "mask.cells: '' is not a cell ROW.COLUMN"},
      {"foo=1", "'foo': unknown key"},
      {"scene=compare&Scene=mask", "'Scene': unknown key"},
      {"mask.causal", "'mask.causal': expected key=value"},
      {"mask.causal=1&mask.causal=0", "mask.causal: given twice"},
      {"mask.causal=yes", "mask.causal: 'yes' is not 0 or 1"},
      {"mask.causal=", "mask.causal: '' is not 0 or 1"},
      {"scene=maths", "scene: 'maths' is not a scene"},
      {"scene=Mask", "scene: 'Mask' is not a scene"},
      {"compare.temperature=nan", "compare.temperature: 'nan' is not a number"},
      {"compare.temperature=inf", "compare.temperature: 'inf' is not a number"},
      {"compare.temperature=-inf", "compare.temperature: '-inf' is not a number"},
      {"compare.temperature=1e999", "compare.temperature: '1e999' is not a number"},
      {"compare.temperature=0x10", "compare.temperature: '0x10' is not a number"},
      {"compare.temperature=+1", "compare.temperature: '+1' is not a number"},
      {"compare.temperature=1.", "compare.temperature: '1.' is not a number"},
      {"compare.temperature=.5", "compare.temperature: '.5' is not a number"},
      {"compare.temperature=%201", "compare.temperature: ' 1' is not a number"},
      {"compare.temperature=", "compare.temperature: '' is not a number"},
      {"compare.temperature=1234567890123456789012345",
       "compare.temperature: '123456789012345678901234...' is too long for a number"},
      {"compare.query=1", "compare.query: '1' is not two numbers A,B"},
      {"compare.key2=1,2,3", "compare.key2: '1,2,3' is not two numbers A,B"},
      {"compare.key5=1,1", "'compare.key5': unknown key"},
      {"combine.values=1,x", "combine.values: 'x' is not a number"},
      {"walkthrough.step=9", "walkthrough.step: '9' is outside 1..8"},
      {"walkthrough.step=0", "walkthrough.step: '0' is outside 1..8"},
      {"walkthrough.step=-1", "walkthrough.step: '-1' is not a whole number"},
      {"walkthrough.step=99999", "walkthrough.step: '99999' is not a whole number"},
      {"mask.future_row=6", "mask.future_row: '6' is outside 1..5"},
      {"caveats.removed=5", "caveats.removed: '5' is outside 1..4"},
      {"caveats.removed=1,1", "caveats.removed: '1' is listed twice"},
      {"caveats.removed=1,2,3,4,1", "caveats.removed: more than 4 entries"},
      {"quiz.q1.choice=4", "quiz.q1.choice: '4' is outside 1..3"},
      {"quiz.q3.choice=1", "'quiz.q3.choice': unknown key"},
      {"quiz.q1.revealed=1", "quiz.q1.revealed: the reasoning shows only after a choice or typed answer"},
      {"quiz.q1.typed=%20%20&quiz.q1.revealed=1",
       "quiz.q1.revealed: the reasoning shows only after a choice or typed answer"},
      {"quiz.q1.typed=%zz", "quiz.q1.typed: '%zz' is not a valid %XX escape"},
      {"quiz.q1.typed=ab%4", "quiz.q1.typed: '%4' is not a valid %XX escape"},
      {"quiz.q1.typed=%FF", "quiz.q1.typed: not valid UTF-8"},
      {"quiz.q1.typed=%C0%AF", "quiz.q1.typed: not valid UTF-8"},     // overlong '/'
      {"quiz.q1.typed=%ED%A0%80", "quiz.q1.typed: not valid UTF-8"},  // a UTF-16 surrogate
      {"quiz.q1.typed=a%01b", "quiz.q1.typed: holds a control character"},
      {"scene=%0Aevil", "scene: '?evil' is not a scene"},  // warnings stay on one line
  };
  for (const Case& c : cases) {
    INFO("fragment: " << c.fragment);
    LessonState state = Changed();
    std::string warning;
    CHECK_FALSE(lesson::DecodeState(c.fragment, &state, &warning));
    CHECK(warning == c.warning);
    CHECK(SameState(state, Changed()));
  }
}

TEST_CASE("too long a fragment, list or answer is refused") {
  LessonState state = Changed();
  std::string warning;
  const std::string long_fragment = "scene=mask&" + std::string(lesson::kStateFragmentMaxLength, '&');
  CHECK_FALSE(lesson::DecodeState(long_fragment, &state, &warning));
  CHECK(warning == "fragment: 4107 characters, more than the 4096 allowed");
  // Exactly at the limit is fine, with or without '#'.
  const std::string at_limit = "scene=mask" + std::string(lesson::kStateFragmentMaxLength - 10, '&');
  CHECK(lesson::DecodeState("#" + at_limit, &state, &warning));
  state = Changed();

  std::string cells;
  for (int i = 0; i < 65; ++i) cells += std::string(i ? "," : "") + "1.1";
  CHECK_FALSE(lesson::DecodeState("mask.cells=" + cells, &state, &warning));
  CHECK(warning == "mask.cells: more than 64 entries");

  const std::string answer(lesson::kQuizTypedAnswerMaxBytes + 1, 'a');
  CHECK_FALSE(lesson::DecodeState("quiz.q2.typed=" + answer, &state, &warning));
  CHECK(warning == "quiz.q2.typed: longer than 500 bytes");
  CHECK(SameState(state, Changed()));
  CHECK(lesson::DecodeState("quiz.q2.typed=" + answer.substr(1), &state, &warning));
}

TEST_CASE("a refused part later in the fragment leaves the earlier parts unapplied") {
  LessonState state;
  std::string warning;
  CHECK_FALSE(
      lesson::DecodeState("scene=mask&mask.causal=1&compare.temperature=0.5&quiz.q1.choice=0", &state, &warning));
  CHECK(warning == "quiz.q1.choice: '0' is outside 1..3");
  CHECK(SameState(state, LessonState{}));
  CHECK_FALSE(lesson::DecodeState("scene=nowhere", nullptr, &warning));
}

TEST_CASE("states filled by hand encode as fragments that read back") {
  LessonState state = Changed();
  state.compare.query.x = std::numeric_limits<double>::quiet_NaN();
  state.compare.temperature = 1e300;
  state.combine.second_weight = -std::numeric_limits<double>::infinity();
  state.mask.future_row = 1000;
  state.mask.blocked[5] = 200;
  state.walkthrough.step = -4;
  state.quiz.answers[0].choice = 9;
  state.quiz.answers[1].typed = std::string("ok\xFF\x01", 4) + std::string(600, 'x');
  state.quiz.answers[1].revealed = true;
  state.scene = static_cast<Scene>(42);
  const std::string fragment = lesson::EncodeState(state);
  INFO("fragment: " << fragment);
  CHECK(fragment.rfind("scene=compare&", 0) == 0);
  LessonState decoded;
  std::string warning;
  REQUIRE(lesson::DecodeState(fragment, &decoded, &warning));
  CHECK(decoded.compare.temperature == lesson::kCompareTemperatureMax);
  CHECK(decoded.mask.future_row == lesson::kMaskWordCount - 2);
  CHECK(decoded.quiz.answers[1].typed == "ok" + std::string(498, 'x'));
  CHECK(decoded.quiz.answers[1].revealed);
  CHECK(decoded.quiz.answers[0].choice == -1);
  CHECK_FALSE(decoded.quiz.answers[0].revealed);  // revealed with no valid choice cannot be applied
}

// [SECTION] Random input

namespace {

// Decoding either succeeds with a state that round-trips, or fails with a warning and the state
// exactly as it was.
void CheckDecodeIsAllOrNothing(const std::string& fragment) {
  const LessonState before = Changed();
  LessonState state = before;
  std::string warning;
  if (lesson::DecodeState(fragment, &state, &warning)) {
    const std::string again = lesson::EncodeState(state);
    CHECK(again.size() <= lesson::kStateFragmentMaxLength);
    LessonState decoded;
    CHECK(lesson::DecodeState(again, &decoded, nullptr));
    CHECK(SameState(decoded, state, kRoundTrip));
  } else {
    CHECK_FALSE(warning.empty());
    CHECK(warning.find('\n') == std::string::npos);
    CHECK(SameState(state, before));
  }
}

}  // namespace

TEST_CASE("10,000 random byte strings never crash and either decode or leave the state unchanged") {
  std::mt19937 random(20240611);
  const std::string alphabet = "scene=mask&compare.query,-0123456789.%#quiz.q1.typed&caveats.removed=1,2";
  int decoded = 0;
  for (int i = 0; i < 10000; ++i) {
    const size_t length = std::uniform_int_distribution<size_t>(0, i % 10 == 0 ? 5000 : 80)(random);
    std::string fragment;
    for (size_t k = 0; k < length; ++k) {
      const bool from_alphabet = (i % 2) == 0;
      fragment += from_alphabet ? alphabet[std::uniform_int_distribution<size_t>(0, alphabet.size() - 1)(random)]
                                : static_cast<char>(std::uniform_int_distribution<int>(0, 255)(random));
    }
    CheckDecodeIsAllOrNothing(fragment);
    LessonState probe;
    if (lesson::DecodeState(fragment, &probe, nullptr)) ++decoded;
  }
  CHECK(decoded > 0);  // the empty string and bare '&'s decode
}

TEST_CASE("10,000 random mutations of a valid fragment never crash and are all or nothing") {
  std::mt19937 random(7);
  const std::string valid = lesson::EncodeState(Changed());
  const std::string inserts = "=&,.%#-0123456789abcxyz\xFF";
  int decoded = 0;
  for (int i = 0; i < 10000; ++i) {
    std::string fragment = valid;
    const int edits = std::uniform_int_distribution<int>(1, 4)(random);
    for (int e = 0; e < edits && !fragment.empty(); ++e) {
      const size_t at = std::uniform_int_distribution<size_t>(0, fragment.size() - 1)(random);
      const char c = inserts[std::uniform_int_distribution<size_t>(0, inserts.size() - 1)(random)];
      switch (std::uniform_int_distribution<int>(0, 3)(random)) {
        case 0: fragment.erase(at, 1); break;
        case 1: fragment.insert(at, 1, c); break;
        case 2: fragment[at] = c; break;
        default: fragment.erase(at, std::uniform_int_distribution<size_t>(1, 20)(random)); break;
      }
    }
    CheckDecodeIsAllOrNothing(fragment);
    LessonState probe;
    if (lesson::DecodeState(fragment, &probe, nullptr)) ++decoded;
  }
  // Some mutations stay valid (a digit changed inside a number), most do not.
  CHECK(decoded > 100);
  CHECK(decoded < 9900);
}
