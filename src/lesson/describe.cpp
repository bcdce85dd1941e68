#include "lesson/describe.h"

// Contents
// [SECTION] Words and numbers
// [SECTION] Compare
// [SECTION] Combine
// [SECTION] Mask
// [SECTION] Caveats
// [SECTION] Walkthrough
// [SECTION] Quick check
// [SECTION] Dispatch

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "lesson/text_store.h"

namespace lesson {

namespace {

// [SECTION] Words and numbers

constexpr const char* kMinus = "\xE2\x88\x92";  // U+2212, read "minus" by screen readers

std::string Num(double x) { return std::isfinite(x) ? FormatSigned(x) : T("mirror.not_valid"); }

std::string Count(int n) { return std::to_string(n); }

std::string OnOff(bool on) { return T(on ? "mirror.on" : "mirror.off"); }

std::string YesNo(bool yes) { return T(yes ? "mirror.yes" : "mirror.no"); }

std::string Quoted(const std::string& word) { return Fill(T("mirror.quoted"), {{"word", word}}); }

// "a", "a and b", "a, b and c".
std::string JoinList(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " " + T("mirror.and") + " " : ", ";
    out += items[i];
  }
  return out;
}

// The products added up, output first: the "2 + 16" of "18 = 2 + 16"; a negative product is
// subtracted ("2 − 8").
std::string ProductsText(const attention::Combination& combination) {
  std::string out;
  for (size_t t = 0; t < combination.terms.size(); ++t) {
    const double product = combination.terms[t].product;
    if (!std::isfinite(product)) return T("mirror.not_valid");
    const std::string magnitude = attention::FormatNumber(std::fabs(product));
    const bool negative = product < 0.0 && magnitude != "0";
    if (t == 0) {
      out += (negative ? kMinus : "") + magnitude;
    } else {
      out += (negative ? std::string(" ") + kMinus + " " : std::string(" + ")) + magnitude;
    }
  }
  return out;
}

// Text the learner typed, made safe to read out: invalid UTF-8 becomes U+FFFD and control
// characters become spaces, so the table stays one line per cell and valid text.
std::string ReadableText(const std::string& text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      out += lead < 0x20 || lead == 0x7F ? ' ' : static_cast<char>(lead);
      ++i;
      continue;
    }
    const size_t length = Utf8CharLength(text, i);
    const bool valid = length > 0;
    if (valid) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD replacement character
      ++i;
    }
  }
  return out;
}

bool HasWords(const std::string& text) { return text.find_first_not_of(" \t\r\n") != std::string::npos; }

std::string Sentences(const std::vector<std::string>& sentences) {
  std::string out;
  for (const std::string& sentence : sentences) {
    if (sentence.empty()) continue;
    if (!out.empty()) out += ' ';
    out += sentence;
  }
  return out;
}

// [SECTION] Compare

std::string KeyName(int key) { return T("compare.key" + std::to_string(key)); }

bool Usable(const CompareResult& result) {
  if (!result.ok || !std::isfinite(result.combination.output)) return false;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    if (!std::isfinite(result.dot_products[k]) || !std::isfinite(result.scores[k]) ||
        !std::isfinite(result.weights[k])) {
      return false;
    }
  }
  return true;
}

