// --zoom (platform/window_sdl.h) in a real window under Xvfb: the widget is laid out at 1/zoom of
// the window's pixels, its text rasterized zoom times larger, and a click at a button's place in
// window pixels presses that button, so a zoomed app is still usable by hand.
#include <doctest/doctest.h>

#include <cmath>

#include <SDL.h>
#include <imgui.h>

#include "lesson/scene.h"
#include "platform/app.h"
#include "platform/host.h"
#include "platform/window_sdl.h"
#include "ui/item_registry.h"

namespace {

constexpr float kZoom = 2.0f;
constexpr int kWidth = 1600;
constexpr int kHeight = 1000;

// Pushes a pointer move to window pixel (x, y) and a press and release there, as a person's click
// arrives (the replay's way: the X pointer is moved too, which SDL's backend also reads).
void ClickAt(int x, int y) {
  SDL_Window* window = platform::WindowSdlHandle();
  SDL_WarpMouseInWindow(window, x, y);
  SDL_Event event{};
  event.type = SDL_MOUSEMOTION;
  event.motion.windowID = SDL_GetWindowID(window);
  event.motion.x = x;
  event.motion.y = y;
  SDL_PushEvent(&event);
  for (const bool down : {true, false}) {
    event = SDL_Event{};
    event.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    event.button.windowID = SDL_GetWindowID(window);
    event.button.button = SDL_BUTTON_LEFT;
    event.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    event.button.clicks = 1;
    event.button.x = x;
    event.button.y = y;
    SDL_PushEvent(&event);
  }
}

void DrawFrames(platform::App& app, int frames) {
  for (int i = 0; i < frames; ++i) {
    app.frames_pending = platform::kFramesAfterInput;
    platform::AppFrame(app);
  }
}

}  // namespace

TEST_CASE("a zoomed window lays the widget out smaller, draws it larger and takes clicks where it draws") {
  platform::WindowSetZoom(kZoom);
  platform::App app;
  platform::AppOptions options;
  options.width = kWidth;
  options.height = kHeight;
  options.scene = "compare";
  options.assets_dir = platform::DefaultLessonDir();
  REQUIRE(platform::AppInit(app, options));
  DrawFrames(app, 2);

  const ImGuiIO& io = ImGui::GetIO();
  CHECK(io.DisplaySize.x == doctest::Approx(kWidth / kZoom));
  CHECK(io.DisplaySize.y == doctest::Approx(kHeight / kZoom));
  CHECK(io.DisplayFramebufferScale.x == doctest::Approx(kZoom));
  // The body font (17 px a layout pixel) rasterized for the window's pixels; ImGui rounds a
  // font's size down to whole pixels.
  REQUIRE(app.ui.fonts.body != nullptr);
  CHECK(app.ui.fonts.body->FontSize == doctest::Approx(34.0f));

  ui::ItemRect mask;
  REQUIRE(ui::FindItem(app.ui, "widget.scene.mask", &mask));
  CHECK(mask.max.x <= kWidth / kZoom);  // in layout pixels: the bar fits the layout's width
  ClickAt(static_cast<int>(mask.Center().x * kZoom), static_cast<int>(mask.Center().y * kZoom));
  DrawFrames(app, 6);
  // Within a layout pixel: the window's pixels are whole numbers.
  CHECK(std::fabs(io.MousePos.x - mask.Center().x) <= 1.0f);
  CHECK(std::fabs(io.MousePos.y - mask.Center().y) <= 1.0f);
  CHECK(app.state.scene == lesson::Scene::Mask);
  platform::AppShutdown(app);
}
