// attention_replay [--for SECONDS] STREAM: plays a recorded input stream into the app under a real
// window (see event_replay.h), checks what it left behind and exits 0 only when every check passed.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "lesson/scene.h"
#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/host.h"
#include "replay/event_replay.h"

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--scenes") {
    // The registry's scene names, for the stream's scene switches (tests/smoke/native_monkey.sh).
    std::string names;
    for (const lesson::SceneModule* scene : lesson::Scenes()) names += (names.empty() ? "" : ",") + std::string(scene->name);
    std::printf("%s\n", names.c_str());
    return 0;
  }
  // --for SECONDS: the stream again and again for that long (tests/smoke/native_soak.sh).
  long seconds = 0;
  int first = 1;
  if (argc == 4 && std::string(argv[1]) == "--for") {
    char* end = nullptr;
    seconds = std::strtol(argv[2], &end, 10);
    if (end == argv[2] || *end != '\0' || seconds < 1 || seconds > 24 * 3600) {
      std::fprintf(stderr, "error: --for takes whole seconds from 1 to 86400, not \"%s\"\n", argv[2]);
      return 2;
    }
    first = 3;
  }
  if (argc != first + 1 || argv[first][0] == '-') {
    std::fputs(
        "usage: attention_replay [--for SECONDS] STREAM_FILE | --scenes\n"
        "  plays STREAM_FILE (written by tests/browser/monkey_stream.mjs) into the app as SDL\n"
        "  events, checks what the input left behind, prints the mirrors; exit 0 when every\n"
        "  check passed, 1 when one failed, 2 when the stream cannot be read\n"
        "  --for SECONDS plays the stream again from its start until SECONDS have gone by, then checks\n"
        "  --scenes prints the scenes' names, comma-separated, for the stream's scene switches\n",
        stderr);
    return 2;
  }
  std::vector<platform::StreamEvent> stream;
  std::string error;
  if (!platform::LoadEventStream(argv[first], &stream, &error)) {
    std::fprintf(stderr, "error: %s\n", error.c_str());
    return 2;
  }

  platform::AppOptions options;
  options.assets_dir = platform::DefaultLessonDir();
  platform::App app;
  if (!platform::AppInit(app, options)) return 1;
  platform::EventReplay replay(stream, static_cast<uint64_t>(seconds) * 1000);
  app.input_source = &replay;
  int exit_code = platform::RunMainLoop(app);
  app.input_source = nullptr;
  if (!replay.Finished()) {
    std::printf("replay: FAIL: the app stopped before the stream was played and checked\n");
    exit_code = 1;
  }
  return exit_code;
}
