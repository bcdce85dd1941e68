#include "platform/web_bridge.h"

#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"

namespace platform {
namespace {

// The learner's line about a picture: `key` filled with its file name and size.
std::string PictureLine(const char* key, const std::string& file, int width, int height) {
  return lesson::Fill(lesson::T(key),
                      {{"file", file}, {"width", std::to_string(width)}, {"height", std::to_string(height)}});
}

}  // namespace
}  // namespace platform

#ifdef __EMSCRIPTEN__
#include <cstdlib>
#include <cstring>

#include <emscripten.h>

#include "lesson/lesson_state.h"
#include "lesson/scene.h"

namespace {
bool g_loop_paused = false;
bool g_context_lost = false;
bool g_context_restored = false;
bool g_page_visible = true;  // the tab is shown (Page Visibility)
bool g_on_screen = true;     // some of the widget is inside the viewport (IntersectionObserver)
bool g_size_changed = true;  // the container may have a new size: measure it on the next frame
int g_prefers_dark = -1;     // the colour scheme the page last reported; -1: not asked yet
int g_reduced_motion = -1;   // prefers-reduced-motion as the page last reported it; -1: not asked yet
int g_more_contrast = -1;    // prefers-contrast: more or forced colours, as last reported; -1: not asked yet
}  // namespace

// Wakes the paused main loop; called from the listeners below. Resuming a running loop would
// restart its scheduler, hence the flag.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_wake() {
  if (!g_loop_paused) return;
  g_loop_paused = false;
  emscripten_resume_main_loop();
}

// The browser restores a lost WebGL context only for a page that asked to keep it (the listener
// below cancels the loss event). Both events wake the loop: the app lets go of its GL objects while
// the context is lost, and makes them again once it is back.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_context_lost() {
  g_context_lost = true;
  g_context_restored = false;
  attn_wake();
}

extern "C" EMSCRIPTEN_KEEPALIVE void attn_context_restored() {
  g_context_lost = false;
  g_context_restored = true;
  attn_wake();
}

// A hidden tab or a widget scrolled out of view draws nothing; what changed meanwhile (a state set
// by the host page, a resize) is drawn when it shows again.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_set_shown(int page_visible, int on_screen) {
  if (page_visible >= 0) g_page_visible = page_visible != 0;
  if (on_screen >= 0) g_on_screen = on_screen != 0;
  attn_wake();
}

// The frame asks for the colour scheme every time it runs; the page tells it when the scheme
// changes instead of being asked through matchMedia on every frame.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_set_reduced_motion(int reduce) { g_reduced_motion = reduce != 0 ? 1 : 0; }

extern "C" EMSCRIPTEN_KEEPALIVE void attn_set_more_contrast(int more) {
  g_more_contrast = more != 0 ? 1 : 0;
  attn_wake();
}

extern "C" EMSCRIPTEN_KEEPALIVE void attn_set_prefers_dark(int dark) {
  g_prefers_dark = dark != 0 ? 1 : 0;
  attn_wake();
}

// Measuring the container forces a layout, so it is measured only after it may have changed.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_size_changed() {
  g_size_changed = true;
  attn_wake();
}

// The scene names the loader checks a page's scene option and set messages against, in the scene
// registry's order, separated by spaces.
extern "C" EMSCRIPTEN_KEEPALIVE const char* attn_scene_names() {
  static const std::string names = [] {
    std::string joined;
    for (const lesson::SceneModule* scene : lesson::Scenes()) {
      if (!joined.empty()) joined += ' ';
      joined += scene->name;
    }
    return joined;
  }();
  return names.c_str();
}

// Whether a translation's text (a locale's lesson file) has exactly the English file's keys, so
// the loader need not fetch the English words for the keys it lacks (lesson/locale.h). Its
// malformed sections count as lacking their keys.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_text_complete(const char* text) {
  lesson::TextStore translation;
  translation.Load("translation", text ? text : "");
  return lesson::KeySetHash(translation) == lesson::kEnglishKeySetHash ? 1 : 0;
}

