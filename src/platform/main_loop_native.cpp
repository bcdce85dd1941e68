// The desktop loop: the window's events wake it, nothing is drawn while nothing changes.
#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/record_native.h"
#include "platform/window.h"

namespace platform {

int RunMainLoop(App& app) {
  if (!app.options.record_dir.empty()) return RunRecording(app);
  while (app.running) {
    // A playing lesson's clock goes on between frames (with reduced motion it draws only when a
    // step or an action starts).
    if (!AppWantsFrame(app)) {
      if (app.state.walkthrough.playing) {
        WindowWaitEventTimeout(15);
      } else {
        WindowWaitEvent();
      }
    }
    AppFrame(app);
  }
  AppShutdown(app);
  return app.exit_code;
}

}  // namespace platform
