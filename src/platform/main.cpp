// Entry point for the desktop app and the web widget. Natively the loop sleeps until an event;
// on the web the browser drives the same AppFrame through emscripten_set_main_loop.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "platform/app.h"
#include "platform/web_bridge.h"
#include "platform/window.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include <vector>

#include "replay/event_replay.h"
#endif

namespace {

platform::App& TheApp() {
  // Lives as long as the page on the web, where main returns while the loop goes on.
  static platform::App app;
  return app;
}

const char kUsage[] =
    "usage: attention_lesson [--scene NAME] [--state STATE] [--theme NAME] [--assets DIR] [--frames N] [--screenshot PATH] [--size WxH]\n"
    "                        [--replay-events FILE]\n"
    "  --scene NAME       open on compare, combine, mask, caveats, walkthrough or quiz\n"
    "  --state STATE      open a shared configuration (the widget link's #fragment)\n"
    "  --theme NAME       light or dark (default: the system's; natively ATTENTION_LESSON_THEME)\n"
    "  --assets DIR       read the lesson text (lesson.txt) from DIR instead of the built-in text\n"
    "  --frames N         draw N frames, then exit (for tests)\n"
    "  --screenshot PATH  with --frames: save the last frame as PNG\n"
    "  --size WxH         window size in pixels (default 1024x760)\n"
    "  --replay-events FILE  play a recorded input stream (tests/browser/monkey_stream.mjs) as SDL\n"
    "                     events, check what it left behind, print the mirrors, exit (for tests)\n";

bool ParseInt(const char* text, int lo, int hi, int* out) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < lo || value > hi) return false;
  *out = static_cast<int>(value);
  return true;
}

// Returns false (after printing why) when the arguments are not understood.
bool ParseOptions(int argc, char** argv, platform::AppOptions* options, std::string* replay_path) {
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
    } else if (arg == "--theme" && has_value) {
      options->theme = argv[++i];
      if (options->theme != "light" && options->theme != "dark") {
        std::fprintf(stderr, "error: --theme needs light or dark\n");
        return false;
      }
    } else if (arg == "--assets" && has_value) {
      options->assets_dir = argv[++i];
    } else if (arg == "--screenshot" && has_value) {
      options->screenshot_path = argv[++i];
    } else if (arg == "--size" && has_value) {
      const std::string size = argv[++i];
      const size_t x = size.find('x');
      if (x == std::string::npos || !ParseInt(size.substr(0, x).c_str(), 200, 8192, &options->width) ||
          !ParseInt(size.substr(x + 1).c_str(), 200, 8192, &options->height)) {
        std::fprintf(stderr, "error: --size needs WIDTHxHEIGHT, each from 200 to 8192\n");
        return false;
      }
    } else if (arg == "--replay-events" && has_value) {
      *replay_path = argv[++i];
    } else if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    } else {
      std::fprintf(stderr, "error: unknown or incomplete option '%s'\n%s", arg.c_str(), kUsage);
      return false;
    }
  }
  if (!options->screenshot_path.empty() && options->frames == 0) {
    std::fprintf(stderr, "error: --screenshot needs --frames N to know which frame to save\n");
    return false;
  }
  if (!replay_path->empty() && options->frames > 0) {
    std::fprintf(stderr, "error: --replay-events decides itself when to stop; leave out --frames\n");
    return false;
  }
  return true;
}

}  // namespace

#ifdef __EMSCRIPTEN__
// The page's way to set scene and state (embed API, postMessage): the URL-fragment encoding.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_apply_state(const char* fragment) {
  const bool applied = platform::AppApplyState(TheApp(), fragment ? fragment : "");
  platform::BridgeWake();
  return applied ? 1 : 0;
}

// Switches the scene without touching the rest of the learner's work.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_set_scene(const char* name) {
  const bool switched = platform::AppSetScene(TheApp(), name ? name : "");
  platform::BridgeWake();
  return switched ? 1 : 0;
}
#endif

int main(int argc, char** argv) {
  platform::AppOptions options;
  std::string replay_path;
  if (!ParseOptions(argc, argv, &options, &replay_path)) return 2;
#ifndef __EMSCRIPTEN__
  if (options.assets_dir.empty()) {
    const char* from_env = std::getenv("ATTENTION_LESSON_ASSETS");
    options.assets_dir = from_env ? from_env : ATTN_SOURCE_ASSETS_DIR;
  }
  std::vector<platform::StreamEvent> stream;
  if (!replay_path.empty()) {
    std::string error;
    if (!platform::LoadEventStream(replay_path, &stream, &error)) {
      std::fprintf(stderr, "error: --replay-events: %s\n", error.c_str());
      return 2;
    }
  }
#else
  if (!replay_path.empty()) std::fprintf(stderr, "warning: --replay-events is for the native app; ignored\n");
#endif

  platform::App& app = TheApp();
  if (!platform::AppInit(app, options)) return 1;
#ifdef __EMSCRIPTEN__
  emscripten_set_main_loop_arg([](void* arg) { platform::AppFrame(*static_cast<platform::App*>(arg)); }, &app, 0,
                               false);
  // The first frame now rather than at the next animation frame: everything it needs is here.
  platform::AppFrame(app);
  return 0;
#else
  platform::EventReplay replay(stream);
  if (!stream.empty()) app.input_source = &replay;
  while (app.running) {
    if (!platform::AppWantsFrame(app)) platform::WindowWaitEvent();
    platform::AppFrame(app);
  }
  platform::AppShutdown(app);
  app.input_source = nullptr;
  return app.exit_code;
#endif
}