// clang-format off
EM_JS(void, attn_js_install, (), {
  var canvas = Module["canvas"];
  canvas.addEventListener("webglcontextlost", function(event) {
    event.preventDefault();
    _attn_context_lost();
  });
  canvas.addEventListener("webglcontextrestored", function() { _attn_context_restored(); });
  var resized = function() { _attn_size_changed(); };
  window.addEventListener("resize", resized);
  if (typeof ResizeObserver !== "undefined" && canvas.parentElement) {
    new ResizeObserver(resized).observe(canvas.parentElement);
  }
  document.addEventListener("visibilitychange", function() {
    _attn_set_shown(document.visibilityState === "hidden" ? 0 : 1, -1);
  });
  // The container, not the canvas: a tall widget's canvas holds only a band of it (window_web.cpp).
  if (typeof IntersectionObserver !== "undefined") {
    new IntersectionObserver(function(entries) {
      _attn_set_shown(-1, entries[entries.length - 1].isIntersecting ? 1 : 0);
    }).observe(canvas.parentElement || canvas);
  }
  if (window.matchMedia) {
    var dark = window.matchMedia("(prefers-color-scheme: dark)");
    if (dark.addEventListener) dark.addEventListener("change", function(e) { _attn_set_prefers_dark(e.matches ? 1 : 0); });
    var still = window.matchMedia("(prefers-reduced-motion: reduce)");
    if (still.addEventListener) still.addEventListener("change", function(e) { _attn_set_reduced_motion(e.matches ? 1 : 0); });
    // More contrast: asked for, or forced colours (attn_js_more_contrast).
    var queries = ["(prefers-contrast: more)", "(forced-colors: active)"].map(function(q) { return window.matchMedia(q); });
    var contrast = function() { _attn_set_more_contrast(queries[0].matches || queries[1].matches ? 1 : 0); };
    queries.forEach(function(list) { if (list.addEventListener) list.addEventListener("change", contrast); });
  }
});

EM_JS(void, attn_js_bind_canvas, (), {
  specialHTMLTargets["#canvas"] = Module["canvas"];
});

EM_JS(void, attn_js_container_size, (int* size), {
  var box = Module["canvas"].parentElement.getBoundingClientRect();
  HEAP32[size >> 2] = Math.max(1, Math.round(box.width));
  HEAP32[(size >> 2) + 1] = Math.max(1, Math.round(box.height));
});

EM_JS(int, attn_js_prefers_dark, (), {
  return (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) ? 1 : 0;
});

EM_JS(int, attn_js_more_contrast, (), {
  var asks = function(query) { return window.matchMedia && window.matchMedia(query).matches; };
  return asks("(prefers-contrast: more)") || asks("(forced-colors: active)") ? 1 : 0;
});

EM_JS(int, attn_js_reduced_motion, (), {
  return (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) ? 1 : 0;
});

// Smoothly unless the reader asked for reduced motion; the part lands a fifth of the way down.
EM_JS(void, attn_js_reveal, (float top, float bottom), {
  var box = Module["canvas"].parentElement.getBoundingClientRect();
  var view = window.innerHeight;
  if (box.top + top >= 0 && box.top + bottom <= view) return;
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({top: box.top + top - view * 0.2, behavior: still ? "auto" : "smooth"});
});

EM_JS(void, attn_js_playback, (const char* report), {
  var callback = Module["onPlayback"];
  if (typeof callback !== "function") return;
  var detail = null;
  try { detail = JSON.parse(UTF8ToString(report)); } catch (error) { detail = null; }
  if (detail) callback(detail);
});

// Module.lessonText (which 0) or Module.translationText (which 1), copied into the heap.
EM_JS(char*, attn_js_lesson_text, (int which), {
  var whole = Module[which ? "translationText" : "lessonText"];
  if (typeof whole !== "string") return 0;
  var text = whole.slice(0, 1 << 20);
  var size = lengthBytesUTF8(text) + 1;
  var out = _malloc(size);
  stringToUTF8(text, out, size);
  return out;
});

EM_JS(void, attn_js_state_changed, (const char* state, const char* description, const char* table_json), {
  var callback = Module["onWidgetChange"];
  if (typeof callback !== "function") return;
  var table = {};
  try { table = JSON.parse(UTF8ToString(table_json)); } catch (error) { table = {}; }
  callback(UTF8ToString(state), UTF8ToString(description), table);
});

EM_JS(void, attn_js_controls, (const char* controls, unsigned focus), {
  var callback = Module["onControls"];
  if (typeof callback === "function") callback(UTF8ToString(controls), focus >>> 0);
});

EM_JS(void, attn_js_content_height, (int css_pixels), {
  var callback = Module["onContentHeight"];
  if (typeof callback === "function") callback(css_pixels);
});

// Writes the link that opens the widget in `state` to `out`. With `copy`, also hands it to the
// clipboard: returns 1 when the clipboard took it, 0 when the page must show it instead.
EM_JS(int, attn_js_copy_link, (const char* state, char* out, int capacity, int copy), {
  var page = Module["widgetPageUrl"] || (location.origin + location.pathname + location.search);
  var link = page.split("#")[0] + "#" + UTF8ToString(state);
  stringToUTF8(link, out, capacity);
  if (!copy || !navigator.clipboard || !window.isSecureContext) return 0;
  navigator.clipboard.writeText(link).catch(function (error) { console.warn("Copy link failed: " + error); });
  return 1;
});

