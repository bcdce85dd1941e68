// Entry point for the desktop app and the web widget: the options, then the loop (main_loop.h),
// which natively sleeps until an event and on the web is driven by the browser.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "lesson/embed_options.h"
#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/host.h"

namespace {

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
         "       [--controls LIST] [--locale en|es] [--corrections URL] [--assets DIR] [--frames N] [--screenshot PATH]\n"
         "       [--save-picture] [--size WxH] [--record DIR [--fps N]] [--staged-start] [--fit-height]\n"
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
         "  --assets DIR       read the lesson text (lesson.txt) from DIR instead of the built-in text\n"
         "  --frames N         draw N frames, then exit\n"
         "  --screenshot PATH  with --frames: save the last frame as PNG\n"
         "  --save-picture     with --frames: press Save picture on the last frame (a PNG at twice the\n"
         "                     window's size, attention-SCENE.png in the working directory)\n"
         "  --size WxH         window size in pixels (default 1024x760)\n"
         "  --record DIR       play the lesson from its start into DIR (made if missing) as\n"
         "                     frame-000001.png ... and captions.vtt, then exit (scripts/render-video\n"
         "                     makes an MP4 of them)\n"
         "  --fps N            frames a second of --record, 1 to 60 (default 30)\n"
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

// Returns false (after printing why) when the arguments are not understood.
bool ParseOptions(int argc, char** argv, platform::AppOptions* options) {
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

}  // namespace

int main(int argc, char** argv) {
  platform::AppOptions options;
  if (!ParseOptions(argc, argv, &options)) return 2;
  if (options.assets_dir.empty()) options.assets_dir = platform::DefaultLessonDir();
  platform::App& app = TheApp();
  if (!platform::AppInit(app, options)) return 1;
  return platform::RunMainLoop(app);
}
