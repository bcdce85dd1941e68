// attention_replay STREAM: plays a recorded input stream into the app under a real window (see
// event_replay.h), checks what it left behind and exits 0 only when every check passed.

#include <cstdio>
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
  if (argc != 2 || argv[1][0] == '-') {
    std::fputs(
        "usage: attention_replay STREAM_FILE | --scenes\n"
        "  plays STREAM_FILE (written by tests/browser/monkey_stream.mjs) into the app as SDL\n"
        "  events, checks what the input left behind, prints the mirrors; exit 0 when every\n"
        "  check passed, 1 when one failed, 2 when the stream cannot be read\n"
        "  --scenes prints the scenes' names, comma-separated, for the stream's scene switches\n",
        stderr);
    return 2;
  }
  std::vector<platform::StreamEvent> stream;
  std::string error;
  if (!platform::LoadEventStream(argv[1], &stream, &error)) {
    std::fprintf(stderr, "error: %s\n", error.c_str());
    return 2;
  }

  platform::AppOptions options;
  options.assets_dir = platform::DefaultLessonDir();
  platform::App app;
  if (!platform::AppInit(app, options)) return 1;
  platform::EventReplay replay(stream);
  app.input_source = &replay;
  int exit_code = platform::RunMainLoop(app);
  app.input_source = nullptr;
  if (!replay.Finished()) {
    std::printf("replay: FAIL: the app stopped before the stream was played and checked\n");
    exit_code = 1;
  }
  return exit_code;
}
