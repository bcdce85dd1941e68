#pragma once
// The scene registry: every scene of the lesson, in the order the scene bar shows them, with what
// the rest of the program needs of it (its name, its label, its reset, its description for the
// accessible mirror, its URL parameters). The state codec, the mirror, reset, the scene bar, the
// native --scene flag and the web loader all read this table; the panels (src/ui/panels.cpp) and
// the stills (src/tools/attention_stills.cpp) expand ATTN_SCENES below; the browser tests and the
// monkey ask the widget for the names. ATTN_SCENES is the one list of the scenes.
//
// A scene lives in src/lesson/scenes/NAME/: its state, setters and compute (NAME.h, NAME.cpp) and
// its module (NAME_module.cpp: description, number table, parameters, the SceneModule below).
// Adding one: a folder there, its id in ATTN_SCENES, a member of LessonState (lesson_state.h), its
// panel in src/ui/ with its ScenePanel, its still, and its section of assets/lesson/lesson.txt and
// of each locale's (docs/architecture.md walks through it).

#include <string>
#include <utility>
#include <vector>

namespace lesson {

struct LessonState;

// Every scene, in the scene bar's order, as X(Id): its id is Scene::Id, its module kIdModule (in
// its folder), its panel ui::kIdPanel, its still kIdStill. What needs every scene expands this.
#define ATTN_SCENES(X) X(Compare) X(Combine) X(Mask) X(Caveats) X(Learn) X(Heads) X(Walkthrough) X(Quiz)

// The scenes a build offers (its scene set). The native app, the tools and the tests offer every
// scene: Scenes() below, from src/lesson/scene_list.cpp. On the web each widget module is a
// download of its own within the same budget, so each offers a set: the lesson's widget
// (attention_widget) the lesson's scenes, the Go-further widget (attention_heads) the Heads scene.
// A module's executable compiles src/platform/scene_set.cpp with its set, which defines Scenes()
// and the panels; the linker then leaves the other scenes out of it.
#define ATTN_LESSON_SCENES(X) X(Compare) X(Combine) X(Mask) X(Caveats) X(Learn) X(Walkthrough) X(Quiz)
#define ATTN_FURTHER_SCENES(X) X(Heads)

// Scene ids, in the registry's order (scene.cpp checks that each module sits at its id).
#define ATTN_SCENE_ID(Id) Id,
enum class Scene { ATTN_SCENES(ATTN_SCENE_ID) };
#undef ATTN_SCENE_ID
#define ATTN_SCENE_ONE(Id) +1
constexpr int kSceneCount = 0 ATTN_SCENES(ATTN_SCENE_ONE);
#undef ATTN_SCENE_ONE

// The current numbers of a scene, as a table a screen reader can browse.
struct MirrorTable {
  std::string caption;                         // what the table shows, with the output if any
  std::vector<std::string> columns;            // column headings
  std::vector<std::vector<std::string>> rows;  // one entry per column in every row
};

// [SECTION] URL parameters

// The form a parameter's value takes in a link; the codec parses and writes each form.
enum class ParamForm {
  Flag,     // 0 or 1
  Number,   // a decimal, written clamped into lo..hi
  Pair,     // two decimals A,B, each written clamped into lo..hi
  Index,    // a whole number in lo..hi (positions count from 1, as the widget shows them)
  Indices,  // a list N,N,... of distinct whole numbers in 1..hi, at most hi entries
  Cells,    // a list R.C,R.C,... of distinct cells of a hi × hi grid, counted from 1
  Text,     // percent-encoded UTF-8 without control characters, at most hi bytes
};

// A parameter's value, in the field its form uses.
struct ParamValue {
  bool flag = false;                       // Flag
  double x = 0.0;                          // Number; Pair's first
  double y = 0.0;                          // Pair's second
  int index = 0;                           // Index, counted from 1
  std::vector<int> indices;                // Indices, counted from 1, ascending
  std::vector<std::pair<int, int>> cells;  // Cells: (row, column), counted from 1, row by row
  std::string text;                        // Text
};

// One URL parameter: a row of a scene's table. `get` gives the value a link carries (false: the
// state holds nothing a link can carry, e.g. a non-finite number or an unpicked choice); a link
// holds the parameter only when its value differs from a fresh state's. `set` applies a parsed
// value through the scene's setters; false refuses it (with *why, or the codec's own message).
struct Param {
  std::string name;  // in the link, "mask.cells"
  ParamForm form;
  double lo;  // range, see ParamForm
  double hi;
  int item;  // which key, question, ... the row is about (0-based), handed to get and set
  bool (*get)(const LessonState& state, int item, ParamValue* value);
  bool (*set)(LessonState& state, int item, const ParamValue& value, std::string* why);
};

// [SECTION] Modules

struct SceneModule {
  Scene id;
  const char* name;                                   // in links, --scene and the page API: "mask"
  const char* label_key;                              // the scene bar's label in lesson.txt: "widget.scene.mask"
  void (*reset)(LessonState& state);                  // the scene as it opens
  std::string (*describe)(const LessonState& state);  // the live region's sentences
  MirrorTable (*table)(const LessonState& state);     // the mirror's table
  std::vector<Param> (*params)();                     // URL parameters, in the order a link writes them
  // A scene whose model trains in front of the learner: whether it has work for the clock now
  // (training, or catching up with a link's step), and the clock moving it on by `seconds` of
  // real time (true when it moved). Null for a scene that nothing moves on its own.
  bool (*busy)(const LessonState& state);
  bool (*advance)(LessonState& state, double seconds);
};

// Whether a scene of this build has work for the clock (SceneModule::busy).
bool AnySceneBusy(const LessonState& state);
// Moves every such scene on by `seconds`; true when one moved.
bool AdvanceScenes(LessonState& state, double seconds);

#define ATTN_SCENE_MODULE(Id) extern const SceneModule k##Id##Module;
ATTN_SCENES(ATTN_SCENE_MODULE)
#undef ATTN_SCENE_MODULE

// The scenes this build offers, in the scene bar's order (see ATTN_LESSON_SCENES above).
const std::vector<const SceneModule*>& Scenes();
// Whether this build offers `scene`.
bool IsRegistered(Scene scene);
// The module of `scene`; the first offered scene's for one this build does not offer (or an id
// out of range, only in a state filled by hand).
const SceneModule& ModuleOf(Scene scene);
// The module named `name`, or null.
const SceneModule* FindScene(const std::string& name);

// The scene's name, as in links: ModuleOf(scene).name.
const char* SceneName(Scene scene);
// Parses a scene name (as SceneName gives it); false when unknown.
bool ParseScene(const std::string& name, Scene* scene);
// The scenes' names, comma-separated, in order ("compare, combine, ..."): for usage texts and warnings.
std::string SceneNameList();

}  // namespace lesson
