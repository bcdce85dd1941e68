#pragma once
// The app's window and its input, the part of the platform that differs between the desktop and
// the browser. Natively (window_sdl.cpp) it is an SDL2 window with an OpenGL 3 context and
// ImGui's SDL2 input backend. On the web (window_web.cpp) it is the page's canvas with a WebGL 2
// context and the browser's own events, which keeps SDL out of the widget: less to download and
// nothing run at start that the widget does not use.

namespace platform {

// Opens the window (web: takes over the page's canvas; natively with a GL context current). Prints
// why and returns false when it cannot.
bool WindowOpen(const char* title, int width, int height);
// Makes the window's GL context current: natively the one WindowOpen made; on the web the canvas's
// WebGL 2 context (the loader may have made it already), which a staged start makes only after
// the layout, once the GPU is warm. Prints why and returns false when it cannot.
bool WindowMakeContext();
void WindowClose();
// Hands the input that arrived since the last call to ImGui's input queue. Returns whether there was any;
// *quit becomes true when the window was asked to close.
bool WindowPollEvents(bool* quit);
// Natively: sleeps until the next event. Web: returns at once (the browser drives the loop).
void WindowWaitEvent();
// Natively: sleeps until the next event or for `ms` milliseconds. Web: returns at once.
void WindowWaitEventTimeout(int ms);
// Before ImGui::NewFrame: display size and scale, time step, pointer position and buttons, cursor.
void WindowNewFrame();
// Shows the frame just drawn (web: the browser does when the frame callback returns).
void WindowSwap();
// Size in layout pixels (CSS pixels on the web); the framebuffer has WindowPixelRatio() times as many.
void WindowSetSize(int width, int height);
float WindowPixelRatio();
void WindowFramebufferSize(int* width, int* height);
// The rows of the display the framebuffer holds, in layout pixels from the display's top: all of
// them natively; on the web, only a band near the viewport of a widget taller than the screen.
void WindowDrawnBand(float* top, float* height);
// Milliseconds since the window opened.
unsigned WindowTicksMs();

}  // namespace platform
