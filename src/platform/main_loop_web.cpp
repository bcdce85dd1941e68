// The browser's loop: it calls AppFrame on its animation frames (emscripten_set_main_loop), and
// the page reaches the running app through the calls below.
#include <algorithm>
#include <cmath>
#include <string>

#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "platform/app.h"
#include "platform/main_loop.h"
#include "lesson/embed_options.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "platform/web_bridge.h"
#include "ui/access.h"
#include "ui/control_map.h"

namespace {

// main's app, which lives as long as the page; none until main has started the loop.
platform::App* g_app = nullptr;

}  // namespace

// The page's way to set scene and state (embed API, postMessage): the URL-fragment encoding.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_apply_state(const char* fragment) {
  if (!g_app) return 0;
  const bool applied = platform::AppApplyState(*g_app, fragment ? fragment : "");
  platform::BridgeWake();
  return applied ? 1 : 0;
}

// An author's embed option changed on the running widget (a custom element's attribute); a bad
// name or value is ignored with a warning in the console.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_set_option(const char* name, const char* value) {
  if (!g_app) return 0;
  const bool set = platform::AppSetOption(*g_app, name ? name : "", value ? value : "");
  platform::BridgeWake();
  return set ? 1 : 0;
}

// The scene on screen ("mask"), for the canvas's label.
extern "C" EMSCRIPTEN_KEEPALIVE const char* attn_current_scene() {
  return lesson::SceneName(g_app ? g_app->state.scene : lesson::LessonState().scene);
}

// The canvas's accessible name, in the widget's language: what it is, its scene, how to leave it.
extern "C" EMSCRIPTEN_KEEPALIVE const char* attn_canvas_label() {
  static std::string label;
  const lesson::Scene scene = g_app ? g_app->state.scene : lesson::LessonState().scene;
  label = lesson::Fill(lesson::T("widget.canvas_label"), {{"scene", lesson::T(lesson::ModuleOf(scene).label_key)}});
  return label.c_str();
}

// Where the page's own "Suggest a correction" link goes for what this widget shows now: `url` (an
// author's http(s) or mailto destination) with the report attached; empty for a URL the widget's
// corrections option would refuse.
extern "C" EMSCRIPTEN_KEEPALIVE const char* attn_correction_url(const char* url) {
  static std::string out;
  out.clear();
  lesson::EmbedOptions options;
  if (!g_app || !lesson::SetEmbedOption(options, "corrections", url ? url : "", nullptr)) return out.c_str();
  out = lesson::CorrectionUrl(options, g_app->state, platform::BridgeStateLink(lesson::EncodeState(g_app->state)));
  return out.c_str();
}

// How far the learner is with the quick check, for an LMS (web/js/scorm.js): "ANSWERED REVEALED
// CORRECT QUESTIONS", four one-digit numbers.
extern "C" EMSCRIPTEN_KEEPALIVE const char* attn_quiz_progress() {
  static_assert(lesson::kQuizQuestionCount < 10, "one digit a count");
  static char text[] = "0 0 0 0";
  const lesson::QuizProgress progress = g_app ? lesson::Progress(g_app->state.quiz) : lesson::QuizProgress();
  const int counts[] = {progress.answered, progress.revealed, progress.correct, lesson::kQuizQuestionCount};
  for (int i = 0; i < 4; ++i) text[2 * i] = static_cast<char>('0' + counts[i]);
  return text;
}

// Switches the scene without touching the rest of the learner's work.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_set_scene(const char* name) {
  if (!g_app) return 0;
  const bool switched = platform::AppSetScene(*g_app, name ? name : "");
  platform::BridgeWake();
  return switched ? 1 : 0;
}

// The lesson player, for the page's API (play(), pause(), seek(seconds)) and its narration.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_play() {
  if (!g_app) return;
  if (!g_app->state.walkthrough.playing) {
    lesson::PlaybackPlay(g_app->state, g_app->ui.playback, lesson::LessonTimeline());
  }
  platform::BridgeWake();
}

extern "C" EMSCRIPTEN_KEEPALIVE void attn_pause() {
  if (!g_app) return;
  lesson::PlaybackPause(g_app->state);
  g_app->frames_pending = 3;
  platform::BridgeWake();
}

extern "C" EMSCRIPTEN_KEEPALIVE int attn_seek(double seconds) {
  if (!g_app || !std::isfinite(seconds)) return 0;
  lesson::PlaybackSeek(g_app->state, g_app->ui.playback, lesson::LessonTimeline(), seconds);
  g_app->frames_pending = 3;
  platform::BridgeWake();
  return 1;
}

