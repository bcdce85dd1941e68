#pragma once
// Native only: the SDL window behind window.h, for the event replay that drives it in tests.

struct SDL_Window;

namespace platform {

SDL_Window* WindowSdlHandle();

}  // namespace platform
