// The host of the web build: the page, through the widget's JavaScript library
// (web/js/library/page.js, declared in web_library.h). What the page reports between frames is
// kept in Web().page (web_side.h), written by the page's calls (exports_web.cpp).
#include <cstdlib>
#include <cstring>

#include "lesson/builtin_text.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "platform/host.h"
#include "platform/web_library.h"
#include "platform/web_side.h"

namespace platform {

WebSide& Web() {
  static WebSide web;
  return web;
}

// Only a paused loop needs the page's call.
void WakeLoop() {
  if (!Web().page.loop_paused) return;
  Web().page.loop_paused = false;
  attn_js_loop_resume();
}

namespace {

// The widget page's link to `state`; with `copy`, also on the clipboard (*copied says whether).
std::string StateLinkOf(const std::string& state, bool copy, bool* copied) {
  std::string link(state.size() + 2048, '\0');
  *copied = attn_js_copy_link(state.c_str(), &link[0], static_cast<int>(link.size()), copy ? 1 : 0) != 0;
  link.resize(std::strlen(link.c_str()));
  return link;
}

class WebHost final : public Host {
 public:
  void Install() override { attn_js_install(); }

  bool ContainerSize(int* width, int* height) override {
    PageReport& page = Web().page;
    if (!page.size_changed) return false;
    page.size_changed = false;
    int size[2] = {1, 1};
    attn_js_container_size(size);
    *width = size[0];
    *height = size[1];
    return true;
  }

  bool Shown() override { return Web().page.page_visible && Web().page.on_screen; }

  bool PrefersDark() override {
    int& dark = Web().page.prefers_dark;
    if (dark < 0) dark = attn_js_prefers_dark();
    return dark != 0;
  }

  bool ReducedMotion() override {
    int& reduce = Web().page.reduced_motion;
    if (reduce < 0) reduce = attn_js_reduced_motion();
    return reduce != 0;
  }

  bool PrefersMoreContrast() override {
    int& more = Web().page.more_contrast;
    if (more < 0) more = attn_js_more_contrast();
    return more != 0;
  }

  // The loader says whether the browser can speak the narration (speech.js) once it knows.
  const char* SpeechNote() override { return nullptr; }

  bool ContextLost() override { return Web().page.context_lost; }

  bool TakeContextRestored() override {
    const bool restored = Web().page.context_restored;
    Web().page.context_restored = false;
    return restored;
  }

  void Wake() override { WakeLoop(); }

  void Idle() override {
    Web().page.loop_paused = true;
    attn_js_loop_pause();
  }

  // attn_js_lesson_text's `which`: 0 and 1 English and translated lesson.txt, 2 and 3 further.txt.
  void LoadLessonText(const std::string&, lesson::TextStore& store) override {
    for (const std::string& name : lesson::LessonFileNames()) {
      char* text = attn_js_lesson_text(name == lesson::kLessonFileName ? 0 : 2);
      if (!text) continue;
      store.Load("lesson/" + name, text);
      std::free(text);
    }
  }

  bool ReadTranslation(const std::string&, const std::string& locale, const std::string& name, std::string* file,
                       std::string* contents) override {
    *file = "lesson/" + lesson::LocaleFile(locale, name);
    char* text = attn_js_lesson_text(name == lesson::kLessonFileName ? 1 : 3);
    if (!text) return false;
    *contents = text;
    std::free(text);
    return true;
  }

  const lesson::TextStore* BuiltInText() override { return nullptr; }

  void StateChanged(const std::string& state, const std::string& description, const std::string& table_json) override {
    attn_js_state_changed(state.c_str(), description.c_str(), table_json.c_str());
  }

  bool MirrorsControls() override { return true; }

  void Controls(const std::string& controls, unsigned focus) override { attn_js_controls(controls.c_str(), focus); }

  void ContentHeight(int css_pixels) override {
    attn_js_content_height(css_pixels);
    // A page that sizes the widget to its content has just done so: the next frame measures the
    // container at once instead of after the page's resize observer has run.
    Web().page.size_changed = true;
  }

  void Playback(const std::string& report) override { attn_js_playback(report.c_str()); }
  void Prediction(const std::string& event) override { attn_js_prediction(event.c_str()); }
  bool SaveText(const std::string& file, const std::string& text, std::string* message) override {
    attn_js_save_text(file.c_str(), text.c_str());
    *message = lesson::Fill(lesson::T("widget.text_saved"), {{"file", file}});
    return true;
  }

  void Reveal(float top, float bottom) override { attn_js_reveal(top, bottom); }

  void FrameDrawn(int frames_drawn) override { attn_js_frame_drawn(frames_drawn); }

  std::string CopyLink(const std::string& state) override {
    bool copied = false;
    const std::string link = StateLinkOf(state, true, &copied);
    return copied ? lesson::T("widget.link_copied") : lesson::Fill(lesson::T("widget.link_show"), {{"link", link}});
  }

  std::string StateLink(const std::string& state) override {
    bool copied = false;
    return StateLinkOf(state, false, &copied);
  }

  bool CopiesText() override { return false; }

  std::string CopyText(const std::string&) override { return std::string(); }

  // The widget draws only into the canvas's own framebuffer: it is bound.
  bool BeginPicture(int width, int height) override { return attn_js_begin_picture(width, height) != 0; }

  bool EndPicture(const std::string& file, int width, int height, const std::string& alt_text,
                  std::string* message) override {
    attn_js_end_picture(file.c_str(), width, height, alt_text.c_str());
    *message = PictureLine("widget.picture_saved", file, width, height);
    return true;
  }

  void OpenUrl(const std::string& url) override { attn_js_open_url(url.c_str()); }
};

}  // namespace

std::unique_ptr<Host> MakeHost() { return std::make_unique<WebHost>(); }

std::string DefaultLessonDir() { return std::string(); }

}  // namespace platform
