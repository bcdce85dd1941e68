#include <doctest/doctest.h>

#include <string>

#include "lesson/builtin_text.h"
#include "lesson/embed_options.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"

using lesson::EmbedOptions;
using lesson::Scene;

namespace {

// The warning SetEmbedOption gives for `value`, or "accepted".
std::string Refusal(EmbedOptions& options, const std::string& name, const std::string& value) {
  std::string warning;
  return lesson::SetEmbedOption(options, name, value, &warning) ? std::string("accepted") : warning;
}

bool Mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("scenes takes a subset of the scenes in the author's order") {
  EmbedOptions options;
  CHECK(lesson::OfferedScenes(options).size() == static_cast<size_t>(lesson::kSceneCount));
  CHECK(Refusal(options, "scenes", "quiz, combine") == "accepted");
  REQUIRE(lesson::OfferedScenes(options).size() == 2);
  CHECK(lesson::OfferedScenes(options)[0] == Scene::Quiz);
  CHECK(lesson::OfferedScenes(options)[1] == Scene::Combine);
  CHECK(lesson::IsOffered(options, Scene::Combine));
  CHECK_FALSE(lesson::IsOffered(options, Scene::Mask));
}

TEST_CASE("a bad scenes list is ignored whole, and the warning names the option, the value and the scenes") {
  EmbedOptions options;
  options.scenes = {Scene::Mask};
  for (const char* bad : {"combine,nope", "", "combine,,quiz", "quiz,quiz", "Combine"}) {
    CAPTURE(bad);
    const std::string warning = Refusal(options, "scenes", bad);
    CHECK(Mentions(warning, "scenes="));
    CHECK(Mentions(warning, lesson::SceneNameList()));  // the registry's names, in its order
    REQUIRE(options.scenes.size() == 1);
    CHECK(options.scenes[0] == Scene::Mask);
  }
  CHECK(Mentions(Refusal(options, "scenes", "combine,nope"), "\"nope\" is not a scene"));
  CHECK(Mentions(Refusal(options, "scenes", "quiz,quiz"), "\"quiz\" is named twice"));
}

TEST_CASE("chrome, theme and locale take their listed values only") {
  EmbedOptions options;
  CHECK(Refusal(options, "chrome", "none") == "accepted");
  CHECK_FALSE(options.chrome);
  CHECK(Mentions(Refusal(options, "chrome", "hidden"), "full, menu or none"));
  CHECK_FALSE(options.chrome);
  CHECK(Refusal(options, "chrome", "menu") == "accepted");
  CHECK(options.chrome);
  CHECK_FALSE(options.scene_choice);
  CHECK(Refusal(options, "chrome", "full") == "accepted");
  CHECK(options.chrome);
  CHECK(options.scene_choice);

  CHECK(Refusal(options, "theme", "dark") == "accepted");
  CHECK(options.theme == "dark");
  CHECK(Mentions(Refusal(options, "theme", "purple"), "light, dark or auto"));
  CHECK(options.theme == "dark");
  CHECK(Refusal(options, "theme", "auto") == "accepted");
  CHECK(options.theme.empty());

  CHECK(Refusal(options, "locale", "es") == "accepted");
  CHECK(options.locale == "es");
  CHECK(Refusal(options, "locale", "en") == "accepted");
  const std::string refused = Refusal(options, "locale", "xx");
  CHECK(Mentions(refused, "locale=\"xx\""));
  CHECK(Mentions(refused, "one of en, es"));
  CHECK(options.locale == "en");
  CHECK(Refusal(options, "locale", "ES") != "accepted");  // codes are lower case, as the folders are
}

TEST_CASE("controls lists the bar's buttons to show, or all, or none") {
  EmbedOptions options;
  CHECK(options.controls == lesson::kAllControls);
  CHECK(Refusal(options, "controls", "reset, save-picture") == "accepted");
  CHECK(options.controls == (lesson::kControlReset | lesson::kControlSavePicture));
  CHECK(Refusal(options, "controls", "none") == "accepted");
  CHECK(options.controls == 0u);
  const std::string warning = Refusal(options, "controls", "reset,share");
  CHECK(Mentions(warning, "\"share\" is not a control"));
  CHECK(Mentions(warning, "reset, copy-link, save-picture, correction"));
  CHECK(options.controls == 0u);
  CHECK(Refusal(options, "controls", "all") == "accepted");
  CHECK(options.controls == lesson::kAllControls);
}

TEST_CASE("corrections takes web and mail addresses only") {
  EmbedOptions options;
  for (const char* good : {"https://lessons.example.org/fix", "HTTP://a.example", "mailto:author@example.org",
                           "mailto:?subject=x"}) {
    CAPTURE(good);
    CHECK(Refusal(options, "corrections", good) == "accepted");
    CHECK(options.corrections == good);
  }
  options.corrections = "mailto:a@example.org";
  for (const char* bad : {"javascript:alert(1)", "data:text/html,<b>x</b>", "https://", "https:///x", "//a.example",
                          "https://a.example/ x", "https://a.example/\"><script>", "ftp://a.example", ""}) {
    CAPTURE(bad);
    CHECK(Mentions(Refusal(options, "corrections", bad), "https:, http: or mailto:"));
    CHECK(options.corrections == "mailto:a@example.org");
  }
}

TEST_CASE("unknown names, hostile lengths and control characters get a short, clean warning") {
  EmbedOptions options;
  const std::string unknown = Refusal(options, "colour", "red");
  CHECK(Mentions(unknown, "no such option"));
  CHECK(Mentions(unknown, "scenes, chrome, controls, theme, locale, corrections"));

  const std::string huge(1 << 20, 'x');
  const std::string warning = Refusal(options, "scenes", huge);
  CHECK(Mentions(warning, "longer than 4096"));
  CHECK(warning.size() < 200);

  const std::string forged = Refusal(options, "theme", "dark\nwarning: all is well");
  CHECK(forged.find('\n') == std::string::npos);
  CHECK(options.theme.empty());
}

TEST_CASE("a correction carries the scene, the link to what the learner saw and the mirror's sentence") {
  lesson::TextStore& text = lesson::LessonText();
  if (!text.Has("widget.scene.combine")) {
    text.Clear();
    lesson::LoadBuiltInText(text);
  }
  lesson::LessonState state;
  state.scene = Scene::Combine;
  EmbedOptions options;
  CHECK(lesson::CorrectionUrl(options, state, "https://w.example/widget.html#scene=combine").empty());

  options.corrections = "mailto:author@example.org";
  const std::string mail = lesson::CorrectionUrl(options, state, "https://w.example/widget.html#scene=combine");
  CHECK(mail.rfind("mailto:author@example.org?subject=", 0) == 0);
  CHECK(Mentions(mail, "&body="));
  CHECK(Mentions(mail, "https%3A%2F%2Fw.example%2Fwidget.html%23scene%3Dcombine"));
  CHECK(Mentions(mail, "Combine"));
  CHECK(mail.find(' ') == std::string::npos);

  options.corrections = "https://forms.example/fix?lesson=attention#top";
  const std::string web = lesson::CorrectionUrl(options, state, "L");
  CHECK(web.rfind("https://forms.example/fix?lesson=attention&report=", 0) == 0);
  CHECK(web.size() > 60);
  CHECK(web.substr(web.size() - 4) == "#top");

  options.corrections = "https://tracker.example/new?body={report}&labels=lesson";
  const std::string slot = lesson::CorrectionUrl(options, state, "L");
  CHECK(slot.rfind("https://tracker.example/new?body=What%20the%20attention%20widget", 0) == 0);
  CHECK(Mentions(slot, "&labels=lesson"));
}

TEST_CASE("predictions takes on or off; a link does not change it") {
  EmbedOptions options;
  CHECK(options.predictions);
  CHECK(Refusal(options, "predictions", "off") == "accepted");
  CHECK_FALSE(options.predictions);
  CHECK(Mentions(Refusal(options, "predictions", "no"), "on or off"));
  CHECK_FALSE(options.predictions);
  CHECK(Refusal(options, "predictions", "on") == "accepted");
  CHECK(options.predictions);
  // The author's choice rides on the state, which a link replaces: the choice stays.
  lesson::LessonState state;
  state.predictions.ask = false;
  std::string warning;
  REQUIRE(lesson::DecodeState("scene=mask", &state, &warning));
  CHECK_FALSE(state.predictions.ask);
}
