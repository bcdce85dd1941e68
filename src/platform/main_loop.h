#pragma once
// The app's loop, the part of main that differs between the desktop (main_loop_native.cpp) and
// the browser (main_loop_web.cpp).

namespace platform {

struct App;

// Natively: draws frames until the app stops, sleeping while nothing changes, then shuts the app
// down and returns its exit code. Web: hands AppFrame to the browser's animation frames, draws the
// first frame at once, makes `app` the one the page's calls (attn_apply_state, attn_set_scene)
// reach, and returns 0 while the loop goes on, so `app` must outlive main.
int RunMainLoop(App& app);

}  // namespace platform