// Whether the browser speaks the narration (1: a step also lasts until its sentence is said) or
// not (0: the lesson plays on its captions' timing and says speech is not available).
extern "C" EMSCRIPTEN_KEEPALIVE void attn_speech(int available) {
  if (!g_app) return;
  g_app->ui.playback.narration = available ? lesson::Narration::Speech : lesson::Narration::Captions;
  g_app->ui.speech_note = available ? nullptr : "walkthrough.no_speech";
  g_app->frames_pending = 3;
  platform::BridgeWake();
}

// Step `step` (from 1) has been said.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_speech_done(int step) {
  if (!g_app) return;
  lesson::PlaybackSpoken(g_app->ui.playback, step - 1);
  platform::BridgeWake();
}

// Whether a finger landing at (x, y), in CSS pixels from the widget's top left corner, lands on a control of the last
// frame drawn (1: the widget takes the touch) or not (0: the page scrolls from it).
extern "C" EMSCRIPTEN_KEEPALIVE int attn_control_at(double x, double y) {
  if (!g_app || !std::isfinite(x) || !std::isfinite(y)) return 0;
  return ui::ControlAt(g_app->ui, ImVec2(static_cast<float>(x), static_cast<float>(y))) ? 1 : 0;
}

namespace {

// A call from the page that changed what the next frames show: they are drawn, though no input
// event arrived.
void DrawSoon() {
  g_app->frames_pending = std::max(g_app->frames_pending, 2);
  platform::BridgeWake();
}

}  // namespace

// The page's element of control `id` (ui/access.h) took the DOM focus: ImGui's focus follows.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_access_focus(unsigned id) {
  if (!g_app) return;
  ui::FocusAccessControl(g_app->ui, id);
  DrawSoon();
}

// A key on control `id`'s element: when the control has ImGui's focus (a click gave it, which hides
// the ring), the ring shows, so Space and Enter press it as they would after Tab.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_access_key(unsigned id) {
  if (!g_app || ImGui::GetCurrentContext() == nullptr || GImGui->NavId != id) return;
  GImGui->NavDisableHighlight = false;
  GImGui->NavDisableMouseHover = true;
}

// A slider's element got an arrow key, Page Up or Down, Home or End (a ui::AccessStep).
extern "C" EMSCRIPTEN_KEEPALIVE void attn_access_step(unsigned id, int step) {
  if (!g_app || step < static_cast<int>(ui::AccessStep::Less) || step > static_cast<int>(ui::AccessStep::Highest)) return;
  ui::RequestAccessStep(g_app->ui, id, static_cast<ui::AccessStep>(step));
  DrawSoon();
}

// A screen reader pressed control `id`'s element (a click with no pointer): the control is
// focused and pressed, as Space would.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_access_press(unsigned id) {
  if (!g_app || !ui::FocusAccessControl(g_app->ui, id)) return;
  ImGui::ActivateItemByID(id);
  DrawSoon();
}

// Whether a text box of the widget takes the keys (a slider's number being typed, a typed answer):
// Tab is then the widget's, which ends the typing and moves ImGui's focus.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_typing() { return ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput ? 1 : 0; }

namespace {

bool g_loop_started = false;

void StartLoop(platform::App& app) {
  if (g_loop_started) return;
  g_loop_started = true;
  emscripten_set_main_loop_arg([](void* arg) { platform::AppFrame(*static_cast<platform::App*>(arg)); }, &app, 0,
                               false);
  // The first frame now rather than at the next animation frame: everything it needs is here.
  platform::AppFrame(app);
}

}  // namespace

// A staged start (--staged-start): the font atlas, in a task of its own.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_prepare() {
  if (g_app && !g_loop_started) platform::AppPrepare(*g_app);
}

// A staged start: the layout without drawing, so the page sizes the canvas before the first frame.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_layout() {
  if (g_app && !g_loop_started) platform::AppLayout(*g_app);
}

// A staged start: the WebGL context and the renderer (see AppOpenGl); 1 when they are made.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_open_gl() {
  return g_app && !g_loop_started && platform::AppOpenGl(*g_app) ? 1 : 0;
}

// A staged start: whether the GL program linked (see AppCheckProgram).
extern "C" EMSCRIPTEN_KEEPALIVE void attn_check_program() {
  if (g_app && !g_loop_started) platform::AppCheckProgram(*g_app);
}

// A staged start: the canvas's final size, before anything is drawn into it.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_size() {
  if (g_app && !g_loop_started) platform::AppSize(*g_app);
}

// A staged start: the loop and the first frame. Calling it again does nothing.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_start() {
  if (g_app) StartLoop(*g_app);
}

namespace platform {

int RunMainLoop(App& app) {
  g_app = &app;
  if (!app.options.staged_start) StartLoop(app);
  return 0;
}

}  // namespace platform
