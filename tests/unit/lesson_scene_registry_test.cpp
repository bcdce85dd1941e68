#include <doctest/doctest.h>

#include <set>
#include <string>

#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"

using lesson::LessonState;
using lesson::Scene;

TEST_CASE("the registry holds every scene once, each at its id") {
  const auto& scenes = lesson::Scenes();
  REQUIRE(scenes.size() == static_cast<size_t>(lesson::kSceneCount));
  std::set<std::string> names;
  for (size_t i = 0; i < scenes.size(); ++i) {
    CAPTURE(scenes[i]->name);
    CHECK(static_cast<size_t>(scenes[i]->id) == i);
    CHECK(names.insert(scenes[i]->name).second);
    CHECK(std::string(scenes[i]->label_key) == std::string("widget.scene.") + scenes[i]->name);
    CHECK(lesson::FindScene(scenes[i]->name) == scenes[i]);
  }
  CHECK(lesson::FindScene("Mask") == nullptr);
  CHECK(lesson::FindScene("") == nullptr);
  // The list that warnings and --help name the scenes by: the registry's order, comma-separated.
  std::string list;
  for (const lesson::SceneModule* scene : scenes) list += (list.empty() ? "" : ", ") + std::string(scene->name);
  CHECK(lesson::SceneNameList() == list);
  CHECK(std::string(lesson::SceneName(LessonState().scene)) == scenes.front()->name);  // a fresh state opens the first
}

TEST_CASE("a scene's URL parameters are named after the scene and have a getter and a setter") {
  std::set<std::string> names;
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    for (const lesson::Param& param : scene->params()) {
      CAPTURE(param.name);
      CHECK(param.name.rfind(std::string(scene->name) + ".", 0) == 0);
      CHECK(names.insert(param.name).second);
      CHECK(static_cast<bool>(param.get));
      CHECK(static_cast<bool>(param.set));
      CHECK(param.lo <= param.hi);
    }
  }
}

TEST_CASE("each scene's reset undoes a change to that scene only") {
  LessonState state;
  lesson::SetCausal(state.mask, true);
  lesson::SetFirstValue(state.combine, 42.0);
  lesson::ResetScene(state, Scene::Mask);
  CHECK_FALSE(state.mask.causal);
  CHECK(state.combine.first_value == 42.0);
  lesson::ResetScene(state, Scene::Combine);
  CHECK(state.combine.first_value == 10.0);
}

TEST_CASE("link parts apply on top of a state, all or nothing") {
  LessonState state;
  lesson::SetFirstValue(state.combine, 42.0);
  std::string warning;
  REQUIRE(lesson::ApplyStateParts("mask.causal=1&caveats.removed=2", &state, &warning));
  CHECK(state.mask.causal);
  CHECK(state.caveats.removed[1]);
  CHECK(state.combine.first_value == 42.0);  // untouched: not in the parts

  CHECK_FALSE(lesson::ApplyStateParts("mask.padding=1&mask.future_row=9", &state, &warning));
  CHECK(warning == "mask.future_row: '9' is outside 1..5");
  CHECK_FALSE(state.mask.padding);  // nothing of a refused set is applied

  // A list replaces what the scene had, as decoding a whole link would.
  REQUIRE(lesson::ApplyStateParts("mask.cells=1.2", &state, &warning));
  REQUIRE(lesson::ApplyStateParts("mask.cells=3.4", &state, &warning));
  CHECK(lesson::EncodeState(state).find("mask.cells=4.5") == std::string::npos);
  CHECK(lesson::EncodeState(state).find("mask.cells=3.4") != std::string::npos);
}

TEST_CASE("every scene describes itself through the registry") {
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    LessonState state;
    state.scene = scene->id;
    CAPTURE(scene->name);
    CHECK(lesson::DescribeScene(state) == scene->describe(state));
    CHECK(lesson::DescribeTable(state).caption == scene->table(state).caption);
    CHECK_FALSE(lesson::DescribeScene(state).empty());
  }
}