// The canvas takes the picture's size for as long as the picture is drawn: the browser allocates a
// drawing buffer that large only if it can (else a smaller one, and the canvas is put back).
EM_JS(int, attn_js_begin_picture, (int width, int height), {
  var canvas = Module["canvas"];
  var screen = Module["attnScreenSize"] = [canvas.width, canvas.height];
  canvas.width = width;
  canvas.height = height;
  if (GLctx.drawingBufferWidth === width && GLctx.drawingBufferHeight === height) return 1;
  canvas.width = screen[0];
  canvas.height = screen[1];
  return 0;
});

// The browser copies the canvas's pixels at once (the frame drawn in it is not yet shown) and
// encodes them as PNG while the canvas goes back to its size and the page downloads the file.
EM_JS(void, attn_js_end_picture, (const char* file, int width, int height, const char* alt_text), {
  var canvas = Module["canvas"];
  var name = UTF8ToString(file);
  canvas.toBlob(function(blob) {
    if (!blob) {
      console.warn("Attention widget: the browser could not encode the picture");
      return;
    }
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.setAttribute("download", name);
    link.click();
    setTimeout(function() { URL.revokeObjectURL(link.href); }, 60000);
  }, "image/png");
  canvas.width = Module["attnScreenSize"][0];
  canvas.height = Module["attnScreenSize"][1];
  var callback = Module["onPicture"];
  if (typeof callback === "function") callback({"width": width, "height": height, "altText": UTF8ToString(alt_text)});
});

// A new tab (or the mail program, for mailto:), which cannot reach back into this page.
EM_JS(void, attn_js_open_url, (const char* url), {
  window.open(UTF8ToString(url), "_blank", "noopener");
});

// Quoted names: the closure compiler would rename data-* names it has no extern for.
EM_JS(void, attn_js_frame_drawn, (int frames), {
  Module["canvas"].dataset["frames"] = String(frames);
  Module["canvas"].dataset["heap"] = String(HEAP8.length);
  var callback = Module["onFrameDrawn"];
  if (typeof callback === "function") callback();
});
// clang-format on

namespace platform {

void BridgeInstall() { attn_js_install(); }

void BridgeBindCanvas() { attn_js_bind_canvas(); }

bool BridgeContainerSize(int* width, int* height) {
  if (!g_size_changed) return false;
  g_size_changed = false;
  int size[2] = {1, 1};
  attn_js_container_size(size);
  *width = size[0];
  *height = size[1];
  return true;
}

bool BridgeShown() { return g_page_visible && g_on_screen; }

bool BridgePrefersDark() {
  if (g_prefers_dark < 0) g_prefers_dark = attn_js_prefers_dark();
  return g_prefers_dark != 0;
}

bool BridgeReducedMotion() {
  if (g_reduced_motion < 0) g_reduced_motion = attn_js_reduced_motion();
  return g_reduced_motion != 0;
}

bool BridgePrefersMoreContrast() {
  if (g_more_contrast < 0) g_more_contrast = attn_js_more_contrast();
  return g_more_contrast != 0;
}

// The loader says whether the browser can speak the narration (speech.js) once it knows.
const char* BridgeSpeechNote() { return nullptr; }

void BridgePlayback(const std::string& report) { attn_js_playback(report.c_str()); }

void BridgeReveal(float top, float bottom) { attn_js_reveal(top, bottom); }

void BridgeWake() { attn_wake(); }

void BridgeIdle() {
  g_loop_paused = true;
  emscripten_pause_main_loop();
}

void BridgeFrameDrawn(int frames_drawn) { attn_js_frame_drawn(frames_drawn); }

bool BridgeContextLost() { return g_context_lost; }

bool BridgeTakeContextRestored() {
  const bool restored = g_context_restored;
  g_context_restored = false;
  return restored;
}

void BridgeStateChanged(const std::string& state, const std::string& description, const std::string& table_json) {
  attn_js_state_changed(state.c_str(), description.c_str(), table_json.c_str());
}

bool BridgeMirrorsControls() { return true; }

void BridgeControls(const std::string& controls, unsigned focus) { attn_js_controls(controls.c_str(), focus); }

void BridgeContentHeight(int css_pixels) {
  attn_js_content_height(css_pixels);
  // A page that sizes the widget to its content has just done so: the next frame measures the
  // container at once instead of after the page's resize observer has run.
  g_size_changed = true;
}

namespace {

// The widget page's link to `state`; with `copy`, also on the clipboard (*copied says whether).
std::string StateLink(const std::string& state, bool copy, bool* copied) {
  std::string link(state.size() + 2048, '\0');
  *copied = attn_js_copy_link(state.c_str(), &link[0], static_cast<int>(link.size()), copy ? 1 : 0) != 0;
  link.resize(std::strlen(link.c_str()));
  return link;
}

}  // namespace

std::string BridgeCopyLink(const std::string& state) {
  bool copied = false;
  const std::string link = StateLink(state, true, &copied);
  return copied ? lesson::T("widget.link_copied") : lesson::Fill(lesson::T("widget.link_show"), {{"link", link}});
}

std::string BridgeStateLink(const std::string& state) {
  bool copied = false;
  return StateLink(state, false, &copied);
}

// The widget draws only into the canvas's own framebuffer: it is bound.
bool BridgeBeginPicture(int width, int height) { return attn_js_begin_picture(width, height) != 0; }

bool BridgeEndPicture(const std::string& file, int width, int height, const std::string& alt_text,
                      std::string* message) {
  attn_js_end_picture(file.c_str(), width, height, alt_text.c_str());
  *message = PictureLine("widget.picture_saved", file, width, height);
  return true;
}

void BridgeOpenUrl(const std::string& url) { attn_js_open_url(url.c_str()); }

std::string BridgeDefaultLessonDir() { return std::string(); }

const lesson::TextStore* BridgeBuiltInText() { return nullptr; }

void BridgeLoadLessonText(const std::string&, lesson::TextStore& store) {
  char* text = attn_js_lesson_text(0);
  if (!text) return;
  store.Load(std::string("lesson/") + lesson::kLessonFileName, text);
  std::free(text);
}

bool BridgeReadTranslation(const std::string&, const std::string& locale, std::string* file, std::string* contents) {
  *file = "lesson/" + lesson::LocaleFile(locale);
  char* text = attn_js_lesson_text(1);
  if (!text) return false;
  *contents = text;
  std::free(text);
  return true;
}

}  // namespace platform

