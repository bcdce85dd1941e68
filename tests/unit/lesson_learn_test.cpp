// The Learn scene (lesson/scenes/learn/): its link, its training clock, its question picker, the
// mirror's sentence, and the readings of the controlled test that its panel states, each checked
// against the trained model's numbers.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "lesson/builtin_text.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"

namespace {

void LoadText() {
  lesson::LessonText().Clear();
  lesson::LoadBuiltInText(lesson::LessonText());
}

}  // namespace

TEST_CASE("a link with learn.steps=300 opens on the model after 300 steps, recomputed") {
  LoadText();
  lesson::LessonState state;
  REQUIRE(lesson::DecodeState("scene=learn&learn.steps=300&learn.seed=4", &state, nullptr));
  CHECK(state.scene == lesson::Scene::Learn);
  const learn::Training& training = lesson::LearnTrainingOf(state.learn);
  CHECK(training.steps == 300);
  CHECK(training.options.seed == 4u);
  CHECK(training.accuracy.back() >= 0.95);
  const std::string link = lesson::EncodeState(state);
  CHECK(link.find("learn.steps=300") != std::string::npos);
  CHECK(link.find("learn.seed=4") != std::string::npos);
  // Fewer steps after more: trained again from the start, to the same numbers as directly.
  lesson::LessonState fewer;
  REQUIRE(lesson::DecodeState("scene=learn&learn.steps=120&learn.seed=4", &fewer, nullptr));
  const double loss_at_120 = lesson::LearnTrainingOf(fewer.learn).loss.back();
  CHECK(loss_at_120 == training.loss[120]);
}

TEST_CASE("bad learn parameters in a link are refused or clamped, never trained on") {
  LoadText();
  lesson::LessonState state;
  std::string warning;
  CHECK_FALSE(lesson::DecodeState("scene=learn&learn.steps=99999", &state, &warning));
  CHECK(warning.find("learn.steps") != std::string::npos);
  CHECK(state.learn.steps == 0);
  CHECK(lesson::DecodeState("scene=learn&learn.rate=7", &state, &warning));
  CHECK(state.learn.rate == lesson::kLearnRateMax);
  CHECK_FALSE(lesson::DecodeState("scene=learn&learn.rate=nan", &state, &warning));
  // The lesson's paragraph names no library (subject 6).
  CHECK_FALSE(lesson::DecodeState("scene=learn&learn.question=6", &state, &warning));
  CHECK(warning.find("learn.question") != std::string::npos);
}

TEST_CASE("Train runs 300 steps in about a second of frames and stops; Pause, Step and Reset") {
  lesson::LearnScene scene;
  lesson::StartLearnTraining(scene);
  CHECK(scene.training);
  int frames = 0;
  while (scene.training && frames < 1000) {
    lesson::AdvanceLearnTraining(scene, 1.0 / 60.0);
    ++frames;
  }
  CHECK(scene.steps == lesson::kLearnRunSteps);
  CHECK(frames >= 55);
  CHECK(frames <= 65);
  // A slow frame takes at most a bounded number of steps.
  lesson::StartLearnTraining(scene);
  lesson::AdvanceLearnTraining(scene, 2.0);
  CHECK(scene.steps == lesson::kLearnRunSteps + lesson::kLearnMaxStepsPerFrame);
  lesson::PauseLearnTraining(scene);
  CHECK_FALSE(lesson::AdvanceLearnTraining(scene, 1.0));
  lesson::StepLearnTraining(scene);
  CHECK(scene.steps == lesson::kLearnRunSteps + lesson::kLearnMaxStepsPerFrame + 1);
  lesson::StartLearnTraining(scene);
  CHECK_FALSE(lesson::AdvanceLearnTraining(scene, std::nan("")));
  lesson::ResetLearnTraining(scene);
  CHECK(scene.steps == 0);
  CHECK_FALSE(scene.training);
}

TEST_CASE("the question is always about a subject of the paragraph shown") {
  lesson::LearnScene scene;
  CHECK(lesson::LearnQuestionsOf(scene) == std::vector<int>{0, 1, 2, 3});
  CHECK(lesson::SetLearnQuestion(scene, 3));
  lesson::SetLearnParagraph(scene, 1);  // the bus twice, the museum, the shop: no tour
  CHECK(lesson::LearnQuestionsOf(scene) == std::vector<int>{1, 0, 2});
  CHECK(scene.question == 1);
  CHECK_FALSE(lesson::SetLearnQuestion(scene, 3));
}

TEST_CASE("a loss is written with the digits that say something") {
  LoadText();
  CHECK(lesson::LearnLossText(23.456) == "23.46");
  CHECK(lesson::LearnLossText(0.1) == "0.1");
  CHECK(lesson::LearnLossText(0.0234) == "0.023");
  CHECK(lesson::LearnLossText(0.00051) == "0.00051");
  CHECK(lesson::LearnLossText(0.0001) == "0.0001");
  CHECK(lesson::LearnLossText(0.0) == "below 0.0001");
  CHECK(lesson::LearnLossText(3e-9) == "below 0.0001");
}

