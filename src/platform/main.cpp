// Entry point for the desktop app and the web widget: the options, then the loop (main_loop.h),
// which natively sleeps until an event and on the web is driven by the browser.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <imgui.h>

#include "lesson/embed_options.h"
#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/host.h"
#ifndef __EMSCRIPTEN__
#include "platform/window_sdl.h"
#endif

namespace {

// What the command line asks for: the app's options, and what the desktop app sets up around them.
struct CommandLine {
  platform::AppOptions app;
  double zoom = 0.0;  // --zoom: window pixels a layout pixel takes (0: not asked, which is 1)
  std::string narration_times;  // --narration-times: a file of the narration's cue lengths
};

#ifndef __EMSCRIPTEN__
constexpr double kMinZoom = 1.0;  // --zoom's range
constexpr double kMaxZoom = 4.0;
#endif

platform::App& TheApp() {
  // Lives as long as the page on the web, where main returns while the loop goes on.
  static platform::App app;
  return app;
}

// The scene names come from the registry. The web widget has no command line to ask for help.
std::string Usage() {
#ifdef __EMSCRIPTEN__
  return "see attention_lesson --help natively\n";
#else
  return "usage: attention_lesson [--scene NAME] [--state STATE] [--theme NAME] [--scenes LIST] [--chrome full|menu|none]\n"
         "       [--controls LIST] [--locale en|es] [--corrections URL] [--predictions on|off] [--assets DIR]\n"
         "       [--frames N] [--screenshot PATH]\n"
         "       [--save-picture] [--size WxH] [--zoom N] [--record DIR [--fps N]] [--narration-times FILE]\n"
         "       [--staged-start] [--fit-height]\n"
         "  --scene NAME       open on one of: " +
         lesson::SceneNameList() +
         "\n"
         "  --state STATE      open a shared configuration (the widget link's #fragment)\n"
         "  --theme NAME       light, dark or auto (default: the system's; natively ATTENTION_LESSON_THEME)\n"
         "                     (ATTENTION_LESSON_CONTRAST=more: either with more contrast)\n"
         "  --scenes LIST      offer only these scenes, in this order (comma-separated)\n"
         "  --chrome NAME      full: the scene choice and the menu; menu: the menu alone; none: the scene\n"
         "                     alone, as a figure (default: full)\n"
         "  --controls LIST    the bar's buttons: reset, copy-link, save-picture, correction, all or none\n"
         "  --locale NAME      the widget's language: en (English) or es (Espa\xC3\xB1ol); es reads\n"
         "                     es/lesson.txt beside lesson.txt (--assets), its missing keys in English;\n"
         "                     qps: the pseudo-locale for testing layouts (longer, accented English)\n"
         "  --corrections URL  where \"Suggest a correction\" goes (https:, http: or mailto:)\n"
         "  --predictions on|off  each scene asks the learner to predict its result before showing it\n"
         "                     (default on); off shows the results at once\n"
         "  --assets DIR       read the lesson text (lesson.txt) from DIR instead of the built-in text\n"
         "  --frames N         draw N frames, then exit\n"
         "  --screenshot PATH  with --frames: save the last frame as PNG\n"
         "  --save-picture     with --frames: press Save picture on the last frame (a PNG at twice the\n"
         "                     window's size, attention-SCENE.png in the working directory)\n"
         "  --size WxH         window size in pixels (default 1024x760)\n"
         "  --zoom N           draw the widget N times larger, 1 to 4 (decimals allowed; default 1): laid\n"
         "                     out in a window of (W/N)x(H/N), text rasterized at N times its size, as on\n"
         "                     a screen of N times the density; 2.25 at 1920x1080 gives 38 px body text\n"
         "  --record DIR       play the lesson from its start into DIR (made if missing) as\n"
         "                     frame-000001.png ... and captions.vtt, then exit (scripts/render-video\n"
         "                     makes an MP4 of them)\n"
         "  --fps N            frames a second of --record, 1 to 60 (default 30)\n"
         "  --narration-times FILE\n"
         "                     time each sentence of the walkthrough by its narration's audio: FILE has a\n"
         "                     line per cue, ID<TAB>SECONDS<TAB>TEXT (scripts/narration/soundtrack.mjs\n"
         "                     times makes it from the narration's cues.json); with --record, the\n"
         "                     captions.vtt names each cue by its ID\n"
         "  --staged-start     web: wait for the loader's attn_prepare ... attn_start calls\n"
         "  --fit-height       no scrollbar: the page makes the widget as tall as its content\n";
#endif
}

bool ParseInt(const char* text, int lo, int hi, int* out) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < lo || value > hi) return false;
  *out = static_cast<int>(value);
  return true;
}

#ifndef __EMSCRIPTEN__
// Written so that NaN fails too.
bool ParseNumber(const char* text, double lo, double hi, double* out) {
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(value >= lo && value <= hi)) return false;
  *out = value;
  return true;
}
#endif