#else  // native desktop

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include <SDL.h>

#include "platform/gl.h"
#include "platform/png_writer.h"

namespace platform {

namespace {

// The offscreen framebuffer the picture is drawn into, an RGBA8 renderbuffer.
GLuint g_picture_framebuffer = 0;
GLuint g_picture_renderbuffer = 0;

void ReleasePictureTarget() {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glDeleteFramebuffers(1, &g_picture_framebuffer);
  glDeleteRenderbuffers(1, &g_picture_renderbuffer);
  g_picture_framebuffer = g_picture_renderbuffer = 0;
}

// `file` ("attention-mask.png") or, when a file of that name is there already, the first of
// attention-mask-2.png, -3, ... that is not; empty when none up to -999 is free.
std::string FreeFileName(const std::string& file) {
  const size_t dot = file.rfind('.');
  const std::string stem = file.substr(0, dot), extension = dot == std::string::npos ? "" : file.substr(dot);
  for (int number = 1; number < 1000; ++number) {
    const std::string name = number == 1 ? file : stem + "-" + std::to_string(number) + extension;
    std::error_code error;
    // symlink_status: a link to nowhere is a name taken too.
    if (!std::filesystem::exists(std::filesystem::symlink_status(name, error))) return name;
  }
  return std::string();
}

}  // namespace

void BridgeInstall() {}

void BridgeBindCanvas() {}

bool BridgeContainerSize(int*, int*) { return false; }

bool BridgeShown() { return true; }

bool BridgePrefersDark() {
  const char* theme = std::getenv("ATTENTION_LESSON_THEME");
  return theme != nullptr && std::strcmp(theme, "dark") == 0;
}

bool BridgeReducedMotion() {
  const char* motion = std::getenv("ATTENTION_LESSON_REDUCED_MOTION");
  return motion != nullptr && std::strcmp(motion, "1") == 0;
}

bool BridgePrefersMoreContrast() {
  const char* contrast = std::getenv("ATTENTION_LESSON_CONTRAST");
  return contrast != nullptr && std::strcmp(contrast, "more") == 0;
}

// SDL2 has no speech, and a speech engine (espeak, speech-dispatcher) would be a dependency the
// desktop app does not otherwise need: natively the lesson plays with captions.
const char* BridgeSpeechNote() { return "walkthrough.no_speech_native"; }

void BridgePlayback(const std::string&) {}

void BridgeReveal(float, float) {}

void BridgeWake() {}

void BridgeIdle() {}

void BridgeFrameDrawn(int) {}

bool BridgeContextLost() { return false; }

bool BridgeTakeContextRestored() { return false; }

void BridgeStateChanged(const std::string&, const std::string&, const std::string&) {}

bool BridgeMirrorsControls() { return false; }

void BridgeControls(const std::string&, unsigned) {}

void BridgeContentHeight(int) {}

std::string BridgeCopyLink(const std::string& state) {
  const std::string argument = "--state '" + state + "'";
  SDL_SetClipboardText(argument.c_str());
  return lesson::Fill(lesson::T("widget.link_native"), {{"argument", argument}});
}

std::string BridgeStateLink(const std::string& state) { return "attention_lesson --state '" + state + "'"; }

std::string BridgeCopyText(const std::string& text) {
  return lesson::T(SDL_SetClipboardText(text.c_str()) == 0 ? "widget.text_copied" : "widget.text_not_copied");
}

// A size beyond the GPU's limits or memory shows as an error or an incomplete framebuffer.
bool BridgeBeginPicture(int width, int height) {
  for (int i = 0; i < 8 && glGetError() != GL_NO_ERROR; ++i) {  // errors from before, if any
  }
  glGenRenderbuffers(1, &g_picture_renderbuffer);
  glBindRenderbuffer(GL_RENDERBUFFER, g_picture_renderbuffer);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &g_picture_framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, g_picture_framebuffer);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, g_picture_renderbuffer);
  if (glGetError() == GL_NO_ERROR && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) return true;
  ReleasePictureTarget();
  return false;
}

