#pragma once
// The app: one window with an OpenGL 3 (native) or WebGL 2 (web) context (window.h), the lesson
// state, and the one frame function that native and web both run.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lesson/embed_options.h"
#include "lesson/lesson_state.h"
#include "platform/host.h"
#include "platform/renderer.h"
#include "ui/context.h"

namespace platform {

struct App;

// Frames drawn after anything changed: ImGui settles hover, focus and layout over a few.
constexpr int kFramesAfterInput = 3;

// Input made by a program instead of a person (the native event replay, tests/replay/). The frame
// asks it for this frame's events before reading SDL's queue.
class InputSource {
 public:
  virtual ~InputSource() = default;
  // Puts this frame's share of input into SDL's queue (SDL_PushEvent); may stop the app.
  virtual void QueueEvents(App& app) = 0;
  // Whether this frame's draw lists go through GL to the screen. Software GL costs far more per
  // frame than the input being tested, so a replay shows only some frames.
  virtual bool ShowsFrame() = 0;
};

// Command-line / page options. Default-constructed: run until closed, no screenshot.
struct AppOptions {
  int frames = 0;               // draw exactly this many frames, then quit (0 = run until closed)
  std::string screenshot_path;  // write the last drawn frame here as PNG (with frames > 0)
  bool save_picture = false;    // press "Save picture" on the last frame (with frames > 0)
  int width = 1024;             // initial window size natively, in pixels
  int height = 760;
  std::string scene;       // scene to open ("mask"); empty = the default scene
  std::string assets_dir;  // native: folder with lesson text files overriding the built-in text
  std::string state;       // a shared configuration (the URL fragment's encoding) to open with
  lesson::EmbedOptions embed;  // the author's choices: scenes offered, bar, buttons, theme, ... (--scenes, ...)
  // Web: main only initializes, without GL; the loader then calls attn_prepare (AppPrepare: the
  // font atlas), attn_layout (AppLayout), attn_size (AppSize), attn_open_gl (AppOpenGl, once the
  // page's GPU side is warm), attn_check_program (AppCheckProgram) and attn_start (the loop and
  // the first frame), each in a task of its own, so no one task of a start is long.
  bool staged_start = false;
  // Natively: record the lesson played from its start as numbered PNG frames and captions.vtt in
  // this folder (record_native.h), at record_fps frames a second, then quit.
  std::string record_dir;
  int record_fps = 30;
  // Web: the page sizes the widget to its content's height (the loader's hosted widgets): the
  // widget has no scrollbar of its own.
  bool fit_height = false;
};

struct App {
  std::unique_ptr<Host> host;  // what the app asks of its page or desktop (AppInit makes this build's)
  AppOptions options;
  lesson::LessonState state;
  ui::Context ui;  // fonts, palette, named rectangles, notes: what the panels keep between frames
  bool running = true;
  int exit_code = 0;
  int frames_drawn = 0;
  int frames_pending = 0;               // frames still to draw after the last input: ImGui settles over a few
  std::string published_state;          // the last configuration announced to the page
  std::string published_notice;         // the number-field refusal announced with it, if any
  std::string published_controls;       // the controls last told to the page (ui/access.h)
  unsigned published_focus = 0;         // and the one with ImGui's focus
  bool publish_due = false;             // the page has not yet heard the latest change
  unsigned published_at_ms = 0;         // WindowTicksMs() when the page last heard
  int published_height = 0;             // the last content height announced to the page
  Renderer renderer;                    // the GL objects ImGui's draw lists are drawn with
  bool renderer_ready = false;          // the GL renderer's objects exist (web: not while the context is lost)
  bool fonts_uploaded = false;          // the renderer holds the font atlas of the current pixel ratio
  InputSource* input_source = nullptr;  // synthetic input for tests; drives a frame every time
  // Called after each frame is drawn, before it is shown (the recorder reads its pixels).
  std::function<void(App& app)> frame_drawn;
  unsigned clock_ticked_ms = 0;  // WindowTicksMs() when the clock of what runs (playback, training) last moved
  bool clock_ticking = false;    // the clock moved at the last frame call (else it starts now)
  // The page's setState and setScene calls made while ImGui still held input given before them,
  // in order, and the id of the first event given after the newest of them (app.cpp, MustWait).
  struct HostChange {
    enum class Kind { State, Scene } kind;
    std::string text;  // the fragment, or the scene's name
  };
  std::vector<HostChange> host_changes;
  unsigned host_changes_after_event = 0;
  int host_changes_waited = 0;  // frames they have waited
  std::string published_playback;       // what the last playback report to the page said ("1:3|")
  unsigned published_playback_ms = 0;   // WindowTicksMs() when the page last heard of the playback
};

bool AppInit(App& app, const AppOptions& options);
// Makes the GL context current and the renderer's objects, with the font atlas if it is built
// (AppInit does this itself unless the start is staged). Prints why and returns false when it cannot.
bool AppOpenGl(App& app);
// Whether the next AppFrame would draw; when false the caller may sleep until an event.
bool AppWantsFrame(const App& app);
// Builds the font atlas for the window's pixel ratio and hands it to the renderer once there is
// one: the first frame's largest cost, which AppFrame otherwise pays itself.
void AppPrepare(App& app);
// Lays the widget out without drawing it (a frame of ImGui with no GL) and tells the page how tall
// its content is, so a page that sizes the widget to its content gives the canvas its final size
// before the first frame: resizing a drawn canvas makes the browser wait for the GPU to finish the
// frames before (tens of milliseconds with a software renderer). Does nothing once frames are drawn.
void AppLayout(App& app);
// Asks whether the GL program linked, which waits for the GPU to have linked it: in a task of its
// own, some time after the program was sent, so the first frame does not wait for it.
void AppCheckProgram(App& app);
// Then, in a task of its own: the canvas takes the size the page gave it (once it has a context, a
// browser allocates the new backing store at once, in tens of milliseconds with a software renderer).
void AppSize(App& app);
// Handles pending events and draws one frame if anything changed.
void AppFrame(App& app);
void AppShutdown(App& app);
// Applies a configuration in the URL-fragment encoding; a malformed one is ignored with a warning
// (printed to stderr, the browser console on the web). Returns whether it was applied.
bool AppApplyState(App& app, const std::string& fragment);
// Switches the scene on screen, keeping the rest of the state; false (with a warning) for an
// unknown name or a scene the widget does not offer (embed option scenes).
bool AppSetScene(App& app, const std::string& name);
// Sets one embed option (lesson/embed_options.h) on the running widget; a bad name or value is
// ignored with a warning. A scene the widget no longer offers gives way to the first it does.
bool AppSetOption(App& app, const std::string& name, const std::string& value);

// The page's commands (exports_web.cpp), each usable natively too. Each draws what it changed.
// The lesson player (the page's play(), pause(), seek(seconds)); AppSeek refuses a non-finite time.
void AppPlay(App& app);
void AppPause(App& app);
bool AppSeek(App& app, double seconds);
// How the page tells the narration: the device's voice (a step also lasts until its sentence is
// said), the narration's audio (a cue also lasts until its audio has ended) or neither (the lesson
// plays on its captions' timing and says speech is not available).
void AppSetNarration(App& app, lesson::Narration narration);
// Step `step` (from 1) has been said.
void AppSpoken(App& app, int step);
// The narration's audio: each cue's length, as lines "ID<TAB>SECONDS<TAB>TEXT" (from the
// narration's cues.json; the native app's --narration-times). The timeline is rebuilt with the
// steps whose every sentence has audio of the same words timed by it, the lesson staying at the
// same place of the same step. Returns how many cues are now timed by their audio; a refused line
// or no cue timed is warned about. The narration's mode is left as it is (AppSetNarration).
int AppSetNarrationAudio(App& app, const std::string& lines);
// The audio of cue `id` has ended.
void AppHeard(App& app, const std::string& id);
// The parallel DOM (ui/access.h): control `id`'s element took the DOM focus (0: none has it), got
// a key (when the control has ImGui's focus, from a click that hid the ring, the ring shows, so
// Space and Enter press it as after Tab), a slider step (a ui::AccessStep; others are ignored), or
// a screen reader's press (the control is focused and pressed, as Space would).
void AppAccessFocus(App& app, unsigned id);
void AppAccessKey(App& app, unsigned id);
void AppAccessStep(App& app, unsigned id, int step);
void AppAccessPress(App& app, unsigned id);
// Whether a text box of the widget takes the keys (a slider's number being typed, a typed answer).
bool AppTyping(const App& app);
// Whether (x, y), layout pixels from the widget's top left corner, is on a control of the last
// frame drawn (a finger landing there takes the control, not the page's scroll).
bool AppControlAt(const App& app, double x, double y);
// The scene on screen ("mask"); the default scene's without an app.
const char* AppSceneName(const App* app);
// The canvas's accessible name, in the widget's language: what it is, its scene, how to leave it.
std::string AppCanvasLabel(const App& app);
// Where a "Suggest a correction" link to `url` (an author's http(s) or mailto destination) goes
// for what the widget shows now, with the report attached; empty for a URL the corrections option
// would refuse.
std::string AppCorrectionUrl(const App& app, const std::string& url);
// How far the learner is with the quick check, for an LMS (web/js/scorm.js), as JSON {answered,
// revealed, correct, questions}; no answers without an app.
std::string AppQuizProgress(const App* app);

}  // namespace platform
