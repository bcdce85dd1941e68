// The browser's loop: the widget's JavaScript library calls AppFrame on the browser's animation
// frames (attn_js_loop_resume, attn_frame). The page reaches the running app through exports_web.cpp.
#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/web_library.h"
#include "platform/web_side.h"

namespace platform {

void WebStartLoop() {
  WebSide& web = Web();
  if (!web.app || web.loop_started) return;
  web.loop_started = true;
  attn_js_loop_resume();
  // The first frame now rather than at the next animation frame: everything it needs is here.
  AppFrame(*web.app);
}

int RunMainLoop(App& app) {
  Web().app = &app;
  if (!app.options.staged_start) WebStartLoop();
  return 0;
}

}  // namespace platform
