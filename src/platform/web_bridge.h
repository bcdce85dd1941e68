#pragma once
// What the app needs from the page it runs in. On the web these talk to the browser (EM_JS);
// natively they answer with desktop defaults. Which one is built is the .cpp's #ifdef __EMSCRIPTEN__
// (the rest of src/platform has a few more: app.cpp, main.cpp, gl.h).

#include <string>

namespace lesson {
class TextStore;
}

namespace platform {

// Web: listens for input, resizes, DPR and colour-scheme changes, and wakes the paused loop.
void BridgeInstall();
// Web: makes "#canvas" (the selector the window and Emscripten's WebGL code use) name this
// instance's own canvas, so several widgets share one page without id clashes. Native: nothing.
void BridgeBindCanvas();
// Web: the canvas container's size in CSS pixels when it may have changed since the last call;
// false when it has not, and always natively.
bool BridgeContainerSize(int* width, int* height);
// Web: false while the tab is hidden or the canvas is scrolled out of view (nothing is drawn then).
bool BridgeShown();
// True when the system prefers a dark colour scheme (web: prefers-color-scheme).
bool BridgePrefersDark();
// True when the system asks for more contrast (web: prefers-contrast: more, or forced colours such as
// Windows' high contrast themes; natively ATTENTION_LESSON_CONTRAST=more).
bool BridgePrefersMoreContrast();
// True when moves should jump instead (web: prefers-reduced-motion; natively
// ATTENTION_LESSON_REDUCED_MOTION=1).
bool BridgeReducedMotion();
// The text key of why the lesson plays without speech: natively always; on the web null (the
// loader tells the widget whether the browser has a voice, attn_speech).
const char* BridgeSpeechNote();
// Web: where the lesson's playback is, as JSON {playing, time, duration, step, caption}, for the
// page's playback event and its narration (speech.js). Native: nothing.
void BridgePlayback(const std::string& report);
// Web: scrolls the page so the widget's rows top..bottom (layout pixels from its top) are in view,
// if they are not (a highlighted part of a widget sized to its content). Native: nothing.
void BridgeReveal(float top, float bottom);
// Web: restarts the paused main loop (after the page changed the state); native: nothing.
void BridgeWake();
// Web: stops the main loop until the next input; native: nothing (the loop waits for events).
void BridgeIdle();
// Where the lesson text files are read from when no --assets names a folder: natively
// ATTENTION_LESSON_ASSETS, else the source tree's assets/lesson; on the web none (empty).
std::string BridgeDefaultLessonDir();
// Loads the lesson's words into `store`. Natively: the built-in text, then an author's lesson.txt
// from `assets_dir` if there is one (a malformed section of it is reported and its built-in words
// stay). On the web only the lesson/lesson.txt the loader handed over (Module.lessonText): there
// are no built-in words, so a malformed section's keys show as [key] until it is fixed.
void BridgeLoadLessonText(const std::string& assets_dir, lesson::TextStore& store);
// The lesson file of `locale` (not English), as *file (its name as a warning shows it) and
// *contents. Natively assets_dir/CODE/lesson.txt; on the web the translation the loader handed
// over (Module.translationText, fetched from lesson/CODE/lesson.txt). False when there is none
// (*file still names where it was looked for).
bool BridgeReadTranslation(const std::string& assets_dir, const std::string& locale, std::string* file,
                           std::string* contents);
// The lesson's words compiled in (natively: assets/lesson/lesson.txt as built); null on the web,
// which compiles none in. A timeline step whose actions do not parse plays these instead.
const lesson::TextStore* BridgeBuiltInText();
// Web: announces a change of what the widget shows: the shareable state (URL fragment encoding),
// a sentence for the ARIA live region and the current numbers as a JSON table
// ({caption, columns, rows}). The page updates its mirror, its URL and its host.
void BridgeStateChanged(const std::string& state, const std::string& description, const std::string& table_json);
// Web: true, the page keeps an element for each control (BridgeControls). Native: false, nothing
// is told and the list need not be encoded.
bool BridgeMirrorsControls();
// Web: the widget's controls as a screen reader meets them (ui::EncodeAccess) and the one ImGui's
// focus is on (0: none), for the page's parallel DOM of real elements; called when either changed.
// Native: nothing.
void BridgeControls(const std::string& controls, unsigned focus);
// Web: the height the widget's content needs, in CSS pixels (an embedding iframe follows it).
void BridgeContentHeight(int css_pixels);
// Copies a link to `state` (web: the widget page's URL with it as the #fragment; native: the
// --state argument) to the clipboard; returns a line telling the learner what happened.
std::string BridgeCopyLink(const std::string& state);
// The link that opens the widget in `state` (web: the widget page with it as its #fragment; native:
// the command line), for a correction's report.
std::string BridgeStateLink(const std::string& state);
// Natively: copies `text` to the clipboard and returns a line telling the learner whether it did
// ("Copy alt text"). The web widget has no such button: its download budget is tight, and its page
// hears the alt text (BridgeSavePicture).
std::string BridgeCopyText(const std::string& text);
// "Save picture" (platform/picture.h). Binds a framebuffer of width x height pixels to draw the
// picture into: natively an offscreen one; on the web the canvas, enlarged (the browser encodes its
// pixels as they are; put back by BridgeEndPicture in the same task, nothing of it shows). False,
// with nothing changed, when GL cannot make one that large.
bool BridgeBeginPicture(int width, int height);
// Saves what was drawn as `file` and lets go of the framebuffer: natively a PNG in the working
// directory, numbered when the name is taken (attention-mask-2.png), with `alt_text` as its
// Description; on the web a download of the PNG the browser encodes, and the page hears of it
// (Module.onPicture with {width, height, altText}). *message says what happened, for the learner;
// false when it was not saved.
bool BridgeEndPicture(const std::string& file, int width, int height, const std::string& alt_text,
                      std::string* message);
// Opens `url` (an http(s) or mailto URL checked by lesson/embed_options): web, a new tab without
// access to this page; native, the system's browser or mail program.
void BridgeOpenUrl(const std::string& url);
// Web: publishes the number of frames drawn (data-frames) and the wasm heap's size in bytes
// (data-heap) on the canvas, for tests and hosts.
void BridgeFrameDrawn(int frames_drawn);
// Web: whether the WebGL context is lost (the GPU process restarted, the browser reclaimed it,
// WEBGL_lose_context); nothing can be drawn until it comes back. Native: false.
bool BridgeContextLost();
// Web: true once after a lost context came back: every GL object made before is gone and must be
// made again. Native: false.
bool BridgeTakeContextRestored();

}  // namespace platform
