#pragma once
// What Dear ImGui's examples/libs/emscripten/emscripten_mainloop_stub.h does (Debian's source
// package leaves examples/libs out): the example's loop body becomes the browser's frame callback.
#include <functional>

#include <emscripten.h>

static std::function<void()> MainLoopForEmscriptenP;
static void MainLoopForEmscripten() { MainLoopForEmscriptenP(); }
// clang-format off
#define EMSCRIPTEN_MAINLOOP_BEGIN MainLoopForEmscriptenP = [&]() { do
#define EMSCRIPTEN_MAINLOOP_END while (0); }; emscripten_set_main_loop(MainLoopForEmscripten, 0, true)
// clang-format on
