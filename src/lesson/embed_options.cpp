#include "lesson/embed_options.h"

#include <algorithm>

#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"

namespace lesson {

namespace {

// A value as a warning quotes it: at most a few dozen characters, control characters as '?', so a
// hostile megabyte or a line break cannot flood or forge the console.
std::string Quote(const std::string& value) {
  constexpr size_t kShown = 40;
  std::string shown;
  for (size_t i = 0; i < value.size() && i < kShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(value[i]);
    shown += c < 0x20 || c == 0x7F ? '?' : value[i];
  }
  // Cut on a character boundary: no half of a UTF-8 sequence at the end.
  if (value.size() > kShown) {
    while (!shown.empty() && (static_cast<unsigned char>(shown.back()) & 0xC0) == 0x80) shown.pop_back();
    if (!shown.empty() && (static_cast<unsigned char>(shown.back()) & 0x80)) shown.pop_back();
    shown += "...";
  }
  return "\"" + shown + "\"";
}

// The comma-separated items of a list value, spaces around each removed; an empty item stays
// (and is refused by the option).
std::vector<std::string> Items(const std::string& value) {
  std::vector<std::string> items;
  size_t begin = 0;
  for (;;) {
    const size_t comma = value.find(',', begin);
    std::string item = value.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
    const size_t first = item.find_first_not_of(" \t");
    const size_t last = item.find_last_not_of(" \t");
    items.push_back(first == std::string::npos ? std::string() : item.substr(first, last - first + 1));
    if (comma == std::string::npos) return items;
    begin = comma + 1;
  }
}

struct ControlName {
  const char* name;
  Control bit;
};
constexpr ControlName kControls[] = {
    {"reset", kControlReset},           {"copy-link", kControlCopyLink}, {"save-picture", kControlSavePicture},
    {"correction", kControlCorrection}, {"keys", kControlKeys},
};
constexpr char kControlList[] = "reset, copy-link, save-picture, correction, keys (or all, or none)";

// Each option: its name, what it takes (for the warning) and how its text is read; a reader
// returns false with *why for a value it refuses.
struct Option {
  const char* name;
  const char* takes;  // empty: the reader says it in *why
  bool (*read)(EmbedOptions& options, const std::string& value, std::string* why);
};

bool ReadScenes(EmbedOptions& options, const std::string& value, std::string* why) {
  std::vector<Scene> scenes;
  for (const std::string& item : Items(value)) {
    Scene scene;
    if (!ParseScene(item, &scene)) {
      *why = item.empty() ? "an empty name" : Quote(item) + " is not a scene";
      return false;
    }
    if (std::find(scenes.begin(), scenes.end(), scene) != scenes.end()) {
      *why = Quote(item) + " is named twice";
      return false;
    }
    scenes.push_back(scene);
  }
  options.scenes = scenes;
  return true;
}

bool ReadChrome(EmbedOptions& options, const std::string& value, std::string*) {
  if (value != "full" && value != "menu" && value != "none") return false;
  options.chrome = value != "none";
  options.scene_choice = value == "full";
  return true;
}

bool ReadControls(EmbedOptions& options, const std::string& value, std::string* why) {
  if (value == "all" || value == "none") {
    options.controls = value == "all" ? kAllControls : 0u;
    return true;
  }
  unsigned controls = 0;
  for (const std::string& item : Items(value)) {
    const auto found = std::find_if(std::begin(kControls), std::end(kControls),
                                    [&](const ControlName& control) { return item == control.name; });
    if (found == std::end(kControls)) {
      *why = item.empty() ? "an empty name" : Quote(item) + " is not a control";
      return false;
    }
    controls |= found->bit;
  }
  options.controls = controls;
  return true;
}

bool ReadTheme(EmbedOptions& options, const std::string& value, std::string*) {
  if (value != "light" && value != "dark" && value != "auto") return false;
  options.theme = value == "auto" ? "" : value;
  return true;
}

bool ReadPredictions(EmbedOptions& options, const std::string& value, std::string*) {
  if (value != "on" && value != "off") return false;
  options.predictions = value == "on";
  return true;
}

bool ReadLocale(EmbedOptions& options, const std::string& value, std::string*) {
  if (!IsLocale(value) && value != kPseudoLocale) return false;
  options.locale = value;
  return true;
}

// The first `n` characters of `text`, in lower case (a URL's scheme is case-insensitive).
std::string LowerPrefix(const std::string& text, size_t n) {
  std::string lower = text.substr(0, n);
  for (char& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
  return lower;
}

// Only web and mail addresses: a javascript: or data: URL would run or show what the author did
// not write. No spaces, quotes, angle brackets or control characters (a URL has them percent-encoded).
bool ReadCorrections(EmbedOptions& options, const std::string& value, std::string*) {
  const std::string scheme = LowerPrefix(value, 8);
  const size_t rest = scheme == "https://"                                                           ? 8
                      : scheme.compare(0, 7, "http://") == 0 || scheme.compare(0, 7, "mailto:") == 0 ? 7
                                                                                                     : 0;
  if (rest == 0 || value.size() <= rest || value[rest] == '/') return false;
  for (char c : value) {
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7F || c == '"' || c == '<' || c == '>' || c == '\\')
      return false;
  }
  options.corrections = value;
  return true;
}

const Option kOptions[] = {
    {"scenes", "", ReadScenes},     {"chrome", "full, menu or none", ReadChrome},
    {"controls", "", ReadControls}, {"theme", "light, dark or auto", ReadTheme},
    {"locale", "", ReadLocale},     {"corrections", "an https:, http: or mailto: URL without spaces", ReadCorrections},
    {"predictions", "on or off", ReadPredictions},
};

}  // namespace

bool IsEmbedOption(const std::string& name) {
  return std::any_of(std::begin(kOptions), std::end(kOptions),
                     [&](const Option& option) { return name == option.name; });
}

bool SetEmbedOption(EmbedOptions& options, const std::string& name, const std::string& value, std::string* warning) {
  const auto found =
      std::find_if(std::begin(kOptions), std::end(kOptions), [&](const Option& option) { return name == option.name; });
  std::string why;
  if (found == std::end(kOptions)) {
    why = "no such option; the options are scene, state";
    for (const Option& option : kOptions) why += std::string(", ") + option.name;
  } else if (value.size() > kEmbedOptionMaxLength) {
    why = "it is longer than " + std::to_string(kEmbedOptionMaxLength) + " characters";
  } else if (found->read(options, value, &why)) {
    return true;
  } else {
    const std::string takes = found->takes[0] != '\0'     ? found->takes
                              : found->read == ReadLocale ? "one of " + LocaleCodes()
                              : found->read == ReadScenes ? "a comma-separated list of " + SceneNameList()
                                                          : std::string("a comma-separated list of ") + kControlList;
    why = (why.empty() ? "" : why + "; ") + "it takes " + takes;
  }
  if (warning) *warning = "ignoring option " + name.substr(0, 40) + "=" + Quote(value) + ": " + why;
  return false;
}

std::vector<Scene> OfferedScenes(const EmbedOptions& options) {
  if (!options.scenes.empty()) return options.scenes;
  std::vector<Scene> all;
  for (const SceneModule* module : Scenes()) all.push_back(module->id);
  return all;
}

bool IsOffered(const EmbedOptions& options, Scene scene) {
  if (options.scenes.empty()) return IsRegistered(scene);
  return std::find(options.scenes.begin(), options.scenes.end(), scene) != options.scenes.end();
}

std::string CorrectionUrl(const EmbedOptions& options, const LessonState& state, const std::string& link) {
  const std::string& url = options.corrections;
  if (url.empty()) return url;
  const std::string& scene_label = T(ModuleOf(state.scene).label_key);
  const std::string report =
      Fill(T("widget.correction_report"), {{"scene", scene_label}, {"link", link}}) + "\n\n" + DescribeScene(state);
  if (LowerPrefix(url, 7) == "mailto:") {
    const char join = url.find('?') == std::string::npos ? '?' : '&';
    return url + join + "subject=" + PercentEncode(Fill(T("widget.correction_subject"), {{"scene", scene_label}})) +
           "&body=" + PercentEncode(report + "\n\n" + T("widget.correction_ask") + "\n");
  }
  const size_t slot = url.find("{report}");
  if (slot != std::string::npos) return std::string(url).replace(slot, 8, PercentEncode(report));
  // The report goes into the query, before any #fragment.
  const size_t hash = std::min(url.find('#'), url.size());
  const char join = url.find('?') < hash ? '&' : '?';
  return url.substr(0, hash) + join + "report=" + PercentEncode(report) + url.substr(hash);
}

}  // namespace lesson