TEST_CASE("the mirror says how far training is and where the model looks, from the numbers") {
  LoadText();
  lesson::LessonState state;
  state.scene = lesson::Scene::Learn;
  const std::string untrained = lesson::DescribeScene(state);
  CHECK(untrained.find("Not trained yet") != std::string::npos);
  lesson::SetLearnSteps(state.learn, 300);
  const std::string trained = lesson::DescribeScene(state);
  const learn::Training& training = lesson::LearnTrainingOf(state.learn);
  const learn::Answer answer = learn::Ask(training.model, learn::LessonParagraph(), 1);
  CHECK(trained.find("After 300 steps") != std::string::npos);
  CHECK(trained.find(std::to_string(static_cast<int>(std::lround(training.accuracy.back() * 100))) + " % of held-out") !=
        std::string::npos);
  CHECK(trained.find("“When does the bus leave?”") != std::string::npos);
  CHECK(trained.find("is on “The bus leaves at 10.”") != std::string::npos);
  CHECK(answer.weights[1] > 0.9);
  CHECK(trained.find("nan") == std::string::npos);
  // The controlled test's reading follows, as under the panel's table: for the untrained model,
  // for one fact stated twice, and none while training runs.
  CHECK(untrained.find(lesson::T("learn.removal_untrained")) != std::string::npos);
  const learn::Paragraph paragraph = learn::LessonParagraph();
  const char* reading = lesson::LearnRemovalReading(learn::RemoveEach(training.model, paragraph, 1), paragraph, 1);
  REQUIRE(reading != nullptr);
  CHECK(trained.find(lesson::LearnReadingText(reading)) != std::string::npos);
  // "Now choose “One fact stated twice” above": the paragraph's name as its radio button has it.
  const std::string once = lesson::LearnReadingText("learn.removal_once");
  CHECK(once.find("“" + lesson::T("learn.paragraph2") + "”") != std::string::npos);
  CHECK(once.find('{') == std::string::npos);
  lesson::SetLearnParagraph(state.learn, 1);
  CHECK(lesson::DescribeScene(state).find(lesson::T("learn.removal_twice")) != std::string::npos);
  lesson::StartLearnTraining(state.learn);
  const std::string training_now = lesson::DescribeScene(state);
  CHECK(training_now.find(lesson::T("learn.removal_twice")) == std::string::npos);
  CHECK(training_now.find(lesson::T("mirror.learn.training")) != std::string::npos);
}

// The panel states one of three readings of the controlled test; each must hold for the numbers.
TEST_CASE("the readings of the controlled test hold for the trained model, from ten seeds") {
  for (int seed = 1; seed <= 10; ++seed) {
    CAPTURE(seed);
    lesson::LearnScene scene;
    lesson::SetLearnSeed(scene, seed);
    const learn::Training& untrained = lesson::LearnTrainingOf(scene);
    const learn::Paragraph lesson_paragraph = learn::LessonParagraph();
    CHECK(std::string(lesson::LearnRemovalReading(learn::RemoveEach(untrained.model, lesson_paragraph, 1), lesson_paragraph, 1)) ==
          "learn.removal_untrained");
    lesson::SetLearnSteps(scene, lesson::kLearnRunSteps);
    const learn::Training& trained = lesson::LearnTrainingOf(scene);
    for (const int question : {0, 1, 2, 3}) {
      CAPTURE(question);
      // One sentence holds the weight; its removal moves the answer, or (when the other numbers
      // happen to mix to about the same) barely does, and the panel says which.
      const auto removals = learn::RemoveEach(trained.model, lesson_paragraph, question);
      const char* reading = lesson::LearnRemovalReading(removals, lesson_paragraph, question);
      REQUIRE(reading != nullptr);
      const learn::Removal& carrier = removals[static_cast<size_t>(question)];  // sentence j is about subject j
      CHECK(carrier.weight > 0.8);
      if (std::string(reading) == "learn.removal_once") {
        CHECK(carrier.change >= 0.5);
        for (int j = 0; j < learn::kSentences; ++j) {
          if (j != question) CHECK(removals[static_cast<size_t>(j)].change < 0.25);
        }
      } else {
        CHECK(std::string(reading) == "learn.removal_coincidence");
        CHECK(carrier.change < 0.5);
      }
    }
    // learn.plane_hint: the subject's key reaches furthest along the query (largest q·k).
    const auto dot = [&trained](int question, int subject) {
      const std::vector<double> q = learn::QueryOf(trained.model, question);
      const std::vector<double> k = learn::KeyOf(trained.model, subject);
      double sum = 0.0;
      for (size_t c = 0; c < q.size(); ++c) sum += q[c] * k[c];
      return sum;
    };
    for (int question = 0; question < learn::kSubjects; ++question) {
      for (int subject = 0; subject < learn::kSubjects; ++subject) {
        if (subject != question) CHECK(dot(question, question) > dot(question, subject));
      }
    }
    const learn::Paragraph repeated = learn::RepeatedFactParagraph();
    const auto removals = learn::RemoveEach(trained.model, repeated, 1);
    const char* twice = lesson::LearnRemovalReading(removals, repeated, 1);
    REQUIRE(twice != nullptr);
    CHECK(std::string(twice) == "learn.removal_twice");
    // What "learn.removal_twice" says: each copy about half the weight, the answer unmoved.
    CHECK(removals[0].weight == doctest::Approx(0.5).epsilon(0.1));
    CHECK(removals[2].weight == doctest::Approx(0.5).epsilon(0.1));
    CHECK(removals[0].change < 0.25);
    CHECK(removals[2].change < 0.25);
  }
}