std::string DescribeCompare(const CompareScene& scene) {
  const CompareResult result = ComputeCompare(scene);
  if (!Usable(result)) return T("mirror.compare.invalid");

  // Keys whose weight reads the same as the largest share it: that is what the learner sees.
  const double top = *std::max_element(result.weights.begin(), result.weights.end());
  const std::string top_text = Num(top);
  std::vector<std::string> top_keys;
  std::vector<std::string> weights;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const std::string weight = Num(result.weights[static_cast<size_t>(i)]);
    if (weight == top_text) top_keys.push_back(Quoted(KeyName(i)));
    weights.push_back(KeyName(i) + " " + weight);
  }
  std::string most;
  if (top_keys.size() == static_cast<size_t>(kCompareKeyCount)) {
    most = Fill(T("mirror.compare.equal"), {{"weight", top_text}});
  } else if (top_keys.size() > 1) {
    most = Fill(T("mirror.compare.tie"), {{"weight", top_text}, {"keys", JoinList(top_keys)}});
  } else {
    most = Fill(T("mirror.compare.most"), {{"weight", top_text}, {"key", KeyName(result.strongest)}});
  }
  return Sentences({most, Fill(T("mirror.compare.weights"), {{"weights", JoinList(weights)}}),
                    Fill(T("mirror.compare.output"), {{"output", Num(result.combination.output)},
                                                      {"scaling", OnOff(scene.scaled)},
                                                      {"temperature", Num(scene.temperature)}})});
}

MirrorTable TableCompare(const CompareScene& scene) {
  const CompareResult result = ComputeCompare(scene);
  const bool usable = Usable(result);
  MirrorTable table;
  table.columns = {T("mirror.col.key"),   T("mirror.col.position"), T("mirror.col.dot"),
                   T("mirror.col.score"), T("mirror.col.weight"),   T("mirror.col.value")};
  table.caption = usable ? Fill(T("mirror.compare.caption"),
                                {{"output", Num(result.combination.output)}, {"query", FormatPoint(scene.query)}})
                         : T("mirror.compare.caption_invalid");
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    const CompareKey& key = scene.keys[k];
    const bool point_ok = std::isfinite(key.position.x) && std::isfinite(key.position.y);
    const std::string none = T("mirror.not_valid");
    table.rows.push_back({KeyName(i), point_ok ? FormatPoint(key.position) : none,
                          usable ? Num(result.dot_products[k]) : none, usable ? Num(result.scores[k]) : none,
                          usable ? Num(result.weights[k]) : none, Num(key.value)});
  }
  return table;
}

// [SECTION] Combine

bool Usable(const WorkedExample& example, const attention::Combination& combination) {
  return std::isfinite(example.first_value) && std::isfinite(example.second_value) &&
         std::isfinite(example.first_weight) && std::isfinite(example.second_weight) &&
         std::isfinite(combination.output) && !combination.empty;
}

std::string DescribeCombine(const WorkedExample& example) {
  const attention::Combination combination = Combine(example);
  if (!Usable(example, combination)) return T("mirror.combine.invalid");
  return Fill(T("mirror.combine"), {{"first_weight", Num(example.first_weight)},
                                    {"second_weight", Num(example.second_weight)},
                                    {"first", Num(example.first_value)},
                                    {"second", Num(example.second_value)},
                                    {"output", Num(combination.output)},
                                    {"products", ProductsText(combination)}});
}

MirrorTable TableCombine(const WorkedExample& example) {
  const attention::Combination combination = Combine(example);
  MirrorTable table;
  table.columns = {T("mirror.col.value"), T("mirror.col.weight"), T("mirror.col.product")};
  table.caption = Usable(example, combination)
                      ? Fill(T("mirror.combine.caption"), {{"output", Num(combination.output)}})
                      : T("mirror.combine.caption_invalid");
  const double values[2] = {example.first_value, example.second_value};
  const double weights[2] = {example.first_weight, example.second_weight};
  for (int i = 0; i < 2; ++i) table.rows.push_back({Num(values[i]), Num(weights[i]), Num(values[i] * weights[i])});
  return table;
}

// [SECTION] Mask

bool Shaped(const attention::Result& result) {
  return result.weights.rows == kMaskTokenCount && result.weights.cols == kMaskTokenCount &&
         result.weights.IsConsistent();
}

std::string TokenAt(int position) {
  return Fill(T("mirror.position"), {{"pos", Count(position + 1)}, {"token", MaskToken(position)}});
}

