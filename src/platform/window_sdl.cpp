// The desktop window: SDL2 with an OpenGL 3 context, input through ImGui's SDL2 backend.
#include "platform/window_sdl.h"

#include <cstdio>

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl2.h>

#include "platform/gl.h"
#include "platform/window.h"

namespace platform {

namespace {

SDL_Window* g_window = nullptr;
SDL_GLContext g_context = nullptr;

}  // namespace

SDL_Window* WindowSdlHandle() { return g_window; }

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
  g_window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!g_window) {
    std::fprintf(stderr, "error: could not open a window: %s\n", SDL_GetError());
    return false;
  }
  g_context = SDL_GL_CreateContext(g_window);
  if (!g_context) {
    std::fprintf(stderr, "error: could not create an OpenGL context: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_MakeCurrent(g_window, g_context);
  SDL_GL_SetSwapInterval(1);
  ImGui_ImplSDL2_InitForOpenGL(g_window, g_context);
  return true;
}

bool WindowMakeContext() { return g_context != nullptr && SDL_GL_MakeCurrent(g_window, g_context) == 0; }

void WindowClose() {
  if (ImGui::GetCurrentContext() && ImGui::GetIO().BackendPlatformUserData) ImGui_ImplSDL2_Shutdown();
  if (g_context) SDL_GL_DeleteContext(g_context);
  if (g_window) SDL_DestroyWindow(g_window);
  g_context = nullptr;
  g_window = nullptr;
  SDL_Quit();
}

bool WindowPollEvents(bool* quit) {
  bool any = false;
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) *quit = true;
    any = true;
  }
  return any;
}

void WindowWaitEvent() { SDL_WaitEvent(nullptr); }

void WindowWaitEventTimeout(int ms) { SDL_WaitEventTimeout(nullptr, ms); }

void WindowNewFrame() { ImGui_ImplSDL2_NewFrame(); }

void WindowSwap() { SDL_GL_SwapWindow(g_window); }

void WindowSetSize(int width, int height) { SDL_SetWindowSize(g_window, width, height); }

float WindowPixelRatio() {
  int window_w = 0, drawable_w = 0, h = 0;
  SDL_GetWindowSize(g_window, &window_w, &h);
  SDL_GL_GetDrawableSize(g_window, &drawable_w, &h);
  return window_w > 0 ? static_cast<float>(drawable_w) / static_cast<float>(window_w) : 1.0f;
}

void WindowFramebufferSize(int* width, int* height) { SDL_GL_GetDrawableSize(g_window, width, height); }

void WindowDrawnBand(float* top, float* height) {
  *top = 0.0f;
  *height = ImGui::GetIO().DisplaySize.y;
}

unsigned WindowTicksMs() { return SDL_GetTicks(); }

}  // namespace platform
