// The desktop loop: the window's events wake it, nothing is drawn while nothing changes.
#include "platform/app.h"
#include "platform/main_loop.h"
#include "platform/window.h"

namespace platform {

int RunMainLoop(App& app) {
  while (app.running) {
    if (!AppWantsFrame(app)) WindowWaitEvent();
    AppFrame(app);
  }
  AppShutdown(app);
  return app.exit_code;
}

}  // namespace platform
