#pragma once
// The lesson's scenes, in the order the tab bar shows them, and their names in URLs and flags.

#include <string>

namespace lesson {

enum class Scene { Compare, Combine, Mask, Caveats, Walkthrough, Quiz };
constexpr int kSceneCount = 6;

// "compare", "combine", "mask", "caveats", "walkthrough", "quiz".
const char* SceneName(Scene scene);
// Parses a scene name (as SceneName gives it); false when unknown.
bool ParseScene(const std::string& name, Scene* scene);

}  // namespace lesson
