#pragma once
// Native only: the SDL window behind window.h, for the event replay that drives it in tests, and
// its zoom (--zoom).

struct SDL_Window;

namespace platform {

SDL_Window* WindowSdlHandle();

// Before WindowOpen: the widget is laid out at 1/zoom of the window's pixels and drawn zoom times
// larger, its text rasterized at that size, as a screen with zoom times the pixel density would
// (a video frame of 1920x1080 pixels with text a viewer reads from afar). The pointer's window
// pixels are mapped back to layout pixels. 1 (the default) draws a pixel per layout pixel.
void WindowSetZoom(float zoom);

}  // namespace platform
