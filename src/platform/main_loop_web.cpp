// The browser's loop: it calls AppFrame on its animation frames (emscripten_set_main_loop), and
// the page reaches the running app through the two calls below.
#include <emscripten.h>

#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/web_bridge.h"

namespace {

// main's app, which lives as long as the page; none until main has started the loop.
platform::App* g_app = nullptr;

}  // namespace

// The page's way to set scene and state (embed API, postMessage): the URL-fragment encoding.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_apply_state(const char* fragment) {
  if (!g_app) return 0;
  const bool applied = platform::AppApplyState(*g_app, fragment ? fragment : "");
  platform::BridgeWake();
  return applied ? 1 : 0;
}

// Switches the scene without touching the rest of the learner's work.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_set_scene(const char* name) {
  if (!g_app) return 0;
  const bool switched = platform::AppSetScene(*g_app, name ? name : "");
  platform::BridgeWake();
  return switched ? 1 : 0;
}

namespace platform {

int RunMainLoop(App& app) {
  g_app = &app;
  emscripten_set_main_loop_arg([](void* arg) { AppFrame(*static_cast<App*>(arg)); }, &app, 0, false);
  // The first frame now rather than at the next animation frame: everything it needs is here.
  AppFrame(app);
  return 0;
}

}  // namespace platform
