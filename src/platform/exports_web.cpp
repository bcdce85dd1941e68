// Every call the page makes into the wasm, in one file (docs/architecture.md has them as a table).
// Each only hands its arguments to an App command (app.h), the page report (web_side.h) or the
// window's input (window_web.cpp); none is valid before main has set up the app, and each returns
// a defined "nothing done" then. The loader (web/js/) calls the ones it needs through ccall; the
// widget's JavaScript library (web/js/library/) calls the rest as `_attn_*`.
#include <cmath>
#include <string>

#include <emscripten.h>

#include "lesson/json_text.h"
#include "lesson/locale.h"
#include "lesson/scene.h"
#include "lesson/text_store.h"
#include "platform/app.h"
#include "platform/web_side.h"

using platform::App;
using platform::Web;

namespace {

// The app the page's calls reach, or null before main has set it up.
App* TheApp() { return Web().app; }

// The app while it is being started (a staged start): null once the loop runs, so a late call
// does nothing.
App* Starting() { return Web().loop_started ? nullptr : TheApp(); }

// Returns a string to the page, which copies it before the next call.
const char* Returned(std::string text) {
  static std::string held;
  held = std::move(text);
  return held.c_str();
}

}  // namespace

extern "C" {

// [Before main: the loader checks a page's options]

// The scene names, in the registry's order, as a JSON array.
EMSCRIPTEN_KEEPALIVE const char* attn_scene_names() {
  static const std::string names = [] {
    lesson::JsonWriter json;
    json.BeginArray();
    for (const lesson::SceneModule* scene : lesson::Scenes()) json.String(scene->name);
    return json.EndArray().text();
  }();
  return names.c_str();
}

// Whether a translation's text (a locale's lesson file) has exactly the English file's keys, so
// the loader need not fetch the English words for the keys it lacks (lesson/locale.h). Its
// malformed sections count as lacking their keys.
EMSCRIPTEN_KEEPALIVE int attn_text_complete(const char* text) {
  lesson::TextStore translation;
  translation.Load("translation", text ? text : "");
  return lesson::KeySetHash(translation) == lesson::kEnglishKeySetHash ? 1 : 0;
}

// [A staged start, each in a task of its own (AppOptions::staged_start)]

EMSCRIPTEN_KEEPALIVE void attn_prepare() {
  if (App* app = Starting()) platform::AppPrepare(*app);
}

EMSCRIPTEN_KEEPALIVE void attn_layout() {
  if (App* app = Starting()) platform::AppLayout(*app);
}

// 1 when the WebGL context and the renderer are made.
EMSCRIPTEN_KEEPALIVE int attn_open_gl() {
  App* app = Starting();
  return app && platform::AppOpenGl(*app) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void attn_check_program() {
  if (App* app = Starting()) platform::AppCheckProgram(*app);
}

EMSCRIPTEN_KEEPALIVE void attn_size() {
  if (App* app = Starting()) platform::AppSize(*app);
}

// The loop and the first frame; calling it again does nothing.
EMSCRIPTEN_KEEPALIVE void attn_start() { platform::WebStartLoop(); }

// [The loop (web/js/library/page.js): one frame on each of the browser's animation frames]

EMSCRIPTEN_KEEPALIVE void attn_frame() {
  if (TheApp()) platform::AppFrame(*TheApp());
}

// [The page's API (embed.js): state, scene, options, playback]

// A configuration in the URL-fragment encoding (embed API, postMessage). 1 when applied.
EMSCRIPTEN_KEEPALIVE int attn_apply_state(const char* fragment) {
  return TheApp() && platform::AppApplyState(*TheApp(), fragment ? fragment : "") ? 1 : 0;
}

// Switches the scene without touching the rest of the learner's work. 1 when switched.
EMSCRIPTEN_KEEPALIVE int attn_set_scene(const char* name) {
  return TheApp() && platform::AppSetScene(*TheApp(), name ? name : "") ? 1 : 0;
}

// An author's embed option changed on the running widget (a custom element's attribute). 1 when set.
EMSCRIPTEN_KEEPALIVE int attn_set_option(const char* name, const char* value) {
  return TheApp() && platform::AppSetOption(*TheApp(), name ? name : "", value ? value : "") ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void attn_play() {
  if (TheApp()) platform::AppPlay(*TheApp());
}

EMSCRIPTEN_KEEPALIVE void attn_pause() {
  if (TheApp()) platform::AppPause(*TheApp());
}

// 1 when the lesson moved to `seconds` (a finite number).
EMSCRIPTEN_KEEPALIVE int attn_seek(double seconds) { return TheApp() && platform::AppSeek(*TheApp(), seconds) ? 1 : 0; }

// Whether the browser speaks the narration (speech.js): 1 speech, 0 captions' timing.
EMSCRIPTEN_KEEPALIVE void attn_speech(int available) {
  if (TheApp()) platform::AppSetNarration(*TheApp(), available != 0 ? lesson::Narration::Speech : lesson::Narration::Captions);
}

// Step `step` (from 1) has been said.
EMSCRIPTEN_KEEPALIVE void attn_speech_done(int step) {
  if (TheApp()) platform::AppSpoken(*TheApp(), step);
}

// The narration's audio (voice.js): each cue's length, "ID<TAB>SECONDS<TAB>TEXT" a line. The
// lesson is timed by it and told by it from now on when any cue matched; returns how many did.
EMSCRIPTEN_KEEPALIVE int attn_narration_audio(const char* lines) {
  if (!TheApp() || lines == nullptr) return 0;
  const int timed = platform::AppSetNarrationAudio(*TheApp(), lines);
  if (timed > 0) platform::AppSetNarration(*TheApp(), lesson::Narration::Audio);
  return timed;
}

// The audio of cue `id` has ended.
EMSCRIPTEN_KEEPALIVE void attn_cue_heard(const char* id) {
  if (TheApp() && id != nullptr) platform::AppHeard(*TheApp(), id);
}

// [What the page asks of the widget]

// The scene on screen ("mask"), for the canvas's label.
EMSCRIPTEN_KEEPALIVE const char* attn_current_scene() { return platform::AppSceneName(TheApp()); }

// The canvas's accessible name, in the widget's language.
EMSCRIPTEN_KEEPALIVE const char* attn_canvas_label() { return Returned(TheApp() ? platform::AppCanvasLabel(*TheApp()) : ""); }

// Where the page's "Suggest a correction" link goes for what the widget shows now; empty for a URL
// the widget's corrections option would refuse.
EMSCRIPTEN_KEEPALIVE const char* attn_correction_url(const char* url) {
  return Returned(TheApp() ? platform::AppCorrectionUrl(*TheApp(), url ? url : "") : "");
}

// The quick check's progress for an LMS (web/js/scorm.js): {answered, revealed, correct, questions}.
EMSCRIPTEN_KEEPALIVE const char* attn_quiz_progress() { return Returned(platform::AppQuizProgress(TheApp())); }

// [What the page reports (web/js/library/page.js's listeners)]

// The browser restores a lost WebGL context only for a page that asked to keep it (the listener
// cancels the loss event). Both wake the loop: the app lets go of its GL objects while the context
// is lost, and makes them again once it is back.
EMSCRIPTEN_KEEPALIVE void attn_context_lost() {
  Web().page.context_lost = true;
  Web().page.context_restored = false;
  platform::WakeLoop();
}

EMSCRIPTEN_KEEPALIVE void attn_context_restored() {
  Web().page.context_lost = false;
  Web().page.context_restored = true;
  platform::WakeLoop();
}

// A hidden tab or a widget scrolled out of view draws nothing; what changed meanwhile (a state set
// by the host page, a resize) is drawn when it shows again. -1: that one did not change.
EMSCRIPTEN_KEEPALIVE void attn_set_shown(int page_visible, int on_screen) {
  if (page_visible >= 0) Web().page.page_visible = page_visible != 0;
  if (on_screen >= 0) Web().page.on_screen = on_screen != 0;
  platform::WakeLoop();
}

// The frame asks for the colour scheme and motion every time it runs; the page tells it when they
// change instead of being asked through matchMedia on every frame.
EMSCRIPTEN_KEEPALIVE void attn_set_reduced_motion(int reduce) { Web().page.reduced_motion = reduce != 0 ? 1 : 0; }

EMSCRIPTEN_KEEPALIVE void attn_set_more_contrast(int more) {
  Web().page.more_contrast = more != 0 ? 1 : 0;
  platform::WakeLoop();
}

EMSCRIPTEN_KEEPALIVE void attn_set_prefers_dark(int dark) {
  Web().page.prefers_dark = dark != 0 ? 1 : 0;
  platform::WakeLoop();
}

// Measuring the container forces a layout, so it is measured only after it may have changed.
EMSCRIPTEN_KEEPALIVE void attn_size_changed() {
  Web().page.size_changed = true;
  platform::WakeLoop();
}

// [Input (web/js/library/input.js, access.js)]

EMSCRIPTEN_KEEPALIVE void attn_pointer(int kind, double x, double y, int dom_button, int mods, int touch) {
  if (TheApp()) platform::WindowPointer(kind, x, y, dom_button, mods, touch != 0);
}

// 1 when the widget scrolls with this wheel turn (the page must not).
EMSCRIPTEN_KEEPALIVE int attn_wheel(double x, double y, double steps_x, double steps_y, int mods) {
  return TheApp() && platform::WindowWheel(x, y, steps_x, steps_y, mods) ? 1 : 0;
}

// 1 when the widget scrolled by a finger's pan (the page must not).
EMSCRIPTEN_KEEPALIVE int attn_touch_pan(double dy) { return TheApp() && platform::WindowTouchPan(dy) ? 1 : 0; }

// 1 when the browser's own action for the key must not happen.
EMSCRIPTEN_KEEPALIVE int attn_key(int key_code, int down, int mods) {
  return TheApp() && platform::WindowKey(key_code, down != 0, mods) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void attn_char(unsigned codepoint) {
  if (TheApp()) platform::WindowChar(codepoint);
}

EMSCRIPTEN_KEEPALIVE void attn_focus(int focused) {
  if (TheApp()) platform::WindowFocus(focused != 0);
}

EMSCRIPTEN_KEEPALIVE void attn_band_moved() {
  if (TheApp()) platform::WindowBandMoved();
}

// Whether a finger landing at (x, y), CSS pixels from the widget's top left corner, lands on a
// control of the last frame drawn (1: the widget takes the touch) or not (0: the page scrolls).
EMSCRIPTEN_KEEPALIVE int attn_control_at(double x, double y) { return TheApp() && platform::AppControlAt(*TheApp(), x, y) ? 1 : 0; }

// The page's element of control `id` (ui/access.h) took the DOM focus (0: the focus left).
EMSCRIPTEN_KEEPALIVE void attn_access_focus(unsigned id) {
  if (TheApp()) platform::AppAccessFocus(*TheApp(), id);
}

// A key on control `id`'s element.
EMSCRIPTEN_KEEPALIVE void attn_access_key(unsigned id) {
  if (TheApp()) platform::AppAccessKey(*TheApp(), id);
}

// A slider's element got an arrow key, Page Up or Down, Home or End (a ui::AccessStep).
EMSCRIPTEN_KEEPALIVE void attn_access_step(unsigned id, int step) {
  if (TheApp()) platform::AppAccessStep(*TheApp(), id, step);
}

// A screen reader pressed control `id`'s element (a click with no pointer).
EMSCRIPTEN_KEEPALIVE void attn_access_press(unsigned id) {
  if (TheApp()) platform::AppAccessPress(*TheApp(), id);
}

// 1 while a text box of the widget takes the keys: Tab is then the widget's.
EMSCRIPTEN_KEEPALIVE int attn_typing() { return TheApp() && platform::AppTyping(*TheApp()) ? 1 : 0; }

}  // extern "C"