std::string DescribeMask(const MaskScene& scene) {
  const attention::Result result = MaskWeights(scene);
  if (!Shaped(result)) return T("mirror.mask.invalid");

  int masked = 0;
  int yours = 0;
  for (int row = 0; row < kMaskTokenCount; ++row) {
    for (int col = 0; col < kMaskTokenCount; ++col) {
      const CellMasks masks = MaskedBy(scene, row, col);
      if (masks.Any()) ++masked;
      if (masks.learner) ++yours;
    }
  }
  std::vector<std::string> sentences;
  if (masked == 0) {
    sentences.push_back(T("mirror.mask.none"));
  } else {
    sentences.push_back(Fill(T("mirror.mask.state"), {{"causal", OnOff(scene.causal)},
                                                      {"padding", OnOff(scene.padding)},
                                                      {"masked", Count(masked)},
                                                      {"cells", Count(kMaskTokenCount * kMaskTokenCount)},
                                                      {"yours", Count(yours)}}));
  }
  std::vector<std::string> empty;
  for (int row : result.empty_rows) {
    if (row >= 0 && row < kMaskTokenCount) empty.push_back(TokenAt(row));
  }
  if (!empty.empty()) {
    sentences.push_back(
        Fill(T(empty.size() == 1 ? "mirror.mask.empty_row" : "mirror.mask.empty_rows"), {{"rows", JoinList(empty)}}));
  }
  if (scene.future_demo) {
    const FutureLook look = LookAhead(scene, result);
    if (look.row_empty) {
      sentences.push_back(Fill(T("mirror.mask.future_empty"), {{"row", TokenAt(look.row)}}));
    } else {
      sentences.push_back(
          Fill(T("mirror.mask.future"),
               {{"weight", Num(look.next_weight)}, {"row", TokenAt(look.row)}, {"next", TokenAt(look.next)}}));
    }
  }
  return Sentences(sentences);
}

std::string TokenHeading(int position) {
  return Fill(T("mirror.mask.token"), {{"pos", Count(position + 1)}, {"token", MaskToken(position)}});
}

MirrorTable TableMask(const MaskScene& scene) {
  const attention::Result result = MaskWeights(scene);
  const bool shaped = Shaped(result);
  MirrorTable table;
  table.caption = Fill(T("mirror.mask.caption"), {{"causal", OnOff(scene.causal)}, {"padding", OnOff(scene.padding)}});
  table.columns.push_back(T("mirror.mask.corner"));
  for (int col = 0; col < kMaskTokenCount; ++col) table.columns.push_back(TokenHeading(col));
  for (int row = 0; row < kMaskTokenCount; ++row) {
    const bool empty = !shaped || result.RowIsEmpty(row);
    std::vector<std::string> cells;
    cells.push_back(empty ? Fill(T("mirror.mask.row_empty"), {{"pos", Count(row + 1)}, {"token", MaskToken(row)}})
                          : TokenHeading(row));
    for (int col = 0; col < kMaskTokenCount; ++col) {
      const bool open = shaped && result.allowed.IsConsistent() && result.allowed.rows == kMaskTokenCount &&
                        result.allowed.cols == kMaskTokenCount && result.allowed(row, col);
      cells.push_back(open ? Num(result.weights(row, col)) : T("mirror.mask.masked"));
    }
    table.rows.push_back(cells);
  }
  return table;
}

// [SECTION] Caveats

std::string Word(int position) { return T("caveats.word" + std::to_string(position + 1)); }

bool Usable(const CaveatsScene& scene) {
  const auto finite = [](const CaveatsNumbers& numbers) {
    return std::all_of(numbers.begin(), numbers.end(), [](double x) { return std::isfinite(x); });
  };
  return finite(scene.values) && finite(scene.scores_a) && finite(scene.scores_b) &&
         std::isfinite(scene.layer2_weight_b);
}

std::string OutputText(const attention::Combination& combination) {
  return combination.empty ? T("mirror.caveats.no_output_short") : Num(combination.output);
}