// Returns false (after printing why) when the arguments are not understood.
bool ParseOptions(int argc, char** argv, CommandLine* command_line) {
  platform::AppOptions* options = &command_line->app;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--frames" && has_value) {
      if (!ParseInt(argv[++i], 1, 1000000, &options->frames)) {
        std::fprintf(stderr, "error: --frames needs a whole number from 1 to 1000000\n");
        return false;
      }
    } else if (arg == "--scene" && has_value) {
      options->scene = argv[++i];
    } else if (arg == "--state" && has_value) {
      options->state = argv[++i];
    } else if (arg.compare(0, 2, "--") == 0 && lesson::IsEmbedOption(arg.substr(2)) && has_value) {
      // An author's option: a bad value is ignored with a warning, as in an embed.
      std::string warning;
      if (!lesson::SetEmbedOption(options->embed, arg.substr(2), argv[++i], &warning)) {
        std::fprintf(stderr, "warning: %s\n", warning.c_str());
      }
    } else if (arg == "--assets" && has_value) {
      options->assets_dir = argv[++i];
    } else if (arg == "--screenshot" && has_value) {
      options->screenshot_path = argv[++i];
#ifndef __EMSCRIPTEN__
    } else if (arg == "--save-picture") {  // the web widget has its button only
      options->save_picture = true;
    } else if (arg == "--zoom" && has_value) {  // the web widget follows the page's zoom
      if (!ParseNumber(argv[++i], kMinZoom, kMaxZoom, &command_line->zoom)) {
        std::fprintf(stderr, "error: --zoom needs a number from 1 to 4, such as 2 or 2.25\n");
        return false;
      }
    } else if (arg == "--narration-times" && has_value) {
      command_line->narration_times = argv[++i];
#endif
    } else if (arg == "--size" && has_value) {
      const std::string size = argv[++i];
      const size_t x = size.find('x');
      if (x == std::string::npos || !ParseInt(size.substr(0, x).c_str(), 200, 8192, &options->width) ||
          !ParseInt(size.substr(x + 1).c_str(), 200, 8192, &options->height)) {
        std::fprintf(stderr, "error: --size needs WIDTHxHEIGHT, each from 200 to 8192\n");
        return false;
      }
    } else if (arg == "--record" && has_value) {
      options->record_dir = argv[++i];
    } else if (arg == "--fps" && has_value) {
      if (!ParseInt(argv[++i], 1, 60, &options->record_fps)) {
        std::fprintf(stderr, "error: --fps needs a whole number from 1 to 60\n");
        return false;
      }
    } else if (arg == "--staged-start") {
      options->staged_start = true;
    } else if (arg == "--fit-height") {
      options->fit_height = true;
    } else if (arg == "--help" || arg == "-h") {
      std::fputs(Usage().c_str(), stdout);
      std::exit(0);
    } else {
      std::fprintf(stderr, "error: unknown or incomplete option '%s'\n%s", arg.c_str(), Usage().c_str());
      return false;
    }
  }
  if (!options->record_dir.empty() && options->frames > 0) {
    std::fprintf(stderr, "error: --record plays the whole lesson: it takes no --frames\n");
    return false;
  }
  if (!options->screenshot_path.empty() && options->frames == 0) {
    std::fprintf(stderr, "error: --screenshot needs --frames N to know which frame to save\n");
    return false;
  }
  if (options->save_picture && options->frames == 0) {
    std::fprintf(stderr, "error: --save-picture needs --frames N to know which frame to save\n");
    return false;
  }
  return true;
}

#ifndef __EMSCRIPTEN__
// Hands the narration's cue lengths in `path` to the app (--narration-times). False, after saying
// why, when the file cannot be read: a film timed otherwise would not match its voice.
bool SetNarrationTimes(platform::App& app, const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream lines;
  lines << file.rdbuf();
  if (!file) {
    std::fprintf(stderr, "error: could not read the narration's cue times from %s\n", path.c_str());
    return false;
  }
  const int timed = platform::AppSetNarrationAudio(app, lines.str());
  std::printf("narration: %d cues timed by their audio\n", timed);
  return true;
}

// Says how large the zoomed widget's text is drawn, for whoever checks a video's legibility: the
// size the widget is laid out at, and the body font's size in the framebuffer's pixels (its glyphs
// are rasterized at that size and drawn one texel a pixel).
void ReportZoom(const platform::App& app, double zoom) {
  const double body_pixels = app.ui.fonts.body ? static_cast<double>(app.ui.fonts.body->FontSize) : 0.0;
  std::printf("zoom %g: laid out at %.0fx%.0f, body text %.2f px\n", zoom, app.options.width / zoom,
              app.options.height / zoom, body_pixels);
}
#endif

}  // namespace

int main(int argc, char** argv) {
  CommandLine command_line;
  if (!ParseOptions(argc, argv, &command_line)) return 2;
  platform::AppOptions& options = command_line.app;
  if (options.assets_dir.empty()) options.assets_dir = platform::DefaultLessonDir();
#ifndef __EMSCRIPTEN__
  if (command_line.zoom > 0.0) platform::WindowSetZoom(static_cast<float>(command_line.zoom));
#endif
  platform::App& app = TheApp();
  if (!platform::AppInit(app, options)) return 1;
#ifndef __EMSCRIPTEN__
  if (command_line.zoom > 0.0) ReportZoom(app, command_line.zoom);
  if (!command_line.narration_times.empty() && !SetNarrationTimes(app, command_line.narration_times)) {
    platform::AppShutdown(app);
    return 1;
  }
#endif
  return platform::RunMainLoop(app);
}
