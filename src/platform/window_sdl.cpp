// The desktop window: SDL2 with an OpenGL 3 context, input through ImGui's SDL2 backend.
#include "platform/window_sdl.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl2.h>
#include <imgui_internal.h>

#include "platform/gl.h"
#include "platform/window.h"

namespace platform {

namespace {

// The desktop window and its GL context, while open.
struct SdlWindow {
  SDL_Window* window = nullptr;
  SDL_GLContext context = nullptr;
  float zoom = 1.0f;  // window pixels a layout pixel takes, over what the screen's density gives
};

SdlWindow& Sdl() {
  static SdlWindow sdl;
  return sdl;
}

// ImGui's input events queued so far; the pointer positions queued after this count arrived in
// window pixels.
int QueuedInputEvents() { return GImGui->InputEventsQueue.Size; }

// Brings the pointer positions queued since `first` from window pixels to layout pixels. SDL's
// backend queues them from two places, its events and, while the window has the focus, the
// pointer's place on the screen at each new frame; both are window pixels.
void ZoomPointerEvents(int first) {
  if (Sdl().zoom == 1.0f) return;
  ImVector<ImGuiInputEvent>& queue = GImGui->InputEventsQueue;
  for (int i = first; i < queue.Size; ++i) {
    ImGuiInputEventMousePos& pos = queue[i].MousePos;
    if (queue[i].Type != ImGuiInputEventType_MousePos || pos.PosX == -FLT_MAX) continue;
    pos.PosX /= Sdl().zoom;
    pos.PosY /= Sdl().zoom;
  }
}

}  // namespace

SDL_Window* WindowSdlHandle() { return Sdl().window; }

void WindowSetZoom(float zoom) { Sdl().zoom = zoom; }

bool WindowOpen(const char* title, int width, int height) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "error: SDL_Init failed: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);  // ImGui draws without a stencil
  const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  Sdl().window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!Sdl().window) {
    std::fprintf(stderr, "error: could not open a window: %s\n", SDL_GetError());
    return false;
  }
  Sdl().context = SDL_GL_CreateContext(Sdl().window);
  if (!Sdl().context) {
    std::fprintf(stderr, "error: could not create an OpenGL context: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_MakeCurrent(Sdl().window, Sdl().context);
  SDL_GL_SetSwapInterval(1);
  ImGui_ImplSDL2_InitForOpenGL(Sdl().window, Sdl().context);
  return true;
}

bool WindowMakeContext() { return Sdl().context != nullptr && SDL_GL_MakeCurrent(Sdl().window, Sdl().context) == 0; }

void WindowClose() {
  if (ImGui::GetCurrentContext() && ImGui::GetIO().BackendPlatformUserData) ImGui_ImplSDL2_Shutdown();
  if (Sdl().context) SDL_GL_DeleteContext(Sdl().context);
  if (Sdl().window) SDL_DestroyWindow(Sdl().window);
  Sdl().context = nullptr;
  Sdl().window = nullptr;
  SDL_Quit();
}

bool WindowPollEvents(bool* quit) {
  bool any = false;
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    const int queued = QueuedInputEvents();
    ImGui_ImplSDL2_ProcessEvent(&event);
    ZoomPointerEvents(queued);
    if (event.type == SDL_QUIT) *quit = true;
    any = true;
  }
  return any;
}

void WindowWaitEvent() { SDL_WaitEvent(nullptr); }

void WindowWaitEventTimeout(int ms) { SDL_WaitEventTimeout(nullptr, ms); }

void WindowNewFrame() {
  const int queued = QueuedInputEvents();
  ImGui_ImplSDL2_NewFrame();
  ZoomPointerEvents(queued);
  // The backend sized the display in window pixels; the layout has 1/zoom of them, each drawn as
  // zoom times the screen's own ratio of framebuffer to window pixels.
  int window_w = 0, window_h = 0, drawable_w = 0, drawable_h = 0;
  SDL_GetWindowSize(Sdl().window, &window_w, &window_h);
  SDL_GL_GetDrawableSize(Sdl().window, &drawable_w, &drawable_h);
  if (window_w <= 0 || window_h <= 0) return;  // minimized: the backend keeps the last scale
  ImGuiIO& io = ImGui::GetIO();
  const float zoom = Sdl().zoom;
  io.DisplaySize = ImVec2(static_cast<float>(window_w) / zoom, static_cast<float>(window_h) / zoom);
  io.DisplayFramebufferScale = ImVec2(static_cast<float>(drawable_w) / static_cast<float>(window_w) * zoom,
                                      static_cast<float>(drawable_h) / static_cast<float>(window_h) * zoom);
}

void WindowSwap() { SDL_GL_SwapWindow(Sdl().window); }

void WindowSetSize(int width, int height) {
  SDL_SetWindowSize(Sdl().window, static_cast<int>(std::lround(static_cast<float>(width) * Sdl().zoom)),
                    static_cast<int>(std::lround(static_cast<float>(height) * Sdl().zoom)));
}

float WindowPixelRatio() {
  int window_w = 0, drawable_w = 0, h = 0;
  SDL_GetWindowSize(Sdl().window, &window_w, &h);
  SDL_GL_GetDrawableSize(Sdl().window, &drawable_w, &h);
  const float screen_ratio = window_w > 0 ? static_cast<float>(drawable_w) / static_cast<float>(window_w) : 1.0f;
  return screen_ratio * Sdl().zoom;
}

void WindowFramebufferSize(int* width, int* height) { SDL_GL_GetDrawableSize(Sdl().window, width, height); }

void WindowDrawnBand(float* top, float* height) {
  *top = 0.0f;
  *height = ImGui::GetIO().DisplaySize.y;
}

unsigned WindowTicksMs() { return SDL_GetTicks(); }

}  // namespace platform