std::string DescribeCaveats(const CaveatsScene& scene) {
  if (!Usable(scene)) return T("mirror.caveats.invalid");
  std::vector<std::string> removed;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (scene.removed[static_cast<size_t>(j)]) removed.push_back(Quoted(Word(j)));
  }
  std::vector<std::string> sentences;
  sentences.push_back(removed.empty() ? T("mirror.caveats.none_removed")
                                      : Fill(T("mirror.caveats.removed"), {{"words", JoinList(removed)}}));

  const CaveatsPass full = RunCaveatsFull(scene);
  const CaveatsPass now = RunCaveats(scene);
  if (now.a.combination.empty) {
    sentences.push_back(T("mirror.caveats.no_output"));
  } else if (removed.empty()) {
    sentences.push_back(Fill(T("mirror.caveats.output"), {{"output", Num(now.a.combination.output)}}));
  } else {
    const OutputChange change = Change(full.a.combination, now.a.combination);
    sentences.push_back(Fill(T("mirror.caveats.output_changed"), {{"change", Num(change.change)},
                                                                  {"now", Num(now.a.combination.output)},
                                                                  {"before", OutputText(full.a.combination)}}));
  }
  // The ablation stays hidden until the learner asks for it, so there is a moment to guess.
  if (scene.each_in_turn_shown) {
    const CaveatsAblation rows = AblateEachInTurn(scene);
    const int most = Summarize(rows).largest_change_a;
    if (most >= 0) {
      sentences.push_back(
          Fill(T("mirror.caveats.biggest"),
               {{"change", Num(rows[static_cast<size_t>(most)].change_a.change)}, {"word", Quoted(Word(most))}}));
    }
  }
  return Sentences(sentences);
}

MirrorTable TableCaveats(const CaveatsScene& scene) {
  const bool usable = Usable(scene);
  MirrorTable table;
  table.columns = {T("mirror.col.word"), T("mirror.col.value"), T("mirror.col.weight"), T("mirror.col.change")};
  if (usable) {
    const CaveatsPass now = RunCaveats(scene);
    table.caption = Fill(T("mirror.caveats.caption"),
                         {{"output", OutputText(now.a.combination)}, {"final", OutputText(now.final_output)}});
  } else {
    table.caption = T("mirror.caveats.caption_invalid");
  }
  const CaveatsAblation rows = AblateEachInTurn(scene);
  for (const AblationRow& row : rows) {
    const size_t at = static_cast<size_t>(row.position);
    std::string change = T("mirror.caveats.not_yet");
    if (!usable) {
      change = T("mirror.not_valid");
    } else if (scene.each_in_turn_shown) {
      change = row.change_a.defined ? Num(row.change_a.change) : T("mirror.caveats.no_output_short");
    }
    const std::string word =
        scene.removed[at] ? Fill(T("mirror.caveats.removed_mark"), {{"word", Word(row.position)}}) : Word(row.position);
    table.rows.push_back({word, Num(scene.values[at]), usable ? Num(row.weight_a) : T("mirror.not_valid"), change});
  }
  return table;
}

// [SECTION] Walkthrough

std::string DescribeWalkthrough(const Walkthrough& walkthrough) {
  const int step = ClampWalkthroughStep(walkthrough.step);
  return Fill(T("mirror.walkthrough"), {{"step", Count(step + 1)},
                                        {"count", Count(WalkthroughStepCount())},
                                        {"title", T(WalkthroughStepKey(step, "title"))}});
}

MirrorTable TableWalkthrough(const Walkthrough& walkthrough) {
  const int current = ClampWalkthroughStep(walkthrough.step);
  MirrorTable table;
  table.caption =
      Fill(T("mirror.walkthrough.caption"), {{"step", Count(current + 1)}, {"count", Count(WalkthroughStepCount())}});
  table.columns = {T("mirror.col.step"), T("mirror.col.title"), T("mirror.col.scene"), T("mirror.col.on_screen")};
  for (int step = 0; step < WalkthroughStepCount(); ++step) {
    table.rows.push_back({Count(step + 1), T(WalkthroughStepKey(step, "title")),
                          T(std::string("widget.scene.") + SceneName(WalkthroughStepScene(step))),
                          YesNo(step == current)});
  }
  return table;
}

