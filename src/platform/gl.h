#pragma once
// The OpenGL entry points the platform layer calls (the renderer, clear, read pixels).

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <SDL.h>
constexpr int kGlProfile = SDL_GL_CONTEXT_PROFILE_ES;
constexpr const char* kGlslVersion = "#version 300 es";
#else
#define GL_GLEXT_PROTOTYPES 1  // Mesa's libGL exports the GL 3 entry points the renderer calls
#include <SDL.h>
#include <SDL_opengl.h>
constexpr int kGlProfile = SDL_GL_CONTEXT_PROFILE_CORE;
constexpr const char* kGlslVersion = "#version 130";
#endif
