#pragma once
// The OpenGL entry points the platform layer calls (the renderer, clear, read pixels) and the
// shading language version its shaders start with.

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
constexpr const char* kGlslVersion = "#version 300 es";
#else
#define GL_GLEXT_PROTOTYPES 1  // Mesa's libGL exports the GL 3 entry points the renderer calls
#include <SDL_opengl.h>
constexpr const char* kGlslVersion = "#version 130";
#endif