// [SECTION] Quick check

// The picked choice, or -1 when none (or when a state filled by hand holds one out of range).
int PickedChoice(const QuizAnswer& answer) {
  return answer.choice >= 0 && answer.choice < kQuizChoiceCount ? answer.choice : -1;
}

std::string DescribeQuiz(const Quiz& quiz) {
  std::vector<std::string> sentences;
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    const QuizAnswer& answer = quiz.answers[static_cast<size_t>(q)];
    const int choice = PickedChoice(answer);
    std::string said = T("mirror.quiz.answer_none");
    if (choice >= 0) {
      said = Fill(T("mirror.quiz.answer_choice"), {{"choice", Count(choice + 1)}});
    } else if (HasWords(answer.typed)) {
      said = T("mirror.quiz.answer_typed");
    }
    if (answer.revealed) {
      const char* reveal = choice < 0           ? "mirror.quiz.reveal_typed"
                           : IsCorrect(quiz, q) ? "mirror.quiz.reveal_right"
                                                : "mirror.quiz.reveal_wrong";
      sentences.push_back(
          Fill(T("mirror.quiz.question_revealed"), {{"n", Count(q + 1)}, {"answer", said}, {"reveal", T(reveal)}}));
    } else {
      sentences.push_back(Fill(T("mirror.quiz.question"), {{"n", Count(q + 1)}, {"answer", said}}));
    }
  }
  return Sentences(sentences);
}

MirrorTable TableQuiz(const Quiz& quiz) {
  MirrorTable table;
  table.caption = T("mirror.quiz.caption");
  table.columns = {T("mirror.col.question"), T("mirror.col.answer"), T("mirror.col.revealed")};
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    const QuizAnswer& answer = quiz.answers[static_cast<size_t>(q)];
    const std::string prefix = "quiz.q" + std::to_string(q + 1);
    const int choice = PickedChoice(answer);
    std::vector<std::string> said;
    if (choice >= 0) said.push_back(T(prefix + ".choice" + std::to_string(choice + 1)));
    if (HasWords(answer.typed)) said.push_back(ReadableText(answer.typed));
    std::string shown = YesNo(false);
    if (answer.revealed) {
      shown = choice < 0 ? YesNo(true)
                         : T(IsCorrect(quiz, q) ? "mirror.quiz.revealed_right" : "mirror.quiz.revealed_wrong");
    }
    std::string answer_text = T("mirror.quiz.none_yet");
    if (!said.empty()) {
      answer_text = said[0];
      for (size_t i = 1; i < said.size(); ++i) answer_text += " / " + said[i];
    }
    table.rows.push_back({T(prefix + ".text"), answer_text, shown});
  }
  return table;
}

}  // namespace

// [SECTION] Dispatch

std::string DescribeScene(const LessonState& state) {
  switch (state.scene) {
    case Scene::Compare:
      return DescribeCompare(state.compare);
    case Scene::Combine:
      return DescribeCombine(state.worked_example);
    case Scene::Mask:
      return DescribeMask(state.mask);
    case Scene::Caveats:
      return DescribeCaveats(state.caveats);
    case Scene::Walkthrough:
      return DescribeWalkthrough(state.walkthrough);
    case Scene::Quiz:
      return DescribeQuiz(state.quiz);
  }
  return std::string();
}

MirrorTable DescribeTable(const LessonState& state) {
  switch (state.scene) {
    case Scene::Compare:
      return TableCompare(state.compare);
    case Scene::Combine:
      return TableCombine(state.worked_example);
    case Scene::Mask:
      return TableMask(state.mask);
    case Scene::Caveats:
      return TableCaveats(state.caveats);
    case Scene::Walkthrough:
      return TableWalkthrough(state.walkthrough);
    case Scene::Quiz:
      return TableQuiz(state.quiz);
  }
  return MirrorTable{};
}

}  // namespace lesson