bool BridgeEndPicture(const std::string& file, int width, int height, const std::string& alt_text,
                      std::string* message) {
  const size_t row = static_cast<size_t>(width) * 4;
  std::vector<uint8_t> rgba(row * static_cast<size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  ReleasePictureTarget();
  PngOptions options;
  options.bottom_up = true;  // GL reads the bottom row first
  options.description = alt_text;
  const std::string name = FreeFileName(file);
  errno = 0;
  if (name.empty() || !WritePng(name, width, height, rgba, options)) {
    const std::string shown = name.empty() ? file : name;
    const char* why = name.empty() ? "999 pictures of that name are there already"
                      : errno != 0 ? std::strerror(errno)
                                   : "it could not be encoded";
    std::error_code ignored;
    std::fprintf(stderr, "error: could not write the picture %s in %s: %s\n", shown.c_str(),
                 std::filesystem::current_path(ignored).string().c_str(), why);
    *message = PictureLine("widget.picture_not_saved", shown, width, height);
    return false;
  }
  *message = PictureLine("widget.picture_saved", name, width, height);
  return true;
}

void BridgeOpenUrl(const std::string& url) {
  if (SDL_OpenURL(url.c_str()) != 0) std::fprintf(stderr, "warning: could not open %s: %s\n", url.c_str(), SDL_GetError());
}

std::string BridgeDefaultLessonDir() {
  const char* from_env = std::getenv("ATTENTION_LESSON_ASSETS");
  return from_env ? from_env : ATTN_SOURCE_ASSETS_DIR;
}

const lesson::TextStore* BridgeBuiltInText() {
  static const lesson::TextStore builtin = [] {
    lesson::TextStore store;
    lesson::LoadBuiltInText(store);
    return store;
  }();
  return &builtin;
}

namespace {

// A lesson file is a few dozen kilobytes; a megabyte bounds what a mistaken path can pull in.
bool ReadLessonFile(const std::string& path, std::string* contents) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return false;
  constexpr std::streamsize kMaxBytes = 1 << 20;
  contents->assign(static_cast<size_t>(kMaxBytes), '\0');
  file.read(&(*contents)[0], kMaxBytes);
  contents->resize(static_cast<size_t>(file.gcount()));
  return true;
}

}  // namespace

void BridgeLoadLessonText(const std::string& assets_dir, lesson::TextStore& store) {
  lesson::LoadBuiltInText(store);
  if (assets_dir.empty()) return;
  const std::string path = assets_dir + "/" + lesson::kLessonFileName;
  std::string contents;
  if (ReadLessonFile(path, &contents)) store.Load(path, contents);
}

bool BridgeReadTranslation(const std::string& assets_dir, const std::string& locale, std::string* file,
                           std::string* contents) {
  *file = (assets_dir.empty() ? std::string(".") : assets_dir) + "/" + lesson::LocaleFile(locale);
  return !assets_dir.empty() && ReadLessonFile(*file, contents);
}

}  // namespace platform

#endif
