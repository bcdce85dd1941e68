#pragma once
// What an author chooses about an embedded widget, beyond its state: which scenes its bar offers
// and in what order, whether it has a bar at all, which of the bar's buttons show, its theme, its
// language and where corrections go. One table (embed_options.cpp) names them for every way a
// widget is made: the custom element's attributes (<attention-widget scenes="combine,quiz">), the
// data-attributes of a div embed (data-scenes), widget.html's URL parameters (?scenes=) and the
// native app's flags (--scenes). A wrong name or value is ignored with one warning that names the
// option, the value and what it takes; the widget starts all the same.

#include <string>
#include <vector>

#include "lesson/scene.h"

namespace lesson {

struct LessonState;

// The buttons of the scene bar an author may leave out (`controls`), as bits.
enum Control : unsigned {
  kControlReset = 1u << 0,        // "Reset all"
  kControlCopyLink = 1u << 1,     // "Copy link"
  kControlSavePicture = 1u << 2,  // "Save picture"
  kControlCorrection = 1u << 3,   // "Suggest a correction" (shown only where corrections go somewhere)
  kControlKeys = 1u << 4,         // "Keys": the keyboard's keys, as ? shows them
};
constexpr unsigned kAllControls =
    kControlReset | kControlCopyLink | kControlSavePicture | kControlCorrection | kControlKeys;

// The longest value an option takes (a state is capped the same, kStateFragmentMaxLength).
constexpr size_t kEmbedOptionMaxLength = 4096;

struct EmbedOptions {
  std::vector<Scene> scenes;         // the scenes offered, in the bar's order; empty: all, in the registry's order
  bool chrome = true;                // false (chrome="none"): no bar, the scene alone as a figure
  bool scene_choice = true;          // false (chrome="menu"): the bar without the scene choice (a page's section)
  unsigned controls = kAllControls;  // the bar's buttons shown (Control bits)
  std::string theme;                 // "light" or "dark"; empty: the system's
  std::string locale = "en";         // the language of the widget's words
  std::string corrections;           // an http(s) or mailto URL where corrections go; empty: none
  // Each scene asks the learner to predict its result before showing it (lesson/predictions); off
  // (predictions="off"): the results show at once, as where the page's own text asks first.
  bool predictions = true;
};

// Whether `name` is one of the options: "scenes", "chrome", "controls", "theme", "locale",
// "corrections", "predictions". (The start scene and the state are read where they always were: --scene, --state.)
bool IsEmbedOption(const std::string& name);

// Sets option `name` from its text. A value that is not one the option takes leaves it as it was,
// returns false and says why in *warning: the option, the value (cut to a few dozen characters)
// and the values it takes. An unknown name is refused the same way.
bool SetEmbedOption(EmbedOptions& options, const std::string& name, const std::string& value, std::string* warning);

// The scenes the widget offers, in its bar's order (all of them when options.scenes is empty).
std::vector<Scene> OfferedScenes(const EmbedOptions& options);
bool IsOffered(const EmbedOptions& options, Scene scene);

// Where a "Suggest a correction" goes, with a report of what the learner saw in `state`: the scene,
// `link` (which opens the widget in that state) and the mirror's sentence. A mailto address gets
// them as its subject and body; a web address with "{report}" in it gets the report there
// (percent-encoded), any other web address as a `report` query parameter. Empty when corrections
// go nowhere.
std::string CorrectionUrl(const EmbedOptions& options, const LessonState& state, const std::string& link);

}  // namespace lesson
