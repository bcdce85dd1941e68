#pragma once
// The OpenGL entry points the platform layer calls itself (clear, viewport, read pixels).

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <SDL.h>
constexpr int kGlProfile = SDL_GL_CONTEXT_PROFILE_ES;
constexpr const char* kGlslVersion = "#version 300 es";
#else
#include <SDL.h>
#include <SDL_opengl.h>
constexpr int kGlProfile = SDL_GL_CONTEXT_PROFILE_CORE;
constexpr const char* kGlslVersion = "#version 130";
#endif
