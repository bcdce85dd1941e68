// The browser's loop: it calls AppFrame on its animation frames (emscripten_set_main_loop). The
// page reaches the running app through exports_web.cpp.
#include <emscripten.h>

#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/web_side.h"

namespace platform {

void WebStartLoop() {
  WebSide& web = Web();
  if (!web.app || web.loop_started) return;
  web.loop_started = true;
  emscripten_set_main_loop_arg([](void* arg) { AppFrame(*static_cast<App*>(arg)); }, web.app, 0, false);
  // The first frame now rather than at the next animation frame: everything it needs is here.
  AppFrame(*web.app);
}

int RunMainLoop(App& app) {
  Web().app = &app;
  if (!app.options.staged_start) WebStartLoop();
  return 0;
}

}  // namespace platform
